package site

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"sync"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/render/markup"
)

// This file is the only place where the package makes template.HTML (the
// audited allow-list of reliability notes B3; a test fails on any other
// conversion). Everything else reaches the page through html/template's
// escaping.

// trustedHTML marks the output of goldmark (safe mode, after sanitize and
// with this package's node renderers) as HTML.
func trustedHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // audited: see above

// htmlBuf builds a small piece of HTML in which every string from content
// is escaped and the only markup comes from this package's constants.
type htmlBuf struct{ sb strings.Builder }

// Text writes escaped text.
func (h *htmlBuf) Text(s string) *htmlBuf {
	h.sb.WriteString(escapeHTML(s))
	return h
}

// Int writes a number.
func (h *htmlBuf) Int(n int) *htmlBuf {
	h.sb.WriteString(strconv.Itoa(n))
	return h
}

// tag writes a constant tag of this package (never content).
func (h *htmlBuf) tag(s string) *htmlBuf {
	h.sb.WriteString(s)
	return h
}

// Icon writes a known icon.
func (h *htmlBuf) Icon(b *builder, name string, l catalog.Lang) *htmlBuf {
	if svg, ok := b.iconSVG(name, l); ok {
		h.sb.WriteString(svg)
	}
	return h
}

// HTML returns what was built.
func (h *htmlBuf) HTML() template.HTML { return template.HTML(h.sb.String()) } //nolint:gosec // audited: escaped text and constants only

// cardText renders card text (render/markup) of a card in language l as
// HTML: paragraphs of escaped text, <strong> and <em>, inline icons and
// natural results. French text gets its typographic spaces.
func (b *builder) cardText(src string, l catalog.Lang, where catalog.Pos, what string) template.HTML {
	doc, err := markup.Parse(src)
	err = markup.IconErrors(err)
	if err != nil {
		b.addErr(diag.Diagnostic{Pos: where, Msg: fmt.Sprintf("%s (%s text): %v", what, langWord(l), err)})
		return ""
	}
	for _, f := range doc.Factions() {
		if b.cat.Faction(f) == nil {
			b.addErr(diag.Diagnostic{Pos: where, Msg: fmt.Sprintf("%s (%s text): icon :order-%s: names no faction", what, langWord(l), f)})
		}
	}
	var h htmlBuf
	for _, p := range doc.Paragraphs {
		h.tag("<p>")
		for i, r := range p.Runs {
			open, close := "", ""
			if r.Strong {
				open, close = "<strong>", "</strong>"
			}
			if r.Emph {
				open, close = open+"<em>", "</em>"+close
			}
			h.tag(open)
			switch {
			case r.Icon != "":
				h.Icon(b, r.Icon, l)
			case r.Natural > 0:
				h.tag(`<span class="natural" title="`).Text(naturalLabel(l)).tag(`">`).Int(r.Natural).tag(`</span>`)
			default:
				s := r.Text
				if l == catalog.French {
					s = typo.French(s, i > 0) // on the text, before escaping
				}
				h.Text(typo.NumberSpaces(s)) // "2 Stress" on one line, as on the cards
			}
			h.tag(close)
		}
		h.tag("</p>")
	}
	return h.HTML()
}

func naturalLabel(l catalog.Lang) string {
	if l == catalog.French {
		return "résultat naturel"
	}
	return "natural result"
}

func langWord(l catalog.Lang) string {
	if l == catalog.French {
		return "French"
	}
	return "English"
}

// tileMemo draws each card tile of the lists (template "cardtile") once:
// the same card is in the card list, its type's and faction's lists and
// the deck builder, which differ only by their depth. A tile is a
// function of its listItem alone, so the memo is keyed by the item's
// fields; a PageCache keeps the tiles of the last build.
type tileMemo struct {
	t          *template.Template // any page template: all hold "cardtile"
	mu         sync.Mutex
	prev, next map[string]template.HTML
}

// Tile is the item's card tile: html/template's output, so safe HTML.
func (it listItem) Tile() (template.HTML, error) {
	m := it.tiles
	if m == nil {
		return "", fmt.Errorf("site: card tile %s outside a list", it.ID)
	}
	k := it.tileKey()
	m.mu.Lock()
	h, ok := m.next[k]
	if !ok {
		h, ok = m.prev[k]
	}
	m.mu.Unlock()
	if !ok {
		var sb strings.Builder
		if err := m.t.ExecuteTemplate(&sb, "cardtile", it); err != nil {
			return "", err
		}
		h = template.HTML(sb.String()) //nolint:gosec // audited: html/template's output
	}
	m.mu.Lock()
	m.next[k] = h
	m.mu.Unlock()
	return h, nil
}

// tileKey holds every field of the item that "cardtile" reads, each
// prefixed by its length (no two items share a key).
func (it listItem) tileKey() string {
	var b []byte
	add := func(ss ...string) {
		for _, s := range ss {
			b = strconv.AppendInt(b, int64(len(s)), 10)
			b = append(b, ':')
			b = append(b, s...)
		}
	}
	add(it.ID, it.Href, it.Thumb, it.Name, it.Kind, it.KindLabel, it.FactionID, strconv.Itoa(it.Cost), strconv.FormatBool(it.HasCost), it.CostLabel, it.Format)
	if f := it.Faction; f != nil {
		add("faction", f.Href, f.Label, f.Class, f.Lang)
	}
	for _, st := range it.Stats {
		add(st.Abbr, st.Title, st.Value)
	}
	return string(b)
}
