package wbcards

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t *testing.T, prog string, args ...string) string {
	t.Helper()
	out, err := exec.Command(prog, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", prog, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// normalize folds the no-break spaces and line breaks pdftotext gives back
// into plain spaces, so card texts can be searched for.
func normalize(s string) string {
	s = strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// pdfInfo returns the page count and the first page size in mm.
func pdfInfo(t *testing.T, path string) (pages int, w, h float64) {
	info := run(t, testtool.Require(t, "pdfinfo"), path)
	m := regexp.MustCompile(`Pages:\s+(\d+)`).FindStringSubmatch(info)
	s := regexp.MustCompile(`Page size:\s+([\d.]+) x ([\d.]+) pts`).FindStringSubmatch(info)
	if m == nil || s == nil {
		t.Fatalf("pdfinfo output:\n%s", info)
	}
	pages, _ = strconv.Atoi(m[1])
	w, _ = strconv.ParseFloat(s[1], 64)
	h, _ = strconv.ParseFloat(s[2], 64)
	return pages, w / 72 * 25.4, h / 72 * 25.4
}

// TestSheetsPDF checks the sheets with the poppler tools and qpdf: page
// size, page count, texts in the right language, embedded fonts, structure.
func TestSheetsPDF(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	for _, tc := range []struct {
		name  string
		cat   func(testing.TB) *wbcatalog.Catalog
		paper string
		bleed float64
		w, h  float64
	}{
		{"test-a4", func(testing.TB) *wbcatalog.Catalog { return testCatalog() }, "a4", 0, 210, 297},
		{"starter-letter-bleed", starterCatalog, "letter", 3, 215.9, 279.4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cat := tc.cat(t)
			for _, l := range wbcatalog.Langs {
				so := render.SheetOptions{Lang: l, Paper: tc.paper, Bleed: tc.bleed, Version: "1.2.3"}
				pdf, err := Sheets(cat, Options{SheetOptions: so})
				if err != nil {
					t.Fatal(err)
				}
				path := writeTemp(t, "cards-"+string(l)+".pdf", pdf)
				cards, _ := Layout(cat, l)
				pages, w, h := pdfInfo(t, path)
				cols, rows, err := render.SheetGrid(so)
				if err != nil {
					t.Fatal(err)
				}
				per := cols * rows // 9, fewer with a bleed the paper has no room for
				if want := 2 * ((len(cards) + per - 1) / per); pages != want {
					t.Errorf("%s: %d pages, want %d (ceil(%d/%d) fronts + as many backs)", l, pages, want, len(cards), per)
				}
				if math.Abs(w-tc.w) > 0.2 || math.Abs(h-tc.h) > 0.2 {
					t.Errorf("%s: page %.1f x %.1f mm, want %g x %g", l, w, h, tc.w, tc.h)
				}
				text := normalize(run(t, testtool.Require(t, "pdftotext"), "-enc", "UTF-8", path, "-"))
				for _, c := range cards {
					name, _ := cat.CardName(c.ID)
					if !strings.Contains(text, normalize(name.In(l))) {
						t.Errorf("%s: card name %q missing from the PDF text", l, name.In(l))
					}
				}
				for _, sk := range cat.Skills {
					d, _ := markup.Parse(sk.Text.In(l))
					// the first words of every skill text, in this language
					words := strings.Fields(normalize(d.Paragraphs[0].Runs[len(d.Paragraphs[0].Runs)-1].Text))
					if len(words) > 3 {
						words = words[:3]
					}
					if probe := strings.Join(words, " "); probe != "" && !strings.Contains(text, probe) {
						t.Errorf("%s: skill %s text %q missing", l, sk.ID, probe)
					}
				}
				commons := 0
				for _, c := range cards {
					// Objective cards print their format's own back
					if c.Back.Side == "common-back" && c.Kind != wbcatalog.KindObjective {
						commons++
					}
				}
				// every common back shows its title (a font lost to the
				// clip's graphics state once printed tofu instead)
				if n := strings.Count(text, "WARBOUND"); n != commons {
					t.Errorf("%s: %d WARBOUND titles on the backs, want %d", l, n, commons)
				}
				if !strings.Contains(text, "1.2.3") || !strings.Contains(text, fmt.Sprintf("/ %d", len(cards))) {
					t.Errorf("%s: sheet margin lacks the version or the card count", l)
				}
				fonts := run(t, testtool.Require(t, "pdffonts"), path)
				if n := strings.Count(fonts, "CID TrueType"); n < 3 {
					t.Errorf("%s: %d embedded fonts:\n%s", l, n, fonts)
				}
				for _, line := range strings.Split(fonts, "\n")[2:] {
					if f := strings.Fields(line); len(f) >= 7 && f[len(f)-5] != "yes" {
						t.Errorf("%s: font not embedded: %s", l, line)
					}
				}
				run(t, testtool.Require(t, "qpdf"), "--check", path)
			}
		})
	}
}

// TestSheetsDeterministic: two renders are byte-identical (D1, D4); the
// date comes from SOURCE_DATE_EPOCH when given.
func TestSheetsDeterministic(t *testing.T) {
	cat := testCatalog()
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Version: "1"}}
	a, err := Sheets(cat, o)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, _ := Sheets(cat, o)
		if !bytes.Equal(a, b) {
			t.Fatalf("two renders differ: %x vs %x", sha256.Sum256(a), sha256.Sum256(b))
		}
	}
	if !bytes.Contains(a, []byte("D:20000101000000")) {
		t.Error("default date not pinned")
	}
	d, _ := render.SourceDateEpoch("1767225600")
	o.Date = d
	c, _ := Sheets(cat, o)
	if !bytes.Contains(c, []byte("D:20260101000000")) {
		t.Error("SOURCE_DATE_EPOCH date not used")
	}
}

// TestCalibration: the calibration sheet has two pages, its texts in the
// language asked and the back offset in its instructions.
func TestCalibration(t *testing.T) {
	off := render.Pt{X: 1.5, Y: -2}
	pdf, err := render.Calibration(render.SheetOptions{Lang: wbcatalog.French, BackOffset: off}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := writeTemp(t, "calibrate.pdf", pdf)
	if pages, _, _ := pdfInfo(t, path); pages != 2 {
		t.Errorf("%d pages, want 2", pages)
	}
	text := normalize(run(t, testtool.Require(t, "pdftotext"), "-enc", "UTF-8", path, "-"))
	for _, w := range []string{"Calibrage recto verso", "--back-offset 1.5,-2", "X (mm)", "Y (mm)"} {
		if !strings.Contains(text, w) {
			t.Errorf("calibration text lacks %q", w)
		}
	}
	run(t, testtool.Require(t, "qpdf"), "--check", path)
}

// TestFontAfterClip: every card is drawn inside a clip (q ... Q), and Q
// restores the font in effect before it; so the first text of each card
// must select its font again. (Reusing the previous card's font selection
// once printed the common backs in the wrong font subset: tofu.)
func TestFontAfterClip(t *testing.T) {
	pdf, err := Sheets(testCatalog(), Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Uncompressed: true}})
	if err != nil {
		t.Fatal(err)
	}
	needFont, clips, texts := false, 0, 0
	for _, line := range strings.Split(string(pdf), "\n") {
		switch {
		case strings.HasSuffix(line, " W n"):
			needFont = true
			clips++
		case strings.HasSuffix(line, " Do Q"):
			clips++ // a face drawn again: its form's clip was counted once
		case strings.Contains(line, " Tf"):
			needFont = false
		}
		if strings.HasSuffix(line, ")Tj") || strings.Contains(line, ") Tj") {
			texts++
			if needFont {
				t.Fatalf("text drawn in a clip before any font selection: %.80s", line)
			}
		}
	}
	if clips < 16 || texts < 100 {
		t.Errorf("found %d clips and %d texts: the content streams were not read", clips, texts)
	}
}

// TestRepeatedFacesAreForms: a face drawn again (the common card back) is
// one form, written once and placed with "Do" from its second time on;
// the large shapes of faces (stat boxes, hexagon backgrounds, emblems) are
// forms named by their content, each written once; the page resources
// name every form, and every form is drawn.
func TestRepeatedFacesAreForms(t *testing.T) {
	pdf, err := Sheets(testCatalog(), Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Uncompressed: true}})
	if err != nil {
		t.Fatal(err)
	}
	s := string(pdf)
	forms := strings.Count(s, "/Type /XObject /Subtype /Form")
	named := regexp.MustCompile(`(?m)^/((FX\d+)|S[0-9a-f]{20}) (\d+) 0 R$`).FindAllStringSubmatch(s, -1)
	if len(named) != forms {
		t.Errorf("%d forms, %d named in the resources", forms, len(named))
	}
	faces, shapes := 0, 0
	seen := map[string]bool{}
	for _, m := range named {
		if seen[m[1]] {
			t.Errorf("form /%s named twice", m[1])
		}
		seen[m[1]] = true
		if m[2] != "" {
			faces++
			if !strings.Contains(s, "/"+m[1]+" Do Q") {
				t.Errorf("face form /%s is never drawn", m[1])
			}
			continue
		}
		shapes++
		if !strings.Contains(s, "/"+m[1]+" Do\n") {
			t.Errorf("shape form /%s is never drawn", m[1])
		}
	}
	if faces == 0 {
		t.Error("no face form: the common backs are drawn in full each time")
	}
	if shapes == 0 {
		t.Error("no shape form: every stat box is drawn in full each time")
	}
	t.Logf("%d face forms, drawn %d times; %d shape forms, drawn %d times", faces, strings.Count(s, " Do Q"),
		shapes, strings.Count(s, " Do\n")-strings.Count(s, " Do Q\n"))
}

// TestRepeatedCardIsForm: a card printed twice on a sheet (a deck holds
// several copies of a card) is drawn in full once, then as a form, front
// and back.
func TestRepeatedCardIsForm(t *testing.T) {
	cat := starterCatalog(t)
	id := cat.Characters[0].ID
	others := []string{cat.Characters[1].ID, cat.Characters[2].ID}
	faceForms := func(ids []string) int {
		pdf, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.French, Uncompressed: true}, Cards: ids})
		if err != nil {
			t.Fatal(err)
		}
		return len(regexp.MustCompile(`(?m)^/FX\d+ \d+ 0 R$`).FindAllString(string(pdf), -1))
	}
	once := faceForms(append([]string{id}, others...))
	twice := faceForms(append([]string{id, id}, others...))
	if twice != once+2 {
		t.Errorf("%d face forms with %s once, %d with it twice: want 2 more (its front and back)", once, id, twice)
	}
}
