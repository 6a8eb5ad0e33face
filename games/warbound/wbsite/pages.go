package wbsite

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

//go:embed templates/*.html
var templateFS embed.FS

// templates are parsed once; html/template executes them safely in
// parallel.
var templates = sync.OnceValues(parseTemplates)

// parseTemplates parses the layout with each page template.
func parseTemplates() (map[string]*template.Template, error) {
	funcs := template.FuncMap{"inc": func(i int) int { return i + 1 }, "tileList": tileList, "poolList": poolList}
	layout, err := site.LayoutTemplate(funcs, templateFS, "templates/layout.html")
	if err != nil {
		return nil, err
	}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	out := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if name == "layout" {
			continue
		}
		t, err := template.Must(layout.Clone()).ParseFS(templateFS, n)
		if err != nil {
			return nil, fmt.Errorf("site templates: %w", err)
		}
		out[name] = t
	}
	return out, nil
}

// plan lists the pages of each language, so that the language switcher
// knows which pages exist on the other side.
func (b *builder) plan() {
	for _, l := range wbcatalog.Langs {
		add := func(p string) { b.exists[string(l)+"/"+p] = true }
		for _, p := range b.commonPages() {
			add(p)
		}
		for _, c := range b.chapters[l] {
			add("rules/" + c.Slug + "/index.html")
		}
	}
}

// commonPages are the pages both languages have, relative to the language
// folder, in a stable order.
func (b *builder) commonPages() []string {
	ps := []string{"index.html", "rules/index.html", "cards/index.html", "factions/index.html",
		"decks/index.html", "glossary/index.html", "checks/index.html", "search/index.html", "404.html", builderPage}
	for _, k := range b.kinds() {
		ps = append(ps, "types/"+string(k)+"/index.html")
	}
	for _, f := range b.cat.Factions {
		ps = append(ps, "factions/"+f.ID+"/index.html")
	}
	for _, c := range b.allCards() {
		ps = append(ps, "cards/"+c.ID+"/index.html")
	}
	for _, d := range b.cat.Decks {
		ps = append(ps, "decks/"+d.ID+"/index.html")
	}
	if len(b.cat.Scenarios) > 0 {
		ps = append(ps, "scenarios/index.html")
	}
	for _, sc := range b.cat.Scenarios {
		ps = append(ps, "scenarios/"+sc.ID+"/index.html")
	}
	if b.opts.Errata != nil {
		ps = append(ps, errataPage)
	}
	return ps
}

// allCards caches the card list.
func (b *builder) allCards() []card {
	if b.cardList == nil {
		b.cardList = b.cards()
	}
	return b.cardList
}

// kinds lists the card kinds that have at least one card.
func (b *builder) kinds() []wbcatalog.Kind {
	has := map[wbcatalog.Kind]bool{}
	for _, c := range b.allCards() {
		has[c.Kind] = true
	}
	var out []wbcatalog.Kind
	for _, k := range wbcatalog.Kinds {
		if has[k] {
			out = append(out, k)
		}
	}
	return out
}

// listItem is a card in a list, with what the filters need: its
// thumbnail, type, faction, cost and key statistics (issue 17 item 2).
type listItem struct {
	ID        string
	Href      string
	Thumb     string // its front, relative to the page
	Name      string
	Kind      string
	KindLabel string
	Faction   *site.LinkItem
	FactionID string // "neutral" when the card has no faction
	Cost      int
	HasCost   bool
	CostLabel string
	Format    string // an Objective's format
	Stats     []keyStat
	tiles     *tileMemo
}

// keyStat is a statistic shown on a card's tile: a short name, its full
// name for the tooltip and screen readers, and the value.
type keyStat struct{ Abbr, Title, Value string }

func (b *builder) listItems(p *page, cs []card) []listItem {
	if b.check {
		// a list shows what the loader checked: nothing to check (one
		// empty item per card, for callers that index the result)
		return make([]listItem, len(cs))
	}
	cs = append([]card(nil), cs...)
	b.byName(cs, p.Lang)
	l := p.Lang
	out := make([]listItem, 0, len(cs))
	for _, c := range cs {
		it := listItem{
			ID: c.ID, Href: p.Link("cards/" + c.ID + "/index.html"), Thumb: p.Link("cards/" + c.ID + "/front.svg"), Name: c.Name.In(l),
			Kind: string(c.Kind), KindLabel: b.label("kind."+string(c.Kind), l),
			Faction: b.factionLink(p, c.Faction), Cost: c.Cost, HasCost: c.Cost >= 0, FactionID: "neutral",
			CostLabel: b.label("stat.cost", l), tiles: b.tiles,
		}
		if b.cat.Faction(c.Faction) != nil {
			it.FactionID = c.Faction
		}
		switch c.Kind {
		case wbcatalog.KindObjective:
			it.Format = b.label("format."+string(b.cat.Objective(c.ID).Format), l)
		case wbcatalog.KindCharacter:
			f := &b.cat.Character(c.ID).Front
			// every Character of every list on every build: strconv, and
			// the four statistics in one allocation
			it.Stats = make([]keyStat, 0, 4)
			stat := func(abbr, full, value string) {
				it.Stats = append(it.Stats, keyStat{Abbr: b.label(abbr, l), Title: b.label(full, l), Value: value})
			}
			stat("stat.abbr.attack", "stat.attack", strconv.Itoa(f.Attack)+"+")
			if f.Accuracy != nil {
				stat("stat.abbr.accuracy", "stat.accuracy", strconv.Itoa(f.Accuracy.Near)+"+")
			}
			stat("stat.abbr.speed", "stat.speed", strconv.Itoa(f.Speed))
			stat("stat.abbr.health", "stat.health", strconv.Itoa(f.Health))
		}
		out = append(out, it)
	}
	return out
}

// page is a page of Warbound's site: the frame's view of it, and the
// build it belongs to (its templates read both).
type page struct {
	*site.View
	b *builder
}

// option is a <select> option.
type option struct{ Value, Label string }

// group is a titled list of cards.
type group struct {
	ID    string
	Title string
	Href  string
	Class string
	Items []listItem
}

func (b *builder) newPage(l wbcatalog.Lang, p, title, section string, data any) *page {
	pg := &page{View: &site.View{Site: b.f, Lang: l, Path: p, Title: title, Section: section, Data: data, Fast: !b.check}, b: b}
	pg.Self = pg
	return pg
}

// buildLang writes every page of language l.
func (b *builder) buildLang(l wbcatalog.Lang) error {
	all := b.allCards()
	chs := b.chapters[l]

	// Home.
	home := b.newPage(l, "index.html", b.label("site.title", l), "home", nil)
	home.Data = map[string]any{
		"Scenarios": b.scenarioLinks(home),
		"Chapters":  b.chapterLinks(home, chs),
		"Kinds":     b.kindLinks(home),
		"Factions":  b.factionLinks(home),
		"Decks":     b.deckLinks(home),
		"Count":     len(all),
		"Terms":     len(b.cat.Glossary),
	}
	if err := b.render("home", home); err != nil {
		return err
	}

	// Rules.
	ri := b.newPage(l, "rules/index.html", b.label("rules.title", l), "rules", nil)
	type tocEntry struct {
		Link     site.LinkItem
		Sections []site.LinkItem
	}
	var toc []tocEntry
	for _, c := range chs {
		e := tocEntry{Link: site.LinkItem{Href: ri.Link("rules/" + c.Slug + "/index.html"), Label: c.Title}}
		for _, s := range c.Sections {
			if s.Level == 2 {
				e.Sections = append(e.Sections, site.LinkItem{Href: ri.Link("rules/"+c.Slug+"/index.html") + "#" + s.ID, Label: s.Title})
			}
		}
		toc = append(toc, e)
	}
	ri.Data = map[string]any{"TOC": toc, "RuleGroups": b.ruleGroups(ri)}
	if err := b.render("rules", ri); err != nil {
		return err
	}
	for i, c := range chs {
		cp := b.newPage(l, "rules/"+c.Slug+"/index.html", c.Title, "rules", nil)
		data := map[string]any{"Chapter": c, "Contents": cp.Link("rules/index.html")}
		if i > 0 {
			data["Prev"] = site.LinkItem{Href: cp.Link("rules/" + chs[i-1].Slug + "/index.html"), Label: chs[i-1].Title}
		}
		if i+1 < len(chs) {
			data["Next"] = site.LinkItem{Href: cp.Link("rules/" + chs[i+1].Slug + "/index.html"), Label: chs[i+1].Title}
		}
		var sections []site.LinkItem
		for _, s := range c.Sections {
			if s.Level == 2 {
				sections = append(sections, site.LinkItem{Href: "#" + s.ID, Label: s.Title})
			}
		}
		data["Sections"] = sections
		if c == b.boardChapter(l) {
			boards, err := b.boardFigures(cp, c)
			if err != nil {
				return err
			}
			data["Figures"] = boards
		}
		cp.Data = data
		for _, f := range c.Figures { // [[map:…]], [[token:…]], [[dice:…]]
			b.put(string(l)+"/"+f.Path, f.SVG)
		}
		if err := b.render("chapter", cp); err != nil {
			return err
		}
	}

	// Card list with search.
	cl := b.newPage(l, "cards/index.html", b.label("cards.title", l), "cards", nil)
	var factionOpts, kindOpts []option
	for _, f := range b.cat.Factions {
		factionOpts = append(factionOpts, option{f.ID, f.Name.In(l)})
	}
	factionOpts = append(factionOpts, option{"neutral", b.label("cards.neutral", l)})
	for _, k := range b.kinds() {
		kindOpts = append(kindOpts, option{string(k), b.label("kind."+string(k), l)})
	}
	costs := map[int]bool{}
	for _, c := range all {
		if c.Cost >= 0 {
			costs[c.Cost] = true
		}
	}
	var costOpts []option
	for _, n := range sortedInts(costs) {
		costOpts = append(costOpts, option{fmt.Sprint(n), fmt.Sprint(n)})
	}
	var cardsPDF string
	if b.opts.CardsPDF != nil {
		if pdf := b.opts.CardsPDF(l); pdf != "" {
			cardsPDF = cl.Root() + pdf
		}
	}
	cl.Data = map[string]any{
		"PDF":   cardsPDF,
		"Items": b.listItems(cl, all), "Sorts": b.sortOptions(l), "Factions": factionOpts, "Kinds": kindOpts, "Costs": costOpts,
		"KindLinks": b.kindLinks(cl), "FactionLinks": b.factionLinks(cl),
	}
	if err := b.render("cards", cl); err != nil {
		return err
	}
	if !b.check {
		sd := b.searchDataFor(l, all)
		jsonFile, script := site.IndexFiles(sd)
		b.put(string(l)+"/search-index.js", script)
		b.put(string(l)+"/search-index.json", jsonFile)
	}
	sh := b.newPage(l, "search/index.html", b.label("search.help.title", l), "cards", nil)
	sh.Data = b.searchHelpData(sh)
	if err := b.render("searchhelp", sh); err != nil {
		return err
	}

	// Card pages.
	for _, c := range all {
		p := b.newPage(l, "cards/"+c.ID+"/index.html", c.Name.In(l), "cards", nil)
		images, imageBytes := b.images(p, c)
		art := b.art(p, c.ID)
		var key [32]byte
		if b.pageKeys != nil {
			key = b.pageKeys.key(c, l)
			if page, ok := b.reusePage(string(l)+"/"+p.Path, key, imageBytes, true); ok {
				b.put(string(l)+"/"+p.Path, page)
				continue
			}
		}
		cp := b.cardPageData(p, c, images, art)
		p.Data = cp
		if !b.check && !site.NoTileMemo {
			var err error
			if cp.Drawn, _, err = b.drawCard(p, cp); err != nil {
				return err
			}
		}
		if !b.check {
			p.Description, p.Image = b.cardDescription(c, l), "front.svg"
		}
		if err := b.render("card", p); err != nil {
			return err
		}
		if b.pageKeys != nil {
			b.mu.Lock()
			page := b.files[string(l)+"/"+p.Path]
			b.mu.Unlock()
			b.keepPage(string(l)+"/"+p.Path, key, imageBytes, page)
		}
	}

	// Indexes by type and by faction.
	for _, k := range b.kinds() {
		p := b.newPage(l, "types/"+string(k)+"/index.html", b.label("kinds."+string(k), l), "cards", nil)
		var cs []card
		for _, c := range all {
			if c.Kind == k {
				cs = append(cs, c)
			}
		}
		p.Data = group{Title: p.Title, Items: b.listItems(p, cs)}
		if err := b.render("list", p); err != nil {
			return err
		}
	}
	fi := b.newPage(l, "factions/index.html", b.label("cards.byFaction", l), "cards", nil)
	var groups []group
	for _, f := range b.cat.Factions {
		p := b.newPage(l, "factions/"+f.ID+"/index.html", f.Name.In(l), "cards", nil)
		var cs []card
		for _, c := range all {
			if c.Faction == f.ID {
				cs = append(cs, c)
			}
		}
		p.Data = group{Title: p.Title, Class: "fc-" + f.ID, Items: b.listItems(p, cs)}
		if err := b.render("list", p); err != nil {
			return err
		}
		groups = append(groups, group{ID: "faction-" + f.ID, Title: f.Name.In(l), Href: fi.Link("factions/" + f.ID + "/index.html"), Class: "fc-" + f.ID, Items: b.listItems(fi, cs)})
	}
	var neutral []card
	for _, c := range all {
		if b.cat.Faction(c.Faction) == nil {
			neutral = append(neutral, c)
		}
	}
	groups = append(groups, group{ID: "neutral", Title: b.label("cards.neutral", l), Items: b.listItems(fi, neutral)})
	fi.Data = groups
	if err := b.render("groups", fi); err != nil {
		return err
	}

	// Decks.
	if err := b.buildDecks(l); err != nil {
		return err
	}

	// Scenarios, each with its map.
	if err := b.buildScenarios(l); err != nil {
		return err
	}

	// Glossary.
	gp := b.newPage(l, "glossary/index.html", b.label("glossary.title", l), "glossary", nil)
	var terms []site.GlossaryTerm
	for _, t := range b.cat.Glossary {
		terms = append(terms, site.GlossaryTerm{ID: "term-" + t.ID, Term: t.Term.In(l), Other: t.Term.In(site.OtherLang(l)), OtherLang: string(site.OtherLang(l)), Definition: b.cardText(t.Definition.In(l), l, t.Pos, "glossary term "+t.ID),
			Stale: b.staleMark(l, []string{"glossary", t.ID, "term"}, []string{"glossary", t.ID, "definition"})})
	}
	sort.SliceStable(terms, func(i, j int) bool { return site.Fold(terms[i].Term) < site.Fold(terms[j].Term) })
	gp.Data = site.GlossaryLetters(terms)
	if err := b.render("glossary", gp); err != nil {
		return err
	}

	// Check games.
	kp := b.newPage(l, "checks/index.html", b.label("checks.title", l), "checks", nil)
	type checkItem struct {
		checkView
		Cards  []site.LinkItem
		Source string
	}
	var checks []checkItem
	for _, c := range b.cat.Checks {
		ci := checkItem{checkView: b.checkView(kp, c.ID), Source: c.Pos.String()}
		for _, id := range b.usage.checkCards[c.ID] {
			if n, ok := b.cat.CardName(id); ok {
				ci.Cards = append(ci.Cards, site.LinkItem{Href: kp.Link("cards/" + id + "/index.html"), Label: n.In(l)})
			}
		}
		checks = append(checks, ci)
	}
	kp.Data = map[string]any{"Checks": checks, "Rules": b.pinnedRules(kp), "Reference": b.opts.Reference != nil}
	if err := b.render("checks", kp); err != nil {
		return err
	}
	if err := b.designerPages(l); err != nil {
		return err
	}

	// Not found page (static hosts and wbtool serve use it).
	nf := b.newPage(l, "404.html", b.label("notfound.title", l), "", nil)
	nf.AnyDepth = true
	return b.render("notfound", nf)
}

// cardDescription is a card page's description: its type, faction or
// format, and the start of its rules text.
func (b *builder) cardDescription(c card, l wbcatalog.Lang) string {
	parts := []string{b.label("kind."+string(c.Kind), l)}
	if f := b.cat.Faction(c.Faction); f != nil {
		parts = append(parts, f.Name.In(l))
	}
	if c.Kind == wbcatalog.KindObjective {
		parts = append(parts, b.label("format."+string(b.cat.Objective(c.ID).Format), l))
	}
	d := c.Name.In(l) + " — " + strings.Join(parts, " · ")
	var text []string
	for _, t := range c.texts {
		if s := strings.Join(strings.Fields(b.searchText(t.In(l), l)), " "); s != "" && !site.ContainsString(text, s) {
			text = append(text, s)
		}
	}
	body := strings.Join(text, " · ")
	if r := []rune(body); len(r) > 150 {
		cut := strings.LastIndex(string(r[:150]), " ")
		if cut < 0 {
			cut = len(string(r[:150]))
		}
		body = string(r[:150])[:cut] + "…"
	}
	if body != "" {
		d += ". " + body
	}
	return d
}

// pinnedRule is a rule and the check games that pin it, for the index
// by rule of the designers' check games page.
type pinnedRule struct {
	Rule   site.LinkItem // Href is empty when no chapter anchors the rule
	Checks []site.LinkItem
}

// pinnedRules lists every rule some check game pins, in the order of the
// rules chapters of p's language, rules no chapter anchors last by id.
func (b *builder) pinnedRules(p *page) []pinnedRule {
	var out []pinnedRule
	seen := map[string]bool{}
	add := func(r string) {
		if seen[r] || len(b.usage.ruleChecks[r]) == 0 {
			return
		}
		seen[r] = true
		pr := pinnedRule{Rule: site.LinkItem{Href: b.ruleHref(p, r), Label: r}}
		for _, id := range b.usage.ruleChecks[r] {
			pr.Checks = append(pr.Checks, site.LinkItem{Href: "#check-" + id, Label: id})
		}
		out = append(out, pr)
	}
	for _, c := range b.chapters[p.Lang] {
		for _, r := range c.Rules {
			add(r)
		}
	}
	rest := make([]string, 0, len(b.usage.ruleChecks))
	for r := range b.usage.ruleChecks {
		rest = append(rest, r)
	}
	sort.Strings(rest)
	for _, r := range rest {
		add(r)
	}
	return out
}

func sortedInts(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func (b *builder) chapterLinks(p *page, chs []*site.Chapter) []site.LinkItem {
	var out []site.LinkItem
	for _, c := range chs {
		out = append(out, site.LinkItem{Href: p.Link("rules/" + c.Slug + "/index.html"), Label: c.Title})
	}
	return out
}

func (b *builder) kindLinks(p *page) []site.LinkItem {
	var out []site.LinkItem
	for _, k := range b.kinds() {
		out = append(out, site.LinkItem{Href: p.Link("types/" + string(k) + "/index.html"), Label: b.label("kinds."+string(k), p.Lang), Class: "kind-" + string(k)})
	}
	return out
}

func (b *builder) factionLinks(p *page) []site.LinkItem {
	var out []site.LinkItem
	for _, f := range b.cat.Factions {
		out = append(out, site.LinkItem{Href: p.Link("factions/" + f.ID + "/index.html"), Label: f.Name.In(p.Lang), Class: "fc-" + f.ID})
	}
	return out
}

func (b *builder) deckLinks(p *page) []site.LinkItem {
	var out []site.LinkItem
	for _, d := range b.cat.Decks {
		out = append(out, site.LinkItem{Href: p.Link("decks/" + d.ID + "/index.html"), Label: d.Name.In(p.Lang)})
	}
	return out
}

// buildRoot writes the root index.html that links both languages, and a
// root 404.html.
func (b *builder) buildRoot() error {
	if !b.check {
		root, err := b.f.RootPage(site.RootTemplate)
		if err != nil {
			return err
		}
		b.files["index.html"] = root
	}
	// The root 404 is the English one, with links from the root.
	nf := b.newPage(wbcatalog.English, "404.html", b.label("notfound.title", wbcatalog.English), "", nil)
	nf.AtRoot, nf.AnyDepth = true, true
	return b.render("notfound", nf)
}

// factionCSS gives each faction its colour as a class, so that pages need
// no inline style.
func (b *builder) factionCSS() []byte {
	var buf bytes.Buffer
	buf.WriteString("/* Faction colours, generated from the content. */\n")
	for _, f := range b.cat.Factions {
		if !site.SafeClass.MatchString(f.ID) || !safeColour.MatchString(f.Colour) {
			continue
		}
		fmt.Fprintf(&buf, ".fc-%s{--fc:%s}\n", f.ID, f.Colour)
	}
	return buf.Bytes()
}

// ruleGroup is the rule numbers of one part of the rules (R-SHOOT-…).
type ruleGroup struct {
	Name  string
	Rules []site.LinkItem
}

// ruleGroups lists every rule anchor of the language, grouped by part and
// in number order, for the index of rule numbers.
func (b *builder) ruleGroups(p *page) []ruleGroup {
	var ids []string
	for id := range b.ruleDefs[p.Lang] {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		pi, ni := splitRuleID(ids[i])
		pj, nj := splitRuleID(ids[j])
		if pi != pj {
			return pi < pj
		}
		return ni < nj
	})
	var out []ruleGroup
	for _, id := range ids {
		part, _ := splitRuleID(id)
		if len(out) == 0 || out[len(out)-1].Name != part {
			out = append(out, ruleGroup{Name: part})
		}
		g := &out[len(out)-1]
		g.Rules = append(g.Rules, site.LinkItem{Href: b.ruleHref(p, id), Label: id})
	}
	return out
}

// splitRuleID splits "R-SHOOT-7" into "SHOOT" and 7.
func splitRuleID(id string) (string, int) {
	parts := strings.Split(id, "-")
	if len(parts) != 3 {
		return id, 0
	}
	n := 0
	for _, c := range parts[2] {
		n = n*10 + int(c-'0')
	}
	return parts[1], n
}

// ---------------------------------------------------------------------------
// Action boards and scenarios (issue 14 item 4): the drawings of the print
// kit (wbcards.ActionBoardSVG, wbcards.ScenarioMapSVG), as images next to
// the pages that show them.

// figure is a drawing shown on a page.
type figure struct {
	ID      string // anchor
	Src     string // relative to the page
	Alt     string
	Caption string
	Href    string // a page about it, if any
}

// boardChapter is the rules chapter about the Action board: the one that
// defines R-ACT-1, else the one named action-board; nil when there is none.
func (b *builder) boardChapter(l wbcatalog.Lang) *site.Chapter {
	for _, c := range b.chapters[l] {
		for _, r := range c.Rules {
			if r == "R-ACT-1" {
				return c
			}
		}
	}
	for _, c := range b.chapters[l] {
		if c.Slug == "action-board" {
			return c
		}
	}
	return nil
}

// boardHref is where page p shows Action board id: its figure in the
// Action board chapter; "" when no chapter shows it.
func (b *builder) boardHref(p *page, id string) string {
	c := b.boardChapter(p.Lang)
	if c == nil || b.cat.ActionBoard(id) == nil {
		return ""
	}
	return p.Link("rules/"+c.Slug+"/index.html") + "#board-" + id
}

// boardFigures draws every Action board next to chapter page p.
func (b *builder) boardFigures(p *page, c *site.Chapter) ([]figure, error) {
	var out []figure
	for _, ab := range b.cat.ActionBoards {
		svg, err := wbcards.ActionBoardSVG(b.cat, ab.ID, p.Lang)
		if err != nil {
			return nil, fmt.Errorf("action board %s: %w", ab.ID, err)
		}
		src := "board-" + ab.ID + ".svg"
		b.put(string(p.Lang)+"/rules/"+c.Slug+"/"+src, svg)
		name := ab.Name.In(p.Lang)
		out = append(out, figure{ID: "board-" + ab.ID, Src: src, Alt: name,
			Caption: name + " · " + b.label("format."+string(ab.Format), p.Lang)})
	}
	return out, nil
}

// navItems are the sections of the navigation: the scenarios only when
// the content has some.
func (b *builder) navItems() []site.NavItem {
	nav := []site.NavItem{{Section: "rules", Path: "rules/index.html", Label: "nav.rules"}, {Section: "cards", Path: "cards/index.html", Label: "nav.cards"}, {Section: "decks", Path: "decks/index.html", Label: "nav.decks"}}
	if len(b.cat.Scenarios) > 0 {
		nav = append(nav, site.NavItem{Section: "scenarios", Path: "scenarios/index.html", Label: "nav.scenarios"})
	}
	return append(nav, site.NavItem{Section: "glossary", Path: "glossary/index.html", Label: "nav.glossary"})
}

// scenarioLinks lists the scenarios, for page p.
func (b *builder) scenarioLinks(p *page) []site.LinkItem {
	var out []site.LinkItem
	for _, sc := range b.cat.Scenarios {
		out = append(out, site.LinkItem{Href: p.Link("scenarios/" + sc.ID + "/index.html"), Label: sc.Name.In(p.Lang)})
	}
	return out
}

// scenarioView is the data of a scenario page.
type scenarioView struct {
	Name, Format string
	Stale        template.HTML // the mark of a stale translation of its name or text
	Text         template.HTML
	Map          figure
	Board        site.LinkItem // the Action board it is played on
	Objectives   []site.LinkItem
	Source       string
}

// buildScenarios writes the scenario index and a page per scenario, with
// its map at play scale as an SVG image.
func (b *builder) buildScenarios(l wbcatalog.Lang) error {
	if len(b.cat.Scenarios) == 0 {
		return nil
	}
	si := b.newPage(l, "scenarios/index.html", b.label("nav.scenarios", l), "scenarios", nil)
	type item struct {
		site.LinkItem
		Format string
		Map    figure
	}
	var items []item
	for i := range b.cat.Scenarios {
		sc := &b.cat.Scenarios[i]
		p := b.newPage(l, "scenarios/"+sc.ID+"/index.html", sc.Name.In(l), "scenarios", nil)
		svg, err := wbcards.ScenarioMapSVG(b.cat, sc.ID, l)
		if err != nil {
			return fmt.Errorf("scenario %s: %w", sc.ID, err)
		}
		b.put(string(l)+"/scenarios/"+sc.ID+"/map.svg", svg)
		name := sc.Name.In(l)
		v := scenarioView{Name: name, Stale: b.staleMark(l, []string{"scenarios", sc.ID, "name"}, []string{"scenarios", sc.ID, "text"}), Format: b.label("format."+string(sc.Format), l),
			Text:   b.cardText(sc.Text.In(l), l, sc.Pos, "scenario "+sc.ID),
			Map:    figure{ID: "map", Src: "map.svg", Alt: b.label("scenario", l) + " " + name, Caption: name},
			Source: sc.Pos.String()}
		board := sc.ActionBoard
		if board == "" {
			for _, ab := range b.cat.ActionBoards {
				if ab.Format == sc.Format {
					board = ab.ID
					break
				}
			}
		}
		if ab := b.cat.ActionBoard(board); ab != nil {
			v.Board = site.LinkItem{Href: b.boardHref(p, board), Label: ab.Name.In(l)}
		}
		for _, id := range sc.Objectives {
			if n, ok := b.cat.CardName(id); ok {
				v.Objectives = append(v.Objectives, site.LinkItem{Href: p.Link("cards/" + id + "/index.html"), Label: n.In(l)})
			}
		}
		p.Data = v
		if err := b.render("scenario", p); err != nil {
			return err
		}
		items = append(items, item{LinkItem: site.LinkItem{Href: si.Link("scenarios/" + sc.ID + "/index.html"), Label: name}, Format: v.Format,
			Map: figure{Src: sc.ID + "/map.svg", Alt: v.Map.Alt}})
	}
	si.Data = items
	return b.render("scenarios", si)
}
