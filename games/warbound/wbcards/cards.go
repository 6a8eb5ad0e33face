package wbcards

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Layout of every card kind, in millimetres on a 63 × 88 mm card. The
// layout is pure: catalog in, Faces out; both backends draw Faces.

const (
	margin    = 3.2  // safe margin inside the cut line: 1/8 in, a print shop's safe zone
	bodyMin   = 5.75 // smallest readable body text, pt
	bandH     = 14.0 // height of the coloured name band below the cut line
	labelMin  = 3.6  // smallest stat label, pt
	nameMinPt = 6.5  // smallest card name, pt
)

// readablePt is the body size below which a text still fits but reads
// poorly: a warning says so (the smallest size allowed is bodyMin).
const readablePt = 7.0

// Card is a laid-out card: its front, and its back (a real back for
// Characters and Leaders, the common card back otherwise).
type Card struct {
	ID    string
	Kind  wbcatalog.Kind
	Front render.Face
	Back  render.Face
}

// builder lays out the cards of one catalog in one language.
type builder struct {
	cat  *wbcatalog.Catalog
	lang wbcatalog.Lang
	// version, when set, is printed after the card number on every card
	// (the sheets give wbtool's version)
	version string
	// stampAt is where each face puts its card number (stamp): the
	// right end of its baseline, inside the safe area, keyed by id/side
	stampAt map[string]render.Pt
	// numbers are the card numbers by id (Layouts); nil: CardNumber
	numbers map[string]string
	errs    diag.List // cards that cannot be laid out
	warns   diag.List // cards laid out at a size that reads poorly
	// measure lays the cards out for their diagnostics only (Layouts'
	// check-only mode): every text is measured and fitted as when drawing,
	// but the faces keep only their images (artWarnings reads them), and
	// decoration is not drawn at all.
	measure bool
	// docs are the card texts parsed by source (Layouts'; nil: none
	// kept), shared by the builders of every card and language.
	docs *sync.Map
	// backs are the common backs' items by language and mode (Layouts';
	// nil: none kept): every card without a back of its own has the same.
	backs *sync.Map
	// icons are the card symbols drawn (face.icon) by iconKey (Layouts';
	// nil: none kept)
	icons *sync.Map

	// overflows are the skills boxes too long to fit, shrunk those that
	// fit below readablePt (overflow.go)
	overflows, shrunk []overflow
}

// face is a Face being built, with the card's identity for errors.
type face struct {
	*render.Face
	b   *builder
	pos wbcatalog.Pos
	// text is the content path of the text being laid out, when a
	// problem with it is the designer's to fix there (a card text that
	// does not fit); nil: the card.
	textAt []string
	// skills are the skills the face's skills box prints: a box too long
	// is reported at a skill's text (overflowOrFail)
	skills []string
	// plate is the band colour the name and type line sit on when the
	// band shows art (hasPlate).
	plate    render.Colour
	hasPlate bool
}

func (b *builder) newFace(id string, kind wbcatalog.Kind, side string, pos wbcatalog.Pos) *face {
	f := &face{Face: &render.Face{Card: id, Kind: string(kind), Side: side, Lang: b.lang}, b: b, pos: pos}
	if !b.measure {
		// room for most faces' items at once: a Character's side has
		// some 90, an Upgrade's front some 25
		n := 32
		if kind == wbcatalog.KindCharacter {
			n = 96
		}
		f.Items = make([]render.Item, 0, n)
	}
	return f
}

func (f *face) add(items ...render.Item) {
	if f.b.measure {
		for _, it := range items {
			if im, ok := it.(render.Image); ok {
				f.Items = append(f.Items, im)
			}
		}
		return
	}
	f.Items = append(f.Items, items...)
}

// icon draws icon name centred at (cx, cy), size mm high, in colour col;
// nothing when measuring.
func (f *face) icon(name string, cx, cy, size float64, col render.Colour) {
	if f.b.measure {
		return
	}
	if f.b.icons == nil {
		f.add(render.Icon(name, cx, cy, size, col, nil)...)
		return
	}
	// the cards of a kind draw their icons at the same places: drawn
	// once (a pure function of these), shared read-only
	k := iconKey{name, math.Float64bits(cx), math.Float64bits(cy), math.Float64bits(size), col}
	items, ok := f.b.icons.Load(k)
	if !ok {
		items, _ = f.b.icons.LoadOrStore(k, slices.Clip(render.Icon(name, cx, cy, size, col, nil)))
	}
	f.add(items.([]render.Item)...)
}

// iconKey is an icon drawn by face.icon: its name, place (as bits: -0 is
// not 0), size and colour.
type iconKey struct {
	name         string
	cx, cy, size uint64
	col          render.Colour
}

// stampHere says where the face's card number goes: right-aligned at x,
// baseline y, inside the safe area (a print shop cuts within 3 mm of the
// cut line).
func (f *face) stampHere(x, y float64) {
	if f.b.stampAt == nil {
		f.b.stampAt = map[string]render.Pt{}
	}
	f.b.stampAt[f.Card+"/"+f.Side] = render.Pt{X: x, Y: y}
}

// fail reports that the face cannot be laid out, at the card.
func (f *face) fail(err error) {
	f.b.errs = append(f.b.errs, diag.Errorf(f.at(), "", "%s: %v", f.where(), err))
}

// at is where the designer fixes a problem with what is being laid out.
func (f *face) at() wbcatalog.Pos {
	if f.textAt == nil {
		return f.pos
	}
	return f.b.cat.TextPos(f.textAt, f.b.lang, f.pos)
}

// where names the face in messages: "card copp (French, front)".
func (f *face) where() string {
	lang := "English"
	if f.Lang == wbcatalog.French {
		lang = "French"
	}
	return fmt.Sprintf("card %s (%s, %s)", f.Card, lang, f.Side)
}

func (f *face) l(key string) string { return label(f.b.cat, key, f.b.lang) }

func (f *face) lang() string { return string(f.b.lang) }

// factionColour returns the colour of a faction's Order tokens.
func (b *builder) factionColour(id string) (render.Colour, bool) {
	if fa := b.cat.Faction(id); fa != nil {
		if c, ok := render.ParseColour(fa.Colour); ok {
			return c, true
		}
	}
	return render.Colour{}, false
}

func (b *builder) colourOr(id string, def render.Colour) render.Colour {
	if c, ok := b.factionColour(id); ok {
		return c
	}
	return def
}

func (b *builder) factionName(id string) string {
	if fa := b.cat.Faction(id); fa != nil {
		return fa.Name.In(b.lang)
	}
	return id
}

// parse parses card text, reporting unknown icons and unknown factions in
// :order-<faction>: icons on the face.
func (f *face) parse(src, what string) markup.Doc {
	d, err := f.b.markup(src)
	if err != nil {
		f.fail(fmt.Errorf("%s: %w", what, err))
	}
	for _, fa := range d.Factions() {
		if f.b.cat.Faction(fa) == nil {
			f.fail(fmt.Errorf("%s: icon :order-%s: names no faction", what, fa))
		}
	}
	return d
}

// markup parses card text src (keeping the icon errors), once per
// Layouts when the builder has its cache: a skill's text is printed on
// every card that has the skill. The Doc is shared: read-only.
func (b *builder) markup(src string) (markup.Doc, error) {
	if b.docs != nil {
		if v, ok := b.docs.Load(src); ok {
			p := v.(parsedDoc)
			return p.doc, p.err
		}
	}
	d, err := markup.Parse(src)
	err = markup.IconErrors(err)
	if b.docs != nil {
		b.docs.Store(src, parsedDoc{d, err})
	}
	return d, err
}

// parsedDoc is a card text parsed, in Layouts' cache.
type parsedDoc struct {
	doc markup.Doc
	err error
}

// text adds a one-line text, shrinking it to fit.
func (f *face) text(s string, st render.Style, col render.Colour, x, y, w, maxPt, minPt float64, align byte, what string) {
	if f.b.measure {
		if _, _, err := render.FitLineText(s, f.lang(), st, w, maxPt, minPt, what); err != nil {
			f.fail(err)
		}
		return
	}
	it, err := render.StyledLine(s, f.lang(), st, col, x, y, w, maxPt, minPt, align, what)
	if err != nil {
		f.fail(err)
		return
	}
	f.add(it)
}

// fit adds paragraphs fitted in a box.
func (f *face) fit(box render.TextFrame, paras []render.Para, maxPt float64, what string) {
	var items []render.Item
	if !f.b.measure {
		items = f.Items // the text is drawn after them
	}
	items, size, err := render.FitParasTo(items, box, paras, maxPt, bodyMin, f.lang(), f.b.factionColour, what, !f.b.measure)
	if err != nil {
		f.overflowOrFail(err, paras)
		return
	}
	if size < readablePt && !f.shrunk(size) {
		f.b.warns = append(f.b.warns, diag.Warnf(f.at(), "", "%s: %s is shrunk to %.1f pt to fit, below the %g pt that reads comfortably: shorten it", f.where(), what, size, readablePt))
	}
	if !f.b.measure {
		f.Items = items
	}
}

// background fills the card and its bleed.
func (f *face) background(c render.Colour) {
	if f.b.measure {
		return
	}
	f.add(render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: render.CardH + 2*render.Bleed, Paint: render.Fill(c)})
}

// band draws the coloured name band at the top of the card.
func (f *face) band(c render.Colour, h float64) {
	if f.b.measure {
		return
	}
	f.add(render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: h + render.Bleed, Paint: render.Fill(c)})
	f.add(render.Rect{X: -render.Bleed, Y: h - 0.45, W: render.CardW + 2*render.Bleed, H: 0.45, Paint: render.Fill(c.Mix(render.ColInk, 0.35))})
}

// header writes the card name and the subtitle in the band, leaving
// nameReserve mm on the right of the name and subReserve mm on the right of
// the subtitle.
func (f *face) header(band render.Colour, name, subtitle string, nameReserve, subReserve float64) {
	ink := render.ColWhite
	if band.Light() {
		ink = render.ColInk
	}
	w := render.CardW - 2*margin - nameReserve
	size, ok := render.FitLine(render.MarkupTypo(name, f.lang()), render.Bold, w, 12, 8.5)
	plateW := w
	if ok {
		plateW = render.Measure(render.MarkupTypo(name, f.lang()), render.Bold, size)
	}
	subSize, _ := render.FitLine(render.MarkupTypo(subtitle, f.lang()), render.Regular, render.CardW-2*margin-subReserve, 6.3, 4.5)
	f.namePlate(min(w, max(plateW, render.Measure(render.MarkupTypo(subtitle, f.lang()), render.Regular, subSize))))
	if ok {
		f.text(name, render.Bold, ink, margin, 7.4, w, 12, 8.5, 'l', "the card name")
	} else {
		// a long name takes two lines
		f.fit(render.TextFrame{X: margin, Y: margin, W: w, H: 9.3 - margin, Middle: true}, []render.Para{{Runs: []markup.Run{{Text: name}}, Base: render.Bold, Colour: ink}}, 8.5, "the card name")
	}
	f.text(subtitle, render.Regular, ink.Mix(band, 0.18), margin, 11.5, render.CardW-2*margin-subReserve, 6.3, 4.5, 'l', "the card type line")
}

// panel draws a text panel.
func (f *face) panel(x, y, w, h float64) {
	if f.b.measure {
		return
	}
	f.add(render.Rect{X: x, Y: y, W: w, H: h, R: 1.6, Paint: render.FillStroke(render.ColPanel, render.ColRule, 0.25)})
}

// emblem draws a faction symbol: a hexagon in the faction colour with the
// faction's initial (R-DECK-6: faction-specific Upgrades show it).
func (f *face) emblem(faction string, cx, cy, r float64) {
	c := f.b.colourOr(faction, render.ColNeutral)
	f.add(render.Poly{Pts: render.HexPts(cx, cy, r+0.5), Paint: render.Fill(render.ColWhite)})
	f.add(render.Poly{Pts: render.HexPts(cx, cy, r), Paint: render.FillStroke(c, c.Mix(render.ColInk, 0.4), 0.3)})
	initial := "?"
	if r, _ := utf8.DecodeRuneInString(f.b.factionName(faction)); r != utf8.RuneError {
		initial = string(unicode.ToUpper(r))
	}
	ink := render.ColWhite
	if c.Light() {
		ink = render.ColInk
	}
	f.text(initial, render.Bold, ink, cx, cy+r*0.36, r*1.5, r*2.6, 4, 'c', "the faction symbol")
}

// skillParas renders skills as paragraphs: the active symbol (R-CARD-2),
// the name in bold, then the text. A leading :active: in the text is not
// repeated.
func (f *face) skillParas(ids []string, nameOwnLine bool) []render.Para {
	var out []render.Para
	for _, id := range ids {
		sk := f.b.cat.Skill(id)
		if sk == nil {
			f.fail(fmt.Errorf("skill %q does not exist", id))
			continue
		}
		doc := f.parse(sk.Text.In(f.b.lang), "the text of skill "+id)
		var head []markup.Run
		if sk.Active {
			head = append(head, markup.Run{Icon: markup.IconActive}, markup.Run{Text: " "})
		}
		head = append(head, markup.Run{Text: sk.Name.In(f.b.lang), Strong: true})
		ps := doc.Paragraphs
		if sk.Active && len(ps) > 0 && len(ps[0].Runs) > 0 && ps[0].Runs[0].Icon == markup.IconActive {
			rest := ps[0].Runs[1:]
			if len(rest) > 0 && rest[0].Icon == "" && rest[0].Natural == 0 {
				rest = append([]markup.Run{{Text: strings.TrimLeft(rest[0].Text, " "), Strong: rest[0].Strong, Emph: rest[0].Emph}}, rest[1:]...)
			}
			ps = append([]markup.Paragraph{{Runs: rest}}, ps[1:]...)
		}
		gap := 0.5
		if len(out) == 0 {
			gap = 0
		}
		if nameOwnLine || len(ps) == 0 {
			out = append(out, render.Para{Runs: head, Colour: render.ColInk, Gap: gap})
			gap = 0.15
		} else {
			sep := ". "
			if n := head[len(head)-1].Text; strings.HasSuffix(n, ".") || strings.HasSuffix(n, "!") || strings.HasSuffix(n, "?") {
				sep = " "
			}
			head = append(head, markup.Run{Text: sep, Strong: true})
			ps = append([]markup.Paragraph{{Runs: append(head, ps[0].Runs...)}}, ps[1:]...)
		}
		for i, p := range ps {
			g := gap
			if i > 0 {
				g = 0.25
			}
			out = append(out, render.Para{Runs: p.Runs, Colour: render.ColInk, Gap: g})
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Characters (R-CARD-1, R-CARD-3).

func (b *builder) character(c *wbcatalog.Character) Card {
	front := b.profile(c, &c.Front, "front")
	back := b.profile(c, &c.Panic, "back")
	return Card{ID: c.ID, Kind: wbcatalog.KindCharacter, Front: *front.Face, Back: *back.Face}
}

func (b *builder) profile(c *wbcatalog.Character, p *wbcatalog.Profile, side string) *face {
	f := b.newFace(c.ID, wbcatalog.KindCharacter, side, c.Pos)
	isPanic := side == "back"
	fc := b.colourOr(c.Faction, render.ColNeutral)
	band := fc
	bg := render.ColParchment
	if isPanic {
		band = fc.Mix(render.ColInk, 0.45)
		bg = render.Colour{R: 0xee, G: 0xe2, B: 0xd8}
	}
	f.background(bg)
	f.band(band, bandH)
	f.bandArt(c.Art, band)
	if isPanic {
		// diagonal stripes mark the Panic side at a glance
		for x := -20.0; !b.measure && x < render.CardW+4; x += 4.2 {
			f.add(render.Line{Pts: []render.Pt{{X: x, Y: -render.Bleed}, {X: x + 17 + render.Bleed, Y: bandH - 0.5}}, Colour: band.Mix(render.ColWhite, 0.1), Width: 1.3})
		}
	}
	// built-in gear (R-CARD-1), top right
	gearX := render.CardW - margin - 2.7
	for i := len(p.Gear) - 1; i >= 0; i-- {
		f.add(render.Circle{X: gearX, Y: 6, R: 2.7, Paint: render.Fill(render.ColWhite)})
		f.icon("gear-"+string(p.Gear[i]), gearX, 6, 3.9, band)
		gearX -= 6.2
	}
	// activation cost: a row of Order hexes straddling the band's edge
	hexes := p.Cost.Hexes()
	// at most 27 mm wide, so that the type line keeps room beside it
	r := 2.9
	if n := float64(len(hexes)); n*(r*math.Sqrt(3)+0.35) > 27 {
		r = (27/n - 0.35) / math.Sqrt(3)
	}
	step := r*math.Sqrt(3) + 0.35
	costW := float64(len(hexes)) * step
	// The white outline of the last hex stays inside the margin.
	x := render.CardW - margin - costW + step/2 - (r + 0.55 - step/2)
	for _, h := range hexes {
		if b.measure {
			break // drawing only
		}
		col, ok := b.factionColour(h)
		f.add(render.Poly{Pts: render.HexPts(x, bandH, r+0.55), Paint: render.Fill(render.ColWhite)})
		f.add(render.OrderHex(x, bandH, r, col, h == wbcatalog.Colourless || !ok)...)
		x += step
	}
	sub := b.factionName(c.Faction) + " · " + f.l("kind.character")
	if isPanic {
		sub = b.factionName(c.Faction) + " · " + f.l("card.panic")
	}
	f.header(band, c.Name.In(b.lang), sub, float64(len(p.Gear))*6.2, costW+1.5)

	// statistics
	tileW, gap := 13.5, 1.0
	type stat struct {
		key, value string
		icon       string
		n          int
	}
	acc := "—"
	if p.Accuracy != nil {
		acc = strconv.Itoa(p.Accuracy.Near) + "+"
		if p.Accuracy.Far > 0 {
			acc += "/" + strconv.Itoa(p.Accuracy.Far) + "+"
		}
	}
	stats := []stat{
		{"stat.attack", strconv.Itoa(p.Attack) + "+", markup.IconMeleeDie, p.MeleeDice()},
		{"stat.speed", strconv.Itoa(p.Speed), markup.IconMove, 1},
		{"stat.run", "+" + strconv.Itoa(p.Run), markup.IconRun, 1},
		{"stat.accuracy", acc, markup.IconRangedDie, p.RangedDice()},
	}
	if p.Accuracy == nil {
		stats[3].n = 0
	}
	y0, tileH := bandH+3.9, 13.0
	for i, s := range stats {
		tx := margin + float64(i)*(tileW+gap)
		f.add(render.Rect{X: tx, Y: y0, W: tileW, H: tileH, R: 1.3, Paint: render.FillStroke(render.ColPanel, render.ColRule, 0.25)})
		f.text(strings.ToUpper(f.l(s.key)), render.Bold, render.ColMuted, tx+tileW/2, y0+2.9, tileW-1.2, 4.8, labelMin, 'c', "the label "+s.key)
		valCol := render.ColInk
		if s.value == "—" {
			valCol = render.ColMuted
		}
		iy := y0 + 10.9 // the die (or the move icon) and its count
		if s.key == "stat.accuracy" && p.Accuracy != nil && p.Accuracy.Far > 0 {
			// near and far, each labelled (R-SHOOT-3: the closest enemy,
			// every other): 4+/6+ alone reads as a range
			near, far := tx+tileW*0.26, tx+tileW*0.74
			f.add(render.Line{Pts: []render.Pt{{X: tx + tileW/2, Y: y0 + 4.3}, {X: tx + tileW/2, Y: y0 + 9.6}}, Colour: render.ColRule, Width: 0.25})
			f.text(strconv.Itoa(p.Accuracy.Near)+"+", render.Bold, render.ColInk, near, y0+7.3, tileW/2-1, 10.5, 6, 'c', "the near accuracy")
			f.text(strconv.Itoa(p.Accuracy.Far)+"+", render.Bold, render.ColInk, far, y0+7.3, tileW/2-1, 10.5, 6, 'c', "the far accuracy")
			f.text(f.l("card.accuracy.near"), render.Bold, render.ColMuted, near, y0+9.4, tileW/2-0.6, 4.2, 3, 'c', "the label card.accuracy.near")
			f.text(f.l("card.accuracy.far"), render.Bold, render.ColMuted, far, y0+9.4, tileW/2-0.6, 4.2, 3, 'c', "the label card.accuracy.far")
			iy = y0 + 11.45
		} else {
			f.text(s.value, render.Bold, valCol, tx+tileW/2, y0+8.1, tileW-1.4, 12, 6, 'c', "the value of "+s.key)
		}
		// one icon, and the number of dice beside it when there are
		// several: readable at arm's length (issue 14 item 5)
		is := 2.7
		switch {
		case s.n == 1:
			f.icon(s.icon, tx+tileW/2, iy, is, render.ColMuted)
		case s.n > 1:
			f.icon(s.icon, tx+tileW/2-2.1, iy, is, render.ColMuted)
			f.text("×"+strconv.Itoa(s.n), render.Bold, render.ColInk, tx+tileW/2-0.5, iy+1.1, 5, 6.5, 4.5, 'l', "the dice count")
		}
	}

	// pools (R-CARD-7): empty token boxes to fill in play
	type pool struct {
		icon string
		col  render.Colour
		n    int
		save int
	}
	var pools []pool
	pools = append(pools, pool{"health", render.ColHealth, p.Health, 0})
	if p.Morale > 0 {
		pools = append(pools, pool{"morale", render.ColMorale, p.Morale, 0})
	}
	if p.Armor != nil {
		pools = append(pools, pool{"armor", render.ColArmor, p.Armor.Points, p.Armor.Save})
	}
	pitch := 5.9
	top := render.CardH - margin - float64(len(pools))*pitch + 0.5
	// the card number goes at the end of the shortest pool row, or, when
	// every row is full, at the bottom of the skills panel
	stampRow, stampEnd := -1, render.CardW
	for i, pl := range pools {
		avail := render.CardW - margin - (margin + 10.3)
		s := math.Min(4.6, (avail-float64(pl.n-1)*0.7)/float64(pl.n))
		if end := margin + 10.3 + float64(pl.n)*(s+0.7); end < stampEnd {
			stampRow, stampEnd = i, end
		}
	}
	if stampEnd <= render.CardW-margin-11 {
		f.stampHere(render.CardW-margin, top+float64(stampRow)*pitch+pitch/2-0.25+0.6)
	} else {
		f.stampHere(render.CardW-margin-1.2, top-1.6-0.7)
	}
	for i, pl := range pools {
		cy := top + float64(i)*pitch + pitch/2 - 0.25
		f.icon(pl.icon, margin+2.3, cy, 4.4, pl.col)
		bx := margin + 5.4
		if pl.save > 0 {
			f.text(strconv.Itoa(pl.save)+"+", render.Bold, pl.col, bx, cy+1.1, 5, 7, 5, 'l', "the armour value")
		}
		bx = margin + 10.3
		avail := render.CardW - margin - bx
		s := math.Min(4.6, (avail-float64(pl.n-1)*0.7)/float64(pl.n))
		for k := range pl.n {
			if b.measure {
				break // drawing only
			}
			f.add(render.Rect{X: bx + float64(k)*(s+0.7), Y: cy - s/2, W: s, H: s, R: 0.7, Paint: render.FillStroke(render.ColWhite, pl.col, 0.3)})
		}
	}

	// skills, then the flavour text
	py := y0 + tileH + 1.6
	ph := top - 1.6 - py
	f.panel(margin, py, render.CardW-2*margin, ph)
	if isPanic {
		// a faint broken banner: this side has lost its nerve (R-CARD-3),
		// and the word, in large type: flipping is the game's core
		// mechanic (issue 14 item 5)
		wm := render.ColPanel.Mix(band, 0.1)
		f.icon("morale", render.CardW/2, py+ph-12.5, 19, wm)
		f.add(render.Line{Pts: []render.Pt{{X: render.CardW/2 - 9, Y: py + ph - 3.5}, {X: render.CardW/2 + 9, Y: py + ph - 21.5}}, Colour: wm, Width: 1.6})
		f.text(strings.ToUpper(f.l("card.panic")), render.Bold, render.ColPanel.Mix(band, 0.3), render.CardW/2, py+ph-4, render.CardW-2*margin-4, 26, 12, 'c', "the Panic word")
	}
	paras := f.skillParas(p.Skills, false)
	if c.Flavor != nil && !isPanic {
		d := f.parse(c.Flavor.In(b.lang), "the flavour text")
		for i, fp := range d.Paragraphs {
			g := 0.8
			if i > 0 || len(paras) == 0 {
				g = 0.2
			}
			paras = append(paras, render.Para{Runs: fp.Runs, Base: render.Italic, Scale: 0.92, Colour: render.ColMuted, Gap: g, Center: true})
		}
	}
	f.skills = p.Skills
	f.fit(render.TextFrame{X: margin + 1.6, Y: py + 1.3, W: render.CardW - 2*margin - 3.2, H: ph - 2.4}, paras, 8.25, "the skills")
	return f
}

// ---------------------------------------------------------------------------
// Leaders (R-CARD-4): the Exploration side is the front, the Confrontation
// side the back.

func (b *builder) leader(l *wbcatalog.Leader) Card {
	front := b.leaderSide(l, wbcatalog.Exploration, "front")
	back := b.leaderSide(l, wbcatalog.Confrontation, "back")
	return Card{ID: l.ID, Kind: wbcatalog.KindLeader, Front: *front.Face, Back: *back.Face}
}

func (b *builder) leaderSide(l *wbcatalog.Leader, fm wbcatalog.Format, side string) *face {
	f := b.newFace(l.ID, wbcatalog.KindLeader, side, l.Pos)
	fc := b.colourOr(l.Faction, render.ColNeutral)
	f.background(render.ColParchment)
	f.band(fc, bandH)
	f.bandArt(l.Art, fc)
	// a crown marks the Leader (hexes would read as a cost)
	crown := render.NewIconGrid(render.CardW-margin-5.5, 7.2, 11)
	crown.Poly(render.FillStroke(render.ColWhite.Mix(fc, 0.15), fc.Mix(render.ColInk, 0.4), 0.6), 3, 19, 3, 7, 8, 12.5, 12, 4, 16, 12.5, 21, 7, 21, 19)
	f.add(crown.Items...)
	f.header(fc, l.Name.In(b.lang), f.l("kind.leader")+" · "+f.l("leader.side."+string(fm)), 12, 0)
	// the side, in large type on a ribbon of the format's colour, so that
	// the two sides never look alike (issue 14 item 5)
	rib, ok := objectiveBackColours[fm]
	if !ok {
		rib = render.ColInk
	}
	f.add(render.Rect{X: -render.Bleed, Y: bandH + 1.2, W: render.CardW + 2*render.Bleed, H: 6.4, Paint: render.Fill(rib)})
	f.text(strings.ToUpper(f.l("format."+string(fm))), render.Bold, render.ColWhite, render.CardW/2, bandH+6, render.CardW-2*margin, 10, 6, 'c', "the Leader side")

	// Order generation per Period
	orders := l.Side(fm).Orders
	rowH := 6.6
	oh := 6.2 + float64(len(orders))*rowH + 0.8
	oy := render.CardH - margin - oh
	f.panel(margin, oy, render.CardW-2*margin, oh)
	f.text(f.l("leader.orders"), render.Bold, render.ColMuted, render.CardW/2, oy+4.2, render.CardW-2*margin-24, 6.3, 4.5, 'c', "the Order table title")
	f.stampHere(render.CardW-margin-1.5, oy+4.2)
	for i, period := range orders {
		cy := oy + 6.2 + float64(i)*rowH + rowH/2
		if i > 0 {
			f.add(render.Line{Pts: []render.Pt{{X: margin + 1.5, Y: cy - rowH/2}, {X: render.CardW - margin - 1.5, Y: cy - rowH/2}}, Colour: render.ColRule, Width: 0.2})
		}
		f.text(f.l("leader.period")+" "+strconv.Itoa(i+1), render.Bold, render.ColInk, margin+1.8, cy+1.2, 17, 7, 4.8, 'l', "the Period label")
		keys, total := periodOrders(period)
		r := 2.5
		avail := render.CardW - 2*margin - 21 - 7
		step := r*math.Sqrt(3) + 0.3
		if float64(total)*step > avail {
			step = avail / float64(total)
			r = (step - 0.3) / math.Sqrt(3)
		}
		x := margin + 21 + step/2
		for _, k := range keys {
			col, ok := b.factionColour(k)
			for range period[k] {
				f.add(render.OrderHex(x, cy, r, col, !ok)...)
				x += step
			}
		}
		f.text("×"+strconv.Itoa(total), render.Bold, render.ColMuted, render.CardW-margin-1.8, cy+1.2, 7, 7, 5, 'r', "the Order count")
	}

	// the Leader skill
	py := bandH + 9.4
	ph := oy - 2 - py
	f.panel(margin, py, render.CardW-2*margin, ph)
	paras := f.skillParas([]string{l.Skill}, true)
	for i := range paras {
		paras[i].Center = true
		if i == 0 {
			paras[i].Scale = 1.1
		}
	}
	f.fit(render.TextFrame{X: margin + 1.8, Y: py + 1.5, W: render.CardW - 2*margin - 3.6, H: ph - 3, Middle: true}, paras, 10, "the Leader skill")
	return f
}

// ---------------------------------------------------------------------------
// Upgrades: Equipment, Formation, Vocation (R-CARD-5, R-CARD-6).

var (
	colEquipment = render.Colour{R: 0x4a, G: 0x5a, B: 0x68}
	colVocation  = render.Colour{R: 0x2e, G: 0x6b, B: 0x66}
	colFormation = render.Colour{R: 0x8a, G: 0x5a, B: 0x2b}
	colReference = render.Colour{R: 0x3d, G: 0x3d, B: 0x4a}
)

// upgrade lays out the common parts of an Upgrade card and returns the top
// of the space left for the text.
func (b *builder) upgrade(f *face, name wbcatalog.Text, kind wbcatalog.Kind, faction string, band render.Colour, symbol string, caption string, art *wbcatalog.Art) float64 {
	if faction != "" {
		band = b.colourOr(faction, band)
	}
	f.background(render.ColParchment)
	f.band(band, bandH)
	reserve := 0.0
	if faction != "" {
		f.emblem(faction, render.CardW-margin-4.7, 7.9, 4.2)
		reserve = 10
	}
	sub := f.l("kind." + string(kind))
	if faction != "" {
		sub += " · " + b.factionName(faction)
	}
	f.header(band, name.In(b.lang), sub, reserve, reserve)
	f.windowArt(art, windowUpgradeH, band, symbol)
	bottom := windowY + windowUpgradeH
	f.stampHere(render.CardW-margin, bottom+1.65)
	if caption != "" {
		f.text(caption, render.Bold, render.ColMuted, render.CardW/2, bottom+3.7, render.CardW-2*margin-18, 6.5, 4.5, 'c', "the gear caption")
		return bottom + 5.7
	}
	return bottom + 2
}

func (b *builder) textPanel(f *face, top float64, src string, maxPt float64) {
	ph := render.CardH - margin - top
	f.panel(margin, top, render.CardW-2*margin, ph)
	d := f.parse(src, "the card text")
	var paras []render.Para
	for i, p := range d.Paragraphs {
		g := 0.45
		if i == 0 {
			g = 0
		}
		paras = append(paras, render.Para{Runs: p.Runs, Colour: render.ColInk, Gap: g})
	}
	f.fit(render.TextFrame{X: margin + 2, Y: top + 1.6, W: render.CardW - 2*margin - 4, H: ph - 3.2, Middle: true}, paras, maxPt, "the card text")
}

func (b *builder) equipment(e *wbcatalog.Equipment) Card {
	f := b.newFace(e.ID, wbcatalog.KindEquipment, "front", e.Pos)
	symbol, caption := "equipment", ""
	if e.Gear != "" {
		symbol, caption = "gear-"+string(e.Gear), f.l("gear."+string(e.Gear))
	}
	top := b.upgrade(f, e.Name, wbcatalog.KindEquipment, e.Faction, colEquipment, symbol, caption, e.Art)
	f.textAt = []string{"equipment", e.ID, "text"}
	b.textPanel(f, top, e.Text.In(b.lang), 10)
	return Card{ID: e.ID, Kind: wbcatalog.KindEquipment, Front: *f.Face, Back: b.commonBack(e.ID, wbcatalog.KindEquipment)}
}

func (b *builder) vocation(v *wbcatalog.Vocation) Card {
	f := b.newFace(v.ID, wbcatalog.KindVocation, "front", v.Pos)
	top := b.upgrade(f, v.Name, wbcatalog.KindVocation, v.Faction, colVocation, "vocation", "", v.Art)
	f.textAt = []string{"vocations", v.ID, "text"}
	b.textPanel(f, top, v.Text.In(b.lang), 10)
	return Card{ID: v.ID, Kind: wbcatalog.KindVocation, Front: *f.Face, Back: b.commonBack(v.ID, wbcatalog.KindVocation)}
}

func (b *builder) formation(fo *wbcatalog.Formation) Card {
	f := b.newFace(fo.ID, wbcatalog.KindFormation, "front", fo.Pos)
	top := b.upgrade(f, fo.Name, wbcatalog.KindFormation, "", colFormation, "formation", "", fo.Art)
	type bonus struct {
		key  string
		n    int
		icon string
		col  render.Colour
	}
	bs := fo.Bonuses
	var list []bonus
	for _, x := range []bonus{
		{"formation.bonus.cost", bs.Cost, markup.IconOrder, render.ColInk},
		{"formation.bonus.hit", bs.Hit, markup.IconFight, render.ColInk},
		{"die.ranged", bs.RangedDice, markup.IconRangedDie, render.ColInk},
		{"die.melee", bs.MeleeDice, markup.IconMeleeDie, render.ColInk},
		{"formation.bonus.health", bs.Health, "health", render.ColHealth},
	} {
		if x.n > 0 {
			list = append(list, x)
		}
	}
	if len(list) > 0 {
		w := (render.CardW - 2*margin - float64(len(list)-1)*0.9) / float64(len(list))
		for i, x := range list {
			tx := margin + float64(i)*(w+0.9)
			f.add(render.Rect{X: tx, Y: top, W: w, H: 12.5, R: 1.3, Paint: render.FillStroke(render.ColPanel, render.ColRule, 0.25)})
			f.icon(x.icon, tx+w/2, top+3.2, 4, x.col)
			f.text("+"+strconv.Itoa(x.n), render.Bold, render.ColInk, tx+w/2, top+8.6, w-1, 8.5, 6, 'c', "a Formation bonus")
			f.text(f.l(x.key), render.Regular, render.ColMuted, tx+w/2, top+11.4, w-1, 4.6, labelMin, 'c', "the label "+x.key)
		}
		top += 14.5
	}
	f.textAt = []string{"formations", fo.ID, "text"}
	b.textPanel(f, top, fo.Text.In(b.lang), 9.5)
	return Card{ID: fo.ID, Kind: wbcatalog.KindFormation, Front: *f.Face, Back: b.commonBack(fo.ID, wbcatalog.KindFormation)}
}

// ---------------------------------------------------------------------------
// Reference cards (R-DECK-7) and Objective cards (R-OBJ-1, R-OBJ-3).

func (b *builder) reference(r *wbcatalog.ReferenceCard) Card {
	f := b.newFace(r.ID, wbcatalog.KindReference, "front", r.Pos)
	fc := b.colourOr(r.Faction, colReference)
	f.background(render.ColParchment)
	f.band(fc, bandH)
	f.bandArt(r.Art, fc)
	f.emblem(r.Faction, render.CardW-margin-4.7, 7.9, 4.2)
	f.header(fc, r.Name.In(b.lang), f.l("kind.reference")+" · "+b.factionName(r.Faction), 10, 10)
	py := bandH + 3
	ph := render.CardH - margin - py
	f.panel(margin, py, render.CardW-2*margin, ph)
	f.skills = r.Skills
	f.fit(render.TextFrame{X: margin + 1.8, Y: py + 1.5, W: render.CardW - 2*margin - 3.6, H: ph - 4.4}, f.skillParas(r.Skills, true), 8, "the skills")
	f.stampHere(render.CardW-margin-1.2, render.CardH-margin-0.9)
	return Card{ID: r.ID, Kind: wbcatalog.KindReference, Front: *f.Face, Back: b.commonBack(r.ID, wbcatalog.KindReference)}
}

func (b *builder) objective(o *wbcatalog.ObjectiveCard) Card {
	f := b.newFace(o.ID, wbcatalog.KindObjective, "front", o.Pos)
	f.background(render.ColParchment)
	f.band(render.ColGold, bandH)
	f.header(render.ColGold, o.Name.In(b.lang), f.l("kind.objective")+" · "+f.l("format."+string(o.Format)), 0, 0)
	f.windowArt(o.Art, windowObjectiveH, render.ColGold, "objective")
	f.stampHere(render.CardW-margin, windowY+windowObjectiveH+1.65)
	bottom := render.CardH - margin
	var vps []int
	for _, s := range o.Scoring {
		if s.VP > 0 {
			vps = append(vps, s.VP)
		}
	}
	if len(vps) > 0 {
		by := render.CardH - margin - 5.6
		step := 13.0
		if n := float64(len(vps)); n > 1 {
			step = min(step, (render.CardW-2*margin-11.2)/(n-1))
		}
		x := render.CardW/2 - float64(len(vps)-1)*step/2
		for _, v := range vps {
			f.add(render.Poly{Pts: render.HexPts(x, by, 5.6), Paint: render.FillStroke(render.ColGold, render.ColGold.Mix(render.ColInk, 0.4), 0.35)})
			f.text(strconv.Itoa(v), render.Bold, render.ColWhite, x, by+0.9, 8, 11, 7, 'c', "the VP value")
			f.text(f.l("objective.vp"), render.Bold, render.ColWhite, x, by+3.6, 7, 5, 3.6, 'c', "the VP label")
			x += step
		}
		bottom = by - 7.5
	}
	top := windowY + windowObjectiveH + 1.9
	ph := bottom - top
	f.panel(margin, top, render.CardW-2*margin, ph)
	f.textAt = []string{"objectives", o.ID, "text"}
	d := f.parse(o.Text.In(b.lang), "the card text")
	var paras []render.Para
	for i, p := range d.Paragraphs {
		g := 0.45
		if i == 0 {
			g = 0
		}
		paras = append(paras, render.Para{Runs: p.Runs, Colour: render.ColInk, Gap: g, Center: true})
	}
	f.fit(render.TextFrame{X: margin + 2, Y: top + 1.6, W: render.CardW - 2*margin - 4, H: ph - 3.2, Middle: true}, paras, 10, "the card text")
	return Card{ID: o.ID, Kind: wbcatalog.KindObjective, Front: *f.Face, Back: b.objectiveBack(o.ID, o.Format)}
}

// ---------------------------------------------------------------------------
// The common card back: the same for every card without a real back, so
// that a shuffled deck gives nothing away.

var (
	colBack     = render.Colour{R: 0x2b, G: 0x26, B: 0x22}
	colBackLine = render.Colour{R: 0x3d, G: 0x36, B: 0x30}
)

func (b *builder) commonBack(id string, kind wbcatalog.Kind) render.Face {
	type key struct {
		lang    wbcatalog.Lang
		measure bool
	}
	k := key{b.lang, b.measure}
	if b.backs != nil {
		if items, ok := b.backs.Load(k); ok {
			return render.Face{Card: id, Kind: string(kind), Side: "common-back", Lang: b.lang, Items: items.([]render.Item)}
		}
	}
	errs := len(b.errs)
	back := b.drawCommonBack(id, kind)
	if b.backs != nil && len(b.errs) == errs {
		// shared by every such card: read-only, and an append copies it
		back.Items = slices.Clip(back.Items)
		b.backs.Store(k, back.Items)
	}
	return back
}

// drawCommonBack lays out the common card back (commonBack).
func (b *builder) drawCommonBack(id string, kind wbcatalog.Kind) render.Face {
	f := b.newFace(id, kind, "common-back", wbcatalog.Pos{})
	f.background(colBack)
	r := 5.0
	w := r * math.Sqrt(3)
	for row := -1; !b.measure && row <= int(render.CardH/(1.5*r))+1; row++ {
		off := 0.0
		if row%2 != 0 {
			off = w / 2
		}
		for col := -1; col <= int(render.CardW/w)+1; col++ {
			cx := float64(col)*w + off + 1.2
			cy := float64(row) * 1.5 * r
			f.add(render.Poly{Pts: render.HexPts(cx, cy, r-0.45), Paint: render.Stroke(colBackLine, 0.35)})
		}
	}
	f.add(render.Rect{X: 2.5, Y: 2.5, W: render.CardW - 5, H: render.CardH - 5, R: 2.5, Paint: render.Stroke(render.ColGold, 0.45)})
	f.add(render.Poly{Pts: render.HexPts(render.CardW/2, render.CardH/2, 17), Paint: render.FillStroke(colBack, render.ColGold, 0.8)})
	f.add(render.Poly{Pts: render.HexPts(render.CardW/2, render.CardH/2, 14.6), Paint: render.Stroke(render.ColGold.Mix(colBack, 0.35), 0.3)})
	f.text("WARBOUND", render.Bold, render.ColGold, render.CardW/2, render.CardH/2+1.6, 26, 11, 6, 'c', "the card back")
	f.add(render.Line{Pts: []render.Pt{{X: render.CardW/2 - 8, Y: render.CardH/2 + 4.2}, {X: render.CardW/2 + 8, Y: render.CardH/2 + 4.2}}, Colour: render.ColGold.Mix(colBack, 0.35), Width: 0.3})
	return *f.Face
}

// ---------------------------------------------------------------------------

// Layout lays out every card of the catalog in language l, in kind order
// (wbcatalog.Kinds) then id order. It reports every card that cannot be laid
// out (a diag.List), never a partial card.
func Layout(cat *wbcatalog.Catalog, l wbcatalog.Lang) ([]Card, error) {
	return LayoutCards(cat, l, allCards(cat))
}

func allCards(cat *wbcatalog.Catalog) []string {
	var ids []string
	for _, k := range wbcatalog.Kinds {
		ids = append(ids, cat.CardIDs(k)...)
	}
	return ids
}

// Check lays out every card of the catalog in language l and reports what
// the print sheets and card images would: errors for cards that cannot be
// laid out (text that does not fit at 5.75 pt, a character the fonts
// lack), warnings for text shrunk below a comfortable size.
func Check(cat *wbcatalog.Catalog, l wbcatalog.Lang) diag.List {
	return NewLayouts(cat).Check(l)
}

// LayoutCards lays out the cards with the given ids, in that order
// (repeats allowed: a deck may hold several Formation cards), each with
// its number and the set's version, as the sheets print them.
func LayoutCards(cat *wbcatalog.Catalog, l wbcatalog.Lang, ids []string) ([]Card, error) {
	return NewLayouts(cat).Cards(l, ids, render.VersionLabel(cat.Set.Version))
}

// LayoutCard lays out one card in language l.
func LayoutCard(cat *wbcatalog.Catalog, l wbcatalog.Lang, id string) (Card, error) {
	cs, err := LayoutCards(cat, l, []string{id})
	if err != nil {
		return Card{}, err
	}
	return cs[0], nil
}

// CardNumber is a card's number: its kind's letter and its number within
// the kind, "C07" (wbcatalog.Numbered: written on the card, or after the
// kind's highest).
func CardNumber(cat *wbcatalog.Catalog, id string) string {
	k := cat.KindOf(id)
	if n, ok := cat.Numbered(k)[id]; ok {
		return wbcatalog.NumberLabel(k, n)
	}
	return ""
}

// CardNumbers is every card's number by id (CardNumber for each).
func CardNumbers(cat *wbcatalog.Catalog) map[string]string {
	m := map[string]string{}
	for _, k := range wbcatalog.Kinds {
		for id, n := range cat.Numbered(k) {
			m[id] = wbcatalog.NumberLabel(k, n)
		}
	}
	return m
}

// stamp prints the card number, and the version when there is one, small
// where the face's layout left room for it (stampHere), inside the safe
// area, on every face of the card (not on the common back
// nor an Objective back: backs that hide a card say nothing of it).
func (b *builder) stamp(c *Card) {
	s := b.cardNumber(c.ID)
	num := s
	if b.version != "" {
		s += " · " + b.version
	}
	for _, f := range []*render.Face{&c.Front, &c.Back} {
		if f.Side == "common-back" || f.Card == "" {
			continue
		}
		at, ok := b.stampAt[f.Card+"/"+f.Side]
		if !ok {
			continue
		}
		it, err := render.StyledLine(s, string(b.lang), render.Regular, render.ColMuted, at.X, at.Y, 20, 4.2, 3.2, 'r', "the card number")
		if err != nil && b.version != "" {
			// a version too long for the margin (a long git tag): the
			// number alone
			it, err = render.StyledLine(num, string(b.lang), render.Regular, render.ColMuted, at.X, at.Y, 20, 4.2, 3.2, 'r', "the card number")
		}
		if err == nil {
			// a copy (Layouts keeps the faces), itself shared: clipped
			f.Items = slices.Clip(append(f.Items[:len(f.Items):len(f.Items)], it))
		}
	}
}

// cardNumber is the number card id is printed with.
func (b *builder) cardNumber(id string) string {
	if s, ok := b.numbers[id]; ok {
		return s
	}
	return CardNumber(b.cat, id)
}

func (b *builder) layoutCard(id string) (Card, bool) {
	switch b.cat.KindOf(id) {
	case wbcatalog.KindCharacter:
		return b.character(b.cat.Character(id)), true
	case wbcatalog.KindLeader:
		return b.leader(b.cat.Leader(id)), true
	case wbcatalog.KindEquipment:
		return b.equipment(b.cat.EquipmentCard(id)), true
	case wbcatalog.KindFormation:
		return b.formation(b.cat.Formation(id)), true
	case wbcatalog.KindVocation:
		return b.vocation(b.cat.Vocation(id)), true
	case wbcatalog.KindReference:
		return b.reference(b.cat.Reference(id)), true
	case wbcatalog.KindObjective:
		return b.objective(b.cat.Objective(id)), true
	}
	return Card{}, false
}

// CommonBack returns the common card back in language l.
func CommonBack(cat *wbcatalog.Catalog, l wbcatalog.Lang) render.Face {
	b := &builder{cat: Drafted(cat), lang: l}
	return b.commonBack("back", "")
}
