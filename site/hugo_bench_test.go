package site

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// BenchmarkVersusHugo compares the site's speed with Hugo's on an
// equivalent site, in one run: the 1,000-card site with its card images
// (site.Build, as BenchmarkBuild1000Cards) against a Hugo site of the same
// cards — a page bundle per card and language whose front matter holds
// the card's statistics, skills and text, with the card's two SVG images
// as page resources (already drawn: Hugo only copies them), a base
// template with the same navigation, section lists per language. Both are
// measured in CPU time (Hugo's: the child process's user and system
// time) and reported as pages per CPU-second; ratio is wbtool's over
// Hugo's. Needs hugo on PATH (Debian: apt-get install hugo); skipped
// without it.
//
//	go test ./site -run '^$' -bench VersusHugo -benchtime 3x
func BenchmarkVersusHugo(b *testing.B) {
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
			b.Fatal("hugo is not installed (Debian: apt-get install hugo)")
		}
		b.Skip("hugo is not installed (Debian: apt-get install hugo): no comparison")
	}
	cat := generated(b, 800, 200)
	src := filepath.Join(b.TempDir(), "hugo")
	if err := writeHugoSite(src, cat); err != nil {
		b.Fatal(err)
	}
	var ourCPU, hugoCPU time.Duration
	ourPages, hugoPages := 0, 0
	for b.Loop() {
		cpu0 := testtool.CPUTime()
		files, err := Build(cat, Options{})
		if err != nil {
			b.Fatal(err)
		}
		ourCPU += testtool.CPUTime() - cpu0
		ourPages = htmlPages(files)

		out := filepath.Join(b.TempDir(), "public")
		cmd := exec.Command(hugo, "--quiet", "--source", src, "--destination", out)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("hugo: %v\n%s", err, msg)
		}
		hugoCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		hugoPages = 0
		filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".html") {
				hugoPages++
			}
			return nil
		})
	}
	ours := float64(ourPages) * float64(b.N) / ourCPU.Seconds()
	theirs := float64(hugoPages) * float64(b.N) / hugoCPU.Seconds()
	b.ReportMetric(float64(ourPages), "pages")
	b.ReportMetric(float64(hugoPages), "hugo-pages")
	b.ReportMetric(ours, "pages/cpu-s")
	b.ReportMetric(theirs, "hugo-pages/cpu-s")
	b.ReportMetric(ours/theirs, "ratio")
}

// writeHugoSite writes a Hugo site with the cards of cat, as described
// at BenchmarkVersusHugo.
func writeHugoSite(dir string, cat *catalog.Catalog) error {
	write := func(rel, s string) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(s), 0o644)
	}
	config := `baseURL = "https://example.org/"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]
[languages.en]
contentDir = "content/en"
weight = 1
[languages.fr]
contentDir = "content/fr"
weight = 2
`
	if err := write("config.toml", config); err != nil {
		return err
	}
	templates := map[string]string{
		"layouts/_default/baseof.html": `<!doctype html><html lang="{{ .Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} — {{ .Site.Title }}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="{{ "style.css" | relURL }}">
<meta name="description" content="{{ .Params.description }}"></head><body>
<header><nav><a href="{{ "/" | relLangURL }}">Warbound</a> <a href="{{ "/rules/" | relLangURL }}">Rules</a> <a href="{{ "/cards/" | relLangURL }}">Cards</a> <a href="{{ "/decks/" | relLangURL }}">Decks</a> <a href="{{ "/glossary/" | relLangURL }}">Glossary</a>
{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Lang }}">{{ .Language.LanguageName }}</a>{{ end }}</nav></header>
<main>{{ block "main" . }}{{ end }}</main><footer>Warbound</footer></body></html>`,
		"layouts/_default/single.html": `{{ define "main" }}<article><h1>{{ .Title }}</h1><p>{{ .Params.kind }}{{ with .Params.faction }} · {{ . }}{{ end }}</p>
<div class="images">{{ range .Resources.ByType "image" }}<figure><img src="{{ .RelPermalink }}" alt="{{ $.Title }}" width="315" height="440"></figure>{{ end }}</div>
{{ with .Params.stats }}<table>{{ range . }}<tr><th>{{ .label }}</th>{{ range .values }}<td>{{ . }}</td>{{ end }}</tr>{{ end }}</table>{{ end }}
{{ range .Params.skills }}<section class="skill"><h2>{{ .name }}</h2>{{ .text | markdownify }}</section>{{ end }}
{{ .Content }}</article>{{ end }}`,
		"layouts/_default/list.html": `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Params.kind }}</li>{{ end }}</ul>{{ end }}`,
		"layouts/index.html":         `{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}`,
		"static/style.css":           styleCSS,
	}
	for rel, s := range templates {
		if err := write(rel, s); err != nil {
			return err
		}
	}
	ls := render.NewLayouts(cat)
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	for _, l := range catalog.Langs {
		if err := write("content/"+string(l)+"/cards/_index.md", "---\ntitle: Cards\n---\n"); err != nil {
			return err
		}
		for _, k := range catalog.Kinds {
			for _, id := range cat.CardIDs(k) {
				name, _ := cat.CardName(id)
				var fm strings.Builder
				fm.WriteString("---\ntitle: " + q(name.In(l)) + "\nkind: " + q(string(k)) + "\n")
				var text string
				switch k {
				case catalog.KindCharacter:
					c := cat.Character(id)
					fm.WriteString("faction: " + q(c.Faction) + "\nstats:\n")
					for _, r := range [][3]string{{"Attack", fmt.Sprint(c.Front.Attack), fmt.Sprint(c.Panic.Attack)}, {"Speed", fmt.Sprint(c.Front.Speed), fmt.Sprint(c.Panic.Speed)},
						{"Run", fmt.Sprint(c.Front.Run), fmt.Sprint(c.Panic.Run)}, {"Health", fmt.Sprint(c.Front.Health), fmt.Sprint(c.Panic.Health)}, {"Morale", fmt.Sprint(c.Front.Morale), fmt.Sprint(c.Panic.Morale)}} {
						fm.WriteString("  - label: " + r[0] + "\n    values: [" + q(r[1]) + ", " + q(r[2]) + "]\n")
					}
					fm.WriteString("skills:\n")
					for _, sid := range append(append([]string(nil), c.Front.Skills...), c.Panic.Skills...) {
						if s := cat.Skill(sid); s != nil {
							fm.WriteString("  - name: " + q(s.Name.In(l)) + "\n    text: " + q(s.Text.In(l)) + "\n")
						}
					}
					if c.Flavor != nil {
						text = c.Flavor.In(l)
					}
				case catalog.KindEquipment:
					text = cat.EquipmentCard(id).Text.In(l)
				case catalog.KindVocation:
					text = cat.Vocation(id).Text.In(l)
				case catalog.KindFormation:
					text = cat.Formation(id).Text.In(l)
				}
				fm.WriteString("description: " + q(text) + "\n---\n" + text + "\n")
				dir := "content/" + string(l) + "/cards/" + id + "/"
				if err := write(dir+"index.md", fm.String()); err != nil {
					return err
				}
				front, back, err := ls.SVG(cat, id, l)
				if err != nil {
					return err
				}
				if err := write(dir+"front.svg", string(front)); err != nil {
					return err
				}
				if back != nil {
					if err := write(dir+"back.svg", string(back)); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}
