package warstuff

import (
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// The Warstuff site is drawn in the shared frame of package site (its
// layout, stylesheet, language switch, root and 404 pages, sitemap,
// search and glossary links): this file gives it the pages, in both
// languages —
//
//	index.html                 home: the chapters, the scenarios, a search box
//	rules/<slug>.html          a rules chapter (rules/<lang>/NN-slug.md)
//	profiles/index.html        the profile database, searched by assets/search.js
//	profiles/<id>.html, .svg   a profile or creature: its card, its cost part by part
//	glossary.html              the special rules, each at #term-<id>
//	bands.html                 the sample bands
//	bandbuilder.html           the band builder (bandbuilder.go)
//	404.html
//
// and its own assets (assets/warstuff.css, the band builder's files).

//go:embed assets templates
var assets embed.FS

// templates are the Warstuff page templates, each drawn in the frame.
var templates = func() fs.FS {
	t, err := fs.Sub(assets, "templates")
	if err != nil {
		panic(err) // the embedded folder is there
	}
	return t
}()

// chapterPath is a rules chapter's page in the language folder.
func chapterPath(slug string) string { return "rules/" + slug + ".html" }

func init() {
	for k, v := range map[string]wscatalog.Text{
		"site.tagline": {EN: "Rules and profile database", FR: "Règles et base de profils"},
		"home.intro": {
			EN: "Warstuff, a skirmish game of small bands: the rules, the profiles with their point costs part by part, the special rules, sample bands and a band builder.",
			FR: "Warstuff, un jeu d’escarmouche en petites bandes : les règles, les profils et le détail de leur coût en points, les règles spéciales, des bandes d’exemple et un outil pour créer sa bande.",
		},
		"footer.text":        {EN: "Warstuff — rules written in our own words. Built by wbtool.", FR: "Warstuff — règles écrites avec nos propres mots. Généré par wbtool."},
		"notfound.text":      {EN: "This page does not exist. Try the profiles or the rules.", FR: "Cette page n’existe pas. Essayez les profils ou les règles."},
		"search.label":       {EN: "Find a profile", FR: "Trouver un profil"},
		"search.placeholder": {EN: "Name, rule, or q<=4 o<=10 k:deadly…", FR: "Nom, règle, ou q<=4 o<=10 k:mortel…"},
		"search.count":       {EN: "profiles match", FR: "profils correspondent"},
		"search.none":        {EN: "No profile matches.", FR: "Aucun profil ne correspond."},
		"search.help.intro":  {EN: "Type words to find the profiles whose name, weapon or special rules contain them, or name a field. Capitals and accents never matter.", FR: "Tapez des mots pour trouver les profils dont le nom, l’arme ou les règles spéciales les contiennent, ou nommez un champ. Majuscules et accents ne comptent jamais."},
		"search.field.name":  {EN: "Name", FR: "Nom"},
		"search.field.text":  {EN: "Weapon, special rules and their reminders", FR: "Arme, règles spéciales et leurs rappels"},
		"search.field.type":  {EN: "Profile or creature", FR: "Profil ou créature"},
		"search.field.q":     {EN: "Quality (the roll needed)", FR: "Qualité (le jet à obtenir)"},
		"search.field.range": {EN: "Range in inches (0: melee only or flame)", FR: "Portée en pouces (0 : corps-à-corps ou lance-flammes)"},
		"search.field.cost":  {EN: "Cost in points", FR: "Coût en points"},
		"search.field.rule":  {EN: "Special rule or psychic power", FR: "Règle spéciale ou pouvoir psychique"},
		"rules.onPage":       {EN: "On this page", FR: "Sur cette page"},
		"home.browse":        {EN: "Browse the profiles", FR: "Parcourir les profils"},
		"home.rules":         {EN: "Read the rules", FR: "Lire les règles"},
		"glossary.intro":     {EN: "Every special rule and psychic power, with its cost and a short reminder, and the game’s terms. The rules and the profiles link here.", FR: "Chaque règle spéciale et chaque pouvoir psychique, avec son coût et un court rappel, et les termes du jeu. Les règles et les profils renvoient ici."},
		"kind.term":          {EN: "game term", FR: "terme de jeu"},
	} {
		wscatalog.Labels[k] = v
	}
}

// label is an interface word in l: the content's or Warstuff's (its
// labels, then its pages' words), else the frame's own (nav.skip,
// lang.switch, the search's messages) or the errata's shared words.
func label(cat *wscatalog.Catalog, key string, l wscatalog.Lang) string {
	if s := cat.Label(key, l); s != "" {
		return s
	}
	if t, ok := pageWords[key]; ok {
		return t.Show(l)
	}
	if s, ok := site.FrameWord(key, l); ok {
		return s
	}
	if s, ok := changes.Word(key, l, nil); ok {
		return s
	}
	return key
}

type link struct{ Href, Label string }

type profileRow struct {
	ID, Name, Kind, KindID, Weapon, Rules string
	CostLine                              string // "Cost: 16 pts", in the page's typography
	Quality, Cost, Range                  int
	Parts                                 []string
	Reminders                             []ruleRow
	Stats                                 []template.HTML
	RuleIDs                               []string
	// History is what changed on the profile since the errata's version
	// (errata.go).
	History []historyStep
}

type ruleRow struct {
	ID, Name, Kind, Reminder string
	Cost                     string
}

type bandRow struct {
	ID, Name                   string
	Format, Total, Count, MaxN int
	Lines                      []string
	Share                      template.URL
}

type scenarioRow struct{ Name, Summary string }

// Site builds the Warstuff site in the shared frame. A link of a rules
// chapter to a missing chapter, anchor or page, and a rule number no
// chapter anchors, are errors at the link; with opts.CheckOnly the site
// is checked the same and nothing is returned.
func (c *Content) Site(opts ruleset.SiteOptions) (dist.Files, error) {
	cat := c.Catalog
	rulesPages := c.rulesPages()
	chapters, errs := site.Chapters(rulesPages, site.RulesOptions{RulePrefix: "WS", Path: chapterPath, RequireAnchors: true,
		Noun: "profile", Entity: func(id string, l wscatalog.Lang) (string, string, bool) {
			if p := cat.Profile(id); p != nil {
				return p.Name.In(l), "profiles/" + id + ".html", true
			}
			if p := cat.Creature(id); p != nil {
				return p.Name.In(l), "profiles/" + id + ".html", true
			}
			return "", "", false
		},
		Draw: ruleset.DrawSVG(c.figure)})
	// the chapters' problems are reported with the links to other pages
	// checked below: one verdict, every problem at once
	var pages []site.Page
	extra := dist.Files{}
	for _, l := range c.langs() {
		for _, ch := range chapters[l] {
			for _, f := range ch.Figures { // [[map:…]], [[token:…]], [[dice:…]]
				extra[string(l)+"/"+f.Path] = f.SVG
			}
		}
	}
	for _, l := range c.langs() {
		ps, err := c.langPages(l, chapters[l], extra, opts.Preview)
		if err != nil {
			return nil, err
		}
		pages = append(pages, ps...)
	}
	if err := c.bandBuilderFiles(extra); err != nil {
		return nil, err
	}
	// the glossary links the special rules by their name as written
	// (capitalised: "Fast" is a rule, "fast" a word) and the game terms
	// in any case
	var terms []lang.Term
	isRule := map[string]bool{}
	for _, r := range cat.Rules {
		terms = append(terms, lang.Term{ID: r.ID, Term: r.Name, Definition: r.Reminder})
		isRule[r.ID] = true
	}
	for _, g := range cat.Glossary {
		terms = append(terms, lang.Term{ID: termID(g.ID), Term: g.Term, Definition: g.Definition})
	}
	// the French chapters write the apostrophe as typography does (l’état),
	// the content as typed (l'état): a term is found either way
	for _, t := range terms {
		if fr := strings.ReplaceAll(t.Term.FR, "'", "’"); fr != t.Term.FR {
			terms = append(terms, lang.Term{ID: t.ID, Term: lang.Text{FR: fr}, Definition: t.Definition})
		}
	}
	frame := site.Frame{
		Label:   func(key string, l lang.Lang) string { return label(cat, key, l) },
		BaseURL: opts.BaseURL,
		Langs:   c.langs(),
		Nav: []site.NavItem{{Section: "rules", Path: "index.html", Label: "site.rules"}, {Section: "profiles", Path: "profiles/index.html", Label: "site.profiles"},
			{Section: "glossary", Path: "glossary.html", Label: "site.glossary"}, {Section: "bands", Path: "bands.html", Label: "site.bands"},
			{Section: "builder", Path: bandBuilderPage, Label: "site.builder"}},
		Styles:    []string{"assets/warstuff.css"},
		Templates: templates,
		Glossary:  terms, GlossaryPage: "glossary.html", Exact: func(id string) bool { return isRule[id] },
		Version: render.VersionLabel(cmp.Or(cat.Version, c.setVersion)),
	}
	drawn := pages
	if opts.CheckOnly {
		// only the chapters' links are read from drawn pages (brokenLinks):
		// the other pages are made as data, counted as existing, not drawn
		drawn = nil
		for _, p := range pages {
			if p.Template == "chapter" || p.Path == "404.html" {
				drawn = append(drawn, p)
			}
		}
	}
	files, err := frame.Build(drawn)
	if err != nil {
		return nil, err
	}
	out := dist.Files(files)
	if opts.CheckOnly {
		for _, p := range pages {
			if k := string(p.Lang) + "/" + p.Path; out[k] == nil {
				out[k] = []byte{}
			}
		}
	}
	for p, b := range extra {
		out[p] = b
	}
	css, err := assets.ReadFile("assets/warstuff.css")
	if err != nil {
		return nil, err
	}
	out["assets/warstuff.css"] = css
	if errs = append(errs, c.brokenLinks(out)...); len(errs) > 0 {
		return nil, errs.Sorted()
	}
	if opts.CheckOnly {
		return nil, nil
	}
	return out, nil
}

// langPages are the pages of language l; the profile images and search
// index go to extra.
func (c *Content) langPages(l wscatalog.Lang, chapters []site.Chapter, extra dist.Files, preview bool) ([]site.Page, error) {
	cat := c.Catalog
	T := func(key string) string { return label(cat, key, l) }
	var pages []site.Page
	add := func(p site.Page) { p.Lang = l; pages = append(pages, p) }

	// Rules chapters.
	var chapterLinks []link
	for _, ch := range chapters {
		chapterLinks = append(chapterLinks, link{Href: chapterPath(ch.Slug), Label: ch.Title})
	}
	for i, ch := range chapters {
		d := site.ChapterData(chapters, i, chapterPath)
		add(site.Page{Path: chapterPath(ch.Slug), Template: "chapter", Title: ch.Title, Section: "rules", Data: d})
	}

	// Home.
	var scenarios []scenarioRow
	for _, s := range cat.Scenarios {
		scenarios = append(scenarios, scenarioRow{Name: s.Name.In(l), Summary: typoText(s.Summary.In(l), l)})
	}
	var bandLinks []link
	for _, b := range cat.Bands {
		bandLinks = append(bandLinks, link{Href: "bands.html#" + b.ID, Label: b.Name.In(l)})
	}
	add(site.Page{Path: "index.html", Template: "home", Title: T("site.title"), Section: "rules",
		Data: map[string]any{"Chapters": chapterLinks, "Scenarios": scenarios, "Bands": bandLinks, "Count": len(c.cards()), "Rules": len(cat.Rules), "Errata": c.errataLink(l), "Reference": siteReference() != nil}})
	for _, p := range designerPages(T) {
		add(p)
	}
	if d := c.errataData(l, preview); d != nil {
		add(site.Page{Path: errataPage, Template: "errata", Title: T("errata.title"), Section: "rules", Data: d})
	}

	// Profiles: a page each, and the list with its search.
	var rows []profileRow
	var entries []site.SearchEntry
	for _, p := range c.cards() {
		row := c.profileRow(p, l)
		rows = append(rows, row)
		row.History = c.profileHistory(p, l) // errata.go
		desc := typoText(fmt.Sprintf("%s: %s %d+, %s, %s %s.", row.Name, strings.ToLower(T("quality")), row.Quality, row.Weapon, strings.ToLower(T("cost")), cat.Points(row.Cost, l)), l)
		add(site.Page{Path: "profiles/" + p.ID + ".html", Template: "profile", Title: row.Name, Section: "profiles", Description: desc, Image: p.ID + ".svg", Data: row})
		items, err := ProfileCard(cat, p, l, 0, 0)
		if err != nil { // the layout stage's problem too: one report at the profile
			return nil, diag.List{diag.Errorf(p.Pos, "", "%v", err)}
		}
		drawing := render.Drawing{W: render.CardW, H: render.CardH, Title: row.Name, Items: items}
		extra[string(l)+"/profiles/"+p.ID+".svg"] = drawing.SVG(string(l))
		var reminders []string
		for _, r := range row.Reminders {
			reminders = append(reminders, r.Name+": "+r.Reminder)
		}
		entries = append(entries, site.SearchEntry{ID: p.ID, Name: row.Name, Kind: row.KindID, Cost: p.Cost, Img: "profiles/" + p.ID + ".svg",
			Body:  strings.Join(append([]string{row.Weapon}, reminders...), " · "),
			Num:   map[string]int{"quality": p.Quality, "range": row.Range, "cost": p.Cost},
			Words: map[string][]string{"type": {row.KindID}, "rule": row.RuleIDs}})
	}
	// by name in the page's language, as a reader looks for them
	slices.SortStableFunc(rows, func(a, b profileRow) int {
		return cmp.Or(cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	fields := c.searchFields(l)
	js, data := site.SearchIndex(fields, entries, T, "profiles/index.html#search-help")
	extra[string(l)+"/search-index.js"], extra[string(l)+"/search-index.json"] = js, data
	sorts := []link{{"relevance", T("sort.relevance")}, {"name", T("sort.name")}, {"cost", T("sort.cost")}, {"quality", T("quality")}}
	add(site.Page{Path: "profiles/index.html", Template: "profiles", Title: T("site.profiles"), Section: "profiles",
		Data: map[string]any{"Items": rows, "Sorts": sorts, "Fields": fields, "Words": site.SearchWords()}})

	// Glossary: every special rule and game term, by name in the page's
	// language.
	var rules []ruleRow
	for i := range cat.Rules {
		rules = append(rules, ruleRowOf(cat, &cat.Rules[i], l))
	}
	for _, g := range cat.Glossary {
		rules = append(rules, ruleRow{ID: termID(g.ID), Name: g.Term.In(l), Kind: T("kind.term"), Reminder: typoText(g.Definition.In(l), l)})
	}
	slices.SortStableFunc(rules, func(a, b ruleRow) int {
		return cmp.Or(cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	add(site.Page{Path: "glossary.html", Template: "glossary", Title: T("site.glossary"), Section: "glossary", Data: rules})

	// Bands.
	var bands []bandRow
	for _, b := range cat.Bands {
		row := bandRow{ID: b.ID, Name: b.Name.In(l), Format: b.Format, Total: b.Total, Count: b.Count, MaxN: b.MaxFigures, Share: bandLink(&b, l)}
		for _, f := range b.Figures {
			if p := cat.Profile(f.Profile); p != nil {
				row.Lines = append(row.Lines, fmt.Sprintf("%d × %s (%s) = %d", f.Count, p.Name.In(l), cat.Points(p.Cost, l), f.Count*p.Cost))
			}
		}
		bands = append(bands, row)
	}
	add(site.Page{Path: "bands.html", Template: "bands", Title: T("site.bands"), Section: "bands", Data: bands})

	bb, err := c.bandBuilderPage(l)
	if err != nil {
		return nil, err
	}
	add(bb)
	add(site.Page{Path: "404.html", Template: "notfound", Title: T("notfound.title")})
	return pages, nil
}

// termID is a game term's id in the glossary's anchors (term-glossary-<id>),
// apart from the special rules' (term-<id>).
func termID(id string) string { return "glossary-" + id }

// searchFields are the fields of the profile search in language l.
func (c *Content) searchFields(l wscatalog.Lang) []site.SearchField {
	cat := c.Catalog
	T := func(key string) string { return label(cat, key, l) }
	kinds := []site.SearchValue{{ID: "profile", Label: T("profile"), Names: []string{T("profile")}}, {ID: "creature", Label: T("creature"), Names: []string{T("creature")}}}
	var rules []site.SearchValue
	for _, r := range cat.Rules {
		rules = append(rules, site.SearchValue{ID: r.ID, Label: r.Name.In(l), Names: []string{r.Name.In(l)}})
	}
	return []site.SearchField{
		{Name: "name", Alias: "n", Kind: "text", Label: T("search.field.name")},
		{Name: "text", Alias: "x", Kind: "text", Label: T("search.field.text")},
		{Name: "type", Alias: "t", Kind: "word", Label: T("search.field.type"), Values: kinds},
		{Name: "quality", Alias: "q", Kind: "number", Label: T("search.field.q")},
		{Name: "range", Alias: "r", Kind: "number", Label: T("search.field.range")},
		{Name: "cost", Alias: "o", Kind: "number", Label: T("search.field.cost")},
		{Name: "rule", Alias: "k", Kind: "word", Label: T("search.field.rule"), Values: rules},
	}
}

// hrefs finds the links of a page.
var hrefs = regexp.MustCompile(`href="([^"]*)"`)

// brokenLinks checks the links of the rules chapters (the designer's
// Markdown) to other pages of the site: each must name a file the site
// has; an error at the link otherwise. (Links between chapters and their
// anchors are checked by site.Chapters.)
func (c *Content) brokenLinks(out dist.Files) diag.List {
	var d diag.List
	for _, pg := range c.Catalog.Pages {
		slug := pg.Name
		if i := strings.IndexByte(slug, '-'); i > 0 {
			if _, err := strconv.Atoi(slug[:i]); err == nil {
				slug = slug[i+1:]
			}
		}
		page := string(pg.Lang) + "/" + chapterPath(slug)
		body := out[page]
		if i := bytes.Index(body, []byte(`<article`)); i >= 0 {
			body = body[i:] // the chapter, not the frame
		}
		for _, m := range hrefs.FindAllSubmatch(body, -1) {
			href := html.UnescapeString(string(m[1]))
			target, _, _ := strings.Cut(href, "#")
			if target == "" || strings.Contains(target, ":") || strings.HasPrefix(target, "/") || strings.HasSuffix(target, ".md") {
				continue // an anchor of the page, another site, the root, a chapter (site.Chapters)
			}
			if _, ok := out[path.Join(path.Dir(page), target)]; !ok {
				pos := pg.Pos
				if i := bytes.Index(pg.Src, []byte("]("+href)); i >= 0 {
					// at the link in the Markdown
					line := pg.Src[:i]
					pos.Line = 1 + bytes.Count(line, []byte("\n"))
					pos.Col = 1 + utf8.RuneCount(line[bytes.LastIndexByte(line, '\n')+1:]) + 1
				}
				d = append(d, diag.Errorf(pos, "", "link to %q: the site has no such page (link another chapter by its file, 2-building.md#WS-BUILD-1; the profiles are ../profiles/<id>.html)", href))
			}
		}
	}
	return d
}

func (c *Content) profileRow(p *wscatalog.Profile, l wscatalog.Lang) profileRow {
	cat := c.Catalog
	row := profileRow{ID: p.ID, Name: p.Name.In(l), Quality: p.Quality, Cost: p.Cost, Rules: ruleNames(cat, append(append([]string{}, p.Rules...), p.Traits...), l),
		KindID: "profile", Kind: cat.Label("profile", l)}
	if cat.Creature(p.ID) == p {
		row.KindID, row.Kind = "creature", cat.Label("creature", l)
	}
	switch {
	case p.Ranged != nil:
		row.Weapon, row.Range = weaponText(cat, *p.Ranged, l), p.Ranged.RangeInches()
	case len(p.Variable) == 2:
		row.Weapon = weaponText(cat, p.Variable[0], l) + " / " + weaponText(cat, p.Variable[1], l)
		row.Range = max(p.Variable[0].RangeInches(), p.Variable[1].RangeInches())
	default:
		row.Weapon = cat.Label("melee-only", l)
	}
	for _, s := range statLines(cat, p, l) {
		row.Stats = append(row.Stats, inlineMarkup(typoText(s, l)))
	}
	row.CostLine = typoText(cat.Label("cost", l)+": "+cat.Points(p.Cost, l), l)
	colon := ": "
	if l == lang.French {
		colon = typo.NBSP + ": " // also after "2+", where typo.French leaves it (a score, 2+:1, is no phrase)
	}
	for _, part := range p.Parts {
		row.Parts = append(row.Parts, typoText(partLabel(cat, part, l), l)+colon+strconv.Itoa(part.Points))
	}
	for _, id := range ruleIDs(p) {
		if r := cat.Rule(id); r != nil {
			row.Reminders = append(row.Reminders, ruleRowOf(cat, r, l))
			row.RuleIDs = append(row.RuleIDs, id)
		}
	}
	return row
}

func ruleRowOf(cat *wscatalog.Catalog, r *wscatalog.Rule, l wscatalog.Lang) ruleRow {
	row := ruleRow{ID: r.ID, Name: r.Name.In(l), Kind: cat.Label("kind."+string(r.Kind), l), Reminder: typoText(r.Reminder.In(l), l)}
	if r.Kind != wscatalog.CreatureRule && r.Kind != wscatalog.PowerRule {
		row.Cost = typoText(cat.Points(r.Cost, l), l)
	}
	return row
}

// inlineMarkup renders the card markup of a stat line (**strong**,
// *emphasis*) as HTML, every text escaped.
func inlineMarkup(s string) template.HTML {
	var b bytes.Buffer
	if err := goldmark.Convert([]byte(s), &b); err != nil {
		return template.HTML(template.HTMLEscapeString(s))
	}
	h := strings.TrimSpace(b.String())
	h = strings.TrimSuffix(strings.TrimPrefix(h, "<p>"), "</p>")
	return template.HTML(h) // goldmark escapes text and drops raw HTML
}

func typoText(s string, l wscatalog.Lang) string {
	if l == lang.French {
		return typo.French(s, false)
	}
	return s
}
