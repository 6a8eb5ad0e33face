package render

import (
	"bytes"
	"errors"
	"html"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/catalog"
)

// SVG backend: the same faces as the PDF, as standalone SVG images for the
// site. Every text run carries its measured width (textLength), so a
// browser that lacks the Go fonts still keeps each run in its place.

func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		s = "0"
	}
	return s
}

func svgPaint(b *bytes.Buffer, p Paint) {
	if p.Fill != nil {
		b.WriteString(` fill="` + p.Fill.Hex() + `"`)
	} else {
		b.WriteString(` fill="none"`)
	}
	if p.Stroke != nil {
		b.WriteString(` stroke="` + p.Stroke.Hex() + `" stroke-width="` + num(p.Width) + `"`)
	}
}

func svgPts(pts []Pt) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X) + "," + num(p.Y))
	}
	return b.String()
}

// SVG returns the face as a standalone SVG image of 63 × 88 mm; title is
// its accessible name (e.g. the card name).
func (f *Face) SVG(title string) []byte {
	var b bytes.Buffer
	lang := string(f.Lang)
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + num(CardW) + ` ` + num(CardH) + `" width="` + num(CardW) + `mm" height="` + num(CardH) + `mm" role="img" lang="` + html.EscapeString(lang) + `" aria-label="` + html.EscapeString(title) + `">`)
	b.WriteString("<title>" + html.EscapeString(title) + "</title>")
	b.WriteString(`<g stroke-linecap="round" stroke-linejoin="round" font-family="Go, 'Go Regular', 'DejaVu Sans', sans-serif">`)
	svgItems(&b, f.Items)
	b.WriteString("</g></svg>\n")
	return b.Bytes()
}

// SVG returns the front and back images of card id in language l.
func SVG(cat *catalog.Catalog, id string, l catalog.Lang) (front, back []byte, err error) {
	cat = Drafted(cat)
	c, err := LayoutCard(cat, l, id)
	if err != nil {
		return nil, nil, err
	}
	name, _ := cat.CardName(id)
	return c.Front.SVG(name.In(l)), c.Back.SVG(name.In(l) + " — " + label(cat, "card.back", l)), nil
}

// CardImages renders the SVG images of every card in both languages, keyed
// by slash path relative to the site root: cards/<lang>/<id>-front.svg and
// cards/<lang>/<id>-back.svg (the back is the common card back for cards
// without a real one).
func CardImages(cat *catalog.Catalog) (map[string][]byte, error) {
	cat = Drafted(cat)
	out := map[string][]byte{}
	var errs []error
	for _, l := range catalog.Langs {
		cards, err := Layout(cat, l)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for i := range cards {
			c := &cards[i]
			name, _ := cat.CardName(c.ID)
			dir := "cards/" + string(l) + "/" + c.ID
			out[dir+"-front.svg"] = c.Front.SVG(name.In(l))
			out[dir+"-back.svg"] = c.Back.SVG(name.In(l) + " — " + label(cat, "card.back", l))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// IconSVG returns the SVG elements of icon name (a markup icon name) as the
// cards draw it, in a 24 × 24 box: the site draws the dice with these, so
// that a die has one shape and the rulebooks' colours everywhere.
func IconSVG(name string) string {
	var b bytes.Buffer
	b.WriteString(`<g stroke-linecap="round" stroke-linejoin="round">`)
	svgItems(&b, icon(name, 12, 12, 24, colInk, nil))
	b.WriteString("</g>")
	return b.String()
}
