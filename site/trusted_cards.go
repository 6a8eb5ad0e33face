package site

import (
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/typo"
	"wbtool.dev/wbtool/render/markup"
)

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
	Faction             *link
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
	w := &cardWriter{ok: true}
	w.sb.Grow(4 << 10)
	w.tag("\n<article class=\"card-page\">\n")
	crumbs, err := d.Crumbs()
	if err != nil {
		return "", false, err
	}
	w.html(crumbs)
	w.tag("\n<h1>")
	w.text(d.Name)
	w.html(b.staleMark(l, []string{coll, d.Card.ID, "name"}))
	w.tag("</h1>\n</header>\n<div class=\"card-body\">\n<div class=\"card-images\">\n")
	for _, im := range d.Images {
		w.tag(`<figure><a class="enlarge" href="`)
		w.url(im.Src)
		w.tag(`" title="`)
		w.text(T("card.enlarge"))
		w.tag(`" data-close="`)
		w.text(T("card.close"))
		w.tag(`"><img src="`)
		w.url(im.Src)
		w.tag(`" alt="`)
		w.text(im.Alt)
		w.tag(`" width="315" height="440"></a><figcaption>`)
		w.text(im.Caption)
		w.tag("</figcaption></figure>\n")
	}
	if a := d.Art; a != nil {
		w.tag(`<p class="art-credit">`)
		w.text(T("card.art"))
		if a.Credit != "" {
			w.tag(" — ")
			w.text(a.Credit)
		}
		w.tag(` · <a href="`)
		w.url(a.Href)
		w.tag(`">`)
		w.text(T("card.art.full"))
		w.tag("</a></p>")
	}
	w.tag("</div>\n<div class=\"card-info\">\n")
	if d.Flavor != "" {
		w.tag(`<p class="flavor">`)
		w.text(d.Flavor)
		w.html(b.staleMark(l, []string{"characters", d.Card.ID, "flavor"}))
		w.tag("</p>")
	}
	w.tag("\n")
	if d.Text != "" {
		w.tag("<section><h2>")
		w.text(T("card.text"))
		w.html(b.staleMark(l, []string{coll, d.Card.ID, "text"}))
		w.tag(`</h2><div class="card-text">`)
		w.html(d.Text)
		w.tag("</div></section>")
	}
	w.tag("\n\n")
	if len(d.Stats) > 0 {
		w.tag("<section><h2>")
		if len(d.StatHeads) > 0 {
			w.text(T("card.stats"))
		} else {
			w.text(T("stat.bonuses"))
		}
		w.tag("</h2>\n<table class=\"stats\">")
		if len(d.StatHeads) > 0 {
			w.tag("<thead><tr><td></td>")
			for _, h := range d.StatHeads {
				w.tag(`<th scope="col">`)
				w.text(h)
				w.tag("</th>")
			}
			w.tag("</tr></thead>")
		}
		w.tag("\n<tbody>")
		rows, err := d.StatRows()
		if err != nil {
			return "", false, err
		}
		w.html(rows)
		w.tag("</tbody></table></section>")
	}
	w.tag("\n")
	blocks := func(ss []skillView) error {
		for _, s := range ss {
			h, err := s.Block()
			if err != nil {
				return err
			}
			w.html(h)
		}
		return nil
	}
	if len(d.Skills) > 0 {
		w.tag("<section><h2>")
		if d.Card.Kind == wbcatalog.KindReference {
			w.text(T("ref.skills"))
		} else {
			w.text(T("card.skills"))
			if len(d.StatHeads) > 0 {
				w.tag(" — ")
				w.text(d.StatHeads[0])
			}
		}
		w.tag("</h2>")
		if err := blocks(d.Skills); err != nil {
			return "", false, err
		}
		w.tag("</section>")
	}
	w.tag("\n")
	if len(d.PanicSkills) > 0 {
		w.tag("<section><h2>")
		w.text(T("card.skills"))
		w.tag(" — ")
		w.text(T("card.panic"))
		w.tag("</h2>")
		if err := blocks(d.PanicSkills); err != nil {
			return "", false, err
		}
		w.tag("</section>")
	}
	w.tag("\n\n<section><h2>")
	w.text(T("card.decks"))
	w.tag("</h2>")
	if len(d.Decks) > 0 {
		w.tag(`<ul class="plain">`)
		for _, k := range d.Decks {
			w.tag(`<li><a href="`)
			w.url(k.Href)
			w.tag(`">`)
			w.text(k.Label)
			w.tag("</a></li>")
		}
		w.tag("</ul>")
	} else {
		w.tag(`<p class="muted">`)
		w.text(T("card.nodecks"))
		w.tag("</p>")
	}
	w.tag("</section>\n<section><h2>")
	w.text(T("card.checks"))
	w.tag("</h2>")
	if len(d.Checks) > 0 {
		w.tag(`<ul class="plain">`)
		for _, c := range d.Checks {
			w.tag(`<li><a href="`)
			w.url(c.Href)
			w.tag(`">`)
			w.text(c.ID)
			w.tag("</a>")
			for _, r := range c.Rules {
				w.tag(` <a class="rule-ref" href="`)
				if r.Href != "" {
					w.url(r.Href)
				} else {
					w.tag("#")
				}
				w.tag(`">`)
				w.text(r.Label)
				w.tag("</a>")
			}
			w.tag("</li>")
		}
		w.tag("</ul>")
	} else {
		w.tag(`<p class="muted">`)
		w.text(T("card.nochecks"))
		w.tag("</p>")
	}
	w.tag("</section>\n")
	w.tag(`<p class="card-id">`)
	w.text(T("card.id"))
	w.tag(" <code>")
	w.text(d.Card.ID)
	w.tag("</code></p>\n</div>\n</div>\n</article>\n")
	if !w.ok {
		return "", false, nil
	}
	cardsDrawn.Add(1)
	return template.HTML(w.sb.String()), true, nil //nolint:gosec // audited: escaped as html/template escapes (escText), plain links, safe HTML
}

// factionCost writes a list item's faction and cost, each after sep, as
// template cardtile (sep "") and deckbuilder.html's pool (sep " ") draw
// them.
func (w *cardWriter) factionCost(it listItem, sep string) {
	if f := it.Faction; f != nil {
		w.tag(sep + `<span class="faction `)
		w.text(f.Class)
		w.tag(`">`)
		w.text(f.Label)
		w.tag(`</span>`)
	}
	if it.HasCost {
		w.tag(sep + `<span class="cost" title="`)
		w.text(it.CostLabel)
		w.tag(`"><span class="visually-hidden">`)
		w.text(it.CostLabel)
		w.tag(` </span>`)
		w.tag(strconv.Itoa(it.Cost))
		w.tag(`</span>`)
	}
}

// drawTile writes the card tile of it as template "cardtile" draws it
// (escText, plain links); false when a link is not plain.
func drawTile(it listItem) (string, bool) {
	w := &cardWriter{ok: true}
	w.sb.Grow(512)
	w.tag(`<li data-id="`)
	w.text(it.ID)
	w.tag(`" data-kind="`)
	w.text(it.Kind)
	w.tag(`" data-faction="`)
	w.text(it.FactionID)
	w.tag(`" data-cost="`)
	if it.HasCost {
		w.tag(strconv.Itoa(it.Cost))
	}
	w.tag(`"><a href="`)
	w.url(it.Href)
	w.tag(`"`)
	if f := it.Faction; f != nil {
		w.tag(` class="`)
		w.text(f.Class)
		w.tag(`"`)
	}
	w.tag(`><img class="thumb" src="`)
	w.url(it.Thumb)
	w.tag(`" alt="" width="90" height="126" loading="lazy"><span class="tile-text"><span class="name">`)
	w.text(it.Name)
	w.tag(`</span><span class="meta"><span class="kind kind-`)
	w.text(it.Kind)
	w.tag(`">`)
	w.text(it.KindLabel)
	w.tag(`</span>`)
	if it.Format != "" {
		w.tag(`<span class="format">`)
		w.text(it.Format)
		w.tag(`</span>`)
	}
	w.factionCost(it, "")
	w.tag(`</span>`)
	if len(it.Stats) > 0 {
		w.tag(`<span class="key-stats">`)
		for _, s := range it.Stats {
			w.tag(`<span class="stat"><abbr title="`)
			w.text(s.Title)
			w.tag(`">`)
			w.text(s.Abbr)
			w.tag(`</abbr> `)
			w.text(s.Value)
			w.tag(`</span>`)
		}
		w.tag(`</span>`)
	}
	w.tag(`</span></a></li>`)
	return w.sb.String(), w.ok
}

// tileList is a list of cards ("cardlist"): their tiles in a <ul>, ""
// when the tiles are drawn by the template each time (noTileMemo).
func tileList(items []listItem) (template.HTML, error) {
	if noTileMemo || len(items) == 0 {
		return "", nil
	}
	var sb strings.Builder
	sb.WriteString("<ul class=\"card-list\">\n")
	for _, it := range items {
		h, err := it.Tile()
		if err != nil {
			return "", err
		}
		sb.WriteString(string(h))
		sb.WriteByte('\n')
	}
	sb.WriteString("</ul>")
	return template.HTML(sb.String()), nil //nolint:gosec // audited: the tiles (Tile) in constant markup
}

// poolList is the deck builder's pool: an <li> per card as
// deckbuilder.html's range draws it (escText, plain links), add the
// label of its buttons; "" when the template draws it (noTileMemo, or a
// link that is not plain).
func poolList(items []listItem, add string) (template.HTML, error) {
	if noTileMemo || len(items) == 0 {
		return "", nil
	}
	w := &cardWriter{ok: true}
	w.sb.Grow(600 * len(items))
	for _, it := range items {
		w.tag(`<li data-id="`)
		w.text(it.ID)
		w.tag(`" data-kind="`)
		w.text(it.Kind)
		w.tag(`" data-name="`)
		w.text(it.Name)
		w.tag(`"><img class="thumb" src="`)
		w.url(it.Thumb)
		w.tag(`" alt="" width="45" height="63" loading="lazy"><span class="tile-text"><a class="name" href="`)
		w.url(it.Href)
		w.tag(`">`)
		w.text(it.Name)
		w.tag(`</a><span class="meta"><span class="kind kind-`)
		w.text(it.Kind)
		w.tag(`">`)
		w.text(it.KindLabel)
		w.tag(`</span>`)
		w.factionCost(it, " ")
		w.tag(`</span></span><button type="button" class="db-add" hidden aria-label="`)
		w.text(add)
		w.tag(` `)
		w.text(it.Name)
		w.tag(`">`)
		w.text(add)
		w.tag("</button></li>\n")
	}
	if !w.ok {
		return "", nil
	}
	return template.HTML(w.sb.String()), nil //nolint:gosec // audited: escaped as html/template escapes (escText), plain links
}
