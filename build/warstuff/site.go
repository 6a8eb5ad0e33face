package warstuff

import (
	"bytes"
	"cmp"
	"embed"
	"fmt"
	"html"
	"html/template"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/catalog"
	ws "wbtool.dev/wbtool/catalog/warstuff"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

//go:embed assets
var assets embed.FS

// pageData is what every page template reads.
type pageData struct {
	Lang, Alt  string
	Title      string
	Section    string
	Root       string // path from the page to the language folder
	cat        *ws.Catalog
	lang       ws.Lang
	Body       template.HTML
	Profiles   []profileRow
	Rules      []ruleRow
	Bands      []bandRow
	Pages      []pageLink
	Profile    *profileRow
	AltPath    string
	Scenarios  []scenarioRow
	Total      int
	FigureNote string
	// Wasm: the page runs the WebAssembly checker (the band builder).
	Wasm bool
	// Base is the site's address ending in "/" (--base-url), or "".
	Base string
	// Description is the page's meta description; "" gives the site's.
	Description string
}

// MetaDescription is the page's description.
func (d pageData) MetaDescription() string {
	return cmp.Or(d.Description, d.T("site.description"))
}

// Canonical is the page's published address, or "" without a Base.
func (d pageData) Canonical() string {
	if d.Base == "" {
		return ""
	}
	return d.Base + d.Lang + "/" + strings.TrimSuffix(d.AltPath, "index.html")
}

// Alternates are the page's hreflang links: with a Base, itself, the
// other language and the site's root, absolute (as the sitemap has
// them); without, the other language's page, relative.
func (d pageData) Alternates() []pageLink {
	if d.Base == "" {
		return []pageLink{{Title: d.Alt, Href: d.Root + "../" + d.Alt + "/" + d.AltPath}}
	}
	p := strings.TrimSuffix(d.AltPath, "index.html")
	return []pageLink{{Title: d.Lang, Href: d.Base + d.Lang + "/" + p}, {Title: d.Alt, Href: d.Base + d.Alt + "/" + p}, {Title: "x-default", Href: d.Base}}
}

// T is the interface word key in the page's language.
func (d pageData) T(key string) string { return d.cat.Label(key, d.lang) }

type profileRow struct {
	ID, Name, Kind, Weapon, Rules, Search string
	CostLine                              string // "Cost: 16 pts", in the page's typography
	Quality, Cost                         int
	Parts                                 []string
	Reminders                             []ruleRow
	Stats                                 []template.HTML
}

type ruleRow struct {
	ID, Name, Kind, Reminder, Search string
	Cost                             string
}

type bandRow struct {
	ID, Name                   string
	Format, Total, Count, MaxN int
	Lines                      []string
	Share                      template.URL
}

type scenarioRow struct{ Name, Summary string }

type pageLink struct{ Href, Title string }

var siteTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'{{if .Wasm}} 'wasm-unsafe-eval'{{end}}; base-uri 'none'">
<title>{{.Title}} · {{.T "site.title"}}</title>
<meta name="description" content="{{.MetaDescription}}">
<link rel="icon" href="{{.Root}}../assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="{{.Root}}../assets/warstuff.css">
{{if .Wasm}}<link rel="stylesheet" href="{{.Root}}../assets/bandbuilder.css">
{{end}}{{with .Canonical}}<link rel="canonical" href="{{.}}">
{{end}}{{range .Alternates}}<link rel="alternate" hreflang="{{.Title}}" href="{{.Href}}">
{{end}}</head>
<body>
<header><a class="brand" href="{{.Root}}index.html">{{.T "site.title"}}</a>
<nav>
<a href="{{.Root}}index.html"{{if eq .Section "rules"}} aria-current="page"{{end}}>{{.T "site.rules"}}</a>
<a href="{{.Root}}profiles/index.html"{{if eq .Section "profiles"}} aria-current="page"{{end}}>{{.T "site.profiles"}}</a>
<a href="{{.Root}}glossary.html"{{if eq .Section "glossary"}} aria-current="page"{{end}}>{{.T "site.glossary"}}</a>
<a href="{{.Root}}bands.html"{{if eq .Section "bands"}} aria-current="page"{{end}}>{{.T "site.bands"}}</a>
<a href="{{.Root}}bandbuilder.html"{{if eq .Section "builder"}} aria-current="page"{{end}}>{{.T "site.builder"}}</a>
<a href="{{.Root}}../{{.Alt}}/{{.AltPath}}" hreflang="{{.Alt}}" lang="{{.Alt}}">{{.T "site.other"}}</a>
</nav></header>
<main id="main">
{{if .Body}}{{.Body}}{{end}}
{{if eq .Section "rules"}}{{if .Pages}}<ul>{{range .Pages}}<li><a href="{{.Href}}">{{.Title}}</a></li>{{end}}</ul>{{end}}
{{if .Scenarios}}<h2>{{.T "scenarios"}}</h2><dl>{{range .Scenarios}}<dt>{{.Name}}</dt><dd>{{.Summary}}</dd>{{end}}</dl>{{end}}{{end}}
{{if eq .Section "profiles"}}{{if .Profile}}{{with .Profile}}
<h1>{{.Name}} <span class="cost">{{.Cost}}</span></h1>
<img class="card" src="{{.ID}}.svg" alt="" width="252" height="352">
<ul>{{range .Stats}}<li>{{.}}</li>{{end}}</ul>
<h2>{{.CostLine}}</h2>
<table class="parts"><tbody>{{range .Parts}}<tr><td>{{.}}</td></tr>{{end}}</tbody></table>
{{if .Reminders}}<h2>{{$.T "rules"}}</h2><dl>{{range .Reminders}}<dt><a href="../glossary.html#{{.ID}}">{{.Name}}</a></dt><dd>{{.Reminder}}</dd>{{end}}</dl>{{end}}
{{end}}{{else}}
<h1>{{.T "site.profiles"}}</h1>
<label for="q">{{.T "site.search"}}</label> (<span id="count">{{len .Profiles}}</span>)
<input type="search" id="q" autocomplete="off">
<div class="table-wrap"><table data-filtered><thead><tr><th>{{.T "profile"}}</th><th>{{.T "quality"}}</th><th class="hide-narrow">{{.T "range"}}</th><th class="hide-narrow">{{.T "rules"}}</th><th class="num">{{.T "cost"}}</th></tr></thead><tbody>
{{range .Profiles}}<tr data-search="{{.Search}}"><td><a href="{{.ID}}.html">{{.Name}}</a>{{if .Kind}} <span class="muted">({{.Kind}})</span>{{end}}</td><td>{{.Quality}}+</td><td class="hide-narrow">{{.Weapon}}</td><td class="hide-narrow">{{.Rules}}</td><td class="num"><span class="cost">{{.Cost}}</span></td></tr>
{{end}}</tbody></table></div>{{end}}{{end}}
{{if eq .Section "glossary"}}<h1>{{.T "site.glossary"}}</h1>
<label for="q">{{.T "site.search"}}</label> (<span id="count">{{len .Rules}}</span>)
<input type="search" id="q" autocomplete="off">
<dl data-filtered>{{range .Rules}}<div data-search="{{.Search}}"><dt id="{{.ID}}">{{.Name}} <span class="muted">{{.Kind}}{{if .Cost}} · {{.Cost}}{{end}}</span></dt><dd>{{.Reminder}}</dd></div>{{end}}</dl>{{end}}
{{if eq .Section "bands"}}<h1>{{.T "site.bands"}}</h1>
{{range .Bands}}<h2 id="{{.ID}}">{{.Name}}</h2><p>{{$.T "format"}} {{.Format}} · {{.Total}} / {{.Format}} {{$.T "points"}} · {{.Count}} {{$.T "figures-max"}} {{.MaxN}}</p><ul>{{range .Lines}}<li>{{.}}</li>{{end}}</ul><p><a href="{{.Share}}">{{$.T "builder.open"}}</a></p>{{end}}{{end}}
</main>
<footer>Warstuff · wbtool</footer>
<script src="{{.Root}}../assets/warstuff.js" defer></script>
</body>
</html>
`))

// Site builds the Warstuff site: for each language, the rules chapters,
// the profile database (a page per profile and creature with its card and
// its cost part by part) with search, the special-rules glossary and the
// sample bands.
func (c *Content) Site(opts ruleset.SiteOptions) (dist.Files, error) {
	cat := c.Catalog
	out := dist.Files{}
	for _, name := range []string{"warstuff.css", "warstuff.js"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return nil, err
		}
		out["assets/"+name] = b
	}
	out["assets/favicon.svg"] = site.Favicon()
	out["index.html"] = []byte(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=en/index.html"><title>Warstuff</title><link rel="icon" href="assets/favicon.svg" type="image/svg+xml"></head><body><a href="en/index.html">English</a> · <a href="fr/index.html" lang="fr">Français</a></body></html>` + "\n")
	for _, l := range catalog.Langs {
		alt := catalog.French
		if l == catalog.French {
			alt = catalog.English
		}
		base := pageData{Lang: string(l), Alt: string(alt), cat: cat, lang: l, Base: baseURL(opts.BaseURL)}
		write := func(path string, d pageData) error {
			var b bytes.Buffer
			d.AltPath = path
			if err := siteTemplate.Execute(&b, d); err != nil {
				return fmt.Errorf("site page %s: %w", path, err)
			}
			out[string(l)+"/"+path] = b.Bytes()
			return nil
		}
		// Rules chapters.
		home := base
		home.Section, home.Title, home.Root = "rules", cat.Label("site.rules", l), ""
		for _, pg := range cat.Pages {
			if pg.Lang != l {
				continue
			}
			html, title, err := markdownPage(pg.Src, l)
			if err != nil {
				return nil, err
			}
			d := base
			d.Section, d.Title, d.Root, d.Body = "rules", title, "../", html
			if err := write("rules/"+pg.Name+".html", d); err != nil {
				return nil, err
			}
			home.Pages = append(home.Pages, pageLink{Href: "rules/" + pg.Name + ".html", Title: title})
		}
		for _, s := range cat.Scenarios {
			home.Scenarios = append(home.Scenarios, scenarioRow{Name: s.Name.In(l), Summary: typoText(s.Summary.In(l), l)})
		}
		home.Body = template.HTML("<h1>" + template.HTMLEscapeString(cat.Label("site.title", l)) + "</h1>")
		if err := write("index.html", home); err != nil {
			return nil, err
		}
		// Profiles.
		list := base
		list.Section, list.Title, list.Root = "profiles", cat.Label("site.profiles", l), "../"
		for _, p := range c.cards() {
			row := c.profileRow(p, l)
			list.Profiles = append(list.Profiles, row)
			d := base
			d.Section, d.Title, d.Root, d.Profile = "profiles", row.Name, "../", &row
			d.Description = typoText(fmt.Sprintf("%s: %s %d+, %s, %s %d %s.", row.Name, strings.ToLower(cat.Label("quality", l)), row.Quality, row.Weapon, strings.ToLower(cat.Label("cost", l)), row.Cost, cat.Label("points", l)), l)
			if err := write("profiles/"+p.ID+".html", d); err != nil {
				return nil, err
			}
			items, err := ProfileCard(cat, p, l, 0, 0)
			if err != nil {
				return nil, err
			}
			drawing := render.Drawing{W: render.CardW, H: render.CardH, Title: row.Name, Items: items}
			out[string(l)+"/profiles/"+p.ID+".svg"] = drawing.SVG(string(l))
		}
		// by name in the page's language, as a reader looks for them
		slices.SortStableFunc(list.Profiles, func(a, b profileRow) int {
			return cmp.Or(cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
		})
		if err := write("profiles/index.html", list); err != nil {
			return nil, err
		}
		// Glossary.
		g := base
		g.Section, g.Title, g.Root = "glossary", cat.Label("site.glossary", l), ""
		for i := range cat.Rules {
			g.Rules = append(g.Rules, ruleRowOf(cat, &cat.Rules[i], l))
		}
		if err := write("glossary.html", g); err != nil {
			return nil, err
		}
		// Bands.
		bd := base
		bd.Section, bd.Title, bd.Root = "bands", cat.Label("site.bands", l), ""
		for _, b := range cat.Bands {
			row := bandRow{ID: b.ID, Name: b.Name.In(l), Format: b.Format, Total: b.Total, Count: b.Count, MaxN: b.MaxFigures, Share: bandLink(&b, l)}
			for _, f := range b.Figures {
				if p := cat.Profile(f.Profile); p != nil {
					row.Lines = append(row.Lines, fmt.Sprintf("%d × %s (%d %s) = %d", f.Count, p.Name.In(l), p.Cost, cat.Label("points", l), f.Count*p.Cost))
				}
			}
			bd.Bands = append(bd.Bands, row)
		}
		if err := write("bands.html", bd); err != nil {
			return nil, err
		}
		if err := c.bandBuilder(out, base, l, write); err != nil {
			return nil, err
		}
	}
	// the site's frame: a 404 page linking from the site's root, a sitemap
	// with the site's address, robots.txt
	out["404.html"] = notFound(opts.BaseURL)
	robots := "User-agent: *\nAllow: /\n"
	if base := baseURL(opts.BaseURL); base != "" {
		pages := map[string]bool{}
		for p := range out {
			if strings.HasSuffix(p, ".html") && p != "index.html" && p != "404.html" {
				pages[p] = true
			}
		}
		out["sitemap.xml"] = site.Sitemap(base, pages)
		robots += "Sitemap: " + base + "sitemap.xml\n"
	}
	out["robots.txt"] = []byte(robots)
	if broken := c.brokenLinks(out); len(broken) > 0 {
		return nil, broken
	}
	if opts.CheckOnly {
		return nil, nil
	}
	return out, nil
}

func baseURL(s string) string {
	if s != "" && !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s
}

// notFound is the 404 page: served at any depth, so its links start at
// the site's address (or its root without one).
func notFound(base string) []byte {
	root := baseURL(base)
	if root == "" {
		root = "/"
	}
	return fmt.Appendf(nil, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not found · Page introuvable</title><link rel="icon" href="%[1]sassets/favicon.svg" type="image/svg+xml"></head><body><main><h1>Not found</h1><p>This page does not exist. <a href="%[1]sen/index.html">Warstuff rules</a></p><h1 lang="fr">Page introuvable</h1><p lang="fr">Cette page n’existe pas. <a href="%[1]sfr/index.html">Règles de Warstuff</a></p></main></body></html>`+"\n", template.HTMLEscapeString(root))
}

func init() {
	ws.Labels["site.description"] = ws.Text{
		EN: "Warstuff, a skirmish game of small bands: the rules, the profiles with their point costs part by part, the special rules, sample bands and a band builder.",
		FR: "Warstuff, un jeu d’escarmouche en petites bandes : les règles, les profils et le détail de leur coût en points, les règles spéciales, des bandes d’exemple et un outil pour créer sa bande.",
	}
}

// hrefs finds the links of a page.
var hrefs = regexp.MustCompile(`href="([^"]*)"`)

// brokenLinks checks the links of the rules chapters (the designer's
// Markdown): each one to a page of the site must name a file the site
// has; an error at the chapter otherwise.
func (c *Content) brokenLinks(out dist.Files) diag.List {
	var d diag.List
	for _, pg := range c.Catalog.Pages {
		page := string(pg.Lang) + "/rules/" + pg.Name + ".html"
		for _, m := range hrefs.FindAllSubmatch(out[page], -1) {
			href := html.UnescapeString(string(m[1]))
			target, _, _ := strings.Cut(href, "#")
			if target == "" || strings.Contains(target, ":") || strings.HasPrefix(target, "/") {
				continue // an anchor of the page, another site, the root
			}
			if _, ok := out[path.Join(path.Dir(page), target)]; !ok {
				pos := pg.Pos
				if i := bytes.Index(pg.Src, []byte("]("+href)); i >= 0 {
					// at the link in the Markdown
					line := pg.Src[:i]
					pos.Line = 1 + bytes.Count(line, []byte("\n"))
					pos.Col = 1 + utf8.RuneCount(line[bytes.LastIndexByte(line, '\n')+1:]) + 1
				}
				d = append(d, diag.Errorf(pos, "", "link to %q: the site has no such page (the chapters of this language are rules/<name>.html beside this one, the profiles ../profiles/<id>.html)", href))
			}
		}
	}
	return d
}

func (c *Content) profileRow(p *ws.Profile, l ws.Lang) profileRow {
	cat := c.Catalog
	row := profileRow{ID: p.ID, Name: p.Name.In(l), Quality: p.Quality, Cost: p.Cost, Rules: ruleNames(cat, append(append([]string{}, p.Rules...), p.Traits...), l)}
	if cat.Creature(p.ID) == p {
		row.Kind = cat.Label("creature", l)
	}
	switch {
	case p.Ranged != nil:
		row.Weapon = weaponText(cat, *p.Ranged, l)
	case len(p.Variable) == 2:
		row.Weapon = weaponText(cat, p.Variable[0], l) + " / " + weaponText(cat, p.Variable[1], l)
	default:
		row.Weapon = cat.Label("melee-only", l)
	}
	for _, s := range statLines(cat, p, l) {
		row.Stats = append(row.Stats, inlineMarkup(typoText(s, l)))
	}
	row.CostLine = typoText(cat.Label("cost", l)+": "+strconv.Itoa(p.Cost)+" "+cat.Label("points", l), l)
	for _, part := range p.Parts {
		row.Parts = append(row.Parts, typoText(partLabel(cat, part, l)+": "+strconv.Itoa(part.Points), l))
	}
	for _, id := range ruleIDs(p) {
		if r := cat.Rule(id); r != nil {
			row.Reminders = append(row.Reminders, ruleRowOf(cat, r, l))
		}
	}
	row.Search = strings.Join([]string{p.Name.EN, p.Name.FR, row.Weapon, row.Rules, ruleNames(cat, p.Powers, l), ruleNames(cat, p.Melee, l), strconv.Itoa(p.Quality) + "+"}, " ")
	return row
}

func ruleRowOf(cat *ws.Catalog, r *ws.Rule, l ws.Lang) ruleRow {
	row := ruleRow{ID: r.ID, Name: r.Name.In(l), Kind: cat.Label("kind."+string(r.Kind), l), Reminder: typoText(r.Reminder.In(l), l)}
	if r.Kind != ws.CreatureRule && r.Kind != ws.PowerRule {
		row.Cost = strconv.Itoa(r.Cost) + " " + cat.Label("points", l)
	}
	row.Search = r.Name.EN + " " + r.Name.FR + " " + r.Reminder.In(l)
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

func typoText(s string, l ws.Lang) string {
	if l == catalog.French {
		return typo.French(s, false)
	}
	return s
}

// markdownPage renders a rules chapter (goldmark: no raw HTML) and returns
// its first heading as the title.
func markdownPage(src []byte, l ws.Lang) (template.HTML, string, error) {
	text := string(src)
	title := ""
	for _, line := range strings.Split(text, "\n") {
		if t, ok := strings.CutPrefix(line, "# "); ok {
			title = t
			break
		}
	}
	if l == catalog.French {
		text = typo.French(text, false)
	}
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(text), &b); err != nil {
		return "", "", fmt.Errorf("rules page: %w", err)
	}
	return template.HTML(b.String()), title, nil
}
