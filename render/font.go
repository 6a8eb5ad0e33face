package render

import (
	"fmt"
	"slices"
	"sync"
	"unicode"

	"codeberg.org/go-pdf/fpdf"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Style is the style of a text run: the four Go fonts.
type Style uint8

// The text styles.
const (
	Regular Style = iota
	Bold
	Italic
	BoldItalic
)

// String returns the fpdf style string of s ("", "B", "I", "BI").
func (s Style) String() string {
	return [...]string{"", "B", "I", "BI"}[s&3]
}

// with returns s with bold and/or italic added.
func (s Style) with(bold, italic bool) Style {
	if bold {
		s |= Bold
	}
	if italic {
		s |= Italic
	}
	return s
}

// fontTTF holds the TrueType bytes of each style. The Go fonts carry every
// French letter, « » ’ … and U+00A0, but not U+202F or U+2009 (stack
// notes 2.5; see markup.GoFontSafe).
var fontTTF = [4][]byte{goregular.TTF, gobold.TTF, goitalic.TTF, gobolditalic.TTF}

// parsedFonts are the four Go fonts parsed once for the PDFs (fpdf would
// parse each font, and hash its metrics, for every document).
var parsedFonts = sync.OnceValue(func() [4]*fpdf.UTF8Font {
	var out [4]*fpdf.UTF8Font
	for i, ttf := range fontTTF {
		f, err := fpdf.ParseUTF8Font(ttf)
		if err != nil {
			panic(fmt.Sprintf("render: embedded Go font %d does not parse: %v", i, err)) // a build bug, not content
		}
		out[i] = f
	}
	return out
})

// FontFamily is the family name of the Go fonts in the PDF and the SVG.
const FontFamily = "Go"

// metrics are the advance widths of one font in thousandths of an em,
// rounded as fpdf rounds them, so that what the layout measures is what the
// PDF draws.
type metrics struct {
	font  *sfnt.Font
	upem  int
	mu    sync.Mutex
	table [0x3000]int16 // -1: no glyph; -2: not looked up yet (beyond table)
	more  map[rune]int16
}

var fontMetrics = sync.OnceValue(func() *[4]metrics {
	var all [4]metrics
	for i := range all {
		f, err := sfnt.Parse(fontTTF[i])
		if err != nil {
			panic(fmt.Sprintf("render: embedded Go font %d does not parse: %v", i, err)) // a build bug, not content
		}
		m := &all[i]
		m.font = f
		m.upem = int(f.UnitsPerEm())
		m.more = map[rune]int16{}
		var buf sfnt.Buffer
		for r := range rune(len(m.table)) {
			m.table[r] = m.lookup(&buf, r)
		}
	}
	return &all
})

func (m *metrics) lookup(buf *sfnt.Buffer, r rune) int16 {
	idx, err := m.font.GlyphIndex(buf, r)
	if err != nil || idx == 0 {
		return -1
	}
	adv, err := m.font.GlyphAdvance(buf, idx, fixed.Int26_6(m.upem<<6), font.HintingNone)
	if err != nil {
		return -1
	}
	// adv is in font units × 64; fpdf: round(1000/upem × width).
	w := float64(adv) / 64 * 1000 / float64(m.upem)
	return int16(w + 0.5)
}

// width returns the advance of r in thousandths of an em, or -1 when the
// font has no glyph for r.
func (m *metrics) width(r rune) int {
	if r >= 0 && int(r) < len(m.table) {
		return int(m.table[r])
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	w, ok := m.more[r]
	if !ok {
		var buf sfnt.Buffer
		w = m.lookup(&buf, r)
		m.more[r] = w
	}
	return int(w)
}

// PtToMM converts points to millimetres.
const PtToMM = 25.4 / 72

// textWidth returns the width in millimetres of s in style st at size pt,
// and the first rune the font cannot draw (0 when all can be drawn).
func textWidth(s string, st Style, size float64) (w float64, missing rune) {
	units, missing := textUnits(s, st)
	return unitsWidth(units, size), missing
}

// textUnits returns the advance of s in style st, in thousandths of an
// em, and the first rune the font cannot draw (0 when all can be drawn).
func textUnits(s string, st Style) (units int, missing rune) {
	m := &fontMetrics()[st&3]
	for _, r := range s {
		cw := m.width(r)
		if cw < 0 {
			if missing == 0 {
				missing = r
			}
			continue
		}
		units += cw
	}
	return units, missing
}

// unitsWidth is the width in millimetres of units thousandths of an em at
// size pt: what textWidth gives for a text of that advance.
func unitsWidth(units int, size float64) float64 {
	return float64(units) * size / 1000 * PtToMM
}

// Measure is textWidth without the missing rune.
func Measure(s string, st Style, size float64) float64 {
	w, _ := textWidth(s, st, size)
	return w
}

// MissingGlyphs are the characters of s that the card fonts cannot draw,
// each once in the order of s: what a language's texts need of a script
// the Go fonts lack (they carry Latin, Greek and Cyrillic). Spaces and
// invisible format characters (soft hyphens, joiners) are never missing:
// the layout drops or replaces them.
func MissingGlyphs(s string) []rune {
	var out []rune
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || slices.Contains(out, r) {
			continue
		}
		for st := range Style(4) {
			if fontMetrics()[st].width(r) < 0 {
				out = append(out, r)
				break
			}
		}
	}
	return out
}
