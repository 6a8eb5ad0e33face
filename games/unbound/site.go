package unbound

import (
	"cmp"
	"embed"
	"fmt"
	"html"
	"html/template"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// The 40k Unbound site is drawn in the shared frame of package site (its
// layout, stylesheet, Content-Security-Policy, language switch, root and
// 404 pages, sitemap with hreflang, search and glossary links), as
// Warstuff's and Warbound's are. This file gives it the pages, in both
// languages —
//
//	index.html          home: the chapters, a search box, the other pages
//	rules/<slug>.html   a rules chapter (rules/<lang>/N-slug.md), rule anchors
//	orders.html         the order database, searched by assets/search.js:
//	                    orders, units, special rules, terms, numbered rules
//	glossary.html       the terms and special rules, each at #term-…
//	armies.html         the sample forces, each unit at #unit-<id>
//	scope.html          what the engine checks, what it leaves to the table
//	errata.html         with --since: what changed
//	404.html
//
// and its own stylesheet (assets/unbound.css).

//go:embed templates assets
var siteFS embed.FS

// siteTemplates are the page templates, each drawn in the frame.
var siteTemplates = func() fs.FS {
	t, err := fs.Sub(siteFS, "templates")
	if err != nil {
		panic(err) // the embedded folder is there
	}
	return t
}()

// chapterPath is a rules chapter's page in the language folder.
func chapterPath(slug string) string { return "rules/" + slug + ".html" }

// sl is a site word in l, unescaped (the templates escape).
func sl(key string, l lang.Lang) string {
	if t, ok := siteWords[key]; ok {
		return typoText(t.In(l), l)
	}
	if s, ok := site.FrameWord(key, l); ok {
		return s
	}
	return key
}

type link struct{ Href, Label string }

// entry is one thing of the order database: an order, a unit, a special
// rule, a glossary term or a numbered rule.
type entry struct {
	ID, Anchor, Href   string
	Name, Kind, KindID string
	Rule, RuleHref     string
	Lines              []link // label: value lines
	Text               string
	search             site.SearchEntry
}

// Site builds the site in the frame. A link of a rules chapter to a
// missing chapter, anchor or page, a rule number no chapter anchors and
// an unknown [[id]] are errors at the link; with so.CheckOnly the site is
// checked the same and nothing is returned.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	cat := c.Catalog
	var rulesPages []lang.RulesPage
	for _, p := range cat.Pages {
		rulesPages = append(rulesPages, lang.RulesPage{Lang: lang.Lang(p.Lang), Path: p.Pos.File, Source: []byte(p.Body)})
	}
	chapters, problems, err := site.RenderChapters(rulesPages, site.RulesOptions{RulePrefix: "U", Path: chapterPath, RequireAnchors: true,
		Noun: "order or unit", Entity: func(id string, l lang.Lang) (string, string, bool) {
			if o := cat.Order(id); o != nil {
				return o.Name.In(l), "orders.html#" + id, true
			}
			if u := cat.Unit(id); u != nil {
				return u.Name.In(l), "armies.html#unit-" + id, true
			}
			return "", "", false
		},
		Draw: ruleset.DrawSVG(c.figure)})
	if err != nil {
		return nil, err
	}
	var pages []site.Page
	extra := dist.Files{}
	for _, l := range lang.Langs {
		for _, ch := range chapters[l] {
			for _, f := range ch.Figures { // [[token:…]], [[dice:…]]
				extra[string(l)+"/"+f.Path] = f.SVG
			}
		}
	}
	for _, l := range lang.Langs {
		pages = append(pages, c.langPages(l, chapters[l], extra, so.Preview)...)
	}
	// the glossary links the special rules by their name as written
	// (capitalised: "Fear" is a rule) and the game terms in any case
	var terms []lang.Term
	isRule := map[string]bool{}
	for _, r := range cat.SpecialRules {
		terms = append(terms, lang.Term{ID: r.ID, Term: r.Name, Definition: r.Text})
		isRule[r.ID] = true
	}
	for _, g := range cat.Glossary {
		terms = append(terms, lang.Term{ID: termID(g.ID), Term: g.Term, Definition: g.Text})
	}
	// the content types apostrophes straight, the typographer curls them
	for _, t := range terms {
		if fr := strings.ReplaceAll(t.Term.FR, "'", "’"); fr != t.Term.FR {
			terms = append(terms, lang.Term{ID: t.ID, Term: lang.Text{FR: fr}, Definition: t.Definition})
		}
		if en := strings.ReplaceAll(t.Term.EN, "'", "’"); en != t.Term.EN {
			terms = append(terms, lang.Term{ID: t.ID, Term: lang.Text{EN: en}, Definition: t.Definition})
		}
	}
	frame := site.Frame{
		Label:   sl,
		BaseURL: so.BaseURL,
		Nav: []site.NavItem{{Section: "rules", Path: "index.html", Label: "rules"}, {Section: "orders", Path: "orders.html", Label: "orders"},
			{Section: "glossary", Path: "glossary.html", Label: "glossary"}, {Section: "armies", Path: "armies.html", Label: "armies"},
			{Section: "scope", Path: "scope.html", Label: "scope.short"}},
		Styles:    []string{"assets/unbound.css"},
		Templates: siteTemplates,
		Glossary:  terms, GlossaryPage: "glossary.html", Exact: func(id string) bool { return isRule[id] },
		Version: render.VersionLabel(cmp.Or(c.Catalog.ContentVersion, c.setVersion)),
	}
	files, err := frame.Build(pages)
	if err != nil {
		return nil, err
	}
	out := dist.Files(files)
	for p, b := range extra {
		out[p] = b
	}
	css, err := siteFS.ReadFile("assets/unbound.css")
	if err != nil {
		return nil, err
	}
	out["assets/unbound.css"] = css
	problems = append(problems, site.CheckChapterLinks(chapters, site.SiteHas(out))...)
	if len(problems) > 0 {
		return nil, problems.Sorted()
	}
	if so.CheckOnly {
		return nil, nil
	}
	if so.Emit != nil {
		for _, rel := range site.Files(out).Paths() {
			so.Emit(rel, out[rel])
		}
	}
	return out, nil
}

// termID is a game term's id in the glossary's anchors
// (term-glossary-<id>), apart from the special rules' (term-<id>).
func termID(id string) string { return "glossary-" + id }

// langPages are the pages of language l; its search index goes to extra.
func (c *Content) langPages(l lang.Lang, chapters []site.Chapter, extra dist.Files, preview bool) []site.Page {
	cat := c.Catalog
	var pages []site.Page
	add := func(p site.Page) { p.Lang = l; pages = append(pages, p) }

	// Rules chapters.
	var chapterLinks []link
	var scope *site.Chapter
	for i, ch := range chapters {
		chapterLinks = append(chapterLinks, link{Href: chapterPath(ch.Slug), Label: ch.Title})
		if strings.Contains(ch.Slug, "scope") && scope == nil {
			scope = &chapters[i]
		}
	}
	for i, ch := range chapters {
		d := site.ChapterData(chapters, i, chapterPath)
		add(site.Page{Path: chapterPath(ch.Slug), Template: "chapter", Title: ch.Title, Section: "rules", Data: d})
	}

	// Home.
	var forces []link
	for _, a := range cat.Armies {
		forces = append(forces, link{Href: "armies.html#" + a.ID, Label: a.Name.In(l)})
	}
	home := map[string]any{"Chapters": chapterLinks, "Forces": forces, "Orders": len(cat.Orders), "Checks": len(cat.Checks)}
	if !preview {
		home["Print"] = "../print/cards-" + string(l) + ".pdf"
	}
	if c.errataPage(l) != "" {
		home["Errata"] = true
	}
	add(site.Page{Path: "index.html", Template: "home", Title: sl("title", l), Section: "rules", Data: home})

	// The order database and its search.
	entries := c.entries(l, chapters)
	var index []site.SearchEntry
	for _, e := range entries {
		index = append(index, e.search)
	}
	T := func(key string) string { return sl(key, l) }
	fields := c.searchFields(l)
	js, data := site.SearchIndex(fields, index, T, "orders.html#search-help")
	extra[string(l)+"/search-index.js"], extra[string(l)+"/search-index.json"] = js, data
	sorts := []link{{"relevance", T("sort.relevance")}, {"name", T("sort.name")}, {"type", T("sort.type")}}
	add(site.Page{Path: "orders.html", Template: "orders", Title: T("orders"), Section: "orders",
		Description: T("orders.intro"), Data: map[string]any{"Items": entries, "Sorts": sorts, "Fields": fields, "Words": site.SearchWords()}})

	// Glossary: every special rule and game term, by name in the page's
	// language.
	var gloss []entry
	for _, e := range entries {
		if e.KindID == "rule" && strings.HasPrefix(e.ID, "sr-") || e.KindID == "term" {
			gloss = append(gloss, e)
		}
	}
	slices.SortStableFunc(gloss, func(a, b entry) int {
		return cmp.Or(cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	add(site.Page{Path: "glossary.html", Template: "glossary", Title: T("glossary"), Section: "glossary", Data: gloss})

	// The sample forces.
	add(site.Page{Path: "armies.html", Template: "armies", Title: T("armies"), Section: "armies", Data: c.forces(l)})

	// Scope: the scope chapter, its links from the language folder.
	sd := map[string]any{"Standin": typoText(words["standin"].In(l), l), "Orders": len(cat.Orders), "Checks": len(cat.Checks)}
	if scope != nil {
		sd["Body"] = template.HTML(rebase(string(scope.Body), "rules")) // the chapter's HTML, made by site's Markdown
		sd["Chapter"] = chapterPath(scope.Slug)
	}
	add(site.Page{Path: "scope.html", Template: "scope", Title: T("scope"), Section: "scope", Description: typoText(words["standin"].In(l), l), Data: sd})

	if e := c.errataPage(l); e != "" {
		// the errata page's HTML escapes every text (exports.go)
		add(site.Page{Path: "errata.html", Template: "errata", Title: T("errata"), Section: "rules", Data: template.HTML(e)})
	}
	add(site.Page{Path: "404.html", Template: "notfound", Title: T("notfound.title")})
	return pages
}

// relHref finds the relative links of a page's HTML.
var relHref = regexp.MustCompile(`href="([^"#:/][^"]*)"`)

// rebase makes the relative links of HTML written for a page in folder
// dir relative to the folder above it.
func rebase(body, dir string) string {
	return relHref.ReplaceAllStringFunc(body, func(m string) string {
		target := m[len(`href="`) : len(m)-1]
		return `href="` + path.Join(dir, target) + `"`
	})
}

// ruleText finds the numbered rules a chapter anchors and their text: the
// rest of the paragraph or list item that starts with the anchor.
var ruleText = regexp.MustCompile(`(?s)<a class="rule-id" id="([^"]+)"[^>]*>[^<]*</a>(.*?)</(?:li|p)>`)

// tags are HTML tags, left out of the search's plain text.
var tags = regexp.MustCompile(`<[^>]*>`)

func plain(h string) string {
	s := html.UnescapeString(tags.ReplaceAllString(h, ""))
	s = strings.TrimLeft(s, " :\u00a0\u202f")
	return strings.Join(strings.Fields(s), " ")
}

// entries are the order database's entries in l: the orders, the units,
// the special rules, the glossary's terms and the chapters' numbered
// rules, in that order.
func (c *Content) entries(l lang.Lang, chapters []site.Chapter) []entry {
	cat := c.Catalog
	T := func(key string) string { return sl(key, l) }
	var out []entry
	allTypes := func(ts []string) []string {
		if len(ts) == 0 {
			return slices.Sorted(mapKeys(typeNames))
		}
		return ts
	}
	for i := range cat.Orders {
		o := &cat.Orders[i]
		lines := orderLines(o, l)
		e := entry{ID: o.ID, Anchor: o.ID, Name: typoText(o.Name.In(l), l), KindID: "order", Kind: word(o.Kind, l), Rule: o.Rule, Text: typoText(o.Text.In(l), l)}
		who := typoText(strings.TrimPrefix(lines[0], "**"+word("who", l)+"**: "), l)
		e.Lines = append(e.Lines, link{T("who"), who})
		if o.Kind == "immediate" {
			e.Lines = append(e.Lines, link{T("when"), typoText(word(o.Condition, l), l)}, link{T("resolved"), typoText(word(o.Timing, l), l)})
		}
		if o.Handicaps > 0 {
			e.Lines = append(e.Lines, link{T("shots"), fmt.Sprintf(word("handicap", l), o.Handicaps)})
		}
		e.search = site.SearchEntry{ID: e.ID, Name: e.Name, Kind: "order", Cost: -1, Body: e.Text + " · " + who,
			Num:   map[string]int{"handicap": o.Handicaps},
			Words: map[string][]string{"type": {"order"}, "kind": {o.Kind}, "unit": allTypes(o.Types)}}
		out = append(out, e)
	}
	for i := range cat.Units {
		u := &cat.Units[i]
		var ws []string
		for _, w := range u.Weapons {
			ws = append(ws, w.Name.In(l))
		}
		e := entry{ID: "unit-" + u.ID, Href: "armies.html#unit-" + u.ID, Name: typoText(u.Name.In(l), l), KindID: "unit", Kind: T("unit"),
			Text: typeNames[u.Type].In(l) + " · " + strings.Join(ws, ", ")}
		e.search = site.SearchEntry{ID: e.ID, Name: e.Name, Kind: "unit", Cost: -1, Body: e.Text,
			Num:   map[string]int{"psyker": u.Psyker, "capacity": u.Capacity},
			Words: map[string][]string{"type": {"unit"}, "unit": {u.Type}}}
		out = append(out, e)
	}
	for _, r := range cat.SpecialRules {
		e := entry{ID: "sr-" + r.ID, Anchor: "term-" + r.ID, Href: "glossary.html#term-" + r.ID, Name: typoText(r.Name.In(l), l), KindID: "rule", Kind: T("special"),
			Rule: r.Rule, Text: typoText(r.Text.In(l), l)}
		e.search = site.SearchEntry{ID: e.ID, Name: e.Name, Kind: "rule", Cost: -1, Body: strings.TrimSpace(r.Rule + " " + e.Text),
			Words: map[string][]string{"type": {"rule"}}}
		out = append(out, e)
	}
	for _, g := range cat.Glossary {
		e := entry{ID: "term-" + g.ID, Anchor: "term-" + termID(g.ID), Href: "glossary.html#term-" + termID(g.ID), Name: typoText(g.Term.In(l), l), KindID: "term", Kind: T("term"),
			Text: typoText(g.Text.In(l), l)}
		e.search = site.SearchEntry{ID: e.ID, Name: e.Name, Kind: "term", Cost: -1, Body: e.Text, Words: map[string][]string{"type": {"term"}}}
		out = append(out, e)
	}
	anchored := map[string]string{}
	for _, ch := range chapters {
		for _, m := range ruleText.FindAllStringSubmatch(string(ch.Body), -1) {
			id := m[1]
			anchored[id] = chapterPath(ch.Slug) + "#" + id
			e := entry{ID: "rule-" + id, Href: anchored[id], Name: id, KindID: "rule", Kind: T("numbered"), Text: plain(m[2])}
			e.search = site.SearchEntry{ID: e.ID, Name: id, Kind: "rule", Cost: -1, Body: e.Text, Words: map[string][]string{"type": {"rule"}}}
			out = append(out, e)
		}
	}
	for i := range out {
		out[i].RuleHref = anchored[out[i].Rule]
	}
	return out
}

func mapKeys[V any](m map[string]V) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// searchFields are the fields of the order database's search in l.
func (c *Content) searchFields(l lang.Lang) []site.SearchField {
	T := func(key string) string { return sl(key, l) }
	value := func(id, label string) site.SearchValue {
		return site.SearchValue{ID: id, Label: label, Names: []string{label}}
	}
	kinds := []site.SearchValue{value("order", T("order")), value("unit", T("unit")), value("rule", T("rule")), value("term", T("term"))}
	orders := []site.SearchValue{value("planned", word("planned", l)), value("immediate", word("immediate", l))}
	var types []site.SearchValue
	for _, t := range slices.Sorted(mapKeys(typeNames)) {
		types = append(types, value(t, typeNames[t].In(l)))
	}
	return []site.SearchField{
		{Name: "name", Alias: "n", Kind: "text", Label: T("search.field.name")},
		{Name: "text", Alias: "x", Kind: "text", Label: T("search.field.text")},
		{Name: "type", Alias: "t", Kind: "word", Label: T("search.field.type"), Values: kinds},
		{Name: "kind", Alias: "k", Kind: "word", Label: T("search.field.kind"), Values: orders},
		{Name: "unit", Alias: "u", Kind: "word", Label: T("search.field.unit"), Values: types},
		{Name: "handicap", Alias: "h", Kind: "number", Label: T("search.field.handicap")},
		{Name: "psyker", Alias: "p", Kind: "number", Label: T("search.field.psyker")},
		{Name: "capacity", Alias: "c", Kind: "number", Label: T("search.field.capacity")},
	}
}

// unitRow is a unit of the sample forces' table.
type unitRow struct {
	ID, Name, Type, Weapons, Rules, Notes string
}

type armyRow struct {
	ID, Name string
	Warp     int
	Entries  []link // the unit's anchor and its line
}

// forces are the units and the armies of the sample forces in l.
func (c *Content) forces(l lang.Lang) map[string]any {
	cat := c.Catalog
	var units []unitRow
	for i := range cat.Units {
		u := &cat.Units[i]
		var ws, rs, notes []string
		for _, w := range u.Weapons {
			ws = append(ws, w.Name.In(l))
		}
		for _, id := range u.Rules {
			if r := specialRule(cat, id); r != nil {
				rs = append(rs, r.Name.In(l))
			}
		}
		if u.Psyker > 0 {
			notes = append(notes, fmt.Sprintf("%s %d", sl("psyker", l), u.Psyker))
		}
		if u.Capacity > 0 {
			notes = append(notes, fmt.Sprintf("%s %d", sl("capacity", l), u.Capacity))
		}
		if u.Character {
			notes = append(notes, sl("character", l))
		}
		units = append(units, unitRow{ID: u.ID, Name: typoText(u.Name.In(l), l), Type: typoText(typeNames[u.Type].In(l), l), Weapons: typoText(strings.Join(ws, ", "), l),
			Rules: typoText(strings.Join(rs, ", "), l), Notes: strings.Join(notes, " · ")})
	}
	var armies []armyRow
	for _, a := range cat.Armies {
		row := armyRow{ID: a.ID, Name: typoText(a.Name.In(l), l), Warp: a.WarpCharges}
		for _, e := range a.Entries {
			u := cat.Unit(e.Unit)
			if u == nil {
				continue
			}
			note := ""
			switch {
			case e.In != "":
				note = " → " + entryName(cat, &a, e.In, l)
			case e.Joins != "":
				note = " + " + entryName(cat, &a, e.Joins, l)
			case e.Reserve:
				note = " (" + word("reserves", l) + ")"
			}
			row.Entries = append(row.Entries, link{Href: "#unit-" + u.ID, Label: typoText(u.Name.In(l)+note, l)})
		}
		armies = append(armies, row)
	}
	return map[string]any{"Units": units, "Armies": armies}
}

// entryName is the name of an army's entry id, or the id.
func entryName(cat *ubcatalog.Catalog, a *ubcatalog.Army, id string, l lang.Lang) string {
	for _, e := range a.Entries {
		if e.ID == id {
			if u := cat.Unit(e.Unit); u != nil {
				return u.Name.In(l)
			}
		}
	}
	return id
}

// typoText is s with the rules pages' typography: curly apostrophes,
// and in French the spaces before ; : ! ?.
func typoText(s string, l lang.Lang) string {
	s = strings.ReplaceAll(s, "'", "’")
	if l == lang.French {
		return typo.French(s, false)
	}
	return s
}

// specialRule finds a special rule.
func specialRule(cat *ubcatalog.Catalog, id string) *ubcatalog.SpecialRule {
	for i := range cat.SpecialRules {
		if cat.SpecialRules[i].ID == id {
			return &cat.SpecialRules[i]
		}
	}
	return nil
}
