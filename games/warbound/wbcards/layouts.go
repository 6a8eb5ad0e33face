package wbcards

import (
	"sync"
	"sync/atomic"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// Layouts lays out the cards of one catalog once per card and language,
// for every backend of a build: the layout check (Layouts.Check), the
// print sheets (SheetOptions.Layouts), the site's card images
// (Layouts.SVG) and the raster export. A card is laid out by the first
// backend that asks for it; the others wait for it, then share it (faces
// are read-only once laid out). Safe for concurrent use.
type Layouts struct {
	src     *wbcatalog.Catalog                // the catalog as given
	cat     *wbcatalog.Catalog                // Drafted(src): what the cards show
	numbers atomic.Pointer[map[string]string] // card numbers, once more than one card is asked for
	numOnce sync.Once
	mu      sync.Mutex
	cards   map[layoutKey]*laidOut
	// checkOnly: Check measures the cards nothing has drawn (CheckOnly),
	// kept in measured, apart from the drawn ones.
	checkOnly bool
	measured  map[layoutKey]*laidOut
	// oneShot: no build after this one reuses the cards (OneShot)
	oneShot bool
	// faceless: the cache keeps no card's faces, only what the layout
	// found (a one-shot build of a large set: OneShot)
	faceless bool
	held     int      // faces laid out for a second use (laidOut.held), at most heldFaces
	docs     sync.Map // card texts parsed (builder.markup)
	backs    sync.Map // common backs (builder.commonBack)
	icons    sync.Map // card symbols (face.icon)
	// shapes are the large shapes of the faces laid out here, drawn for
	// the PDF (shapeForm)
	shapes render.ShapeTable
}

type layoutKey struct {
	lang wbcatalog.Lang
	id   string
}

// laidOut is one card in one language: its faces without the card
// number, where each face puts it, and what the layout found.
type laidOut struct {
	once    sync.Once
	done    atomic.Bool // once has run
	card    Card
	ok      bool // the card exists
	stampAt map[string]render.Pt
	errs    diag.List
	warns   diag.List
	// overflows are its skills boxes too long to fit, shrunk those
	// shrunk below readablePt, reported at the skills' texts for all
	// cards at once (overflowErrors, shrunkWarnings)
	overflows, shrunk []overflow
	// pdf are the front and back drawn as PDF content, once, for every
	// sheet that prints the card
	pdf *[2]render.FaceDrawing
	// stamped is the card as last stamped (Layouts.card)
	stamped atomic.Pointer[stampedCard]
	// slim: the entry keeps what the layout found, not the faces
	// (Layouts.entry): their picture warnings in art, and what they count
	// toward a sheet's shapes drawn more than once in shapes
	slim   bool
	art    diag.List
	shapes [2]render.FaceShapes
	// held is the card laid out by its first use, kept for the next one
	// (a site's image and a sheet's page: heldOnce says it was), under
	// Layouts.mu
	held     *laidOut
	heldOnce bool
}

// heldFaces is how many cards a cache that keeps no face holds between
// two uses of each (~12 KB each): the site and the sheets ask for every
// card in about the same order, so most cards are laid out once for both.
const heldFaces = 4096

// NewLayouts returns an empty cache for the cards of cat.
func NewLayouts(cat *wbcatalog.Catalog) *Layouts {
	return &Layouts{src: cat, cat: Drafted(cat), cards: map[layoutKey]*laidOut{}, measured: map[layoutKey]*laidOut{}}
}

// CheckOnly makes Check lay out the cards nothing has drawn for their
// diagnostics alone: every text measured and fitted as for drawing, the
// same errors and warnings, but no face drawn (a run that draws no card,
// such as validate, spends a third of its layout time and most of its
// memory on drawing operations). Cards, SVG and Printed still draw what
// they are asked for. Call it before any other use of ls.
func (ls *Layouts) CheckOnly() { ls.checkOnly = true }

// OneShot says that no later build takes the cards over (Keep): a card
// stamped with its number is not kept for the next sheet or build that
// prints it but made again (a copy of its faces' items, 237 MB of the
// 1.4 GB of layouts a 25,000-card build held to its end), and a card's
// PDF drawing is let go once a sheet has drawn it (DropWhenDrawn). A set
// of FacelessCards cards or more keeps no face at all (keepNoFaces). Call
// it before any other use of ls.
func (ls *Layouts) OneShot() {
	ls.oneShot = true
	if len(allCards(ls.cat)) >= FacelessCards {
		ls.keepNoFaces()
	}
}

// FacelessCards is the size of set from which a one-shot build's layouts
// keep no face (keepNoFaces): the check, the site's images and each sheet
// lay a card out again, for a few per cent more CPU, rather than hold
// every card's faces (~12 KB a card in each language: 611 MB of a
// 25,000-card build, whose collector then ran back to back near the
// budget's soft limit, issue 35). Below it the faces fit: a 5,000-card
// build keeping none, 2 runs each, load 45-52: user CPU 4.52 / 5.12 s
// against 4.40 / 4.24 s keeping them, peak 490 against 820 MiB.
const FacelessCards = 10000

// keepNoFaces makes ls keep, of each card, only what its layout found
// (entry): its diagnostics, where its number goes, its picture warnings
// and its shapes as a sheet counts them. Every use of the faces — a
// site's image, a sheet's page — lays the card out again and lets it go
// after (the same layout: the same bytes).
func (ls *Layouts) keepNoFaces() { ls.faceless = true }

// Keep takes over from prev (the cache of an earlier catalog) the cards
// that same reports unchanged — whose layout reads the same card, skills,
// factions, interface strings and art as before — so that they are not
// laid out again (watch: a one-card edit lays out that card), nor drawn
// again for the PDF. Only cards laid out without an error or a warning
// are taken (a diagnostic quotes positions, which may have moved). Call it
// before any other use of ls.
func (ls *Layouts) Keep(prev *Layouts, same func(l wbcatalog.Lang, id string) bool) {
	if prev == nil {
		return
	}
	prev.mu.Lock()
	defer prev.mu.Unlock()
	ls.mu.Lock()
	defer ls.mu.Unlock()
	for k, e := range prev.cards {
		done := false
		e.once.Do(func() { done = true }) // an entry never laid out stays empty
		if done || !e.ok || len(e.errs) > 0 || len(e.warns) > 0 || len(e.overflows) > 0 || len(e.shrunk) > 0 || !same(k.lang, k.id) {
			continue
		}
		n := &laidOut{card: e.card, ok: true, stampAt: e.stampAt, pdf: e.pdf}
		n.stamped.Store(e.stamped.Load())
		n.once.Do(func() {})
		n.done.Store(true)
		ls.cards[k] = n
	}
}

// countCards numbers every card once, for a request of many cards and
// for SVG (Cards of one card alone is numbered by CardNumber: no table
// for a single card).
func (ls *Layouts) countCards() {
	ls.numOnce.Do(func() {
		m := CardNumbers(ls.cat)
		ls.numbers.Store(&m)
	})
}

// String names the cache in options printed with %+v (a sheet's cache
// key in watch): the same text for every build.
func (ls *Layouts) String() string { return "wbcards.Layouts" }

// For reports whether ls holds the cards of cat (the catalog it was made
// for, or its Drafted copy).
func (ls *Layouts) For(cat *wbcatalog.Catalog) bool {
	return ls != nil && cat != nil && (ls.src == cat || ls.cat == cat)
}

// laid returns card id in language l, laid out once (laid out again at
// each call when ls keeps no faces).
func (ls *Layouts) laid(l wbcatalog.Lang, id string) *laidOut {
	if ls.faceless {
		return ls.laidAgain(l, id)
	}
	e := ls.slot(layoutKey{l, id})
	ls.layOut(e, l, id, false)
	return e
}

// layOut lays card id out in language l into e, once; measure: for the
// diagnostics only (builder.measure).
func (ls *Layouts) layOut(e *laidOut, l wbcatalog.Lang, id string, measure bool) {
	e.once.Do(func() {
		b := &builder{cat: ls.cat, lang: l, measure: measure, docs: &ls.docs, backs: &ls.backs, icons: &ls.icons}
		e.card, e.ok = b.layoutCard(id)
		e.stampAt, e.errs, e.warns, e.overflows, e.shrunk = b.stampAt, b.errs, b.warns, b.overflows, b.shrunk
		e.pdf = render.NewFaceDrawings(e.card.Front.Items, e.card.Back.Items, &ls.shapes)
		if ls.oneShot {
			e.pdf[0].DropWhenDrawn()
			e.pdf[1].DropWhenDrawn()
		}
		e.done.Store(true)
	})
}

// laidAgain returns card id in language l laid out for one use, in a
// cache that keeps no face: the layout of the first use is held for the
// second when fewer than heldFaces are (the site and the sheets share it).
func (ls *Layouts) laidAgain(l wbcatalog.Lang, id string) *laidOut {
	e := ls.slot(layoutKey{l, id})
	ls.mu.Lock()
	if f := e.held; f != nil {
		e.held = nil
		ls.held--
		ls.mu.Unlock()
		return f
	}
	ls.mu.Unlock()
	f := &laidOut{}
	ls.layOut(f, l, id, false)
	ls.mu.Lock()
	if !e.heldOnce && ls.held < heldFaces {
		e.held, e.heldOnce = f, true
		ls.held++
	}
	ls.mu.Unlock()
	return f
}

// slot returns the cache's entry for k, made empty if there is none.
func (ls *Layouts) slot(k layoutKey) *laidOut {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	e := ls.cards[k]
	if e == nil {
		e = &laidOut{}
		ls.cards[k] = e
	}
	return e
}

// entry returns what the layout of card id in language l found, laid out
// once, without its faces (slim), for a cache that keeps none.
func (ls *Layouts) entry(l wbcatalog.Lang, id string) *laidOut {
	e := ls.slot(layoutKey{l, id})
	e.once.Do(func() {
		f := &laidOut{}
		ls.layOut(f, l, id, false)
		e.card = Card{ID: f.card.ID, Kind: f.card.Kind}
		e.ok, e.stampAt, e.errs, e.warns, e.overflows, e.shrunk = f.ok, f.stampAt, f.errs, f.warns, f.overflows, f.shrunk
		e.slim = true
		if f.ok && l == wbcatalog.Langs[0] {
			e.art = artWarnings(&f.card) // Check's
		}
		e.shapes = [2]render.FaceShapes{f.pdf[0].Shapes(), f.pdf[1].Shapes()}
		e.done.Store(true)
	})
	return e
}

// checked returns card id in language l for Check: laid out, or, in
// check-only mode, measured unless it was drawn already.
func (ls *Layouts) checked(l wbcatalog.Lang, id string) *laidOut {
	if ls.faceless && !ls.checkOnly {
		return ls.entry(l, id)
	}
	if !ls.checkOnly {
		return ls.laid(l, id)
	}
	k := layoutKey{l, id}
	ls.mu.Lock()
	if e := ls.cards[k]; e != nil && e.done.Load() {
		ls.mu.Unlock()
		return e
	}
	e := ls.measured[k]
	if e == nil {
		e = &laidOut{}
		ls.measured[k] = e
	}
	ls.mu.Unlock()
	ls.layOut(e, l, id, true)
	return e
}

// card returns card id in language l with its number, and the version
// after it when there is one (the sheets print wbtool's version).
func (ls *Layouts) card(l wbcatalog.Lang, id, version string) (Card, *laidOut) {
	e := ls.laid(l, id)
	if !e.ok {
		return Card{}, e
	}
	b := &builder{cat: ls.cat, lang: l, version: version, stampAt: e.stampAt}
	if m := ls.numbers.Load(); m != nil {
		b.numbers = *m
	}
	// the card as stamped last, when its number and version are the same
	// (every sheet of a build, and of the builds that keep it)
	key := b.cardNumber(id) + "\x00" + version
	if st := e.stamped.Load(); st != nil && st.key == key {
		return st.card, e
	}
	c := e.card
	b.stamp(&c) // appends to copies: the cached faces stay as they are
	if !ls.oneShot {
		e.stamped.Store(&stampedCard{key, c})
	}
	return c, e
}

// stampedCard is a laid-out card with its number and version (stamp),
// for the number and version in key. Read-only.
type stampedCard struct {
	key  string
	card Card
}

// Cards returns the cards with the given ids in language l, in that order
// (repeats allowed: a deck may hold several Formation cards), each with
// its number and the version. It reports every card that cannot be laid
// out (a diag.List), never a partial card.
func (ls *Layouts) Cards(l wbcatalog.Lang, ids []string, version string) ([]Card, error) {
	cards, _, err := ls.cardsLaid(l, ids, version, true)
	return cards, err
}

// cardsLaid is Cards, with the cache entry of each card; unless stamp,
// the cards are as laid out, without their number and version (Sheets
// stamps them sheet by sheet).
func (ls *Layouts) cardsLaid(l wbcatalog.Lang, ids []string, version string, stamp bool) ([]Card, []*laidOut, error) {
	if len(ids) > 1 {
		ls.countCards()
	}
	var errs diag.List
	var overs []overflow
	type both struct {
		c Card
		e *laidOut
	}
	done := map[string]both{}
	out := make([]Card, 0, len(ids))
	laid := make([]*laidOut, 0, len(ids))
	for _, id := range ids {
		if c, ok := done[id]; ok {
			out, laid = append(out, c.c), append(laid, c.e)
			continue
		}
		var c Card
		var e *laidOut
		if stamp {
			c, e = ls.card(l, id, version)
		} else if ls.faceless {
			e = ls.entry(l, id) // no face: Sheets lays out sheet by sheet
			c = e.card
		} else {
			e = ls.laid(l, id)
			c = e.card
		}
		if !e.ok {
			errs = append(errs, diag.Errorf(wbcatalog.Pos{}, "", "card %q does not exist", id))
			continue
		}
		errs = append(errs, e.errs...)
		overs = append(overs, e.overflows...)
		done[id] = both{c, e}
		out, laid = append(out, c), append(laid, e)
	}
	errs = append(errs, overflowErrors(ls.cat, l, overs)...)
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return out, laid, nil
}

// Check lays out every card in language l and reports what the sheets
// and card images would (see Check).
func (ls *Layouts) Check(l wbcatalog.Lang) diag.List {
	var errs, warns diag.List
	var overs, shrunk []overflow
	for _, id := range allCards(ls.cat) {
		e := ls.checked(l, id)
		errs = append(errs, e.errs...)
		overs = append(overs, e.overflows...)
		shrunk = append(shrunk, e.shrunk...)
		warns = append(warns, e.warns...)
		if e.ok && l == wbcatalog.Langs[0] {
			// the art is the same in every language: warn once
			if e.slim {
				warns = append(warns, e.art...)
			} else {
				warns = append(warns, artWarnings(&e.card)...)
			}
		}
	}
	errs = append(errs, overflowErrors(ls.cat, l, overs)...)
	warns = append(warns, shrunkWarnings(ls.cat, l, shrunk)...)
	return append(errs, warns...)
}

// SVG returns the front and back images of card id in language l, as
// SVG does (with its number and the set's version, as on the sheets); cat must be the catalog ls was made for (another catalog is
// laid out afresh). Its signature is the site's CardImages option.
func (ls *Layouts) SVG(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) (front, back []byte, err error) {
	if !ls.For(cat) {
		return SVG(cat, id, l)
	}
	ls.countCards() // the site asks for every card, one at a time
	cs, err := ls.Cards(l, []string{id}, render.VersionLabel(ls.cat.Set.Version))
	if err != nil {
		return nil, nil, err
	}
	return cardSVG(ls.cat, &cs[0], l)
}
