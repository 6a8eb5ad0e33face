package wbsite

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbcards"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/site"
)

// BenchmarkVersusHugo compares the site's speed with Hugo's on an
// equivalent site, in one run: the 1,000-card site with its card images
// (site.Build, as BenchmarkBuild1000Cards) against a Hugo site of the same
// cards (writeHugoSite: the same pages with the same parts, see there).
//
// What is compared, per round: our CPU time for one Build (in this
// process: every thread, GC included; the catalog is already loaded and
// the images are drawn by Build) against the CPU time (user + system,
// from the kernel's accounting of the child) of one `hugo
// --renderToMemory` process: start-up, reading its content (front matter,
// Markdown, the already drawn SVG images, which it only copies) and
// rendering. Neither side writes files: Build returns them in memory, and
// Hugo renders into memory. (Writing a fresh folder costs Hugo 0.2–2 s of
// system time that swings with the file system — ext4 allocates inodes
// slower next to recently deleted ones — which made the old version of
// this benchmark report 580–1,848 Hugo pages/cpu-s.) Pages are counted the
// same way on both sides: the .html files of one build, Hugo's counted in
// a warm-up run into a folder before the clock. Each side has one untimed
// warm-up (ours: templates parsed, heap grown; Hugo: the OS file cache of
// its sources, its cache folder made); then rounds alternate which side
// runs first. Reported: the median of each side's per-round rate, the
// ratio of the medians, each side's lowest and highest rate, the lowest
// per-round ratio, HTML bytes per page on each side (the pages are
// equivalent in content, not in bytes: see writeHugoSite) and Hugo's CPU
// for an empty site of the same templates (its start-up, inside its
// figure). Needs hugo on PATH (Debian: apt-get install hugo); skipped
// without it.
//
//	go test ./site -run '^$' -bench VersusHugo -benchtime 7x
func BenchmarkVersusHugo(b *testing.B) {
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
			b.Fatal("hugo is not installed (Debian: apt-get install hugo)")
		}
		b.Skip("hugo is not installed (Debian: apt-get install hugo): no comparison")
	}
	cat := generated(b, 800, 200)
	tmp := b.TempDir()
	src, empty, cache := filepath.Join(tmp, "hugo"), filepath.Join(tmp, "empty"), filepath.Join(tmp, "cache")
	if err := writeHugoSite(src, cat); err != nil {
		b.Fatal(err)
	}
	if err := writeHugoSite(empty, &wbcatalog.Catalog{}); err != nil {
		b.Fatal(err)
	}
	// runHugo builds the site in dir into memory, or into out when out is
	// not empty; it returns the child's CPU time.
	runHugo := func(dir, out string) time.Duration {
		args := []string{"--quiet", "--source", dir, "--cacheDir", cache}
		if out == "" {
			args = append(args, "--renderToMemory")
		} else {
			args = append(args, "--destination", out)
		}
		cmd := exec.Command(hugo, args...)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("hugo: %v\n%s", err, msg)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}

	// Warm-ups, untimed, one each; they also count the pages.
	files, err := Build(cat, Options{})
	if err != nil {
		b.Fatal(err)
	}
	ourPages, ourBytes := 0, 0
	for p, data := range files {
		if strings.HasSuffix(p, ".html") {
			ourPages++
			ourBytes += len(data)
		}
	}
	files = nil
	out := filepath.Join(tmp, "public")
	runHugo(src, out)
	hugoPages, hugoBytes := 0, 0
	if err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".html") {
			info, err := d.Info()
			if err != nil {
				return err
			}
			hugoPages++
			hugoBytes += int(info.Size())
		}
		return err
	}); err != nil {
		b.Fatal(err)
	}
	var emptyCPU []time.Duration
	for range 3 {
		emptyCPU = append(emptyCPU, runHugo(empty, ""))
	}

	var ours, theirs, ratios []float64
	round := 0
	for b.Loop() {
		var our, their time.Duration
		runOurs := func() {
			cpu0 := testtool.CPUTime()
			if _, err := Build(cat, Options{}); err != nil {
				b.Fatal(err)
			}
			our = testtool.CPUTime() - cpu0
		}
		if round%2 == 0 {
			runOurs()
			their = runHugo(src, "")
		} else {
			their = runHugo(src, "")
			runOurs()
		}
		round++
		o, t := float64(ourPages)/our.Seconds(), float64(hugoPages)/their.Seconds()
		ours, theirs, ratios = append(ours, o), append(theirs, t), append(ratios, o/t)
	}
	b.ReportMetric(float64(ourPages), "pages")
	b.ReportMetric(float64(hugoPages), "hugo-pages")
	b.ReportMetric(float64(ourBytes)/float64(ourPages)/1024, "KB/page")
	b.ReportMetric(float64(hugoBytes)/float64(hugoPages)/1024, "hugo-KB/page")
	b.ReportMetric(median(ours), "pages/cpu-s")
	b.ReportMetric(slices.Min(ours), "min-pages/cpu-s")
	b.ReportMetric(slices.Max(ours), "max-pages/cpu-s")
	b.ReportMetric(median(theirs), "hugo-pages/cpu-s")
	b.ReportMetric(slices.Min(theirs), "hugo-min-pages/cpu-s")
	b.ReportMetric(slices.Max(theirs), "hugo-max-pages/cpu-s")
	b.ReportMetric(median(ours)/median(theirs), "ratio")
	b.ReportMetric(slices.Min(ratios), "min-ratio")
	b.ReportMetric(float64(slices.Min(emptyCPU).Milliseconds()), "hugo-empty-cpu-ms")
}

// median returns the median of xs (the mean of the middle two for an even
// count).
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// hugoTemplates are the Hugo site's layouts. They make the same pages as
// ours with the same parts, written as a Hugo user would (partialCached
// for what repeats, as our build draws a card's tile and a skill's block
// once):
//
//   - every page: the same head (content security policy, description,
//     icon, two stylesheets, hreflang alternates, Open Graph), the header
//     with the brand, language switch and navigation (current section
//     marked), the footer with its language link, the script;
//   - a card page: its type and faction links, title, both images with
//     their enlarge links and captions, the statistics table of both
//     sides, the skill blocks of both sides, its rules text (Markdown),
//     flavour, the decks and check games sections, its id;
//   - the card list (with the filter form), a page per faction and per
//     type, and the faction and type indexes listing every card under
//     its group: the same tiles (thumbnail, name, type, faction, cost,
//     key statistics);
//   - the rules chapters (Markdown) and their index, the home page.
//
// Hugo's pages are lighter than ours in bytes (our stat values carry
// their icons, our pages have more links and metadata); Hugo does not
// have our search, deck builder, glossary, decks and check games pages,
// and it copies the card images we draw. Every difference leaves Hugo
// less to do.
var hugoTemplates = map[string]string{
	"layouts/_default/baseof.html": `<!DOCTYPE html>
<html lang="{{ .Lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'">
<meta name="referrer" content="no-referrer">
<title>{{ .Title }} — {{ .Site.Title }}</title>
<link rel="icon" href="{{ "favicon.svg" | relURL }}" type="image/svg+xml">
<link rel="stylesheet" href="{{ "style.css" | relURL }}">
<link rel="stylesheet" href="{{ "factions.css" | relURL }}">
<meta name="description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Title }}{{ end }}">
<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .RelPermalink }}">
{{ range .Translations }}<link rel="alternate" hreflang="{{ .Lang }}" href="{{ .RelPermalink }}">
{{ end }}<link rel="alternate" hreflang="x-default" href="{{ "/" | relURL }}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="{{ .Site.Title }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ with .Description }}{{ . }}{{ else }}{{ .Title }}{{ end }}">
<meta property="og:locale" content="{{ i18n "locale" }}">
</head>
<body class="section-{{ .Section }}">
<a class="skip" href="#main">{{ i18n "nav_skip" }}</a>
<header class="top">
<div class="bar">
<a class="brand" href="{{ "/" | relLangURL }}"><svg class="brand-mark" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l8.7 5v10L12 22l-8.7-5V7z"/></svg><span>{{ .Site.Title }}</span></a>
{{ range .Translations }}<a class="lang-switch" id="lang-switch" href="{{ .RelPermalink }}" hreflang="{{ .Lang }}" lang="{{ .Lang }}" title="{{ i18n "lang_switch" }}"><span class="lang-code">{{ .Lang }}</span> {{ .Language.LanguageName }}</a>{{ end }}
</div>
<nav class="nav" aria-label="{{ .Site.Title }}">
{{ $sec := .Section }}{{ range .Site.Menus.main }}<a href="{{ .URL | relLangURL }}"{{ if eq .Identifier $sec }} aria-current="page"{{ end }}>{{ .Name }}</a>
{{ end }}</nav>
</header>
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<footer class="foot"><p>{{ i18n "footer_text" }}</p><p class="set-version">{{ .Site.Title }} · dev</p>{{ range .Translations }}<p><a href="{{ .RelPermalink }}" hreflang="{{ .Lang }}" lang="{{ .Lang }}">{{ i18n "lang_switch" }}</a></p>{{ end }}</footer>
<script src="{{ "site.js" | relURL }}" defer></script>
</body>
</html>`,
	"layouts/cards/single.html": `{{ define "main" }}{{ $p := .Params }}
<article class="card-page">
<header class="card-head{{ with $p.faction }} fc-{{ . }}{{ end }}">
<p class="crumbs"><a href="{{ printf "/types/%s/" $p.kind | relLangURL }}">{{ $p.kindLabel }}</a>{{ with $p.factionLabel }} · <a class="faction fc-{{ $p.faction }}" href="{{ printf "/factions/%s/" $p.faction | relLangURL }}">{{ . }}</a>{{ end }}</p>
<h1>{{ .Title }}</h1>
</header>
<div class="card-body">
<div class="card-images">
{{ range .Resources.ByType "image" }}{{ $cap := cond (eq .Name "front.svg") (i18n "card_front") (cond (eq $p.kind "character") (i18n "card_panic") (i18n "card_back")) }}<figure><a class="enlarge" href="{{ .RelPermalink }}" title="{{ i18n "card_enlarge" }}" data-close="{{ i18n "card_close" }}"><img src="{{ .RelPermalink }}" alt="{{ $.Title }} — {{ $cap }}" width="315" height="440"></a><figcaption>{{ $cap }}</figcaption></figure>
{{ end }}</div>
<div class="card-info">
{{ with $p.flavor }}<p class="flavor">{{ . }}</p>{{ end }}
{{ with .Content }}<section><h2>{{ i18n "card_text" }}</h2><div class="card-text">{{ . }}</div></section>{{ end }}
{{ with $p.stats }}<section><h2>{{ i18n "card_stats" }}</h2>
<table class="stats"><thead><tr><td></td><th scope="col">{{ i18n "card_front" }}</th><th scope="col">{{ i18n "card_panic" }}</th></tr></thead>
<tbody>{{ range . }}<tr><th scope="row">{{ .label }}</th>{{ range .values }}<td>{{ . }}</td>{{ end }}</tr>{{ end }}</tbody></table></section>{{ end }}
{{ $lang := .Lang }}{{ with $p.skills }}<section><h2>{{ i18n "card_skills" }} — {{ i18n "card_front" }}</h2>{{ range . }}{{ partialCached "skill.html" (dict "id" . "lang" $lang) . $lang }}{{ end }}</section>{{ end }}
{{ with $p.panicSkills }}<section><h2>{{ i18n "card_skills" }} — {{ i18n "card_panic" }}</h2>{{ range . }}{{ partialCached "skill.html" (dict "id" . "lang" $lang) . $lang }}{{ end }}</section>{{ end }}
<section><h2>{{ i18n "card_decks" }}</h2><p class="muted">{{ i18n "card_nodecks" }}</p></section>
<section><h2>{{ i18n "card_checks" }}</h2><p class="muted">{{ i18n "card_nochecks" }}</p></section>
<p class="card-id">{{ i18n "card_id" }} <code>{{ .File.ContentBaseName }}</code></p>
</div>
</div>
</article>{{ end }}`,
	"layouts/partials/skill.html": `{{ $s := index site.Data.skills .id }}<div class="skill"><h3>{{ index $s.name .lang }}{{ if $s.active }} <span class="badge">{{ i18n "card_active" }}</span>{{ end }}</h3><div class="card-text">{{ index $s.text .lang | markdownify }}</div></div>`,
	"layouts/partials/tile.html":  `{{ $p := .Params }}<li data-id="{{ .File.ContentBaseName }}" data-kind="{{ $p.kind }}" data-faction="{{ with $p.faction }}{{ . }}{{ else }}neutral{{ end }}" data-cost="{{ with $p.cost }}{{ . }}{{ end }}"><a href="{{ .RelPermalink }}"{{ with $p.faction }} class="fc-{{ . }}"{{ end }}><img class="thumb" src="{{ .RelPermalink }}front.svg" alt="" width="90" height="126" loading="lazy"><span class="tile-text"><span class="name">{{ .Title }}</span><span class="meta"><span class="kind kind-{{ $p.kind }}">{{ $p.kindLabel }}</span>{{ with $p.factionLabel }}<span class="faction fc-{{ $p.faction }}">{{ . }}</span>{{ end }}{{ with $p.cost }}<span class="cost" title="{{ i18n "stat_cost" }}"><span class="visually-hidden">{{ i18n "stat_cost" }} </span>{{ . }}</span>{{ end }}</span>{{ with $p.keyStats }}<span class="key-stats">{{ range . }}<span class="stat"><abbr title="{{ .title }}">{{ .abbr }}</abbr> {{ .value }}</span>{{ end }}</span>{{ end }}</span></a></li>`,
	"layouts/partials/tiles.html": `<ul class="card-list">{{ range . }}{{ partialCached "tile.html" . .RelPermalink }}
{{ end }}</ul>`,
	"layouts/cards/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1>
<form id="filters" class="filters" method="get" role="search" hidden>
<div class="field grow"><label for="q">{{ i18n "search_label" }}</label><input id="q" name="q" type="search" autocomplete="off"></div>
<div class="field"><label for="f-faction">{{ i18n "search_faction" }}</label><select id="f-faction" name="faction"><option value="">{{ i18n "search_all" }}</option>{{ range site.Taxonomies.factions }}<option value="{{ .Page.Data.Term }}">{{ .Page.Title }}</option>{{ end }}</select></div>
<div class="field"><label for="f-kind">{{ i18n "search_kind" }}</label><select id="f-kind" name="kind"><option value="">{{ i18n "search_all" }}</option>{{ range site.Taxonomies.types }}<option value="{{ .Page.Data.Term }}">{{ .Page.Title }}</option>{{ end }}</select></div>
<div class="field actions"><p class="count" id="count" aria-live="polite"></p><button type="reset" id="f-reset">{{ i18n "search_reset" }}</button></div>
</form>
<div id="card-list">{{ partial "tiles.html" .Pages }}</div>{{ end }}`,
	"layouts/_default/term.html":     `{{ define "main" }}<h1 class="fc-{{ .Data.Term }}">{{ .Title }}</h1><p class="back"><a href="{{ "/cards/" | relLangURL }}">{{ i18n "cards_all" }}</a></p>{{ partial "tiles.html" .Pages }}{{ end }}`,
	"layouts/_default/taxonomy.html": `{{ define "main" }}<h1>{{ .Title }}</h1>{{ range .Data.Terms.Alphabetical }}<section><h2 class="fc-{{ .Page.Data.Term }}"><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a></h2>{{ partial "tiles.html" .Pages }}</section>{{ end }}{{ end }}`,
	"layouts/_default/single.html":   `{{ define "main" }}<div class="doc"><article class="prose">{{ with .TableOfContents }}<nav class="toc">{{ . }}</nav>{{ end }}{{ .Content }}</article></div>{{ end }}`,
	"layouts/_default/list.html":     `{{ define "main" }}<h1>{{ .Title }}</h1><ul class="plain">{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}`,
	"layouts/index.html":             `{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul class="chips">{{ range .Site.Sections }}<li><a class="chip" href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}`,
}

// hugoLabels are the interface words the Hugo site's i18n files carry,
// as name in the templates → our label key (the same words).
var hugoLabels = map[string]string{
	"nav_skip": "nav.skip", "lang_switch": "lang.switch", "footer_text": "footer.text",
	"card_front": "card.front", "card_panic": "card.panic", "card_back": "card.back", "card_enlarge": "card.enlarge", "card_close": "card.close",
	"card_text": "card.text", "card_stats": "card.stats", "card_skills": "card.skills", "card_active": "card.active",
	"card_decks": "card.decks", "card_nodecks": "card.nodecks", "card_checks": "card.checks", "card_nochecks": "card.nochecks", "card_id": "card.id",
	"stat_cost": "stat.cost", "cards_all": "cards.all", "search_label": "search.label", "search_faction": "search.faction",
	"search_kind": "search.kind", "search_all": "search.all", "search_reset": "search.reset",
}

// writeHugoSite writes a Hugo site with the cards of cat: a page bundle
// per card and language (JSON front matter with what its page and tile
// show, its rules text as Markdown, its two SVG images, already drawn, as
// page resources), the skills as a data file, the factions and types as
// taxonomies with a page per term, the rules chapters as Markdown pages,
// i18n files with our interface words, and the templates of
// hugoTemplates.
func writeHugoSite(dir string, cat *wbcatalog.Catalog) error {
	write := func(rel string, data []byte) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, data, 0o644)
	}
	writeJSON := func(rel string, v any, body string) error {
		data, err := json.MarshalIndent(v, "", " ")
		if err != nil {
			return err
		}
		return write(rel, append(append(data, '\n'), body...))
	}
	config := `baseURL = "https://example.org/"
defaultContentLanguage = "en"
defaultContentLanguageInSubdir = true
disableKinds = ["RSS", "sitemap", "robotsTXT"]
[taxonomies]
faction = "factions"
type = "types"
`
	for i, l := range wbcatalog.Langs {
		config += fmt.Sprintf("[languages.%s]\ncontentDir = \"content/%s\"\nweight = %d\ntitle = %q\nlanguageName = %q\n", l, l, i+1, cat.Label("site.title", l), cat.Label("lang.name", l))
		for j, m := range [][2]string{{"rules", "nav.rules"}, {"cards", "nav.cards"}, {"decks", "nav.decks"}, {"glossary", "nav.glossary"}} {
			config += fmt.Sprintf("[[languages.%s.menus.main]]\nidentifier = %q\nname = %q\nurl = \"/%s/\"\nweight = %d\n", l, m[0], cat.Label(m[1], l), m[0], j+1)
		}
	}
	if err := write("config.toml", []byte(config)); err != nil {
		return err
	}
	for rel, s := range hugoTemplates {
		if err := write(rel, []byte(s)); err != nil {
			return err
		}
	}
	for f, s := range map[string]string{"style.css": site.StyleCSS, "favicon.svg": site.FaviconSVG, "site.js": site.SiteJS, "factions.css": ""} {
		if err := write("static/"+f, []byte(s)); err != nil {
			return err
		}
	}
	skills := map[string]map[string]any{}
	for _, s := range cat.Skills {
		skills[s.ID] = map[string]any{"active": s.Active, "name": langMap(s.Name), "text": langMap(s.Text)}
	}
	if err := writeJSON("data/skills.json", skills, ""); err != nil {
		return err
	}
	ls := wbcards.NewLayouts(cat)
	cards := (&builder{cat: cat}).cards()
	for _, l := range wbcatalog.Langs {
		i18n := map[string]string{"locale": map[wbcatalog.Lang]string{wbcatalog.English: "en_GB", wbcatalog.French: "fr_FR"}[l]}
		for k, key := range hugoLabels {
			i18n[k] = cat.Label(key, l)
		}
		if err := writeJSON("i18n/"+string(l)+".json", i18n, ""); err != nil {
			return err
		}
		c := "content/" + string(l) + "/"
		sections := map[string]string{"cards/_index.md": "nav.cards", "factions/_index.md": "cards.byFaction", "types/_index.md": "cards.byKind", "rules/_index.md": "nav.rules"}
		for rel, key := range sections {
			if err := writeJSON(c+rel, map[string]string{"title": cat.Label(key, l)}, ""); err != nil {
				return err
			}
		}
		for _, f := range cat.Factions {
			if err := writeJSON(c+"factions/"+f.ID+"/_index.md", map[string]string{"title": f.Name.In(l)}, ""); err != nil {
				return err
			}
		}
		for _, k := range wbcatalog.Kinds {
			if err := writeJSON(c+"types/"+string(k)+"/_index.md", map[string]string{"title": cat.Label("kind."+string(k), l)}, ""); err != nil {
				return err
			}
		}
		for _, r := range cat.Rules {
			if r.Lang == l {
				if err := write(c+"rules/"+path.Base(r.Path), r.Source); err != nil {
					return err
				}
			}
		}
		byName := slices.Clone(cards)
		sortByName(byName, l)
		for weight, cd := range byName {
			fm := map[string]any{"title": cd.Name.In(l), "weight": weight + 1, "kind": string(cd.Kind),
				"kindLabel": cat.Label("kind."+string(cd.Kind), l), "types": []string{string(cd.Kind)}}
			desc := cd.Name.In(l) + " — " + cat.Label("kind."+string(cd.Kind), l)
			if f := cat.Faction(cd.Faction); f != nil {
				fm["faction"], fm["factionLabel"], fm["factions"] = f.ID, f.Name.In(l), []string{f.ID}
				desc += " · " + f.Name.In(l)
			}
			if cd.Cost >= 0 {
				fm["cost"] = cd.Cost
			}
			var texts []string
			for _, t := range cd.texts {
				texts = append(texts, t.In(l))
			}
			if d := strings.Join(texts, " · "); d != "" {
				if r := []rune(d); len(r) > 150 {
					d = string(r[:150]) + "…"
				}
				desc += ". " + d
			}
			fm["description"] = desc
			body := ""
			if ch := cat.Character(cd.ID); ch != nil {
				fm["stats"], fm["keyStats"] = hugoStats(cat, ch, l)
				fm["skills"], fm["panicSkills"] = ch.Front.Skills, ch.Panic.Skills
				if ch.Flavor != nil {
					fm["flavor"] = ch.Flavor.In(l)
				}
			} else if len(cd.texts) == 1 {
				body = cd.texts[0].In(l) + "\n"
			}
			bundle := c + "cards/" + cd.ID + "/"
			if err := writeJSON(bundle+"index.md", fm, body); err != nil {
				return err
			}
			front, back, err := ls.SVG(cat, cd.ID, l)
			if err != nil {
				return err
			}
			if err := write(bundle+"front.svg", front); err != nil {
				return err
			}
			if back != nil {
				if err := write(bundle+"back.svg", back); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// langMap is a text as Hugo's data reads it: language → string.
func langMap(t wbcatalog.Text) map[string]string {
	m := map[string]string{}
	for _, l := range wbcatalog.Langs {
		m[string(l)] = t.In(l)
	}
	return m
}

// hugoStats returns the statistics table of a Character (label, then the
// front and panic values, as text) and its tile's key statistics.
func hugoStats(cat *wbcatalog.Catalog, ch *wbcatalog.Character, l wbcatalog.Lang) (rows []map[string]any, key []map[string]string) {
	none := cat.Label("stat.none", l)
	row := func(label string, f func(p *wbcatalog.Profile) string) {
		rows = append(rows, map[string]any{"label": cat.Label(label, l), "values": []string{f(&ch.Front), f(&ch.Panic)}})
	}
	row("stat.cost", func(p *wbcatalog.Profile) string {
		var parts []string
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range p.Cost {
				if !yield(k) {
					return
				}
			}
		}) {
			name := cat.Label("stat.any", l)
			if f := cat.Faction(k); f != nil {
				name = f.Name.In(l)
			}
			parts = append(parts, fmt.Sprintf("%d × %s", p.Cost[k], name))
		}
		return strings.Join(parts, ", ")
	})
	row("stat.attack", func(p *wbcatalog.Profile) string { return fmt.Sprintf("%d+", p.Attack) })
	row("stat.speed", func(p *wbcatalog.Profile) string { return fmt.Sprint(p.Speed) })
	row("stat.run", func(p *wbcatalog.Profile) string { return fmt.Sprintf("+%d", p.Run) })
	row("stat.accuracy", func(p *wbcatalog.Profile) string {
		switch {
		case p.Accuracy == nil:
			return cat.Label("stat.noShoot", l)
		case p.Accuracy.Far == 0:
			return fmt.Sprintf("%d+", p.Accuracy.Near)
		}
		return fmt.Sprintf("%d+ / %d+", p.Accuracy.Near, p.Accuracy.Far)
	})
	row("stat.rangedDice", func(p *wbcatalog.Profile) string { return fmt.Sprint(p.RangedDice()) })
	row("stat.meleeDice", func(p *wbcatalog.Profile) string { return fmt.Sprint(p.MeleeDice()) })
	row("stat.health", func(p *wbcatalog.Profile) string { return fmt.Sprint(p.Health) })
	row("stat.morale", func(p *wbcatalog.Profile) string {
		if p.Morale == 0 {
			return none
		}
		return fmt.Sprint(p.Morale)
	})
	row("stat.armor", func(p *wbcatalog.Profile) string {
		if p.Armor == nil {
			return none
		}
		return fmt.Sprintf("%d × %d+", p.Armor.Points, p.Armor.Save)
	})
	row("stat.gear", func(p *wbcatalog.Profile) string {
		var g []string
		for _, x := range p.Gear {
			g = append(g, cat.Label("gear."+string(x), l))
		}
		if len(g) == 0 {
			return none
		}
		return strings.Join(g, ", ")
	})
	f := &ch.Front
	stat := func(abbr, full, value string) {
		key = append(key, map[string]string{"abbr": cat.Label(abbr, l), "title": cat.Label(full, l), "value": value})
	}
	stat("stat.abbr.attack", "stat.attack", fmt.Sprintf("%d+", f.Attack))
	if f.Accuracy != nil {
		stat("stat.abbr.accuracy", "stat.accuracy", fmt.Sprintf("%d+", f.Accuracy.Near))
	}
	stat("stat.abbr.speed", "stat.speed", fmt.Sprint(f.Speed))
	stat("stat.abbr.health", "stat.health", fmt.Sprint(f.Health))
	return rows, key
}
