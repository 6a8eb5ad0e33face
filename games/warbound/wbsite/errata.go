package wbsite

import (
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// The errata (wbtool build --since): a page per language listing what
// changed since an earlier version, card by card, with links to the
// reprint sheets; and on each card page that changed, its history.

// errataPage is the errata page's path in each language folder.
const errataPage = "errata/index.html"

// SetVersion is the footer's line naming the set and its version, the
// version printed on the cards: "Warbound starter set · v0.1".
func (p *page) SetVersion() string {
	return p.b.cat.SetName(p.Lang, p.T("site.title")) + " · " + render.VersionLabel(p.b.cat.Set.Version)
}

// ErrataLink is the footer's link to the errata page, nil without errata.
func (p *page) ErrataLink() *site.LinkItem {
	e := p.b.opts.Errata
	if e == nil {
		return nil
	}
	return &site.LinkItem{Href: p.Link(errataPage), Label: p.T("errata.link") + " " + render.VersionLabel(e.From)}
}

// chrome is what the shared fragments of Warbound's layout read: the
// frame's chrome, and the footer's set version and errata link.
type chrome struct {
	site.Chrome
	b *builder
}

// SetVersion is the page's SetVersion.
func (c chrome) SetVersion() string { return (&page{View: c.View(), b: c.b}).SetVersion() }

// ErrataLink is the page's ErrataLink.
func (c chrome) ErrataLink() *site.LinkItem { return (&page{View: c.View(), b: c.b}).ErrataLink() }

// changeView is one entity's change, in the page's language.
type changeView struct {
	Noun    string
	Name    string
	Href    string // its page, when it has one
	Change  string // New, Removed, Renamed, Changed
	Was     string // the old id of a renamed entity
	Reprint string // "to reprint": a card in this language's reprint sheets
	Fields  []changeFieldView
	// OnCards are the cards that print a changed skill ("on" their
	// links).
	OnCards []site.LinkItem
	On      string
}

// changeFieldView is one changed field: Label, then either the word diff of a
// text, or Old → New, or the items Added and Removed.
type changeFieldView struct {
	Label          string
	Words          changes.Words
	Old, New       string
	Added, Removed string
	OtherLanguage  string // "text changed in the other language" (only)
	// Said is what happened to a value made of several values, or a yes
	// or no field's new value: "changed", "yes".
	Said string
	// phrase: Label says the whole change ("New picture").
	phrase bool
}

// errataGroup is a section of the errata page.
type errataGroup struct {
	Title   string
	Changes []changeView
}

// errataSections are the collections the errata page shows, in order,
// with their heading's label; the rest (check games, interface strings)
// concern the designers, not the players.
var errataSections = []struct{ key, collections string }{
	{"nav.cards", "characters leaders equipment formations vocations references objectives"},
	{"card.skills", "skills"},
	{"nav.decks", "decks"},
	{"nav.scenarios", "scenarios actionBoards"},
	{"nav.glossary", "glossary"},
	{"nav.rules", "rules"},
}

// buildErrata renders the errata page of language l.
func (b *builder) buildErrata(l wbcatalog.Lang) error {
	e := b.opts.Errata
	if e == nil {
		return nil
	}
	p := b.newPage(l, errataPage, b.label("errata.title", l), "errata", nil)
	var groups []errataGroup
	for _, s := range errataSections {
		g := errataGroup{Title: b.label(s.key, l)}
		for i := range e.Changes {
			c := &e.Changes[i]
			if strings.Contains(" "+s.collections+" ", " "+c.Collection+" ") {
				g.Changes = append(g.Changes, b.changeView(p, c))
			}
		}
		if len(g.Changes) > 0 {
			groups = append(groups, g)
		}
	}
	var sheets []site.LinkItem
	for _, sl := range append([]wbcatalog.Lang{l}, site.OtherLang(l)) {
		if b.opts.ReprintPDF != nil && len(e.Reprint[sl]) > 0 {
			sheets = append(sheets, site.LinkItem{Href: p.Asset(b.opts.ReprintPDF(sl)), Label: labels["lang.name"].In(sl) + ", " + b.count(len(e.Reprint[sl]), "errata.card", "errata.cards", l) + " (PDF)", Lang: string(sl)})
		}
	}
	p.Data = map[string]any{
		"From":    render.VersionLabel(e.From),
		"To":      render.VersionLabel(e.To),
		"Groups":  groups,
		"Sheets":  sheets,
		"Reprint": len(e.Reprint[l]),
	}
	return b.render("errata", p)
}

// count is n and the noun that agrees with it: "1 card", "3 cartes".
func (b *builder) count(n int, one, many string, l wbcatalog.Lang) string {
	if n == 1 {
		return "1\u00a0" + b.label(one, l)
	}
	return strconv.Itoa(n) + "\u00a0" + b.label(many, l)
}

// changeView is an entity's change as page p shows it.
func (b *builder) changeView(p *page, c *changes.Entity) changeView {
	l := p.Lang
	v := changeView{Change: b.label("errata."+c.Change, l), Was: c.From, Name: c.ID}
	if c.Name != nil && c.Name.In(l) != "" {
		v.Name = c.Name.In(l)
	}
	switch {
	case c.IsCard():
		v.Noun = b.label("kind."+strings.TrimSuffix(c.Collection, "s"), l)
		if c.Change != changes.Removed {
			v.Href = p.Link("cards/" + c.ID + "/index.html")
			if b.opts.Errata.Reprinted(c.ID, l) {
				v.Reprint = b.label("errata.reprinted", l)
			}
		}
	case c.Collection == "skills":
		v.Noun = b.label("history.skill", l)
		for _, ch := range b.cat.Characters {
			if slices.Contains(ch.Front.Skills, c.ID) || slices.Contains(ch.Panic.Skills, c.ID) {
				v.OnCards = append(v.OnCards, site.LinkItem{Href: p.Link("cards/" + ch.ID + "/index.html"), Label: ch.Name.In(l)})
			}
		}
		if len(v.OnCards) > 0 {
			v.On = b.label("errata.on-cards", l)
		}
	case c.Collection == "decks" && c.Change != changes.Removed:
		v.Href = p.Link("decks/" + c.ID + "/index.html")
	case c.Collection == "scenarios" && c.Change != changes.Removed:
		v.Href = p.Link("scenarios/" + c.ID + "/index.html")
	}
	other := false
	said := map[string]bool{} // a phrase is said once
	for _, f := range c.Fields {
		if f.Lang != "" && f.Lang != l {
			other = true
			continue
		}
		fv := b.changeFieldView(f, l)
		if fv.phrase {
			if said[fv.Label] {
				continue
			}
			said[fv.Label] = true
		}
		v.Fields = append(v.Fields, fv)
	}
	if other && len(v.Fields) == 0 {
		v.Fields = append(v.Fields, changeFieldView{OtherLanguage: b.label("errata.other-language", l)})
	}
	return v
}

// changeFieldView is field f's change in players' words (changes.Say):
// never a value as JSON.
func (b *builder) changeFieldView(f changes.Field, l wbcatalog.Lang) changeFieldView {
	switch {
	case f.Words != nil:
		return changeFieldView{Label: b.fieldLabel(f.Path, l), Words: f.Words}
	case f.Added != nil || f.Removed != nil:
		return changeFieldView{Label: b.fieldLabel(f.Path, l), Added: strings.Join(f.Added, ", "), Removed: strings.Join(f.Removed, ", ")}
	}
	s := changes.Say(f, l)
	if s.Phrase != "" {
		return changeFieldView{Label: b.label(s.Phrase, l), phrase: true}
	}
	v := changeFieldView{Label: b.fieldLabel(s.Path, l), Old: b.valueName(s.Old, l), New: b.valueName(s.New, l)}
	if s.Word != "" {
		v.Said = b.label(s.Word, l)
	}
	return v
}

// valueName is a value as players read it: a faction's name for its id.
func (b *builder) valueName(v string, l wbcatalog.Lang) string {
	if fa := b.cat.Faction(v); fa != nil {
		return fa.Name.In(l)
	}
	return v
}

// fieldLabels name the fields of a change, and the parts of their paths,
// by their interface string; a pair of parts first ("accuracy.near").
var fieldLabels = map[string]string{
	"name": "errata.field.name", "text": "card.text", "flavor": "card.flavor", "skills": "card.skills",
	"attack": "stat.attack", "speed": "stat.speed", "run": "stat.run", "accuracy": "stat.accuracy",
	"accuracy.near": "stat.accuracy.near", "accuracy.far": "stat.accuracy.far",
	"dice.ranged": "stat.rangedDice", "dice.melee": "stat.meleeDice", "cost": "stat.cost",
	"health": "stat.health", "morale": "stat.morale", "armor": "stat.armor",
	"armor.points": "stat.armor.points", "armor.save": "stat.armor.save", "gear": "stat.gear",
	"faction": "card.faction", "panic": "card.panic", "front": "errata.field.front", "active": "errata.field.active",
	"format": "format", "turns": "kit.turns", "periods": "errata.field.periods", "period": "errata.field.period",
	"spaces": "errata.field.spaces", "actions": "errata.field.actions", "modifiers": "errata.field.modifiers",
	"attachments": "errata.field.attachments", "to": "errata.field.to", "from": "errata.field.from",
	"upgrade": "kind.upgrade", "cards": "deck.cards", "description": "errata.field.description",
	"colour": "errata.field.colour", "bonuses": "stat.bonuses", "bonuses.cost": "bonus.cost", "bonuses.hit": "bonus.hit",
	"bonuses.health": "bonus.health", "bonuses.meleeDice": "bonus.meleeDice", "bonuses.rangedDice": "bonus.rangedDice",
	"definition": "errata.field.definition", "term": "errata.field.term",
	"confrontation": "format.confrontation", "exploration": "format.exploration", "orders": "leader.orders",
	"skill": "leader.skill", "scoring": "errata.field.scoring", "kind": "errata.field.kind", "marker": "errata.field.marker",
	"vp": "objective.vp", "board": "errata.field.board", "cols": "errata.field.cols", "rows": "errata.field.rows",
	"deployment": "scenario.deployment", "player": "scenario.player", "markers": "errata.field.markers",
	"at": "errata.field.at", "objectives": "scenario.objectives", "terrain": "errata.field.terrain",
	"blocksMove": "errata.field.blocksMove", "blocksSight": "errata.field.blocksSight",
}

// fieldLabel is a field's path in words, its parts joined by " — ":
// "panic.speed" is "Panic — Speed", "cost.raiders" "Activation cost
// (Raiders)", "scoring[0].vp" "Scoring — VP", "markers.scan-1.at"
// "Markers — Position" (an entity's id or a list's index is left out);
// a path with no words is "Other detail", never the path.
func (b *builder) fieldLabel(path string, l wbcatalog.Lang) string {
	label := changes.Label(path, func(part string) (string, bool) {
		if f, ok := strings.CutPrefix(part, "cost."); ok {
			name := f
			if fa := b.cat.Faction(f); fa != nil {
				name = fa.Name.In(l)
			} else if f == "any" {
				name = b.label("stat.any", l)
			}
			return b.label("stat.cost", l) + " (" + name + ")", true
		}
		if key, ok := fieldLabels[part]; ok {
			return b.label(key, l), true
		}
		if fa := b.cat.Faction(part); fa != nil {
			return fa.Name.In(l), true
		}
		return "", false
	})
	if label == "" {
		return b.label(changes.PhraseOther, l)
	}
	return label
}

// historyView is a card page's history: what changed since the errata's
// earlier version, on the card and on its skills, version by version
// (oldest first) when versions lie in between.
type historyView struct {
	From, To string
	Steps    []historyStep
	// Reprint is "to reprint" for a card of this language's reprint
	// sheets, said once after the title when the history has several
	// steps (each step's change says it when there is one).
	Reprint string
}

// historyStep is what changed on a card from one version to the next.
type historyStep struct {
	From, To string
	Changes  []changeView
}

// History is card id's history, nil when it did not change. A card
// renamed at some version is followed under its old id before it.
func (p *page) History(id string) *historyView {
	e := p.b.opts.Errata
	if e == nil {
		return nil
	}
	var skills []string
	if ch := p.b.cat.Character(id); ch != nil {
		seen := map[string]bool{}
		for _, s := range append(append([]string{}, ch.Front.Skills...), ch.Panic.Skills...) {
			if !seen[s] {
				seen[s] = true
				skills = append(skills, s)
			}
		}
	}
	steps := e.History()
	var out []historyStep
	for i := len(steps) - 1; i >= 0; i-- { // newest first, to follow renames back
		st := &steps[i]
		var cs []changeView
		if c := st.Card(id); c != nil {
			cs = append(cs, p.b.changeView(p, c))
			if c.Change == changes.Renamed {
				id = c.From
			}
		}
		for _, s := range skills {
			if c := st.Skill(s); c != nil {
				cs = append(cs, p.b.changeView(p, c))
			}
		}
		if len(cs) > 0 {
			out = append(out, historyStep{From: render.VersionLabel(st.From), To: render.VersionLabel(st.To), Changes: cs})
		}
	}
	if len(out) == 0 {
		return nil
	}
	slices.Reverse(out)
	h := &historyView{From: render.VersionLabel(e.From), To: render.VersionLabel(e.To), Steps: out}
	if len(out) > 1 {
		for i := range out {
			for j := range out[i].Changes {
				if c := &out[i].Changes[j]; c.Reprint != "" {
					h.Reprint, c.Reprint = c.Reprint, ""
				}
			}
		}
	}
	return h
}
