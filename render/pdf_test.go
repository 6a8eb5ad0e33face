package render

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
	"time"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/testtool"
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
				pdf, err := Sheets(cat, SheetOptions{Lang: l, Paper: tc.paper, Bleed: tc.bleed, Version: "1.2.3"})
				if err != nil {
					t.Fatal(err)
				}
				path := writeTemp(t, "cards-"+string(l)+".pdf", pdf)
				cards, _ := Layout(cat, l)
				pages, w, h := pdfInfo(t, path)
				if want := 2 * ((len(cards) + 8) / 9); pages != want {
					t.Errorf("%s: %d pages, want %d (ceil(%d/9) fronts + as many backs)", l, pages, want, len(cards))
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
	o := SheetOptions{Lang: wbcatalog.French, Version: "1"}
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
	d, _ := SourceDateEpoch("1767225600")
	o.Date = d
	c, _ := Sheets(cat, o)
	if !bytes.Contains(c, []byte("D:20260101000000")) {
		t.Error("SOURCE_DATE_EPOCH date not used")
	}
}

func TestSourceDateEpoch(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"", DefaultDate, true},
		{"0", time.Unix(0, 0).UTC(), true},
		{"1767225600", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"abc", time.Time{}, false},
		{"1.5", time.Time{}, false},
		{"-1", time.Time{}, false},
		{"99999999999999999999", time.Time{}, false},
	} {
		got, err := SourceDateEpoch(tt.in)
		if (err == nil) != tt.ok || !got.Equal(tt.want) {
			t.Errorf("SourceDateEpoch(%q) = %v, %v", tt.in, got, err)
		}
	}
}

// TestSheetGeometry: backs are mirrored for long-edge duplex, so each back
// lies behind its front; the back offset moves only the backs; crop marks
// stay off the cards.
func TestSheetGeometry(t *testing.T) {
	for _, paper := range Papers() {
		for _, bleed := range []float64{0, 3} {
			off := Pt{1.5, -0.5}
			s, err := newSheet(SheetOptions{Paper: paper, Bleed: bleed, BackOffset: off})
			if err != nil {
				t.Fatal(err)
			}
			for i := range 9 {
				f, b := s.slot(i)
				// flipping the sheet on its long (vertical) edge maps x to pw-x
				if got := s.pw - (b.X - off.X) - CardW; math.Abs(got-f.X) > 1e-9 || math.Abs(b.Y-off.Y-f.Y) > 1e-9 {
					t.Errorf("%s bleed %g slot %d: back at %v does not lie behind front %v", paper, bleed, i, b, f)
				}
				if f.X-s.bx < 0 || f.X+CardW+s.bx > s.pw || f.Y-s.by < 0 || f.Y+CardH+s.by > s.ph {
					t.Errorf("%s bleed %g slot %d off the page", paper, bleed, i)
				}
			}
			// crop marks fit in the margins, clear of the bleed, 5 mm or
			// more from the paper's edge
			if s.markX < markMin || s.markY < markMin || s.my-s.by-markClear-s.markX < markEdge-1e-9 || s.mx-s.bx-markClear-s.markY < markEdge-1e-9 {
				t.Errorf("%s bleed %g: crop marks %g/%g do not fit margins %g/%g", paper, bleed, s.markX, s.markY, s.mx, s.my)
			}
			// the bleed kept: some across on both papers (letter has no
			// room for any top to bottom: 279.4 − 3 × 88 leaves 15.4 mm)
			if bleed > 0 && (s.bx <= 0 || s.by <= 0 && paper != "letter") || s.bx > bleed || s.by > bleed {
				t.Errorf("%s bleed %g: effective bleed %g/%g", paper, bleed, s.bx, s.by)
			}
		}
	}
	for _, o := range []SheetOptions{{Paper: "a3"}, {Bleed: 4}, {Bleed: -1}, {BackOffset: Pt{11, 0}}} {
		if _, err := newSheet(o); err == nil {
			t.Errorf("newSheet(%+v) accepted", o)
		}
	}
}

// TestCalibration: the calibration sheet has two pages and its scales
// carry the back offset, so that a calibrated printer reads 0.
func TestCalibration(t *testing.T) {
	off := Pt{1.5, -2}
	if got := scaleTickX(0, 210, off); got != 105+1.5 {
		t.Errorf("tick 0 at %g", got)
	}
	// a printer shifting the back by s meets the front's centre line at
	// the tick -s; adding that reading to the offset cancels the shift.
	s := 1.25
	reading := -s
	if got := scaleTickX(reading, 210, Pt{}) + s; got != 105 {
		t.Errorf("reading %g lands at %g, want 105", reading, got)
	}
	if got := scaleTickY(0.5, 297, off); got != 148.5+0.5-2 {
		t.Errorf("tick y at %g", got)
	}
	pdf, err := Calibration(nil, SheetOptions{Lang: wbcatalog.French, BackOffset: off})
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

func TestEffectiveBleed(t *testing.T) {
	for _, tt := range []struct {
		paper  string
		bx, by float64
	}{{"a4", 1, 3}, {"letter", 1.98, 0}} {
		s, _ := newSheet(SheetOptions{Paper: tt.paper, Bleed: 3})
		if math.Abs(s.bx-tt.bx) > 0.01 || math.Abs(s.by-tt.by) > 0.01 {
			t.Errorf("%s: bleed %.2f x %.2f, want %.2f x %.2f", tt.paper, s.bx, s.by, tt.bx, tt.by)
		}
	}
}

// TestFontAfterClip: every card is drawn inside a clip (q ... Q), and Q
// restores the font in effect before it; so the first text of each card
// must select its font again. (Reusing the previous card's font selection
// once printed the common backs in the wrong font subset: tofu.)
func TestFontAfterClip(t *testing.T) {
	pdf, err := Sheets(testCatalog(), SheetOptions{Lang: wbcatalog.French, Uncompressed: true})
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
	pdf, err := Sheets(testCatalog(), SheetOptions{Lang: wbcatalog.French, Uncompressed: true})
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
		pdf, err := Sheets(cat, SheetOptions{Lang: wbcatalog.French, Cards: ids, Uncompressed: true})
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
