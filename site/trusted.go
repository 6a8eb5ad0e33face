package site

import (
	"fmt"
	"html/template"
	"regexp"
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

// fragmentHTML marks a fragment drawn by html/template (page.Shared) as
// HTML.
func fragmentHTML(s string) template.HTML { return template.HTML(s) } //nolint:gosec // audited: html/template's output

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

// tileMemo draws each card tile of the lists (template "cardtile") once
// per card: the same card is in the card list, its type's and faction's
// lists and the deck builder, whose tiles differ only by the relative
// links of their depth. A tile is a function of its listItem alone: the
// memo is keyed by the item's fields but its links (tileShape), and a
// tile of another depth is the memo's with its two links replaced, when
// both are plain paths (which html/template writes as they are). A
// PageCache keeps the tiles of the last build.
type tileMemo struct {
	t          *template.Template // any page template: all hold "cardtile"
	mu         sync.Mutex
	prev, next map[string]tile
	// off (tests) draws every tile with the template
	off bool
}

// tile is a drawn tile and the links it was drawn with.
type tile struct {
	href, thumb string
	html        string
}

// plainPath matches the links written as they are in a tile's href and
// src attributes.
var plainPath = regexp.MustCompile(`^[a-z0-9][a-z0-9./_-]*$|^\.\./[a-z0-9./_-]*$`)

// Tile is the item's card tile: html/template's output, so safe HTML.
func (it listItem) Tile() (template.HTML, error) {
	m := it.tiles
	if m == nil {
		return "", fmt.Errorf("site: card tile %s outside a list", it.ID)
	}
	k := it.tileShape()
	m.mu.Lock()
	t, ok := m.next[k]
	if !ok {
		t, ok = m.prev[k]
	}
	m.mu.Unlock()
	h, done := "", false
	if ok && !m.off {
		h, done = t.moved(it.Href, it.Thumb)
	}
	if !done {
		var sb strings.Builder
		if err := m.t.ExecuteTemplate(&sb, "cardtile", it); err != nil {
			return "", err
		}
		h = sb.String()
		if !ok {
			t = tile{href: it.Href, thumb: it.Thumb, html: h}
		}
	}
	m.mu.Lock()
	if _, ok := m.next[k]; !ok {
		m.next[k] = t
	}
	m.mu.Unlock()
	return template.HTML(h), nil //nolint:gosec // audited: html/template's output, or it with plain paths for plain paths
}

// moved is the tile with its links href and thumb; false when a link is
// not a plain path or the tile's are not found once each.
func (t tile) moved(href, thumb string) (string, bool) {
	if href == t.href && thumb == t.thumb {
		return t.html, true
	}
	for _, p := range []string{href, thumb, t.href, t.thumb} {
		if !plainPath.MatchString(p) {
			return "", false
		}
	}
	h := t.html
	for _, r := range [][2]string{{` href="` + t.href + `"`, ` href="` + href + `"`}, {` src="` + t.thumb + `"`, ` src="` + thumb + `"`}} {
		if strings.Count(h, r[0]) != 1 {
			return "", false
		}
		h = strings.Replace(h, r[0], r[1], 1)
	}
	return h, true
}

// tileShape holds every field of the item but its links (Href, Thumb and
// its faction's Href, which "cardtile" does not show), each prefixed by
// its length (no two items share a key).
func (it listItem) tileShape() string {
	var b []byte
	add := func(ss ...string) {
		for _, s := range ss {
			b = strconv.AppendInt(b, int64(len(s)), 10)
			b = append(b, ':')
			b = append(b, s...)
		}
	}
	add(it.ID, it.Name, it.Kind, it.KindLabel, it.FactionID, strconv.Itoa(it.Cost), strconv.FormatBool(it.HasCost), it.CostLabel, it.Format)
	if f := it.Faction; f != nil {
		add("faction", f.Label, f.Class, f.Lang)
	}
	for _, st := range it.Stats {
		add(st.Abbr, st.Title, st.Value)
	}
	return string(b)
}

// skillBlock is a skill's block on the card pages (template "skill"),
// drawn once per build and language: a thousand Characters print the
// same few skills.
type skillBlock struct {
	t    *template.Template // the card page template
	once sync.Once
	html string
	err  error
	off  bool // (tests) drawn each time
}

// Block is the skill's block: html/template's output, so safe HTML.
func (s skillView) Block() (template.HTML, error) {
	k := s.block
	if k == nil {
		return "", fmt.Errorf("site: skill %s without its block", s.ID)
	}
	draw := func() (string, error) {
		var sb strings.Builder
		err := k.t.ExecuteTemplate(&sb, "skill", s)
		return sb.String(), err
	}
	if k.off {
		h, err := draw()
		return template.HTML(h), err //nolint:gosec // audited: html/template's output
	}
	k.once.Do(func() { k.html, k.err = draw() })
	return template.HTML(k.html), k.err //nolint:gosec // audited: html/template's output
}
