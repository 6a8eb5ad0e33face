package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/render/markup"
)

// Text fitting. The layout breaks lines itself, with the same advance
// widths as the PDF (font.go), at ASCII spaces only: a no-break space keeps
// "mot !" and « attaquez » together, as fpdf's MultiCell does, and widths
// are summed per rune, never per byte (the SplitLines pitfall of stack
// notes 2.2). Backends then draw every run where the layout put it, so the
// PDF and the SVG wrap identically.
//
// A soft hyphen (U+00AD, typed by a designer in a long word) is an
// invisible break opportunity: it is never drawn nor measured, and when a
// word does not fit the rest of its line (or its box) it is broken at the
// last soft hyphen that fits, with a visible hyphen drawn at the end of the
// line. One-line texts (names, type lines) simply drop it.

// softHyphen is U+00AD SOFT HYPHEN.
const softHyphen = "\u00ad"

// noSoftHyphens returns s without its soft hyphens, as it is drawn when
// no line breaks at them.
func noSoftHyphens(s string) string {
	if !strings.Contains(s, softHyphen) {
		return s
	}
	return strings.ReplaceAll(s, softHyphen, "")
}

// Para is one paragraph to fit in a text box.
type Para struct {
	Runs   []markup.Run
	Base   Style   // style of plain runs
	Scale  float64 // size relative to the box's body size (1 when 0)
	Colour Colour
	Gap    float64 // space before the paragraph, in ems of the body size
	Center bool
}

// TextFrame is a rectangle text must fit in.
type TextFrame struct {
	X, Y, W, H float64
	Middle     bool // centre the text block vertically
}

// FitError says why a text could not fit; callers add the card and the
// language.
type FitError struct {
	what   string
	detail string
	// Need and Box are the height the text needs at the smallest size
	// and its box's, when it is too long (0 otherwise): a game tells the
	// designer how much to shorten.
	Need, Box float64
}

func (e *FitError) Error() string { return e.what + ": " + e.detail }

// piece is a drawable part of a word.
type piece struct {
	text    string
	style   Style
	icon    string
	natural int
	w       float64
	trim    float64 // an icon's blank right side left out of w (iconTrim)
}

type word struct {
	pieces []piece
	w      float64
}

type lineOut struct {
	words []word
	w     float64
}

const (
	lineHeight  = 1.2  // line pitch in ems
	iconAdvance = 1.22 // width an inline icon takes, in ems
	iconSize    = 1.08 // drawn size of an inline icon, in ems
)

// FitText lays paragraphs out in box at the largest size from maxPt down
// to minPt (in 0.25 pt steps) at which they fit, and returns the items.
// Text that does not fit at minPt is an error, never clipped.
func FitText(box TextFrame, paras []Para, maxPt, minPt float64, lang string, faction func(string) (Colour, bool), what string) ([]Item, float64, error) {
	return fitParas(box, paras, maxPt, minPt, lang, faction, what, true)
}

// fitParas is FitText, returning no items unless draw: the size and the
// error are the same either way.
func fitParas(box TextFrame, paras []Para, maxPt, minPt float64, lang string, faction func(string) (Colour, bool), what string, draw bool) ([]Item, float64, error) {
	return FitParasTo(nil, box, paras, maxPt, minPt, lang, faction, what, draw)
}

// FitParasTo is fitParas appending the items to dst (dst as it is on an
// error).
func FitParasTo(dst []Item, box TextFrame, paras []Para, maxPt, minPt float64, lang string, faction func(string) (Colour, bool), what string, draw bool) ([]Item, float64, error) {
	// Check glyphs once: a character the font cannot draw is an error.
	for _, p := range paras {
		for _, r := range p.Runs {
			if r.Text == "" {
				continue
			}
			if _, miss := textWidth(noSoftHyphens(markup.Typography(r.Text, lang)), p.Base.with(r.Strong, r.Emph), 10); miss != 0 {
				return dst, 0, &FitError{what: what, detail: fmt.Sprintf("the character %q (U+%04X) cannot be printed with the card font", miss, miss)}
			}
		}
	}
	ts := scratchPool.Get().(*textScratch)
	defer scratchPool.Put(ts)
	var lastH float64
	var wide string
	for size := maxPt; size >= minPt-1e-9; size -= 0.25 {
		all, h, tooWide := breakParas(box, paras, size, lang, ts)
		if tooWide != "" {
			wide = tooWide
			continue
		}
		lastH = h
		if h <= box.H+1e-6 {
			if !draw {
				return dst, size, nil
			}
			return appendParas(dst, box, all, h, faction), size, nil
		}
	}
	if lastH == 0 && wide != "" {
		return dst, 0, &FitError{what: what, detail: fmt.Sprintf("the word %q is wider than its box (%.1f mm) even at %g pt", wide, box.W, minPt)}
	}
	return dst, 0, &FitError{what, fmt.Sprintf("the text needs %.1f mm but its box is %.1f mm high, even at the %g pt minimum; shorten it", lastH, box.H, minPt), lastH, box.H}
}

// LayoutParas breaks paras into lines at body size size (pt). It returns
// the total height, or the first word that is wider than the box. With
// draw, it also returns the items.
func LayoutParas(box TextFrame, paras []Para, size float64, lang string, faction func(string) (Colour, bool), draw bool) (items []Item, height float64, tooWide string) {
	all, height, tooWide := breakParas(box, paras, size, lang, new(textScratch))
	if tooWide != "" {
		return nil, 0, tooWide
	}
	if !draw {
		return nil, height, ""
	}
	return appendParas(nil, box, all, height, faction), height, ""
}

// placed is a paragraph broken into lines, at its place in the box.
type placed struct {
	p     *Para
	lines []lineOut
	em    float64
	top   float64
}

// textScratch holds the slices that text fitting breaks paragraphs into,
// for the next fitting once the last one is drawn (nothing of them stays
// in the items). Each slice's length is what the current fitting uses; a
// paragraph's part of it is sliced off (its capacity clipped), so that it
// stays valid when the slice grows to a new array.
type textScratch struct {
	pieces []piece
	words  []word
	laid   []word
	lines  []lineOut
	placed []placed
	texts  []string
}

var scratchPool = sync.Pool{New: func() any { return new(textScratch) }}

// breakParas is LayoutParas without the drawing: the paragraphs broken
// into lines at body size size, their total height, or the first word
// wider than the box. What it returns is in ts's slices, valid until ts's
// next use.
func breakParas(box TextFrame, paras []Para, size float64, lang string, ts *textScratch) (all []placed, height float64, tooWide string) {
	ts.pieces, ts.words, ts.laid, ts.lines = ts.pieces[:0], ts.words[:0], ts.laid[:0], ts.lines[:0]
	all = ts.placed[:0]
	defer func() { ts.placed = all }()
	y := 0.0
	for i := range paras {
		p := &paras[i]
		sc := p.Scale
		if sc == 0 {
			sc = 1
		}
		pt := size * sc
		em := pt * PtToMM
		words := splitWordsIn(ts, p, pt, lang)
		space := Measure(" ", p.Base, pt)
		lines, ln0 := ts.lines, len(ts.lines)
		var cur lineOut
		// the words as placed (a word broken at a soft hyphen is two):
		// each line's are a part of this slice
		laid := slices.Grow(ts.laid, len(words)+2)
		put := func(w word) {
			if len(cur.words) > 0 {
				cur.w += space
			}
			laid = append(laid, w)
			cur.words = laid[len(laid)-len(cur.words)-1 : len(laid) : len(laid)]
			cur.w += w.w
		}
		for _, w := range words {
			for {
				avail := box.W + 1e-6
				if len(cur.words) > 0 {
					avail -= cur.w + space
				}
				if w.w <= avail {
					put(w)
					break
				}
				// Too long for the rest of the line: break it at a soft
				// hyphen, or start a new line with it.
				if head, tail, ok := hyphenate(w, avail, pt); ok {
					put(head)
					lines = append(lines, cur)
					cur = lineOut{}
					w = tail
					continue
				}
				if len(cur.words) == 0 {
					ts.lines, ts.laid = lines, laid
					return nil, 0, wordText(w)
				}
				lines = append(lines, cur)
				cur = lineOut{}
			}
		}
		if len(cur.words) > 0 {
			lines = append(lines, cur)
		}
		ts.lines, ts.laid = lines, laid
		lines = lines[ln0:len(lines):len(lines)]
		if len(lines) == 0 {
			continue
		}
		if len(all) > 0 {
			y += p.Gap * size * PtToMM
		}
		all = append(all, placed{p: p, lines: lines, em: em, top: y})
		y += float64(len(lines)) * em * lineHeight
	}
	return all, y, ""
}

// appendParas draws the paragraphs breakParas broke, height high in all,
// after items.
func appendParas(items []Item, box TextFrame, all []placed, height float64, faction func(string) (Colour, bool)) []Item {
	n := 0
	for _, pl := range all {
		for _, ln := range pl.lines {
			for _, w := range ln.words {
				n += len(w.pieces)
			}
		}
	}
	items = slices.Grow(items, n)
	off := box.Y
	if box.Middle && height < box.H {
		off += (box.H - height) / 2
	}
	for _, pl := range all {
		pt := pl.em / PtToMM
		space := Measure(" ", pl.p.Base, pt)
		for li, ln := range pl.lines {
			// baseline: ascent of the Go fonts is about 0.9 em of the
			// 1.2 em line pitch; centre the glyphs in the line.
			base := off + pl.top + float64(li)*pl.em*lineHeight + pl.em*0.93
			x := box.X
			if pl.p.Center {
				x += (box.W - ln.w) / 2
			}
			for wi, w := range ln.words {
				if wi > 0 {
					x += space
				}
				for _, pc := range w.pieces {
					items = appendPiece(items, pc, x, base, pt, pl.p.Colour, faction)
					x += pc.w
				}
			}
		}
	}
	return items
}

func wordText(w word) string {
	var b strings.Builder
	for _, p := range w.pieces {
		switch {
		case p.icon != "":
			b.WriteString(":" + p.icon + ":")
		case p.natural != 0:
			b.WriteString("[" + strconv.Itoa(p.natural) + "]")
		default:
			b.WriteString(noSoftHyphens(p.text))
		}
	}
	return b.String()
}

// hyphenate breaks w at its last soft hyphen where the head, with the
// hyphen drawn after it, is at most avail wide (pt is the body size). The
// soft hyphen goes with neither part; a break that would leave either part
// empty is no break.
func hyphenate(w word, avail, pt float64) (head, tail word, ok bool) {
	for i := len(w.pieces) - 1; i >= 0; i-- {
		pc := w.pieces[i]
		for at := strings.LastIndex(pc.text, softHyphen); at >= 0; at = strings.LastIndex(pc.text[:at], softHyphen) {
			before, after := pc.text[:at], pc.text[at+len(softHyphen):]
			if i == 0 && noSoftHyphens(before) == "" || i == len(w.pieces)-1 && noSoftHyphens(after) == "" {
				continue
			}
			h := word{pieces: append([]piece(nil), w.pieces[:i]...)}
			hp := pc
			hp.text, hp.w = before+"-", Measure(noSoftHyphens(before)+"-", pc.style, pt)
			h.pieces = append(h.pieces, hp)
			for _, p := range h.pieces {
				h.w += p.w
			}
			if h.w > avail {
				continue
			}
			var t word
			if noSoftHyphens(after) != "" {
				tp := pc
				tp.text, tp.w = after, Measure(noSoftHyphens(after), pc.style, pt)
				t.pieces = append(t.pieces, tp)
			}
			t.pieces = append(t.pieces, w.pieces[i+1:]...)
			for _, p := range t.pieces {
				t.w += p.w
			}
			return h, t, true
		}
	}
	return word{}, word{}, false
}

// splitWords turns the runs of p into words at ASCII spaces, measured at
// pt points. Icons and natural results join the word they touch.
func splitWords(p *Para, pt float64, lang string) []word {
	return splitWordsIn(new(textScratch), p, pt, lang)
}

// splitWordsIn is splitWords in ts's slices, after what they hold.
func splitWordsIn(ts *textScratch, p *Para, pt float64, lang string) []word {
	// the runs' texts as drawn, and room for every piece at once: the
	// words' pieces are parts of one slice
	texts := slices.Grow(ts.texts[:0], len(p.Runs))[:len(p.Runs)]
	n := 0
	for i, r := range p.Runs {
		texts[i] = ""
		if r.Icon != "" || r.Natural != 0 {
			n++
			continue
		}
		// no line break between a number and what it counts
		t := typo.NumberSpaces(markup.TypographyRun(r.Text, lang, i > 0))
		texts[i] = t
		n += strings.Count(t, " ") + 1
	}
	words, w0 := slices.Grow(ts.words, n), len(ts.words)
	all := slices.Grow(ts.pieces, n)
	start := len(all) // the current word's first piece in all
	var curW float64  // the current word's width
	end := func() {
		if len(all) > start {
			words = append(words, word{pieces: all[start:len(all):len(all)], w: curW})
		}
		start, curW = len(all), 0
	}
	add := func(pc piece) {
		cur := all[start:]
		// punctuation after an icon touches it, as after a word: the
		// icon gives up the blank on its right
		if n := len(cur); n > 0 && cur[n-1].icon != "" && cur[n-1].trim == 0 && closesWord(pc.text) {
			k := iconTrim(cur[n-1].icon) * pt * PtToMM
			cur[n-1].w -= k
			cur[n-1].trim = k
			curW -= k
		}
		// merge text of the same style
		if n := len(cur); n > 0 && pc.text != "" && cur[n-1].text != "" && cur[n-1].style == pc.style {
			cur[n-1].text += pc.text
			cur[n-1].w += pc.w
		} else {
			all = append(all, pc)
		}
		curW += pc.w
	}
	em := pt * PtToMM
	for i, r := range p.Runs {
		st := p.Base.with(r.Strong, r.Emph)
		switch {
		case r.Icon != "":
			add(piece{icon: r.Icon, style: st, w: iconAdvance * em})
		case r.Natural != 0:
			add(piece{natural: r.Natural, style: st, w: naturalWidth(r.Natural, pt)})
		default:
			for k, t := 0, texts[i]; ; k++ {
				seg, rest, more := strings.Cut(t, " ")
				if k > 0 {
					end()
				}
				if seg != "" {
					add(piece{text: seg, style: st, w: Measure(noSoftHyphens(seg), st, pt)})
				}
				if !more {
					break
				}
				t = rest
			}
		}
	}
	end()
	ts.words, ts.pieces, ts.texts = words, all, texts[:0]
	return words[w0:len(words):len(words)]
}

// naturalWidth is the width of a natural result box [N] at pt points.
func naturalWidth(n int, pt float64) float64 {
	return Measure(strconv.Itoa(n), Bold, pt*0.85) + 0.62*pt*PtToMM
}

// drawPiece draws one piece with its baseline at y.
func drawPiece(pc piece, x, y, pt float64, col Colour, faction func(string) (Colour, bool)) []Item {
	return appendPiece(nil, pc, x, y, pt, col, faction)
}

// appendPiece is drawPiece appending to items.
func appendPiece(items []Item, pc piece, x, y, pt float64, col Colour, faction func(string) (Colour, bool)) []Item {
	em := pt * PtToMM
	switch {
	case pc.icon != "":
		return append(items, Icon(pc.icon, x+(pc.w+pc.trim)/2, y-0.34*em, iconSize*em, col, faction)...)
	case pc.natural != 0:
		// a natural result: the face value in a small rounded box
		// (R-DICE-2: the number rolled, before modifiers)
		s := strconv.Itoa(pc.natural)
		tw := Measure(s, Bold, pt*0.85)
		h := 0.92 * em
		return append(items,
			Rect{X: x + 0.06*em, Y: y - 0.76*em, W: pc.w - 0.12*em, H: h, R: 0.22 * em, Paint: FillStroke(ColWhite, col, 0.07*em)},
			Text{X: x + (pc.w-tw)/2, Y: y - 0.04*em, Size: round2(pt * 0.85), Style: Bold, Colour: col, S: s, W: tw},
		)
	}
	return append(items, Text{X: x, Y: y, Size: round2(pt), Style: pc.style, Colour: col, S: noSoftHyphens(pc.text), W: pc.w})
}

// FitLineText is StyledLine without the drawing: s as drawn and the size
// it fits at, or why it cannot be drawn.
func FitLineText(s, lang string, st Style, w, maxPt, minPt float64, what string) (string, float64, error) {
	s = noSoftHyphens(markup.Typography(s, lang))
	units, miss := textUnits(s, st)
	if miss != 0 {
		return "", 0, &FitError{what: what, detail: fmt.Sprintf("the character %q (U+%04X) cannot be printed with the card font", miss, miss)}
	}
	size, ok := fitUnits(units, w, maxPt, minPt)
	if !ok {
		return "", 0, &FitError{what: what, detail: fmt.Sprintf("%q is %.1f mm wide at %g pt, wider than its %.1f mm; shorten it", s, Measure(s, st, minPt), minPt, w)}
	}
	return s, size, nil
}

// FitLine returns the largest size from maxPt down to minPt at which s fits
// in width w on one line.
func FitLine(s string, st Style, w, maxPt, minPt float64) (float64, bool) {
	units, _ := textUnits(s, st)
	return fitUnits(units, w, maxPt, minPt)
}

// fitUnits is FitLine for a text units thousandths of an em wide.
func fitUnits(units int, w, maxPt, minPt float64) (float64, bool) {
	for size := maxPt; size >= minPt-1e-9; size -= 0.25 {
		if unitsWidth(units, size) <= w+1e-6 {
			return size, true
		}
	}
	return minPt, false
}

// StyledLine draws s on one line in width w, shrinking from maxPt to minPt;
// align is 'l', 'c' or 'r' (x is then the left, centre or right edge).
func StyledLine(s, lang string, st Style, col Colour, x, y, w, maxPt, minPt float64, align byte, what string) (Item, error) {
	s, size, err := FitLineText(s, lang, st, w, maxPt, minPt, what)
	if err != nil {
		return nil, err
	}
	tw := Measure(s, st, size)
	switch align {
	case 'c':
		x -= tw / 2
	case 'r':
		x -= tw
	}
	return Text{X: x, Y: y, Size: round2(size), Style: st, Colour: col, S: s, W: tw}, nil
}

// MarkupTypo is the text of a one-line s as drawn.
func MarkupTypo(s, lang string) string { return noSoftHyphens(markup.Typography(s, lang)) }

// closesWord reports whether s starts with punctuation that follows a
// word without a space: , . ; : ! ? ) and the closing quotes.
func closesWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && strings.ContainsRune(",.;:!?)…’”»", r)
}

// iconTrim is the blank on the right of an inline icon, in ems, less a
// hair: what punctuation right after it may take back. It is measured on
// the icon's drawing, which is not centred in its box for every icon (the
// move arrow leans left).
func iconTrim(name string) float64 {
	if v, ok := iconTrims.Load(name); ok {
		return v.(float64)
	}
	right := 0.0
	for _, it := range Icon(name, 12, 12, 24, ColInk, func(string) (Colour, bool) { return ColInk, true }) {
		if _, hi, ok := itemBox(it); ok {
			right = max(right, hi.X)
		}
	}
	blank := max(0, 24-right) / 24 // of the drawn size
	k := max(0, (iconAdvance-iconSize)/2+blank*iconSize-0.06)
	iconTrims.Store(name, k)
	return k
}

var iconTrims sync.Map // icon name → iconTrim
