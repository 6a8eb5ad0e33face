package wbcards

import (
	"fmt"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Token sheets: every token the rules use, in the quantities a game needs
// (TokenCounts), each drawn with its cut line. Tokens that carry a word
// carry it in the sheet's language; Order tokens carry no word, only
// their faction colour and the faction's initial.

// TokenCount is how many tokens of one kind a game needs, and how that
// number is computed.
type TokenCount struct {
	Kind    string // "order-<faction>", "stress", "wound", …
	Faction string // for Order tokens
	N       int
	Why     string // the computation, in English
}

// Token sizes, mm: small tokens sit in a card's pool boxes or on a tile;
// Order tokens (hexagons, like the cost hexes of the cards) two to an
// Action space; the Hand, the Hourglass and the Time marker are large.
const (
	tokenD      = 14.0 // round tokens, diameter
	orderTokenR = 7.5  // Order tokens, circumradius (15 mm tall)
	bigTokenD   = 26.0
	tokenGap    = 2.5
	// tokenRingInset is how far inside the edge the light ring runs;
	// tokenLabelClear the room a word keeps inside it.
	tokenRingInset  = 0.9
	tokenLabelClear = 0.3
)

// TokenCounts computes the tokens a game needs from the content: enough
// for two players who each field the largest deck of the content, every
// pool full at once (so no game runs short):
//
//   - Order tokens of each faction: the most a player can hold in a turn,
//     for two players of that faction: the most the Leaders generate in
//     one Period (one Leader in Exploration, the best two different ones
//     in Confrontation), +1 kept at Cleanup (R-TURN-6), +1 from
//     Temporisation (R-ACT-6) when a board has it.
//   - Wound, Stress, Break: the sum of the health (with Formation bonus),
//     morale and armour points of the deck's Characters (R-CARD-7).
//   - Cover, Maintenance, Poison, Sacred: one per Character (a Character
//     holds at most one Cover, R-HIDE-1, and one Maintenance marker,
//     R-TURN-7; Poison and Sacred share the health pool).
//   - Scan: the most Scan markers of a scenario.
//   - Hand, Hourglass, Time marker: one each.
func TokenCounts(cat *wbcatalog.Catalog) []TokenCount {
	var out []TokenCount
	temporisation := 0
	for _, b := range cat.ActionBoards {
		for _, s := range b.Spaces {
			if s.HasModifier(wbcatalog.ModTemporisation) {
				temporisation = 1
			}
		}
	}
	for _, fa := range cat.Factions {
		best, why := 0, ""
		for _, l := range cat.Leaders {
			for p, orders := range l.Exploration.Orders {
				if n := orders[fa.ID]; n > best {
					best, why = n, fmt.Sprintf("%s, Exploration Period %d", l.ID, p+1)
				}
			}
		}
		for i, a := range cat.Leaders {
			for _, b := range cat.Leaders[i+1:] {
				for p := range min(len(a.Confrontation.Orders), len(b.Confrontation.Orders)) {
					if n := a.Confrontation.Orders[p][fa.ID] + b.Confrontation.Orders[p][fa.ID]; n > best {
						best, why = n, fmt.Sprintf("%s + %s, Confrontation Period %d", a.ID, b.ID, p+1)
					}
				}
			}
		}
		per := best + 1 + temporisation
		out = append(out, TokenCount{Kind: "order-" + fa.ID, Faction: fa.ID, N: 2 * per,
			Why: fmt.Sprintf("2 players × (%d generated (%s) + 1 kept at Cleanup + %d Temporisation)", best, why, temporisation)})
	}
	var chars, health, morale, armour int
	var deckC, deckH, deckM, deckA string
	for _, d := range cat.Decks {
		hosts := map[string]int{}
		for _, a := range d.Attachments {
			if fo := cat.Formation(a.Upgrade); fo != nil {
				hosts[a.To] += fo.Bonuses.Health
			}
		}
		c, h, m, ar := 0, 0, 0, 0
		for _, id := range d.Cards {
			ch := cat.Character(id)
			if ch == nil {
				continue
			}
			c++
			h += max(ch.Front.Health, ch.Panic.Health) + hosts[id]
			m += max(ch.Front.Morale, ch.Panic.Morale)
			pts := 0
			for _, p := range []*wbcatalog.Armor{ch.Front.Armor, ch.Panic.Armor} {
				if p != nil {
					pts = max(pts, p.Points)
				}
			}
			ar += pts
		}
		if c > chars {
			chars, deckC = c, d.ID
		}
		if h > health {
			health, deckH = h, d.ID
		}
		if m > morale {
			morale, deckM = m, d.ID
		}
		if ar > armour {
			armour, deckA = ar, d.ID
		}
	}
	pool := func(kind string, n int, what, deck string) {
		out = append(out, TokenCount{Kind: kind, N: 2 * n, Why: fmt.Sprintf("2 players × %d %s (deck %s)", n, what, deck)})
	}
	pool("wound", health, "health points", deckH)
	pool("stress", morale, "morale points", deckM)
	pool("break", armour, "armour points", deckA)
	for _, kind := range []string{"cover", "maintenance", "poison", "sacred"} {
		pool(kind, chars, "Characters", deckC)
	}
	scan, scenario := 0, ""
	for _, s := range cat.Scenarios {
		n := 0
		for _, m := range s.Markers {
			if m.Kind == "scan" {
				n++
			}
		}
		if n > scan {
			scan, scenario = n, s.ID
		}
	}
	out = append(out, TokenCount{Kind: "scan", N: scan, Why: fmt.Sprintf("%d Scan markers (scenario %s)", scan, scenario)})
	for _, kind := range []string{"hand", "hourglass", "time"} {
		out = append(out, TokenCount{Kind: kind, N: 1, Why: "one per game"})
	}
	return out
}

// tokenLook is how a kind of token is drawn.
type tokenLook struct {
	col  render.Colour
	icon string // icon name, or "" for a custom drawing
	word string // interface string key of the word on the token
	term string // glossary id of the section title
}

var tokenLooks = map[string]tokenLook{
	"wound":       {render.ColHealth, "health", "kit.token.wound", "wound"},
	"stress":      {render.ColMorale, "morale", "kit.token.stress", "stress"},
	"break":       {render.ColArmor, "armor", "kit.token.break", "break"},
	"cover":       {render.Colour{R: 0x3f, G: 0x6e, B: 0x3a}, markup.IconHide, "kit.token.cover", "cover"},
	"poison":      {render.Colour{R: 0x6a, G: 0x3d, B: 0x8a}, "poison", "kit.token.poison", "poison"},
	"sacred":      {render.ColGold, "vocation", "kit.token.sacred", "sacred"},
	"maintenance": {render.Colour{R: 0x7a, G: 0x5a, B: 0x3a}, "equipment", "kit.token.maintenance", "maintenance-marker"},
	"scan":        {colScan, "objective", "kit.token.scan", "scan-marker"},
	"hand":        {render.Colour{R: 0x8a, G: 0x2b, B: 0x2b}, "hand", "kit.token.hand", "hand"},
	"hourglass":   {render.Colour{R: 0x2b, G: 0x4a, B: 0x6a}, "hourglass", "kit.token.hourglass", "hourglass"},
	"time":        {render.ColInk, "time", "kit.token.time", "time-marker"},
}

// glossaryTerm is the glossary's name of a term, or "".
func (k labeler) glossaryTerm(id string) string {
	for _, t := range k.cat.Glossary {
		if t.ID == id {
			return k.name(t.Term)
		}
	}
	return ""
}

// tokenItems draws one token centred on (cx, cy).
func tokenItems(k labeler, kind, faction string, cx, cy float64) []render.Item {
	lang := k.ls()
	if faction != "" {
		col := render.ColNeutral
		name := faction
		if fa := k.cat.Faction(faction); fa != nil {
			if c, ok := render.ParseColour(fa.Colour); ok {
				col = c
			}
			name = k.name(fa.Name)
		}
		items := render.OrderHex(cx, cy, orderTokenR, col, false)
		items = append(items, render.Poly{Pts: render.HexPts(cx, cy, orderTokenR), Paint: render.Stroke(render.ColMuted, 0.2)}) // cut line
		initial := "?"
		if r, _ := utf8.DecodeRuneInString(name); r != utf8.RuneError {
			initial = string(unicode.ToUpper(r))
		}
		ink := render.ColWhite
		if col.Light() {
			ink = render.ColInk
		}
		return append(items, render.PlaceText(initial, lang, render.Bold, ink, cx, cy+2.2, 0, 16, 16, 'c'))
	}
	lk := tokenLooks[kind]
	d := tokenD
	if kind == "hand" || kind == "hourglass" || kind == "time" {
		d = bigTokenD
	}
	r := d / 2
	items := []render.Item{
		render.Circle{X: cx, Y: cy, R: r, Paint: render.Fill(lk.col)},
		render.Circle{X: cx, Y: cy, R: r - tokenRingInset, Paint: render.Stroke(lk.col.Mix(render.ColWhite, 0.45), 0.3)},
	}
	is := d * 0.48
	iy := cy - d*0.1
	switch lk.icon {
	case "poison": // a drop
		c := render.NewIconGrid(cx, iy, is)
		c.Path(render.Fill(render.ColWhite), "M 12 2 C 15 8 19 12 19 15.5 C 19 19.5 15.9 22 12 22 C 8.1 22 5 19.5 5 15.5 C 5 12 9 8 12 2 Z")
		items = append(items, c.Items...)
	case "hand": // an open hand
		c := render.NewIconGrid(cx, iy, is)
		for i, x := range []float64{7.5, 10.5, 13.5, 16.5} {
			top := []float64{5, 3, 3.5, 6}[i]
			c.Items = append(c.Items, render.Rect{X: c.Pt(x-1.2, 0).X, Y: c.Pt(0, top).Y, W: 2.4 * c.K, H: (15 - top) * c.K, R: 1.2 * c.K, Paint: render.Fill(render.ColWhite)})
		}
		c.Path(render.Fill(render.ColWhite), "M 6.3 12 L 17.7 12 L 17.7 17 C 17.7 20 15.5 22 12.5 22 L 11 22 C 9 22 7.8 21 6.8 19.3 L 3 13.5 C 2.5 12.5 3.8 11.3 4.9 12.2 L 6.3 13.6 Z")
		items = append(items, c.Items...)
	case "hourglass":
		c := render.NewIconGrid(cx, iy, is)
		c.Poly(render.Fill(render.ColWhite), 6, 3, 18, 3, 12.8, 12, 18, 21, 6, 21, 11.2, 12)
		c.Line(render.ColWhite, 1.6, 4.5, 2.5, 19.5, 2.5)
		c.Line(render.ColWhite, 1.6, 4.5, 21.5, 19.5, 21.5)
		items = append(items, c.Items...)
	case "time": // a clock face
		c := render.NewIconGrid(cx, iy, is)
		c.Circle(12, 12, 9.5, render.Stroke(render.ColWhite, 2))
		c.Line(render.ColWhite, 2, 12, 12, 12, 6)
		c.Line(render.ColWhite, 2, 12, 12, 16, 14)
		items = append(items, c.Items...)
	default:
		items = append(items, render.Icon(lk.icon, cx, iy, is, render.ColWhite, nil)...)
		if kind == "break" { // the shield, cracked
			items = append(items, render.Line{Pts: []render.Pt{{X: cx - is*0.05, Y: iy - is*0.42}, {X: cx + is*0.1, Y: iy - is*0.1}, {X: cx - is*0.1, Y: iy + is*0.1}, {X: cx + is*0.05, Y: iy + is*0.4}}, Colour: lk.col, Width: 0.5})
		}
	}
	pt := 5.2
	if d > tokenD {
		pt = 8
	}
	// The word sits on a chord of the ring: as wide as the ring is at its
	// descenders (the lowest, narrowest line of its box), less some room,
	// so that a long word ("Maintenance") shrinks instead of crossing it.
	base := r * 0.5
	inner := r - tokenRingInset - 0.15 - tokenLabelClear // the stroke's half width
	low := base + 0.22*pt*25.4/72
	w := 2 * math.Sqrt(inner*inner-low*low)
	items = append(items, render.PlaceText(k.l(lk.word), lang, render.Bold, render.ColWhite, cx, cy+base, w, pt, 3.6, 'c'))
	// the cut line: a thin grey circle just outside the colour
	return append(items, render.Circle{X: cx, Y: cy, R: r, Paint: render.Stroke(render.ColMuted, 0.2)})
}

// tokenPages lays the tokens out, section by section, on portrait pages.
func tokenPages(cat *wbcatalog.Catalog, o Options, k labeler) ([]render.Page, string, error) {
	lang := k.ls()
	paper, err := render.PaperSize(o.SheetOptions, false)
	if err != nil {
		return nil, "", err
	}
	title := k.l("kit.tokens.title")
	var pages []render.Page
	var pg *render.Page
	y := 0.0
	newPage := func() {
		pages = append(pages, render.Page{W: paper.X, H: paper.Y, Name: title + " " + strconv.Itoa(len(pages)+1)})
		pg = &pages[len(pages)-1]
		pg.Items = append(pg.Items, render.PlaceText(title, lang, render.Bold, render.ColInk, render.KitMargin, 10, paper.X-2*render.KitMargin, 13, 8, 'l'))
		pg.Items = append(pg.Items, render.PlaceText(k.l("kit.tokens.cut"), lang, render.Regular, render.ColMuted, render.KitMargin, 14.5, paper.X-2*render.KitMargin, 7, 4.5, 'l'))
		y = render.KitTop + 4
	}
	newPage()
	bottom := paper.Y - render.KitMargin - 2
	headY, lastEnd := y, 0.0 // the last section's header and the end of its last row
	// the large tokens, one of each, share a row
	var counts, big []TokenCount
	for _, tc := range TokenCounts(cat) {
		if tc.Kind == "hand" || tc.Kind == "hourglass" || tc.Kind == "time" {
			big = append(big, tc)
		} else {
			counts = append(counts, tc)
		}
	}
	for _, tc := range counts {
		if tc.N == 0 {
			continue
		}
		kind := tc.Kind
		var head string
		var d, pitchX, pitchY float64
		if tc.Faction != "" {
			head = k.glossaryTerm("order-token")
			if fa := cat.Faction(tc.Faction); fa != nil {
				head += " · " + k.name(fa.Name)
			}
			d = orderTokenR * math.Sqrt(3)
			pitchX, pitchY = d+tokenGap, 2*orderTokenR+tokenGap
		} else {
			lk := tokenLooks[kind]
			head = k.glossaryTerm(lk.term)
			if head == "" {
				head = k.l(lk.word)
			}
			d = tokenD
			if kind == "hand" || kind == "hourglass" || kind == "time" {
				d = bigTokenD
			}
			pitchX, pitchY = d+tokenGap, d+tokenGap
		}
		perRow := int((paper.X - 2*render.KitMargin + tokenGap) / pitchX)
		if y+6+pitchY > bottom {
			newPage()
		}
		pg.Items = append(pg.Items, render.PlaceText(head+" × "+strconv.Itoa(tc.N), lang, render.Bold, render.ColInk, render.KitMargin, y+4, paper.X-2*render.KitMargin, 8, 5, 'l'))
		headY = y
		y += 6
		lastEnd = render.KitMargin + float64((tc.N-1)%perRow+1)*pitchX
		for i := range tc.N {
			row, col := i/perRow, i%perRow
			if col == 0 && row > 0 {
				y += pitchY
			}
			if y+pitchY > bottom+tokenGap {
				newPage()
			}
			cx := render.KitMargin + float64(col)*pitchX + pitchX/2 - tokenGap/2
			pg.Items = append(pg.Items, tokenItems(k, kind, tc.Faction, cx, y+pitchY/2)...)
		}
		y += pitchY + 2
	}
	if len(big) > 0 {
		pitch := bigTokenD + 3*tokenGap
		x := render.KitMargin
		if lastEnd+6+float64(len(big))*pitch <= paper.X-render.KitMargin && headY+6+pitch <= bottom {
			// beside the last row, when it leaves room
			x, y = lastEnd+6, headY
		} else if y+6+pitch > bottom {
			newPage()
		}
		left := x
		var names string
		for i, tc := range big {
			if i > 0 {
				names += " · "
			}
			lk := tokenLooks[tc.Kind]
			names += k.glossaryTerm(lk.term)
			for range tc.N {
				pg.Items = append(pg.Items, tokenItems(k, tc.Kind, "", x+bigTokenD/2, y+6+pitch/2)...)
				x += pitch
			}
		}
		pg.Items = append(pg.Items, render.PlaceText(names, lang, render.Bold, render.ColInk, left, y+4, paper.X-render.KitMargin-left, 8, 5, 'l'))
	}
	for i := range pages {
		footer(k, &pages[i], o, title, i+1, len(pages))
	}
	return pages, title, nil
}
