package convicted

import (
	"cmp"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// The Convicted's site is drawn in the shared frame of package site (its
// layout with the Content-Security-Policy, stylesheet, icon, language
// switch, root and 404 pages, sitemap with hreflang alternates, search):
// this file gives it the pages, in both languages —
//
//	index.html          home: what the game is, the coverage line, a search box
//	cards/index.html    the card database (heroes, buildings level by level,
//	                    technologies, spells and blessings, enemy cards,
//	                    defenders, enemies), searched by assets/search.js
//	cards/<id>.html     a card or unit: its printed face (cards/<id>.svg)
//	                    and its figures
//	coverage.html       every rule with its state and the check games pinning it
//	campaign.html       the campaign tracker, from the content's save sheets
//	reference.html      the player aids: the 14 stages, the actions, the
//	                    components (the printed reference sheet's data),
//	                    and the board (board.svg)
//	errata.html         with --since: what changed
//	404.html
//
// and its own stylesheet, assets/convicted.css.

//go:embed templates/*.html assets/convicted.css
var siteFS embed.FS

// siteTemplates are the page templates, each drawn in the frame.
var siteTemplates = func() fs.FS {
	t, err := fs.Sub(siteFS, "templates")
	if err != nil {
		panic(err) // the embedded folder is there
	}
	return t
}()

var siteTitle = map[lang.Lang]string{lang.English: "The Convicted", lang.French: "Les Condamnés"}

// siteWords are the site's interface words; the frame's (lang.switch,
// nav.skip, the search's messages and help) are the site kit's
// (site.FrameWords), the same for every game.
var siteWords = map[string]lang.Text{
	"site.title":         {EN: siteTitle[lang.English], FR: siteTitle[lang.French]},
	"site.tagline":       {EN: "Cooperative siege campaign: cards, rules coverage, campaign", FR: "Campagne de siège coopérative : cartes, couverture des règles, campagne"},
	"home.intro":         {EN: "The Convicted, a cooperative siege campaign for 1 to 4 players: the cards, the defenders and the enemies, the state of every rule, the campaign’s save sheets and the turn’s reference.", FR: "Les Condamnés, une campagne de siège coopérative de 1 à 4 joueurs : les cartes, les défenseurs et les ennemis, l’état de chaque règle, les feuilles de sauvegarde de la campagne et l’aide-mémoire du tour."},
	"nav.home":           {EN: "Home", FR: "Accueil"},
	"nav.cards":          {EN: "Cards", FR: "Cartes"},
	"nav.reference":      {EN: "Reference", FR: "Aide-mémoire"},
	"nav.coverage":       {EN: "Coverage", FR: "Couverture"},
	"coverage.title":     {EN: "Rules coverage", FR: "Couverture des règles"},
	"nav.campaign":       {EN: "Campaign", FR: "Campagne"},
	"nav.rules":          {EN: "Rules", FR: "Règles"},
	"footer.text":        {EN: "The Convicted — rules written in our own words, a beta: see the rules coverage. Built by wbtool.", FR: "Les Condamnés — règles écrites avec nos propres mots, une bêta : voir la couverture des règles. Généré par wbtool."},
	"notfound.text":      {EN: "This page does not exist. Try the cards or the rules coverage.", FR: "Cette page n’existe pas. Essayez les cartes ou la couverture des règles."},
	"search.label":       {EN: "Find a card", FR: "Trouver une carte"},
	"search.placeholder": {EN: "Name, text, or t:spell lv>=2 st>=3…", FR: "Nom, texte, ou t:sort lv>=2 st>=3…"},
	"search.count":       {EN: "cards match", FR: "cartes correspondent"},
	"search.none":        {EN: "No card matches.", FR: "Aucune carte ne correspond."},
	"search.help.intro":  {EN: "Type words to find the cards whose name or text contain them, or name a field. Capitals and accents never matter.", FR: "Tapez des mots pour trouver les cartes dont le nom ou le texte les contient, ou nommez un champ. Majuscules et accents ne comptent jamais."},
	"field.name":         {EN: "Name", FR: "Nom"},
	"field.text":         {EN: "Text of the card", FR: "Texte de la carte"},
	"field.type":         {EN: "Kind of card", FR: "Type de carte"},
	"field.level":        {EN: "Level (a building’s, a spell’s)", FR: "Niveau (d’un bâtiment, d’un sort)"},
	"field.st":           {EN: "Strength (ST)", FR: "Force (ST)"},
	"field.en":           {EN: "Endurance (EN)", FR: "Endurance (EN)"},
	"field.rfs":          {EN: "Ranged firepower (RFS, 0: melee)", FR: "Puissance de tir (RFS, 0 : mêlée)"},
	"field.cost":         {EN: "Cost: every resource added up", FR: "Coût : toutes les ressources additionnées"},
	"kind.spell":         {EN: "Spell", FR: "Sort"},
	"kind.blessing":      {EN: "Blessing", FR: "Bénédiction"},
	"kind.defender":      {EN: "Defender unit", FR: "Unité de défense"},
	"kind.foe":           {EN: "Enemy unit", FR: "Unité ennemie"},
	"home.cards":         {EN: "Browse the cards", FR: "Parcourir les cartes"},
	"home.coverage":      {EN: "Which rules are written, decided by us or still to be defined, and the check games that pin them.", FR: "Quelles règles sont écrites, décidées par nous ou encore à définir, et les parties de contrôle qui les fixent."},
	"home.campaign":      {EN: "The campaign’s save sheets: the city after each scenario.", FR: "Les feuilles de sauvegarde de la campagne : la cité après chaque scénario."},
	"home.reference":     {EN: "The turn’s 14 stages, the actions and what they take, the components.", FR: "Les 14 stades du tour, les actions et ce qu’elles demandent, le matériel."},
	"scenarios":          {EN: "Scenarios", FR: "Scénarios"},
	"turns":              {EN: "%d turns", FR: "%d tours"},
	"coverage.rule":      {EN: "Rule", FR: "Règle"},
	"coverage.state":     {EN: "State", FR: "État"},
	"coverage.source":    {EN: "Where the seed has it", FR: "Où la source la donne"},
	"coverage.checks":    {EN: "Check games", FR: "Parties de contrôle"},
	"coverage.line":      {EN: "%d rules defined by the seed, %d decided by us, %d to be defined; %d pinned by a check game.", FR: "%d règles définies par la source, %d décidées par nous, %d à définir ; %d fixées par une partie de contrôle."},
	"coverage.depends":   {EN: "Survival figures depend on the Decisions and on what is still to be defined.", FR: "Les taux de survie dépendent des décisions et de ce qui reste à définir."},
	"state.defined":      {EN: "defined by the seed", FR: "définie par la source"},
	"state.decided":      {EN: "decided", FR: "décidée"},
	"state.tbd":          {EN: "to be defined", FR: "à définir"},
	"campaign.none":      {EN: "No save sheet yet: a scenario’s end is written to saves/<id>.cue.", FR: "Pas encore de feuille de sauvegarde : la fin d’un scénario s’écrit dans saves/<id>.cue."},
	"campaign.scenario":  {EN: "Scenario", FR: "Scénario"},
	"campaign.players":   {EN: "Players", FR: "Joueurs"},
	"result.won":         {EN: "won", FR: "gagné"},
	"result.lost":        {EN: "lost", FR: "perdu"},
	"resources":          {EN: "Resources", FR: "Ressources"},
	"buildings":          {EN: "Buildings", FR: "Bâtiments"},
	"sections":           {EN: "Fortifications", FR: "Fortifications"},
	"resistance":         {EN: "Resistance", FR: "Résistance"},
	"ring":               {EN: "Ring", FR: "Anneau"},
	"technologies":       {EN: "Technologies", FR: "Technologies"},
	"ring.ditch":         {EN: "ditch", FR: "fossé"},
	"ring.moat":          {EN: "moat", FR: "douve"},
	"errata.title":       {EN: "Errata", FR: "Errata"},
	"card.stats":         {EN: "Figures", FR: "Caractéristiques"},
	"card.faction":       {EN: "Faction", FR: "Faction"},
	"card.aerial":        {EN: "Aerial", FR: "Aérien"},
	"card.locked":        {EN: "Locked until a technology unlocks it", FR: "Verrouillé tant qu’une technologie ne le débloque pas"},
	"yes":                {EN: "yes", FR: "oui"},
}

// label is an interface word in l: the site's, else the frame's, else
// the printed kit's.
func label(key string, l lang.Lang) string {
	if t, ok := siteWords[key]; ok {
		return t.In(l)
	}
	if s, ok := site.FrameWord(key, l); ok {
		return s
	}
	return word(key, l)
}

// colon is ": " in the language's typography.
func colon(l lang.Lang) string {
	if l == lang.French {
		return "\u00a0: "
	}
	return ": "
}

// cardRow is an entry of the card database: a card of the kit, a spell,
// a defender or an enemy.
type cardRow struct {
	ID, Name, KindID, Kind string
	Img                    string // its face, cards/<id>.svg, or ""
	Lines                  []template.HTML
	Stats                  []statRow
	Cost, Level            int
	ST, EN, RFS            int
	Body                   string // its text, for the search
}

type statRow struct{ Name, Value string }

type link struct{ Href, Label string }

// Site builds the site in the shared frame; with so.CheckOnly it is
// checked and nothing is returned: its only designer's links are in the
// rules pages, so a tree without them skips the pages' making.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	// the rules pages (rules/<lang>/*.md): their figures, links and rule
	// numbers are checked in the verdict
	var chapters map[lang.Lang][]site.Chapter
	var problems diag.List
	if len(c.Catalog.Pages) > 0 {
		var err error
		chapters, problems, err = site.RenderChapters(c.Catalog.Pages, site.RulesOptions{RulePrefix: "C", Path: chapterPath,
			Draw: ruleset.DrawSVG(c.figure)})
		if err != nil {
			return nil, err
		}
	}
	if so.CheckOnly && chapters == nil {
		return nil, nil
	}
	var pages []site.Page
	extra := dist.Files{}
	for _, l := range lang.Langs {
		ps, err := c.langPages(l, extra)
		if err != nil {
			return nil, err
		}
		pages = append(pages, ps...)
		for i, ch := range chapters[l] {
			for _, f := range ch.Figures { // [[map:board …]], [[token:…]], [[dice:…]]
				extra[string(l)+"/"+f.Path] = f.SVG
			}
			pages = append(pages, site.Page{Lang: l, Path: chapterPath(ch.Slug), Template: "chapter", Title: ch.Title, Section: "rules",
				Data: site.ChapterData(chapters[l], i, chapterPath)})
		}
	}
	nav := []site.NavItem{{Section: "home", Path: "index.html", Label: "nav.home"}, {Section: "cards", Path: "cards/index.html", Label: "nav.cards"},
		{Section: "reference", Path: "reference.html", Label: "nav.reference"}, {Section: "coverage", Path: "coverage.html", Label: "nav.coverage"},
		{Section: "campaign", Path: "campaign.html", Label: "nav.campaign"}}
	if ch := chapters[lang.English]; len(ch) > 0 {
		nav = slices.Insert(nav, 1, site.NavItem{Section: "rules", Path: chapterPath(ch[0].Slug), Label: "nav.rules"})
	}
	frame := site.Frame{
		Label:     label,
		BaseURL:   so.BaseURL,
		Nav:       nav,
		Styles:    []string{"assets/convicted.css"},
		Templates: siteTemplates,
		Version:   render.VersionLabel(cmp.Or(c.Catalog.ContentVersion, c.setVersion)),
	}
	files, err := frame.Build(pages)
	if err != nil {
		return nil, err
	}
	out := dist.Files(files)
	for p, b := range extra {
		out[p] = b
	}
	css, err := siteFS.ReadFile("assets/convicted.css")
	if err != nil {
		return nil, err
	}
	out["assets/convicted.css"] = css
	// a rules page's links to the site's other pages and files
	problems = append(problems, site.CheckChapterLinks(chapters, site.SiteHas(out))...)
	if len(problems) > 0 {
		return nil, problems.Sorted()
	}
	if so.CheckOnly {
		return nil, nil
	}
	if so.Emit != nil {
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range out {
				if !yield(k) {
					return
				}
			}
		}) {
			so.Emit(k, out[k])
		}
	}
	return out, nil
}

// langPages are the pages of language l; the card faces and the search
// index go to extra.
func (c *Content) langPages(l lang.Lang, extra dist.Files) ([]site.Page, error) {
	cat := c.Catalog
	T := func(key string) string { return label(key, l) }
	var pages []site.Page
	add := func(p site.Page) { p.Lang = l; pages = append(pages, p) }
	cov := c.Report()

	rows, err := c.cardRows(l, extra)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, r := range rows {
		counts[r.KindID]++
	}
	var kinds []link
	for _, k := range cardKinds {
		if counts[k] > 0 {
			kinds = append(kinds, link{Href: "cards/index.html?q=t:" + k, Label: fmt.Sprintf("%s (%d)", kindLabel(k, l), counts[k])})
		}
	}
	var scenarios []string
	for _, s := range cat.Scenarios {
		scenarios = append(scenarios, fmt.Sprintf("%d. %s — %s", s.Number, s.Name.In(l), fmt.Sprintf(T("turns"), s.Turns)))
	}
	covLine := fmt.Sprintf(T("coverage.line"), cov.Defined, cov.Decided, cov.TBD, cov.Pinned)
	add(site.Page{Path: "index.html", Template: "home", Title: T("site.title"), Section: "home",
		Data: map[string]any{"Kinds": kinds, "Count": len(rows), "Coverage": covLine, "Scenarios": scenarios, "Errata": c.errata != nil}})

	// the card database and a page per entry
	var entries []site.SearchEntry
	for _, r := range rows {
		add(site.Page{Path: "cards/" + r.ID + ".html", Template: "card", Title: r.Name, Section: "cards",
			Description: r.Kind + colon(l) + r.Name + ". " + truncate(r.Body, 140), Image: path(r.Img), Data: r})
		entries = append(entries, site.SearchEntry{ID: r.ID, Name: r.Name, Kind: r.KindID, Cost: r.Cost, Img: r.Img, Body: r.Body,
			Num:   map[string]int{"level": r.Level, "st": r.ST, "en": r.EN, "rfs": r.RFS, "cost": r.Cost},
			Words: map[string][]string{"type": {r.KindID}}})
	}
	sorted := slices.Clone(rows)
	slices.SortStableFunc(sorted, func(a, b cardRow) int {
		return cmp.Or(cmp.Compare(slices.Index(cardKinds, a.KindID), slices.Index(cardKinds, b.KindID)), cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	fields := searchFields(l)
	js, data := site.SearchIndex(fields, entries, T, "cards/index.html#search-help")
	extra[string(l)+"/search-index.js"], extra[string(l)+"/search-index.json"] = js, data
	sorts := []link{{"relevance", T("sort.relevance")}, {"name", T("sort.name")}, {"cost", word("cost", l)}}
	add(site.Page{Path: "cards/index.html", Template: "cards", Title: T("nav.cards"), Section: "cards",
		Data: map[string]any{"Items": sorted, "Sorts": sorts, "Fields": fields, "Words": site.SearchWords()}})

	// rules coverage
	var rules []map[string]any
	for _, r := range cov.Rules {
		rules = append(rules, map[string]any{"ID": r.ID, "State": r.State, "StateWord": T("state." + r.State), "Source": typoText(c.Catalog.Rule(r.ID).Sources.In(l), l), "Checks": strings.Join(r.Checks, ", ")})
	}
	add(site.Page{Path: "coverage.html", Template: "coverage", Title: T("coverage.title"), Section: "coverage",
		Data: map[string]any{"Line": covLine, "Depends": cov.TBD+cov.Decided > 0, "Rules": rules}})

	add(site.Page{Path: "campaign.html", Template: "campaign", Title: T("nav.campaign"), Section: "campaign", Data: c.tracker(l)})

	// the player aids: the reference sheet's data
	var aids []map[string]any
	for _, a := range c.aids() {
		var es []map[string]string
		for _, e := range a.Entries {
			es = append(es, map[string]string{"Name": e.Name.In(l), "Value": typoText(e.Text.In(l), l), "Rule": e.Rule})
		}
		aids = append(aids, map[string]any{"ID": a.ID, "Title": a.Title.In(l), "Entries": es})
	}
	board, err := c.boardDrawing(l)
	if err != nil {
		return nil, err
	}
	extra[string(l)+"/board.svg"] = board.SVG(string(l))
	add(site.Page{Path: "reference.html", Template: "reference", Title: T("nav.reference"), Section: "reference", Image: "board.svg",
		Data: map[string]any{"Aids": aids, "Board": bword("board", l)}})

	if e := c.errataPage(l); e != "" {
		// the errata page's HTML escapes every text (exports.go)
		add(site.Page{Path: "errata.html", Template: "errata", Title: T("errata.title"), Section: "home", Data: template.HTML(e)})
	}
	add(site.Page{Path: "404.html", Template: "notfound", Title: T("notfound.title")})
	return pages, nil
}

// chapterPath is a rules page's page, from its slug.
func chapterPath(slug string) string { return "rules/" + slug + ".html" }

// path is a card's image relative to its page (in cards/), or "".
func path(img string) string {
	if img == "" {
		return ""
	}
	return strings.TrimPrefix(img, "cards/")
}

// truncate cuts s after n characters, at a word.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := string(r[:n])
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return cut + "…"
}

// cardKinds are the kinds of the database, in its order.
var cardKinds = []string{"hero", "building", "technology", "spell", "blessing", "enemy", "defender", "foe"}

func kindLabel(k string, l lang.Lang) string {
	if t, ok := siteWords["kind."+k]; ok {
		return t.In(l)
	}
	return word(k, l)
}

// markup turns the kit's **strong** and *emphasis* into HTML, every text
// escaped.
var (
	strongRE = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	emRE     = regexp.MustCompile(`\*([^*]+)\*`)
)

func markup(s string) template.HTML {
	h := template.HTMLEscapeString(s)
	h = strongRE.ReplaceAllString(h, "<strong>$1</strong>")
	h = emRE.ReplaceAllString(h, "<em>$1</em>")
	return template.HTML(h) // the text is escaped; only the two tags are added
}

// typoText is s in l's typography (French: thin spaces before : ; ! ?).
func typoText(s string, l lang.Lang) string {
	if l == lang.French {
		return typo.French(s, false)
	}
	return s
}

// plain is the kit's text without its markup.
func plain(s string) string { return strings.ReplaceAll(s, "*", "") }

// cardRows are the entries of the database in l: the kit's cards with
// their faces (drawn into extra as SVG), the defenders and the enemies.
func (c *Content) cardRows(l lang.Lang, extra dist.Files) ([]cardRow, error) {
	cat := c.Catalog
	var rows []cardRow
	for _, k := range c.cards(l) {
		f, err := k.face(l)
		if err != nil {
			return nil, err
		}
		drawing := render.Drawing{W: render.CardW, H: render.CardH, Title: k.title, Items: f.Items}
		img := "cards/" + k.id + ".svg"
		extra[string(l)+"/"+img] = drawing.SVG(string(l))
		r := cardRow{ID: k.id, Name: k.title, KindID: k.kind, Kind: kindLabel(k.kind, l), Img: img, Cost: k.cost, Level: k.level}
		var body []string
		for _, b := range k.blocks {
			r.Lines = append(r.Lines, markup(typoText(b.Text, l)))
			body = append(body, plain(b.Text))
		}
		r.Body = strings.Join(body, " ")
		if k.kind == "building" {
			r.Name = fmt.Sprintf("%s %d", k.title, k.level)
		}
		rows = append(rows, r)
	}
	stat := func(r *cardRow, st, en, su, rfs int) {
		r.ST, r.EN, r.RFS = st, en, rfs
		r.Stats = append(r.Stats, statRow{"ST", fmt.Sprint(st)}, statRow{"EN", fmt.Sprint(en)}, statRow{"SU", fmt.Sprint(su)}, statRow{"RFS", fmt.Sprint(rfs)})
		r.Body = stats(st, en, su, rfs)
	}
	for _, u := range cat.Units {
		r := cardRow{ID: "unit-" + u.ID, Name: u.Name.In(l), KindID: "defender", Kind: kindLabel("defender", l), Cost: total(u.Cost)}
		stat(&r, u.ST, u.EN, u.SU, u.RFS)
		r.Stats = append(r.Stats, statRow{word("cost", l), c.cost(u.Cost, l)})
		if u.Locked {
			r.Stats = append(r.Stats, statRow{label("card.locked", l), label("yes", l)})
		}
		rows = append(rows, r)
	}
	for _, e := range cat.Enemies {
		r := cardRow{ID: "foe-" + e.ID, Name: e.Name.In(l), KindID: "foe", Kind: kindLabel("foe", l)}
		stat(&r, e.ST, e.EN, e.SU, e.RFS)
		if f := cvcatalog.Find(cat.Factions, e.Faction, func(x *cvcatalog.Faction) string { return x.ID }); f != nil {
			r.Stats = append(r.Stats, statRow{label("card.faction", l), f.Name.In(l)})
			r.Body += " " + f.Name.In(l)
		}
		if e.Aerial {
			r.Stats = append(r.Stats, statRow{label("card.aerial", l), label("yes", l)})
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// total is a cost's resources added up.
func total(k cvcatalog.Cost) int {
	n := 0
	for _, x := range k.Amounts() {
		n += x
	}
	return n
}

// searchFields are the fields of the card search in l.
func searchFields(l lang.Lang) []site.SearchField {
	var kinds []site.SearchValue
	for _, k := range cardKinds {
		kinds = append(kinds, site.SearchValue{ID: k, Label: kindLabel(k, l), Names: []string{kindLabel(k, l)}})
	}
	T := func(k string) string { return label(k, l) }
	return []site.SearchField{
		{Name: "name", Alias: "n", Kind: "text", Label: T("field.name")},
		{Name: "text", Alias: "x", Kind: "text", Label: T("field.text")},
		{Name: "type", Alias: "t", Kind: "word", Label: T("field.type"), Values: kinds},
		{Name: "level", Alias: "lv", Kind: "number", Label: T("field.level")},
		{Name: "st", Alias: "st", Kind: "number", Label: T("field.st")},
		{Name: "en", Alias: "en", Kind: "number", Label: T("field.en")},
		{Name: "rfs", Alias: "rfs", Kind: "number", Label: T("field.rfs")},
		{Name: "cost", Alias: "o", Kind: "number", Label: T("field.cost")},
	}
}

// trackerSave is a save sheet as the campaign tracker shows it.
type trackerSave struct {
	Campaign, Scenario, Result string
	Players                    []string
	Rows                       []statRow
}

// tracker is the campaign tracker's data: each save sheet of the
// content, the campaign's state after its scenario (C-SAVE-2).
func (c *Content) tracker(l lang.Lang) []trackerSave {
	cat := c.Catalog
	T := func(key string) string { return label(key, l) }
	var out []trackerSave
	for _, sv := range cat.Saves {
		ts := trackerSave{Campaign: sv.Campaign, Scenario: fmt.Sprintf("%s %d", T("campaign.scenario"), sv.Scenario), Result: T("result." + sv.Result)}
		if sc := cvcatalog.Find(cat.Scenarios, fmt.Sprint(sv.Scenario), func(x *cvcatalog.Scenario) string { return fmt.Sprint(x.Number) }); sc != nil {
			ts.Scenario += " (" + sc.Name.In(l) + ")"
		}
		for _, p := range sv.Players {
			hero := p.Hero
			if h := cat.Hero(p.Hero); h != nil {
				hero = h.Name.In(l)
			}
			ts.Players = append(ts.Players, p.Name+colon(l)+hero)
		}
		row := func(k, v string) { ts.Rows = append(ts.Rows, statRow{k, v}) }
		var res []string
		for _, r := range cat.Resources {
			res = append(res, fmt.Sprintf("%s %d", r.Name.In(l), sv.Resources[r.ID]))
		}
		row(T("resources"), strings.Join(res, ", "))
		var bl []string
		for _, x := range cat.Buildings {
			bl = append(bl, fmt.Sprintf("%s %d", x.Name.In(l), sv.Buildings[x.ID]))
		}
		row(T("buildings"), strings.Join(bl, ", "))
		for _, sec := range cat.Sections {
			x := sv.Sections[sec.ID]
			lv := cat.Fortifications.Levels(sec.Kind)
			lname := ""
			if x.Level < len(lv) {
				lname = lv[x.Level].Name.In(l)
			}
			var units []string
			for _, u := range cat.Units {
				if n := x.Units[u.ID]; n > 0 {
					units = append(units, fmt.Sprintf("%d %s", n, u.Name.In(l)))
				}
			}
			// the defenders' engines mounted on the section (C-SAVE-2)
			for _, e := range cat.Engines {
				if n := x.Engines[e.ID]; n > 0 {
					units = append(units, fmt.Sprintf("%d %s", n, e.Name.In(l)))
				}
			}
			row(strings.ToUpper(sec.ID), fmt.Sprintf("%s, %s %d; %s", lname, T("resistance"), x.Resistance, strings.Join(units, ", ")))
		}
		var ring []string
		for _, g := range cat.Ring {
			if k := sv.Ring[g.ID]; k != "" {
				ring = append(ring, strings.ToUpper(g.ID)+" "+T("ring."+k))
			}
		}
		row(T("ring"), strings.Join(ring, ", "))
		var techs []string
		for _, t := range sv.Technologies {
			if x := cvcatalog.Find(cat.Technologies, t, func(x *cvcatalog.Technology) string { return x.ID }); x != nil {
				techs = append(techs, x.Name.In(l))
			}
		}
		row(T("technologies"), strings.Join(techs, ", "))
		out = append(out, ts)
	}
	return out
}
