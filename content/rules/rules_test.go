// Package rules holds the Warbound rulebook in Markdown, one folder per
// language (en, fr). It has no Go code: this test checks that the two
// languages stay in step (same chapters, same heading ids), that every rule
// of the digest (R-XXX-n) has exactly one anchor per language, that links
// between chapters resolve, that inline icons and card references are well
// formed, and that the French text follows French typography. See README.md.
package rules

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// digestRules lists the rule numbers of the rules digest v0.9, in its order.
// When the digest gains a rule, add it here and give it a heading in both
// languages.
var digestRules = []string{
	"R-FMT-1", "R-FMT-2",
	"R-DECK-1", "R-DECK-2", "R-DECK-3", "R-DECK-4", "R-DECK-5", "R-DECK-6", "R-DECK-7",
	"R-BOARD-1", "R-BOARD-2", "R-BOARD-3",
	"R-DICE-1", "R-DICE-2", "R-DICE-3",
	"R-ACT-1", "R-ACT-2", "R-ACT-3", "R-ACT-4", "R-ACT-5", "R-ACT-6", "R-ACT-7", "R-ACT-8",
	"R-CARD-1", "R-CARD-2", "R-CARD-3", "R-CARD-4", "R-CARD-5", "R-CARD-6", "R-CARD-7",
	"R-TURN-1", "R-TURN-2", "R-TURN-3", "R-TURN-4", "R-TURN-5", "R-TURN-6", "R-TURN-7",
	"R-INIT-1", "R-INIT-2", "R-INIT-3",
	"R-ACTV-1", "R-ACTV-2", "R-ACTV-3",
	"R-MOVE-1", "R-MOVE-2", "R-MOVE-3",
	"R-SHOOT-1", "R-SHOOT-2", "R-SHOOT-3", "R-SHOOT-4", "R-SHOOT-5", "R-SHOOT-6", "R-SHOOT-7",
	"R-FIGHT-1", "R-FIGHT-2",
	"R-END-1", "R-END-2", "R-END-3",
	"R-FORM-1", "R-FORM-2", "R-FORM-3", "R-FORM-4", "R-FORM-5",
	"R-HIDE-1", "R-HIDE-2", "R-HIDE-3", "R-HIDE-4", "R-HIDE-5",
	"R-OBJ-1", "R-OBJ-2", "R-OBJ-3",
	"R-WIN-1",
	"R-WORD-1", "R-WORD-2", "R-WORD-3", "R-WORD-4",
}

// icons are the inline icon names of card text (DESIGN.md), besides
// ":order-<faction>:".
var icons = []string{"move", "run", "fight", "shoot", "aim", "hide", "order",
	"ranged-die", "melee-die", "any-die", "active"}

var languages = []string{"en", "fr"}

const nbsp = "\u00a0"

var (
	fileNameRE  = regexp.MustCompile(`^(\d\d)-[a-z0-9]+(-[a-z0-9]+)*\.md$`)
	headingRE   = regexp.MustCompile(`^(#{1,6}) (.+) \{#([A-Za-z0-9-]+)\}$`)
	ruleIDRE    = regexp.MustCompile(`^R-[A-Z]+-\d+$`)
	iconRE      = regexp.MustCompile(`(^|[^\w:]):([a-z][a-z-]*):($|[^\w])`)
	cardRefRE   = regexp.MustCompile(`\[\[([^\]]*)\]\]`)
	cardIDRE    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	linkRE      = regexp.MustCompile(`\]\(([^)]*)\)`)
	linkTarget  = regexp.MustCompile(`^(\d\d-[a-z0-9-]+\.md)?(#[A-Za-z0-9-]+)?$`)
	rawHTMLRE   = regexp.MustCompile(`<[A-Za-z/!?]`)
	indexRowRE  = regexp.MustCompile(`^\| \[(R-[A-Z]+-\d+)\]\((\d\d-[a-z0-9-]+\.md)#(R-[A-Z]+-\d+)\) \| (.+) \| (.+) \|$`)
	iconTokenRE = regexp.MustCompile(`(^|[^\w:]):[a-z][a-z-]*:`)
)

// heading is one Markdown heading with its explicit id.
type heading struct {
	level int
	text  string
	id    string
	line  int
}

// chapter is one parsed rules file.
type chapter struct {
	lang, name string
	title      string
	order      int
	lines      []string // body lines, after the front matter
	first      int      // line number of lines[0]
	headings   []heading
}

func (c *chapter) pos(i int) string { return fmt.Sprintf("%s/%s:%d", c.lang, c.name, c.first+i) }

// load reads every chapter of every language, failing the test on a file
// that cannot be parsed at all.
func load(t *testing.T) map[string][]*chapter {
	t.Helper()
	all := map[string][]*chapter{}
	for _, lang := range languages {
		entries, err := os.ReadDir(lang)
		if err != nil {
			t.Fatalf("read %s: %v", lang, err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
				continue
			}
			src, err := os.ReadFile(path.Join(lang, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			c, err := parse(lang, e.Name(), string(src))
			if err != nil {
				t.Errorf("%s/%s: %v", lang, e.Name(), err)
				continue
			}
			all[lang] = append(all[lang], c)
		}
	}
	if len(all["en"]) == 0 {
		t.Fatal("no English chapters")
	}
	return all
}

func parse(lang, name, src string) (*chapter, error) {
	m := fileNameRE.FindStringSubmatch(name)
	if m == nil {
		return nil, fmt.Errorf("file name must be NN-slug.md")
	}
	lines := strings.Split(src, "\n")
	if len(lines) < 4 || lines[0] != "---" || !strings.HasPrefix(lines[1], "title: ") ||
		!strings.HasPrefix(lines[2], "order: ") || lines[3] != "---" {
		return nil, fmt.Errorf("front matter must be lines 1-4: ---, title: ..., order: N, ---")
	}
	c := &chapter{lang: lang, name: name, title: strings.TrimPrefix(lines[1], "title: "),
		lines: lines[4:], first: 5}
	order, err := strconv.Atoi(strings.TrimPrefix(lines[2], "order: "))
	if err != nil {
		return nil, fmt.Errorf("line 3: order must be a number: %v", err)
	}
	c.order = order
	if want, _ := strconv.Atoi(m[1]); order != want {
		return nil, fmt.Errorf("line 3: order is %d, the file name says %d", order, want)
	}
	if c.title == "" || strings.Contains(c.title, ": ") {
		return nil, fmt.Errorf("line 2: title must be non-empty and free of \": \"")
	}
	inFence := false
	for i, l := range c.lines {
		if strings.HasPrefix(l, "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(l, "#") {
			continue
		}
		h := headingRE.FindStringSubmatch(l)
		if h == nil {
			return nil, fmt.Errorf("line %d: heading without an explicit {#id}: %q", c.first+i, l)
		}
		c.headings = append(c.headings, heading{level: len(h[1]), text: h[2], id: h[3], line: c.first + i})
	}
	return c, nil
}

func names(cs []*chapter) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.name)
	}
	return out
}

func TestLanguagesHaveTheSameChaptersAndIDs(t *testing.T) {
	all := load(t)
	en, fr := all["en"], all["fr"]
	if !slices.Equal(names(en), names(fr)) {
		t.Fatalf("chapter files differ:\n en: %v\n fr: %v", names(en), names(fr))
	}
	for i := range en {
		e, f := en[i], fr[i]
		if e.order != f.order {
			t.Errorf("%s: order %d in en, %d in fr", e.name, e.order, f.order)
		}
		ids := func(c *chapter) []string {
			var out []string
			for _, h := range c.headings {
				out = append(out, fmt.Sprintf("h%d#%s", h.level, h.id))
			}
			return out
		}
		if a, b := ids(e), ids(f); !slices.Equal(a, b) {
			t.Errorf("%s: heading ids differ between languages:\n en: %v\n fr: %v", e.name, a, b)
		}
	}
}

func TestHeadingStructure(t *testing.T) {
	for _, cs := range load(t) {
		for _, c := range cs {
			seen := map[string]bool{}
			h1 := 0
			prev := 0
			for _, h := range c.headings {
				if seen[h.id] {
					t.Errorf("%s/%s:%d: duplicate id %q", c.lang, c.name, h.line, h.id)
				}
				seen[h.id] = true
				if h.level == 1 {
					h1++
					if h.text != c.title {
						t.Errorf("%s/%s:%d: H1 %q differs from the title %q", c.lang, c.name, h.line, h.text, c.title)
					}
				}
				if prev > 0 && h.level > prev+1 {
					t.Errorf("%s/%s:%d: heading jumps from level %d to %d", c.lang, c.name, h.line, prev, h.level)
				}
				prev = h.level
				if ruleIDRE.MatchString(h.id) && h.level != 3 {
					t.Errorf("%s/%s:%d: rule anchor %s must be on a level-3 heading", c.lang, c.name, h.line, h.id)
				}
			}
			if h1 != 1 || len(c.headings) == 0 || c.headings[0].level != 1 {
				t.Errorf("%s/%s: want exactly one H1, first", c.lang, c.name)
			}
		}
	}
}

// TestEveryRuleHasOneAnchor pins the anchor scheme: each digest rule is the
// id of exactly one heading per language, in the same chapter.
func TestEveryRuleHasOneAnchor(t *testing.T) {
	all := load(t)
	home := map[string]map[string][]string{} // lang → rule → chapters
	for lang, cs := range all {
		home[lang] = map[string][]string{}
		for _, c := range cs {
			for _, h := range c.headings {
				if ruleIDRE.MatchString(h.id) {
					home[lang][h.id] = append(home[lang][h.id], c.name)
				}
			}
		}
	}
	for _, lang := range languages {
		for _, r := range digestRules {
			if got := home[lang][r]; len(got) != 1 {
				t.Errorf("%s: rule %s anchored in %v, want exactly one chapter", lang, r, got)
			}
		}
		for r := range home[lang] {
			if !slices.Contains(digestRules, r) {
				t.Errorf("%s: anchor %s is not a rule of the digest", lang, r)
			}
		}
	}
	for _, r := range digestRules {
		if !slices.Equal(home["en"][r], home["fr"][r]) {
			t.Errorf("rule %s: chapter %v in en, %v in fr", r, home["en"][r], home["fr"][r])
		}
	}
}

func TestLinksResolve(t *testing.T) {
	for lang, cs := range load(t) {
		ids := map[string]map[string]bool{}
		for _, c := range cs {
			ids[c.name] = map[string]bool{}
			for _, h := range c.headings {
				ids[c.name][h.id] = true
			}
		}
		for _, c := range cs {
			for i, l := range c.lines {
				for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
					tm := linkTarget.FindStringSubmatch(m[1])
					if m[1] == "" || tm == nil {
						t.Errorf("%s: link %q: want NN-slug.md, #id or NN-slug.md#id", c.pos(i), m[1])
						continue
					}
					file := tm[1]
					if file == "" {
						file = c.name
					}
					if ids[file] == nil {
						t.Errorf("%s: link %q: no chapter %s in %s", c.pos(i), m[1], file, lang)
					} else if a := strings.TrimPrefix(tm[2], "#"); a != "" && !ids[file][a] {
						t.Errorf("%s: link %q: no heading id %q in %s/%s", c.pos(i), m[1], a, lang, file)
					}
				}
			}
		}
	}
}

func TestInlineSyntax(t *testing.T) {
	for _, cs := range load(t) {
		for _, c := range cs {
			for i, l := range c.lines {
				for _, m := range iconRE.FindAllStringSubmatch(l, -1) {
					name := m[2]
					faction, isOrder := strings.CutPrefix(name, "order-")
					if !slices.Contains(icons, name) && !(isOrder && cardIDRE.MatchString(faction)) {
						t.Errorf("%s: unknown icon :%s:", c.pos(i), name)
					}
				}
				for _, m := range cardRefRE.FindAllStringSubmatch(l, -1) {
					if kind, _, ok := strings.Cut(m[1], ":"); ok && slices.Contains([]string{"card", "map", "token", "dice"}, kind) {
						continue // a figure: the site kit checks it (site.ParseFigure), at its line in validate
					}
					if !cardIDRE.MatchString(m[1]) {
						t.Errorf("%s: card reference [[%s]]: want a lower-case kebab card id", c.pos(i), m[1])
					}
				}
				if rawHTMLRE.MatchString(l) {
					t.Errorf("%s: raw HTML is not allowed: %q", c.pos(i), l)
				}
			}
		}
	}
}

// TestFrenchTypography checks the spacing rules of French punctuation in
// the French chapters (front matter and headings' ids excluded).
func TestFrenchTypography(t *testing.T) {
	checks := []struct {
		name string
		bad  *regexp.Regexp
	}{
		{"ordinary space before ; : ! ? » or %: use U+00A0", regexp.MustCompile(` [;:!?»%]`)},
		{"ordinary space after «: use U+00A0", regexp.MustCompile(`« `)},
		{"no space before ; ! ?: add U+00A0", regexp.MustCompile(`[^\s\x{a0}\x{202f}|(\[*][;!?]`)},
		{"no space before a colon: add U+00A0", regexp.MustCompile(`[\p{L}\d*)][:](\s|$)`)},
		{"straight quote: use ’ or « »", regexp.MustCompile(`['"]`)},
		{"line starts with closing punctuation", regexp.MustCompile(`^\s*(> )?[;:!?»](\s|$)`)},
		{"line ends with «", regexp.MustCompile(`«\s*$`)},
		{"doubled space around U+00A0", regexp.MustCompile(`\x{a0}[ \x{a0}]|[ \x{a0}]\x{a0}`)},
	}
	all := load(t)
	for _, c := range all["fr"] {
		for i, l := range c.lines {
			if strings.HasPrefix(l, "#") {
				l = l[:strings.LastIndex(l, " {#")]
			}
			l = iconTokenRE.ReplaceAllString(l, "${1}ICON")
			for _, ck := range checks {
				if ck.bad.MatchString(l) {
					t.Errorf("%s: %s: %q", c.pos(i), ck.name, l)
				}
			}
		}
		if strings.Contains(c.title, "'") {
			t.Errorf("fr/%s: title uses a straight apostrophe", c.name)
		}
	}
	// The checks above must catch what they claim to catch.
	for _, bad := range []string{"mot : suite", "« citation »", "vraiment?", "l'armure", "mot: suite", "10 %", "«" + nbsp + nbsp + "citation"} {
		caught := false
		for _, ck := range checks {
			caught = caught || ck.bad.MatchString(bad)
		}
		if !caught {
			t.Errorf("typography checks miss %q", bad)
		}
	}
	for _, good := range []string{"mot" + nbsp + ": suite", "«" + nbsp + "citation" + nbsp + "»", "vraiment" + nbsp + "?", "l’armure", "10" + nbsp + "%", "un ICON de tir"} {
		for _, ck := range checks {
			if ck.bad.MatchString(good) {
				t.Errorf("typography check %q rejects correct text %q", ck.name, good)
			}
		}
	}
}

// TestRuleIndex checks the rule index at the end of the clarifications
// chapter: every digest rule once, in digest order, pointing at the chapter
// that anchors it, with that heading's text.
func TestRuleIndex(t *testing.T) {
	for lang, cs := range load(t) {
		where := map[string]struct{ file, title, text string }{}
		var index *chapter
		for _, c := range cs {
			if strings.HasSuffix(c.name, "-clarifications.md") {
				index = c
			}
			for _, h := range c.headings {
				if ruleIDRE.MatchString(h.id) {
					where[h.id] = struct{ file, title, text string }{c.name, c.title, h.text}
				}
			}
		}
		if index == nil {
			t.Errorf("%s: no NN-clarifications.md chapter", lang)
			continue
		}
		var got []string
		inIndex := false
		for i, l := range index.lines {
			if strings.HasPrefix(l, "#") {
				inIndex = strings.HasSuffix(l, "{#rule-index}")
			}
			m := indexRowRE.FindStringSubmatch(l)
			if !inIndex {
				continue
			}
			if m == nil {
				continue
			}
			r := m[1]
			got = append(got, r)
			w := where[r]
			if m[3] != r || m[2] != w.file || m[4] != w.title || m[5] != w.text {
				t.Errorf("%s: index row for %s is %q, want link %s#%s, chapter %q, heading %q",
					index.pos(i), r, l, w.file, r, w.title, w.text)
			}
		}
		if !slices.Equal(got, digestRules) {
			t.Errorf("%s: the rule index lists %v, want every digest rule in digest order", lang, got)
		}
	}
}
