package unbound

import (
	"fmt"
	"html"
	"sort"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/site"
)

// siteWords are the site's words.
var siteWords = map[string]ubcatalog.Text{
	"title":    {EN: "40k Unbound", FR: "40k Unbound"},
	"tagline":  {EN: "An order protocol over another game's core rules: orders, reactions, tokens.", FR: "Un protocole d'ordres posé sur les règles d'un autre jeu : ordres, réactions, jetons."},
	"rules":    {EN: "Rules", FR: "Règles"},
	"orders":   {EN: "Order database", FR: "Base des ordres"},
	"glossary": {EN: "Glossary", FR: "Glossaire"},
	"armies":   {EN: "Sample forces", FR: "Forces d'exemple"},
	"scope":    {EN: "What the engine checks", FR: "Ce que vérifie le moteur"},
	"print":    {EN: "Print-and-play kit (PDF)", FR: "Kit à imprimer (PDF)"},
	"order":    {EN: "Order", FR: "Ordre"},
	"kind":     {EN: "Kind", FR: "Type"},
	"rule":     {EN: "Rule", FR: "Règle"},
	"who":      {EN: "Who may take it", FR: "Qui peut le recevoir"},
	"when":     {EN: "When / resolved", FR: "Quand / résolu"},
	"does":     {EN: "What it does", FR: "Effet"},
	"special":  {EN: "Special rules", FR: "Règles spéciales"},
	"unit":     {EN: "Unit", FR: "Unité"},
	"type":     {EN: "Type", FR: "Type"},
	"weapons":  {EN: "Weapons", FR: "Armes"},
	"invented": {EN: "These forces are invented samples: no profile of the underlying commercial game is reproduced.", FR: "Ces forces sont des exemples inventés : aucun profil du jeu commercial sous-jacent n'est reproduit."},
	"other":    {EN: "Français", FR: "English"},
	"errata":   {EN: "Errata", FR: "Errata"},
	// the errata page's words (changes.Told)
	"errata.since":               {EN: "What changed since the version", FR: "Ce qui a changé depuis la version"},
	"errata.none":                {EN: "Nothing changed.", FR: "Rien n’a changé."},
	"errata.added":               {EN: "new", FR: "nouveau"},
	"errata.removed":             {EN: "removed", FR: "retiré"},
	"errata.renamed":             {EN: "renamed", FR: "renommé"},
	"errata.changed":             {EN: "changed", FR: "modifié"},
	changes.PhraseNewPicture:     {EN: "New picture", FR: "Nouvelle image"},
	changes.PhrasePictureRemoved: {EN: "Picture removed", FR: "Image retirée"},
	changes.PhrasePictureCredit:  {EN: "Picture credit changed", FR: "Crédit de l’image modifié"},
	changes.PhraseHowItPlays:     {EN: "How it works in play changed", FR: "Fonctionnement en jeu modifié"},
	changes.PhraseOther:          {EN: "Other detail", FR: "Autre détail"},
	changes.WordChanged:          {EN: "changed", FR: "modifié"},
	changes.WordAdded:            {EN: "added", FR: "ajouté"},
	changes.WordRemoved:          {EN: "removed", FR: "retiré"},
	changes.WordYes:              {EN: "now yes", FR: "désormais oui"},
	changes.WordNo:               {EN: "now no", FR: "désormais non"},
	"name":                       {EN: "Name", FR: "Nom"},
	"text":                       {EN: "Text", FR: "Texte"},
}

func sw(key string, l lang.Lang) string { return html.EscapeString(siteWords[key].In(l)) }

// page is one page of the site in l: its title and body (trusted HTML).
func page(l lang.Lang, depth int, title, body string) []byte {
	up := strings.Repeat("../", depth)
	other := site.OtherLang(l)
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s · %s</title></head>\n<body>\n", l, html.EscapeString(title), sw("title", l))
	fmt.Fprintf(&b, "<nav><a href=\"%sindex.html\">%s</a> · <a href=\"%sorders.html\">%s</a> · <a href=\"%sglossary.html\">%s</a> · <a href=\"%sarmies.html\">%s</a> · <a href=\"%sscope.html\">%s</a> · <a href=\"%s../%s/index.html\">%s</a></nav>\n",
		up, sw("title", l), up, sw("orders", l), up, sw("glossary", l), up, sw("armies", l), up, sw("scope", l), up, other, sw("other", l))
	fmt.Fprintf(&b, "<main>\n<h1>%s</h1>\n%s\n</main>\n</body></html>\n", html.EscapeString(title), body)
	return []byte(b.String())
}

// Site builds the site: per language, an index, the rules pages, the
// order database, the glossary with the special rules, the sample forces
// and the scope page.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	cat := c.Catalog
	var pages []lang.RulesPage
	for _, p := range cat.Pages {
		pages = append(pages, lang.RulesPage{Lang: lang.Lang(p.Lang), Path: p.Pos.File, Source: []byte(p.Body)})
	}
	chapters, problems, err := site.RenderChapters(pages, site.RulesOptions{RulePrefix: "U",
		Path: func(slug string) string { return "rules/" + slug + ".html" }})
	if err != nil {
		return nil, err
	}
	if problems.HasErrors(false) {
		return nil, problems.Sorted()
	}
	if so.CheckOnly {
		return nil, nil
	}
	files := dist.Files{}
	files["index.html"] = []byte("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta http-equiv=\"refresh\" content=\"0; url=en/index.html\"><title>40k Unbound</title></head><body><a href=\"en/index.html\">English</a> · <a href=\"fr/index.html\">Français</a></body></html>\n")
	for _, l := range lang.Langs {
		ls := string(l)
		var idx strings.Builder
		fmt.Fprintf(&idx, "<p>%s</p>\n<h2>%s</h2>\n<ul>\n", sw("tagline", l), sw("rules", l))
		scope := ""
		for _, ch := range chapters[l] {
			files[ls+"/rules/"+ch.Slug+".html"] = page(l, 1, ch.Title, string(ch.Body))
			fmt.Fprintf(&idx, "<li><a href=\"rules/%s.html\">%s</a></li>\n", ch.Slug, html.EscapeString(ch.Title))
			if strings.Contains(ch.Slug, "scope") {
				scope = string(ch.Body)
			}
		}
		fmt.Fprintf(&idx, "</ul>\n<ul>\n<li><a href=\"orders.html\">%s</a></li>\n<li><a href=\"glossary.html\">%s</a></li>\n<li><a href=\"armies.html\">%s</a></li>\n<li><a href=\"scope.html\">%s</a></li>\n", sw("orders", l), sw("glossary", l), sw("armies", l), sw("scope", l))
		if !so.Preview {
			fmt.Fprintf(&idx, "<li><a href=\"../print/cards-%s.pdf\">%s</a></li>\n", ls, sw("print", l))
		}
		idx.WriteString("</ul>\n")
		files[ls+"/index.html"] = page(l, 0, siteWords["title"].In(l), idx.String())
		files[ls+"/orders.html"] = page(l, 0, siteWords["orders"].In(l), c.orderTable(l))
		files[ls+"/glossary.html"] = page(l, 0, siteWords["glossary"].In(l), c.glossary(l))
		files[ls+"/armies.html"] = page(l, 0, siteWords["armies"].In(l), c.forces(l))
		if scope == "" {
			scope = "<p>" + html.EscapeString(words["standin"].In(l)) + "</p>"
		}
		files[ls+"/scope.html"] = page(l, 0, siteWords["scope"].In(l), scope)
		if e := c.errataPage(l); e != "" {
			files[ls+"/errata.html"] = page(l, 0, siteWords["errata"].In(l), e)
		}
	}
	if so.Emit != nil {
		for _, rel := range sortedPaths(files) {
			so.Emit(rel, files[rel])
		}
	}
	return files, nil
}

func sortedPaths(files dist.Files) []string {
	var out []string
	for p := range files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// orderTable is the order database: each order's data as the engine
// reads it.
func (c *Content) orderTable(l lang.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<table>\n<thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead>\n<tbody>\n",
		sw("order", l), sw("kind", l), sw("rule", l), sw("who", l), sw("when", l), sw("does", l))
	for i := range c.Catalog.Orders {
		o := &c.Catalog.Orders[i]
		lines := orderLines(o, l)
		kind := word("planned", l)
		when := ""
		if o.Kind == "immediate" {
			kind = word("immediate", l)
			when = word(o.Condition, l) + " / " + word(o.Timing, l)
		}
		if o.Handicaps > 0 {
			when += fmt.Sprintf(" ("+word("handicap", l)+")", o.Handicaps)
		}
		who := strings.TrimPrefix(lines[0], "**"+word("who", l)+"**: ")
		fmt.Fprintf(&b, "<tr id=\"%s\"><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			o.ID, html.EscapeString(o.Name.In(l)), html.EscapeString(kind), o.Rule, html.EscapeString(who), html.EscapeString(when), html.EscapeString(o.Text.In(l)))
	}
	b.WriteString("</tbody>\n</table>\n")
	return b.String()
}

func (c *Content) glossary(l lang.Lang) string {
	var b strings.Builder
	b.WriteString("<dl>\n")
	for _, t := range c.Catalog.Glossary {
		fmt.Fprintf(&b, "<dt id=\"%s\">%s <small>(%s)</small></dt><dd>%s</dd>\n", t.ID, html.EscapeString(t.Term.In(l)),
			html.EscapeString(t.Term.In(site.OtherLang(l))), html.EscapeString(t.Text.In(l)))
	}
	fmt.Fprintf(&b, "</dl>\n<h2>%s</h2>\n<dl>\n", sw("special", l))
	for _, r := range c.Catalog.SpecialRules {
		rule := ""
		if r.Rule != "" {
			rule = " <small>" + r.Rule + "</small>"
		}
		fmt.Fprintf(&b, "<dt id=\"rule-%s\">%s%s</dt><dd>%s</dd>\n", r.ID, html.EscapeString(r.Name.In(l)), rule, html.EscapeString(r.Text.In(l)))
	}
	b.WriteString("</dl>\n")
	return b.String()
}

func (c *Content) forces(l lang.Lang) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<p>%s</p>\n", sw("invented", l))
	for _, a := range c.Catalog.Armies {
		fmt.Fprintf(&b, "<h2 id=\"%s\">%s</h2>\n<table>\n<thead><tr><th>%s</th><th>%s</th><th>%s</th></tr></thead>\n<tbody>\n", a.ID, html.EscapeString(a.Name.In(l)), sw("unit", l), sw("type", l), sw("weapons", l))
		for _, e := range a.Entries {
			u := c.Catalog.Unit(e.Unit)
			if u == nil {
				continue
			}
			var ws []string
			for _, w := range u.Weapons {
				ws = append(ws, w.Name.In(l))
			}
			note := ""
			switch {
			case e.In != "":
				note = " → " + e.In
			case e.Joins != "":
				note = " + " + e.Joins
			case e.Reserve:
				note = " (" + word("reserves", l) + ")"
			}
			fmt.Fprintf(&b, "<tr><td>%s%s</td><td>%s</td><td>%s</td></tr>\n", html.EscapeString(u.Name.In(l)), html.EscapeString(note),
				html.EscapeString(typeNames[u.Type].In(l)), html.EscapeString(strings.Join(ws, ", ")))
		}
		b.WriteString("</tbody>\n</table>\n")
	}
	return b.String()
}

func htmlEscape(s string) string { return html.EscapeString(s) }
