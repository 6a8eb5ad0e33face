package wbsite

import (
	"html/template"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
)

// ruleIDRe is what a Warbound rule number looks like.
var ruleIDRe = regexp.MustCompile(`^R-[A-Z]+-[0-9]+$`)

// card is one card of any kind, as the indexes and the search see it.
type card struct {
	ID      string
	Kind    wbcatalog.Kind
	Faction string // "" for neutral cards
	Name    wbcatalog.Text
	Cost    int // total activation cost, -1 when the card has none
	Pos     wbcatalog.Pos
	texts   []wbcatalog.Text // rules texts, for search
}

// cards lists every card of the catalog, in kind order then id order.
func (b *builder) cards() []card {
	var out []card
	skillTexts := func(ids []string) []wbcatalog.Text {
		var t []wbcatalog.Text
		for _, id := range ids {
			if s := b.cat.Skill(id); s != nil {
				t = append(t, s.Name, s.Text)
			}
		}
		return t
	}
	for _, c := range b.cat.Characters {
		out = append(out, card{c.ID, wbcatalog.KindCharacter, c.Faction, c.Name, c.Front.Cost.Total(), c.Pos,
			append(skillTexts(c.Front.Skills), skillTexts(c.Panic.Skills)...)})
	}
	for _, c := range b.cat.Leaders {
		out = append(out, card{c.ID, wbcatalog.KindLeader, c.Faction, c.Name, -1, c.Pos, skillTexts([]string{c.Skill})})
	}
	for _, c := range b.cat.Equipment {
		out = append(out, card{c.ID, wbcatalog.KindEquipment, c.Faction, c.Name, -1, c.Pos, []wbcatalog.Text{c.Text}})
	}
	for _, c := range b.cat.Formations {
		out = append(out, card{c.ID, wbcatalog.KindFormation, "", c.Name, -1, c.Pos, []wbcatalog.Text{c.Text}})
	}
	for _, c := range b.cat.Vocations {
		out = append(out, card{c.ID, wbcatalog.KindVocation, c.Faction, c.Name, -1, c.Pos, []wbcatalog.Text{c.Text}})
	}
	for _, c := range b.cat.References {
		out = append(out, card{c.ID, wbcatalog.KindReference, c.Faction, c.Name, -1, c.Pos, skillTexts(c.Skills)})
	}
	for _, c := range b.cat.Objectives {
		out = append(out, card{c.ID, wbcatalog.KindObjective, "", c.Name, -1, c.Pos, []wbcatalog.Text{c.Text}})
	}
	return out
}

// sortByName sorts cards by their name in language l, accents folded.
func sortByName(cs []card, l wbcatalog.Lang) {
	keys := make(map[string]string, len(cs))
	for _, c := range cs {
		if _, ok := keys[c.ID]; !ok {
			keys[c.ID] = site.Fold(c.Name.In(l))
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := keys[cs[i].ID], keys[cs[j].ID]
		if a != b {
			return a < b
		}
		return cs[i].ID < cs[j].ID
	})
}

// byName sorts cards of this build by their name in language l, as
// sortByName does, from each card's place in the name order of every
// card (made once per language).
func (b *builder) byName(cs []card, l wbcatalog.Lang) {
	b.mu.Lock()
	rank := b.nameRanks[l]
	b.mu.Unlock()
	if rank == nil {
		all := append([]card(nil), b.allCards()...)
		sortByName(all, l)
		rank = make(map[string]int, len(all))
		for i, c := range all {
			rank[c.ID] = i
		}
		b.mu.Lock()
		b.nameRanks[l] = rank
		b.mu.Unlock()
	}
	for _, c := range cs {
		if _, ok := rank[c.ID]; !ok {
			sortByName(cs, l) // not a card of the build
			return
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return rank[cs[i].ID] < rank[cs[j].ID] })
}

// usage records where each card is used: decks and check games.
type usage struct {
	decks      map[string][]string // card id → deck ids
	checks     map[string][]string // card id → check ids
	checkRules map[string][]string // check id → rule ids it pins
	checkCards map[string][]string // check id → card ids it uses
	ruleChecks map[string][]string // rule id → check ids
}

// computeUsage finds the decks and check games each card appears in: a
// check game uses the cards it lists, its sides' Leaders and Vocations,
// and its units' cards and upgrades.
func (b *builder) computeUsage() *usage {
	u := &usage{decks: map[string][]string{}, checks: map[string][]string{},
		checkRules: map[string][]string{}, checkCards: map[string][]string{}, ruleChecks: map[string][]string{}}
	for _, d := range b.cat.Decks {
		seen := map[string]bool{}
		add := func(id string) {
			if !seen[id] {
				seen[id] = true
				u.decks[id] = append(u.decks[id], d.ID)
			}
		}
		for _, c := range d.Cards {
			add(c)
		}
		for _, a := range d.Attachments {
			add(a.Upgrade)
		}
	}
	for _, chk := range b.cat.Checks {
		cards := map[string]bool{}
		add := func(id string) {
			if id != "" && b.cat.KindOf(id) != "" {
				cards[id] = true
			}
		}
		for _, id := range chk.Cards {
			add(id)
		}
		for _, side := range chk.Sides {
			add(side.Leader)
			for _, v := range side.Vocations {
				add(v)
			}
			for _, u := range side.Units {
				add(u.Card)
				for _, up := range u.Upgrades {
					add(up)
				}
			}
		}
		seen := map[string]bool{}
		for _, r := range chk.Rules {
			if ruleIDRe.MatchString(r) && !seen[r] {
				seen[r] = true
				u.checkRules[chk.ID] = append(u.checkRules[chk.ID], r)
				u.ruleChecks[r] = append(u.ruleChecks[r], chk.ID)
			}
		}
		for _, id := range sortedKeys(cards) {
			u.checks[id] = append(u.checks[id], chk.ID)
			u.checkCards[chk.ID] = append(u.checkCards[chk.ID], id)
		}
	}
	return u
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// statRow is a row of a statistics table: one value per side.
type statRow struct {
	Label  string
	Values []template.HTML
}

// skillView is a skill as shown on a card page.
type skillView struct {
	ID          string
	Name        string
	Active      bool
	ActiveLabel string
	Text        template.HTML
	Stale       template.HTML // the mark of a stale translation of its name or text
	block       *skillBlock   // its block, drawn once (Block)
}

// cardPage is the data of a card page.
type cardPage struct {
	Card        card
	Name        string
	KindLabel   string
	KindLink    string
	Faction     *site.LinkItem
	Images      []imageView
	Art         *artView // the card's art: credit and the whole picture
	StatHeads   []string // column headings of the statistics table
	Stats       []statRow
	Skills      []skillView
	PanicSkills []skillView
	Text        template.HTML
	Flavor      string
	Bonuses     []statRow
	Leader      *leaderView
	Scoring     []scoringView
	Decks       []site.LinkItem
	Checks      []checkView
	frags       *fragmentMemo // the build's (StatRows, Crumbs)
	// Drawn is the page's content written in Go (builder.drawCard), or
	// "": its template draws it.
	Drawn template.HTML
}

// artView links the whole picture of a card's art (the card shows it
// cropped) and credits who made it.
type artView struct {
	Href   string
	Credit string
}

type imageView struct {
	Src     string
	Alt     string
	Caption string
}

type leaderView struct {
	Skill   skillView
	Formats []leaderFormat
}

type leaderFormat struct {
	Name    string
	Periods []template.HTML
}

type scoringView struct {
	VP    int
	Text  template.HTML
	Stale template.HTML
}

type checkView struct {
	ID    string
	Href  string
	Rules []site.LinkItem
}

// factionLink returns the link to a faction page, or nil for neutral.
func (b *builder) factionLink(p *page, id string) *site.LinkItem {
	f := b.cat.Faction(id)
	if f == nil {
		return nil
	}
	return &site.LinkItem{Href: p.Link("factions/" + id + "/index.html"), Label: f.Name.In(p.Lang), Class: "fc-" + id}
}

// orders renders a map faction → count as Order icons and words: faction
// colours in id order, then the colourless ("any") tokens.
func (b *builder) orders(m map[string]int, l wbcatalog.Lang) template.HTML {
	key := make([]string, 0, len(m)+1)
	key = append(key, string(l))
	for k, n := range m {
		key = append(key, strconv.Itoa(n)+" "+k)
	}
	sort.Strings(key[1:])
	return b.rowValue("orders", key, func() template.HTML { return b.drawOrders(m, l) })
}

// rowValue returns a value of a statistics row drawn once per build by
// draw, whose every input key holds (a thousand Characters share a few
// costs and gear lists).
func (b *builder) rowValue(what string, key []string, draw func() template.HTML) template.HTML {
	if site.NoTileMemo {
		return draw() // tests: drawn each time
	}
	k := string(fragmentKey([]byte(what), key...))
	b.mu.Lock()
	h, ok := b.rowValues[k]
	b.mu.Unlock()
	if ok {
		return h
	}
	h = draw()
	b.mu.Lock()
	if b.rowValues == nil {
		b.rowValues = map[string]template.HTML{}
	}
	b.rowValues[k] = h
	b.mu.Unlock()
	return h
}

// drawOrders is orders, drawn.
func (b *builder) drawOrders(m map[string]int, l wbcatalog.Lang) template.HTML {
	var h htmlBuf
	keys := make([]string, 0, len(m))
	for k, n := range m {
		if n > 0 && k != wbcatalog.Colourless {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if m[wbcatalog.Colourless] > 0 {
		keys = append(keys, wbcatalog.Colourless)
	}
	if len(keys) == 0 {
		return h.Text("—").HTML()
	}
	for _, k := range keys {
		h.tag(`<span class="orders">`)
		h.Int(m[k]).tag(" × ")
		name := k
		if k == wbcatalog.Colourless {
			h.Icon(b, markup.IconOrder, l)
			name = b.label("stat.any", l)
		} else {
			h.Icon(b, "order-"+k, l)
			if f := b.cat.Faction(k); f != nil {
				name = f.Name.In(l)
			}
		}
		h.tag(` <span class="orders-name">`).Text(name).tag(`</span></span>`)
	}
	return h.HTML()
}

// profileColumn renders the statistics of one side of a Character.
func (b *builder) profileRows(sides []wbcatalog.Profile, l wbcatalog.Lang) []statRow {
	row := func(key string, f func(p *wbcatalog.Profile, h *htmlBuf)) statRow {
		r := statRow{Label: b.label(key, l)}
		for i := range sides {
			var h htmlBuf
			f(&sides[i], &h)
			r.Values = append(r.Values, h.HTML())
		}
		return r
	}
	none := b.label("stat.none", l)
	return []statRow{
		row("stat.cost", func(p *wbcatalog.Profile, h *htmlBuf) { h.tag(string(b.orders(p.Cost, l))) }),
		row("stat.attack", func(p *wbcatalog.Profile, h *htmlBuf) { h.Int(p.Attack).Text("+") }),
		row("stat.speed", func(p *wbcatalog.Profile, h *htmlBuf) { h.Int(p.Speed) }),
		row("stat.run", func(p *wbcatalog.Profile, h *htmlBuf) { h.Text("+").Int(p.Run) }),
		row("stat.accuracy", func(p *wbcatalog.Profile, h *htmlBuf) {
			switch {
			case p.Accuracy == nil:
				h.Text(b.label("stat.noShoot", l))
			case p.Accuracy.Far == 0:
				h.Int(p.Accuracy.Near).Text("+")
			default:
				h.Int(p.Accuracy.Near).Text("+ / ").Int(p.Accuracy.Far).Text("+")
			}
		}),
		row("stat.rangedDice", func(p *wbcatalog.Profile, h *htmlBuf) { h.Int(p.RangedDice()) }),
		row("stat.meleeDice", func(p *wbcatalog.Profile, h *htmlBuf) { h.Int(p.MeleeDice()) }),
		row("stat.health", func(p *wbcatalog.Profile, h *htmlBuf) { h.Int(p.Health) }),
		row("stat.morale", func(p *wbcatalog.Profile, h *htmlBuf) {
			if p.Morale == 0 {
				h.Text(none)
			} else {
				h.Int(p.Morale)
			}
		}),
		row("stat.armor", func(p *wbcatalog.Profile, h *htmlBuf) {
			if p.Armor == nil {
				h.Text(none)
			} else {
				h.Int(p.Armor.Points).Text(" × ").Int(p.Armor.Save).Text("+")
			}
		}),
		row("stat.gear", func(p *wbcatalog.Profile, h *htmlBuf) {
			key := []string{string(l)}
			for _, g := range p.Gear {
				key = append(key, string(g))
			}
			h.tag(string(b.rowValue("gear", key, func() template.HTML {
				var h htmlBuf
				if len(p.Gear) == 0 {
					h.Text(none)
				}
				for i, g := range p.Gear {
					if i > 0 {
						h.Text(", ")
					}
					h.Icon(b, "gear-"+string(g), l).Text(" " + b.label("gear."+string(g), l))
				}
				return h.HTML()
			})))
		}),
	}
}

// skills returns the skills with the given ids, rendered. Each skill is
// rendered once per language: many cards share it.
func (b *builder) skills(ids []string, l wbcatalog.Lang) []skillView {
	var out []skillView
	for _, id := range ids {
		s := b.cat.Skill(id)
		if s == nil {
			continue // the loader reports unknown skills
		}
		key := string(l) + "/" + id
		b.mu.Lock()
		v, ok := b.skillCache[key]
		b.mu.Unlock()
		if !ok {
			v = skillView{ID: s.ID, Name: s.Name.In(l), Active: s.Active, ActiveLabel: b.label("card.active", l),
				Text:  b.cardText(s.Text.In(l), l, s.Pos, "skill "+s.ID),
				Stale: b.staleMark(l, []string{"skills", id, "name"}, []string{"skills", id, "text"}),
				block: &skillBlock{t: b.tmpl["card"], off: site.NoTileMemo}}
			b.mu.Lock()
			b.skillCache[key] = v
			b.mu.Unlock()
		}
		out = append(out, v)
	}
	return out
}

// cardPageData builds the data of the page of card c.
func (b *builder) cardPageData(p *page, c card, images []imageView, art *artView) *cardPage {
	l := p.Lang
	cp := &cardPage{
		Card:      c,
		Name:      c.Name.In(l),
		KindLabel: b.label("kind."+string(c.Kind), l),
		KindLink:  p.Link("types/" + string(c.Kind) + "/index.html"),
		Faction:   b.factionLink(p, c.Faction),
		frags:     b.frags,
	}
	cp.Images, cp.Art = images, art
	what := string(c.Kind) + " " + c.ID
	switch c.Kind {
	case wbcatalog.KindCharacter:
		ch := b.cat.Character(c.ID)
		cp.StatHeads = []string{b.label("card.front", l), b.label("card.panic", l)}
		if !b.check { // nothing in the rows can be wrong, and a check shows no page
			cp.Stats = b.profileRows([]wbcatalog.Profile{ch.Front, ch.Panic}, l)
		}
		cp.Skills = b.skills(ch.Front.Skills, l)
		cp.PanicSkills = b.skills(ch.Panic.Skills, l)
		if ch.Flavor != nil {
			cp.Flavor = ch.Flavor.In(l)
		}
	case wbcatalog.KindLeader:
		ld := b.cat.Leader(c.ID)
		lv := &leaderView{Skill: skillView{block: &skillBlock{t: b.tmpl["card"], off: site.NoTileMemo}}} // drawn empty without its skill
		if s := b.skills([]string{ld.Skill}, l); len(s) == 1 {
			lv.Skill = s[0]
		}
		for _, f := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
			lf := leaderFormat{Name: b.label("format."+string(f), l)}
			for _, per := range ld.Side(f).Orders {
				lf.Periods = append(lf.Periods, b.orders(per, l))
			}
			lv.Formats = append(lv.Formats, lf)
		}
		cp.Leader = lv
	case wbcatalog.KindEquipment:
		e := b.cat.EquipmentCard(c.ID)
		cp.Text = b.cardText(e.Text.In(l), l, e.Pos, what)
		if e.Gear != "" {
			var h htmlBuf
			h.Icon(b, "gear-"+string(e.Gear), l).Text(" " + b.label("gear."+string(e.Gear), l))
			cp.Stats = []statRow{{Label: b.label("stat.gearType", l), Values: []template.HTML{h.HTML()}}}
		}
	case wbcatalog.KindFormation:
		f := b.cat.Formation(c.ID)
		cp.Text = b.cardText(f.Text.In(l), l, f.Pos, what)
		bo := f.Bonuses
		for _, x := range []struct {
			key string
			n   int
		}{{"bonus.cost", bo.Cost}, {"bonus.hit", bo.Hit}, {"bonus.rangedDice", bo.RangedDice}, {"bonus.meleeDice", bo.MeleeDice}, {"bonus.health", bo.Health}} {
			var h htmlBuf
			h.Text("+").Int(x.n)
			cp.Stats = append(cp.Stats, statRow{Label: b.label(x.key, l), Values: []template.HTML{h.HTML()}})
		}
	case wbcatalog.KindVocation:
		v := b.cat.Vocation(c.ID)
		cp.Text = b.cardText(v.Text.In(l), l, v.Pos, what)
	case wbcatalog.KindReference:
		r := b.cat.Reference(c.ID)
		cp.Skills = b.skills(r.Skills, l)
	case wbcatalog.KindObjective:
		o := b.cat.Objective(c.ID)
		cp.Text = b.cardText(o.Text.In(l), l, o.Pos, what)
		var h htmlBuf
		h.Text(b.label("format."+string(o.Format), l))
		cp.Stats = []statRow{{Label: b.label("format", l), Values: []template.HTML{h.HTML()}}}
		for i, s := range o.Scoring {
			sv := scoringView{VP: s.VP}
			if s.Text != nil {
				sv.Text = b.cardText(s.Text.In(l), l, s.Pos, what+" scoring")
				sv.Stale = b.staleMark(l, []string{"objectives", o.ID, "scoring", strconv.Itoa(i), "text"})
			}
			cp.Scoring = append(cp.Scoring, sv)
		}
	}
	for _, d := range b.usage.decks[c.ID] {
		if dk := b.cat.Deck(d); dk != nil {
			cp.Decks = append(cp.Decks, site.LinkItem{Href: p.Link("decks/" + d + "/index.html"), Label: dk.Name.In(l)})
		}
	}
	for _, id := range b.usage.checks[c.ID] {
		cp.Checks = append(cp.Checks, b.checkView(p, id))
	}
	return cp
}

// checkView links a check game and the rules it pins.
func (b *builder) checkView(p *page, id string) checkView {
	cv := checkView{ID: id, Href: p.Link("checks/index.html") + "#check-" + id}
	for _, r := range b.usage.checkRules[id] {
		cv.Rules = append(cv.Rules, site.LinkItem{Href: b.ruleHref(p, r), Label: r})
	}
	return cv
}

// ruleHref is the link from page p to the anchor of rule r, or "" when no
// rules page of the language gives r an anchor.
func (b *builder) ruleHref(p *page, r string) string {
	c, ok := b.ruleDefs[p.Lang][r]
	if !ok {
		return ""
	}
	return p.Link("rules/"+c.Slug+"/index.html") + "#" + r
}

// images returns the card's images, written next to its page, and their
// bytes (front, back) for the page cache.
func (b *builder) images(p *page, c card) ([]imageView, [2][]byte) {
	l := p.Lang
	if b.check {
		return nil, [2][]byte{} // an image that fails gives a placeholder: nothing to check
	}
	images := b.opts.CardImages
	if images == nil {
		images = b.layouts().SVG
	}
	front, back, err := images(b.cat, c.ID, l)
	if err != nil || len(front) == 0 {
		front, back = b.placeholderSVG(c, l), nil
	} else if b.cardStale(l, c) {
		front = b.staleImage(front, l)
	}
	dir := string(l) + "/cards/" + c.ID + "/"
	name := c.Name.In(l)
	frontCap, backCap := b.label("card.front", l), b.label("card.back", l)
	switch c.Kind {
	case wbcatalog.KindCharacter:
		backCap = b.label("card.panic", l)
	case wbcatalog.KindLeader:
		frontCap, backCap = b.label("format.exploration", l), b.label("format.confrontation", l)
	}
	out := []imageView{}
	b.put(dir+"front.svg", front)
	out = append(out, imageView{Src: "front.svg", Alt: name + " — " + frontCap, Caption: frontCap})
	if len(back) > 0 {
		b.put(dir+"back.svg", back)
		out = append(out, imageView{Src: "back.svg", Alt: name + " — " + backCap, Caption: backCap})
	}
	return out, [2][]byte{front, back}
}

// art copies the picture of card id's art into the site, once whatever
// the number of cards and languages that show it (art/<hash>.<ext>), and
// returns the link to it; nil when the card has no art.
func (b *builder) art(p *page, id string) *artView {
	a := b.cat.CardArt(id)
	if a == nil || a.Hash == "" {
		return nil
	}
	ext := ".jpg"
	if a.Format == "png" {
		ext = ".png"
	}
	rel := "art/" + a.Hash + ext
	b.mu.Lock()
	_, done := b.files[rel]
	b.mu.Unlock()
	if !done {
		// the catalog refers to the file: read it from the content folder
		data, err := b.cat.ReadArt(a)
		if err != nil {
			b.addErr(diag.Diagnostic{Pos: a.Pos, Msg: err.Error()})
			return nil
		}
		b.put(rel, data)
	}
	return &artView{Href: p.Asset(rel), Credit: a.Credit}
}

// placeholderSVG is the image shown while the card renderer is missing or
// fails for a card: the card's outline, name and type, and a clear note.
func (b *builder) placeholderSVG(c card, l wbcatalog.Lang) []byte {
	colour := "#6b7280"
	if f := b.cat.Faction(c.Faction); f != nil && safeColour.MatchString(f.Colour) {
		colour = f.Colour
	}
	var s strings.Builder
	s.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 630 880" width="630" height="880" role="img">`)
	s.WriteString(`<rect x="8" y="8" width="614" height="864" rx="36" fill="#fbf7ef" stroke="` + colour + `" stroke-width="16"/>`)
	s.WriteString(`<rect x="8" y="8" width="614" height="120" rx="36" fill="` + colour + `"/>`)
	s.WriteString(`<text x="315" y="88" font-family="sans-serif" font-size="44" font-weight="bold" text-anchor="middle" fill="#ffffff">`)
	s.WriteString(site.EscapeHTML(c.Name.In(l)))
	s.WriteString(`</text><text x="315" y="200" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#374151">`)
	s.WriteString(site.EscapeHTML(b.label("kind."+string(c.Kind), l)))
	s.WriteString(`</text><text x="315" y="460" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#6b7280">`)
	s.WriteString(site.EscapeHTML(b.label("card.noimage", l)))
	s.WriteString(`</text></svg>`)
	return []byte(s.String())
}
