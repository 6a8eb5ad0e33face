package wbsite

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
)

// htmlBuf builds a small piece of HTML in which every string from content
// is escaped and the only markup comes from this package's constants.
type htmlBuf struct{ sb strings.Builder }

// Text writes escaped text.
func (h *htmlBuf) Text(s string) *htmlBuf {
	h.sb.WriteString(site.EscapeHTML(s))
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
func (h *htmlBuf) Icon(b *builder, name string, l wbcatalog.Lang) *htmlBuf {
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
func (b *builder) cardText(src string, l wbcatalog.Lang, where wbcatalog.Pos, what string) template.HTML {
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
	if b.check {
		return "" // checked: a check shows no page
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
				h.tag(`<span class="natural" title="`).Text(site.NaturalLabel(l)).tag(`">`).Int(r.Natural).tag(`</span>`)
			default:
				s := r.Text
				if l == wbcatalog.French {
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

func langWord(l wbcatalog.Lang) string {
	if l == wbcatalog.French {
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

// plainPath reports whether p is a link written as it is in a tile's
// href and src attributes: a lower-case letter or digit, or "../", then
// lower-case letters, digits and "./_-" (the regular expression
// of TestPlainPath, checked byte by byte: every tile of every list asks, on
// every build).
func plainPath(p string) bool {
	rest := p
	switch {
	case strings.HasPrefix(p, "../"):
		rest = p[3:]
	case p != "" && (p[0] >= 'a' && p[0] <= 'z' || p[0] >= '0' && p[0] <= '9'):
		rest = p[1:]
	default:
		return false
	}
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '/' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

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
	if !done && !m.off {
		h, done = drawTile(it)
		if done && !ok {
			t = tile{href: it.Href, thumb: it.Thumb, html: h}
		}
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
		if !plainPath(p) {
			return "", false
		}
	}
	h := t.html
	for _, r := range [][2]string{{` href="` + t.href + `"`, ` href="` + href + `"`}, {` src="` + t.thumb + `"`, ` src="` + thumb + `"`}} {
		// found once (as strings.Count counts: none after the first)
		i := strings.Index(h, r[0])
		if i < 0 || strings.Contains(h[i+len(r[0]):], r[0]) {
			return "", false
		}
		h = h[:i] + r[1] + h[i+len(r[0]):]
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

// fragmentMemo keeps the fragments of the card pages drawn in one build
// (a statistics row, a card's crumbs), each by the whole of the data it
// was drawn from: a thousand Characters share a few values per
// statistic, and every card of a kind and faction the same crumbs.
type fragmentMemo struct {
	t  *template.Template // the card page template
	mu sync.Mutex
	m  map[string]string
	// off (tests) draws every fragment with the template
	off bool
}

// draw returns template name drawn with data, whose every field the
// key holds (fragmentKey).
func (m *fragmentMemo) draw(name, key string, data any) (template.HTML, error) {
	if m == nil {
		return "", fmt.Errorf("site: fragment %s outside a build", name)
	}
	k := name + "\x00" + key
	if !m.off {
		m.mu.Lock()
		h, ok := m.m[k]
		m.mu.Unlock()
		if ok {
			return template.HTML(h), nil //nolint:gosec // audited: html/template's output
		}
	}
	var sb strings.Builder
	if err := m.t.ExecuteTemplate(&sb, name, data); err != nil {
		return "", err
	}
	h := sb.String()
	if !m.off {
		m.mu.Lock()
		m.m[k] = h
		m.mu.Unlock()
	}
	return template.HTML(h), nil //nolint:gosec // audited: html/template's output
}

// fragmentKey joins strings into a key, each prefixed by its length (no
// two lists share a key).
func fragmentKey(b []byte, ss ...string) []byte {
	for _, s := range ss {
		b = strconv.AppendInt(b, int64(len(s)), 10)
		b = append(b, ':')
		b = append(b, s...)
	}
	return b
}

// StatRows are the rows of the card's statistics table ("statrow"), each
// drawn once per build.
func (cp *cardPage) StatRows() (template.HTML, error) {
	var sb strings.Builder
	var key []byte
	for _, r := range cp.Stats {
		key = fragmentKey(key[:0], r.Label)
		for _, v := range r.Values {
			key = fragmentKey(key, string(v))
		}
		h, err := cp.frags.draw("statrow", string(key), r)
		if err != nil {
			return "", err
		}
		sb.WriteString(string(h))
	}
	return template.HTML(sb.String()), nil //nolint:gosec // audited: html/template's output
}

// crumbs is what a card page's head shows above its name.
type crumbs struct {
	KindLink, KindLabel string
	Faction             *site.LinkItem
}

// Crumbs is the start of the card's head: its type and faction links
// ("card-crumbs"), drawn once per build.
func (cp *cardPage) Crumbs() (template.HTML, error) {
	c := crumbs{cp.KindLink, cp.KindLabel, cp.Faction}
	key := fragmentKey(nil, c.KindLink, c.KindLabel)
	if f := c.Faction; f != nil {
		key = fragmentKey(key, f.Href, f.Label, f.Class, f.Lang)
	}
	return cp.frags.draw("card-crumbs", string(key), c)
}

// cardsDrawn counts the card pages drawCard wrote (tests).
var cardsDrawn atomic.Int64

// drawCard writes the content of card page p (template "content" of
// card.html) in Go: a card page has some sixty template actions, each a
// reflective call and an escaper's. ok is false for a page with a part
// it does not write (a Leader's orders, an Objective's scoring, a
// history) or a link that is not plain: its template draws it.
// TestTilesEqualTemplate compares both on every page of three sites.
func (b *builder) drawCard(p *page, d *cardPage) (template.HTML, bool, error) {
	if d.Leader != nil || d.Scoring != nil || p.History(d.Card.ID) != nil {
		return "", false, nil
	}
	l := p.Lang
	T := func(key string) string { return b.label(key, l) }
	coll := d.Card.Kind.Collection()
	w := &site.CardWriter{OK: true}
	w.Buf.Grow(4 << 10)
	w.Tag("\n<article class=\"card-page\">\n")
	crumbs, err := d.Crumbs()
	if err != nil {
		return "", false, err
	}
	w.HTML(crumbs)
	w.Tag("\n<h1>")
	w.Text(d.Name)
	w.HTML(b.staleMark(l, []string{coll, d.Card.ID, "name"}))
	w.Tag("</h1>\n</header>\n<div class=\"card-body\">\n<div class=\"card-images\">\n")
	for _, im := range d.Images {
		w.Tag(`<figure><a class="enlarge" href="`)
		w.URL(im.Src)
		w.Tag(`" title="`)
		w.Text(T("card.enlarge"))
		w.Tag(`" data-close="`)
		w.Text(T("card.close"))
		w.Tag(`"><img src="`)
		w.URL(im.Src)
		w.Tag(`" alt="`)
		w.Text(im.Alt)
		w.Tag(`" width="315" height="440"></a><figcaption>`)
		w.Text(im.Caption)
		w.Tag("</figcaption></figure>\n")
	}
	if a := d.Art; a != nil {
		w.Tag(`<p class="art-credit">`)
		w.Text(T("card.art"))
		if a.Credit != "" {
			w.Tag(" — ")
			w.Text(a.Credit)
		}
		w.Tag(` · <a href="`)
		w.URL(a.Href)
		w.Tag(`">`)
		w.Text(T("card.art.full"))
		w.Tag("</a></p>")
	}
	w.Tag("</div>\n<div class=\"card-info\">\n")
	if d.Flavor != "" {
		w.Tag(`<p class="flavor">`)
		w.Text(d.Flavor)
		w.HTML(b.staleMark(l, []string{"characters", d.Card.ID, "flavor"}))
		w.Tag("</p>")
	}
	w.Tag("\n")
	if d.Text != "" {
		w.Tag("<section><h2>")
		w.Text(T("card.text"))
		w.HTML(b.staleMark(l, []string{coll, d.Card.ID, "text"}))
		w.Tag(`</h2><div class="card-text">`)
		w.HTML(d.Text)
		w.Tag("</div></section>")
	}
	w.Tag("\n\n")
	if len(d.Stats) > 0 {
		w.Tag("<section><h2>")
		if len(d.StatHeads) > 0 {
			w.Text(T("card.stats"))
		} else {
			w.Text(T("stat.bonuses"))
		}
		w.Tag("</h2>\n<table class=\"stats\">")
		if len(d.StatHeads) > 0 {
			w.Tag("<thead><tr><td></td>")
			for _, h := range d.StatHeads {
				w.Tag(`<th scope="col">`)
				w.Text(h)
				w.Tag("</th>")
			}
			w.Tag("</tr></thead>")
		}
		w.Tag("\n<tbody>")
		rows, err := d.StatRows()
		if err != nil {
			return "", false, err
		}
		w.HTML(rows)
		w.Tag("</tbody></table></section>")
	}
	w.Tag("\n")
	blocks := func(ss []skillView) error {
		for _, s := range ss {
			h, err := s.Block()
			if err != nil {
				return err
			}
			w.HTML(h)
		}
		return nil
	}
	if len(d.Skills) > 0 {
		w.Tag("<section><h2>")
		if d.Card.Kind == wbcatalog.KindReference {
			w.Text(T("ref.skills"))
		} else {
			w.Text(T("card.skills"))
			if len(d.StatHeads) > 0 {
				w.Tag(" — ")
				w.Text(d.StatHeads[0])
			}
		}
		w.Tag("</h2>")
		if err := blocks(d.Skills); err != nil {
			return "", false, err
		}
		w.Tag("</section>")
	}
	w.Tag("\n")
	if len(d.PanicSkills) > 0 {
		w.Tag("<section><h2>")
		w.Text(T("card.skills"))
		w.Tag(" — ")
		w.Text(T("card.panic"))
		w.Tag("</h2>")
		if err := blocks(d.PanicSkills); err != nil {
			return "", false, err
		}
		w.Tag("</section>")
	}
	w.Tag("\n\n<section><h2>")
	w.Text(T("card.decks"))
	w.Tag("</h2>")
	if len(d.Decks) > 0 {
		w.Tag(`<ul class="plain">`)
		for _, k := range d.Decks {
			w.Tag(`<li><a href="`)
			w.URL(k.Href)
			w.Tag(`">`)
			w.Text(k.Label)
			w.Tag("</a></li>")
		}
		w.Tag("</ul>")
	} else {
		w.Tag(`<p class="muted">`)
		w.Text(T("card.nodecks"))
		w.Tag("</p>")
	}
	w.Tag("</section>\n<section><h2>")
	w.Text(T("card.checks"))
	w.Tag("</h2>")
	if len(d.Checks) > 0 {
		w.Tag(`<ul class="plain">`)
		for _, c := range d.Checks {
			w.Tag(`<li><a href="`)
			w.URL(c.Href)
			w.Tag(`">`)
			w.Text(c.ID)
			w.Tag("</a>")
			for _, r := range c.Rules {
				w.Tag(` <a class="rule-ref" href="`)
				if r.Href != "" {
					w.URL(r.Href)
				} else {
					w.Tag("#")
				}
				w.Tag(`">`)
				w.Text(r.Label)
				w.Tag("</a>")
			}
			w.Tag("</li>")
		}
		w.Tag("</ul>")
	} else {
		w.Tag(`<p class="muted">`)
		w.Text(T("card.nochecks"))
		w.Tag("</p>")
	}
	w.Tag("</section>\n")
	w.Tag(`<p class="card-id">`)
	w.Text(T("card.id"))
	w.Tag(" <code>")
	w.Text(d.Card.ID)
	w.Tag("</code></p>\n</div>\n</div>\n</article>\n")
	if !w.OK {
		return "", false, nil
	}
	cardsDrawn.Add(1)
	return template.HTML(w.Buf.String()), true, nil //nolint:gosec // audited: escaped as html/template escapes (escText), plain links, safe HTML
}

// factionCost writes a list item's faction and cost, each after sep, as
// template cardtile (sep "") and deckbuilder.html's pool (sep " ") draw
// them.
func factionCost(w *site.CardWriter, it listItem, sep string) {
	if f := it.Faction; f != nil {
		w.Tag(sep + `<span class="faction `)
		w.Text(f.Class)
		w.Tag(`">`)
		w.Text(f.Label)
		w.Tag(`</span>`)
	}
	if it.HasCost {
		w.Tag(sep + `<span class="cost" title="`)
		w.Text(it.CostLabel)
		w.Tag(`"><span class="visually-hidden">`)
		w.Text(it.CostLabel)
		w.Tag(` </span>`)
		w.Tag(strconv.Itoa(it.Cost))
		w.Tag(`</span>`)
	}
}

// drawTile writes the card tile of it as template "cardtile" draws it
// (escText, plain links); false when a link is not plain.
func drawTile(it listItem) (string, bool) {
	w := &site.CardWriter{OK: true}
	w.Buf.Grow(512)
	w.Tag(`<li data-id="`)
	w.Text(it.ID)
	w.Tag(`" data-kind="`)
	w.Text(it.Kind)
	w.Tag(`" data-faction="`)
	w.Text(it.FactionID)
	w.Tag(`" data-cost="`)
	if it.HasCost {
		w.Tag(strconv.Itoa(it.Cost))
	}
	w.Tag(`"><a href="`)
	w.URL(it.Href)
	w.Tag(`"`)
	if f := it.Faction; f != nil {
		w.Tag(` class="`)
		w.Text(f.Class)
		w.Tag(`"`)
	}
	w.Tag(`><img class="thumb" src="`)
	w.URL(it.Thumb)
	w.Tag(`" alt="" width="90" height="126" loading="lazy"><span class="tile-text"><span class="name">`)
	w.Text(it.Name)
	w.Tag(`</span><span class="meta"><span class="kind kind-`)
	w.Text(it.Kind)
	w.Tag(`">`)
	w.Text(it.KindLabel)
	w.Tag(`</span>`)
	if it.Format != "" {
		w.Tag(`<span class="format">`)
		w.Text(it.Format)
		w.Tag(`</span>`)
	}
	factionCost(w, it, "")
	w.Tag(`</span>`)
	if len(it.Stats) > 0 {
		w.Tag(`<span class="key-stats">`)
		for _, s := range it.Stats {
			w.Tag(`<span class="stat"><abbr title="`)
			w.Text(s.Title)
			w.Tag(`">`)
			w.Text(s.Abbr)
			w.Tag(`</abbr> `)
			w.Text(s.Value)
			w.Tag(`</span>`)
		}
		w.Tag(`</span>`)
	}
	w.Tag(`</span></a></li>`)
	return w.Buf.String(), w.OK
}

// tileList is a list of cards ("cardlist"): their tiles in a <ul>, ""
// when the tiles are drawn by the template each time (noTileMemo).
func tileList(items []listItem) (template.HTML, error) {
	if site.NoTileMemo || len(items) == 0 {
		return "", nil
	}
	const head, tail = "<ul class=\"card-list\">\n", "</ul>"
	// the tiles first, then the list in one buffer of its size: a list of
	// every card is ~1 MB, which growing by doubling allocated twice
	tiles := make([]template.HTML, len(items))
	n := len(head) + len(tail)
	for i, it := range items {
		h, err := it.Tile()
		if err != nil {
			return "", err
		}
		tiles[i] = h
		n += len(h) + 1
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteString(head)
	for _, h := range tiles {
		sb.WriteString(string(h))
		sb.WriteByte('\n')
	}
	sb.WriteString(tail)
	return template.HTML(sb.String()), nil //nolint:gosec // audited: the tiles (Tile) in constant markup
}

// poolList is the deck builder's pool: an <li> per card as
// deckbuilder.html's range draws it (escText, plain links), add the
// label of its buttons; "" when the template draws it (noTileMemo, or a
// link that is not plain).
func poolList(items []listItem, add string) (template.HTML, error) {
	if site.NoTileMemo || len(items) == 0 {
		return "", nil
	}
	w := &site.CardWriter{OK: true}
	w.Buf.Grow(600 * len(items))
	for _, it := range items {
		w.Tag(`<li data-id="`)
		w.Text(it.ID)
		w.Tag(`" data-kind="`)
		w.Text(it.Kind)
		w.Tag(`" data-name="`)
		w.Text(it.Name)
		w.Tag(`"><img class="thumb" src="`)
		w.URL(it.Thumb)
		w.Tag(`" alt="" width="45" height="63" loading="lazy"><span class="tile-text"><a class="name" href="`)
		w.URL(it.Href)
		w.Tag(`">`)
		w.Text(it.Name)
		w.Tag(`</a><span class="meta"><span class="kind kind-`)
		w.Text(it.Kind)
		w.Tag(`">`)
		w.Text(it.KindLabel)
		w.Tag(`</span>`)
		factionCost(w, it, " ")
		w.Tag(`</span></span><button type="button" class="db-add" hidden aria-label="`)
		w.Text(add)
		w.Tag(` `)
		w.Text(it.Name)
		w.Tag(`">`)
		w.Text(add)
		w.Tag("</button></li>\n")
	}
	if !w.OK {
		return "", nil
	}
	return template.HTML(w.Buf.String()), nil //nolint:gosec // audited: escaped as html/template escapes (escText), plain links
}
