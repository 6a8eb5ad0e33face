package wbcards

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// The deck sheet: the first page of a deck's PDF. It names the deck and
// its format, lists the cards with the Upgrades attached to each (R-DECK-4),
// shows the Leaders' Orders per Period on the format's side (R-CARD-4,
// R-TURN-2), and names the faction Reference cards printed with the deck
// (R-DECK-7: not deck cards).

// DeckReferences returns the Reference cards of the factions of a deck's
// Characters and Leaders, in id order.
func DeckReferences(cat *wbcatalog.Catalog, d *wbcatalog.Deck) []string {
	factions := map[string]bool{}
	for _, id := range d.Cards {
		if c := cat.Character(id); c != nil {
			factions[c.Faction] = true
		}
		if l := cat.Leader(id); l != nil {
			factions[l.Faction] = true
		}
	}
	var out []string
	for _, r := range cat.References {
		if factions[r.Faction] {
			out = append(out, r.ID)
		}
	}
	return out
}

// deckSheet lays out the deck sheet of deck o.Kit.ID on portrait pages of
// o's paper.
func deckSheet(cat *wbcatalog.Catalog, o Options, k labeler) ([]render.Page, error) {
	d := cat.Deck(o.Kit.ID)
	if d == nil {
		return nil, fmt.Errorf("deck %q does not exist", o.Kit.ID)
	}
	paper, err := render.PaperSize(o.SheetOptions, false)
	if err != nil {
		return nil, err
	}
	lang := k.ls()
	pg := render.Page{W: paper.X, H: paper.Y, Name: k.name(d.Name)}
	add := func(items ...render.Item) { pg.Items = append(pg.Items, items...) }
	x0, w := 18.0, paper.X-36
	y := 24.0

	fc := render.ColInk
	for _, id := range d.Cards {
		if l := cat.Leader(id); l != nil {
			if c, ok := render.ParseColour(factionColourOf(cat, l.Faction)); ok {
				fc = c
			}
			break
		}
	}
	add(render.Rect{X: 0, Y: 0, W: paper.X, H: 8, Paint: render.Fill(fc)})
	add(render.PlaceText(k.l("deck"), lang, render.Bold, render.ColMuted, x0, y-8, w, 9, 6, 'l'))
	add(render.PlaceText(k.name(d.Name), lang, render.Bold, render.ColInk, x0, y, w, 22, 12, 'l'))
	y += 8
	n := len(d.Cards)
	add(render.PlaceText(k.l("format."+string(d.Format))+" · "+strconv.Itoa(n)+" "+k.l("print.cards"), lang, render.Bold, fc.Mix(render.ColInk, 0.3), x0, y, w, 12, 8, 'l'))
	y += 4
	if d.Description != nil {
		items, h, err := paragraph(k, k.name(*d.Description), x0, y, w, 10, render.Italic)
		if err != nil {
			return nil, err
		}
		add(items...)
		y += h + 2
	}

	// the cards, each with what is attached to it
	y += 4
	add(render.PlaceText(k.l("deck.cards"), lang, render.Bold, render.ColInk, x0, y, w, 12, 8, 'l'))
	y += 2
	add(render.Line{Pts: []render.Pt{{X: x0, Y: y}, {X: x0 + w, Y: y}}, Colour: render.ColRule, Width: 0.4})
	y += 6
	attached := map[string][]string{}
	isAttached := map[string]bool{}
	for _, a := range d.Attachments {
		attached[a.To] = append(attached[a.To], a.Upgrade)
		isAttached[a.Upgrade] = true
	}
	seenUp := map[string]int{}
	for _, id := range d.Cards {
		kind := cat.KindOf(id)
		if kind.IsUpgrade() && isAttached[id] {
			continue
		}
		name, _ := cat.CardName(id)
		add(render.PlaceText(k.name(name), lang, render.Bold, render.ColInk, x0+3, y, w*0.6, 11, 7, 'l'))
		sub := k.l("kind." + string(kind))
		if c := cat.Character(id); c != nil {
			sub += " · " + factionName(k, c.Faction)
		}
		if l := cat.Leader(id); l != nil {
			sub += " · " + factionName(k, l.Faction)
		}
		add(render.PlaceText(sub, lang, render.Regular, render.ColMuted, x0+w, y, w*0.38, 9, 6, 'r'))
		y += 5.6
		for _, up := range attached[id] {
			seenUp[up]++
			un, _ := cat.CardName(up)
			add(render.PlaceText("+ "+k.name(un), lang, render.Regular, render.ColInk, x0+10, y, w*0.55, 10, 6, 'l'))
			add(render.PlaceText(k.l("kind."+string(cat.KindOf(up)))+" · "+k.l("deck.attached")+" "+k.name(name), lang, render.Italic, render.ColMuted, x0+w, y, w*0.42, 8.5, 5.5, 'r'))
			y += 5.2
		}
		y += 1.4
	}

	// the Leaders' Orders per Period, on the format's side
	y += 4
	add(render.PlaceText(k.l("leader.orders")+" · "+k.l("leader.side."+string(d.Format)), lang, render.Bold, render.ColInk, x0, y, w, 12, 8, 'l'))
	y += 2
	add(render.Line{Pts: []render.Pt{{X: x0, Y: y}, {X: x0 + w, Y: y}}, Colour: render.ColRule, Width: 0.4})
	y += 6
	var leaders []*wbcatalog.Leader
	for _, id := range d.Cards {
		if l := cat.Leader(id); l != nil {
			leaders = append(leaders, l)
		}
	}
	periods := 0
	for _, l := range leaders {
		periods = max(periods, len(l.Side(d.Format).Orders))
	}
	colW := (w - 55) / float64(max(periods, 1))
	for p := range periods {
		add(render.PlaceText(k.l("leader.period")+" "+strconv.Itoa(p+1), lang, render.Bold, render.ColMuted, x0+55+float64(p)*colW+colW/2, y, colW-2, 9, 6, 'c'))
	}
	y += 7
	totals := make([]map[string]int, periods)
	for i := range totals {
		totals[i] = map[string]int{}
	}
	row := func(name string, orders []map[string]int, bold bool) {
		st := render.Regular
		if bold {
			st = render.Bold
		}
		add(render.PlaceText(name, lang, st, render.ColInk, x0+3, y+1.5, 50, 10, 6, 'l'))
		for p, period := range orders {
			add(orderRow(k, period, x0+55+float64(p)*colW+2, y, colW-4)...)
		}
		y += 9
	}
	for _, l := range leaders {
		orders := l.Side(d.Format).Orders
		for p, period := range orders {
			for f, n := range period {
				totals[p][f] += n
			}
		}
		row(k.name(l.Name), orders, false)
	}
	if len(leaders) > 1 {
		add(render.Line{Pts: []render.Pt{{X: x0 + 3, Y: y - 4}, {X: x0 + w, Y: y - 4}}, Colour: render.ColRule, Width: 0.3})
		y += 1
		row(k.l("kit.deck.total"), totals, true)
	}
	add(render.PlaceText(k.l("kit.deck.orders-note"), lang, render.Italic, render.ColMuted, x0+3, y+1, w-3, 8, 5.5, 'l'))
	y += 8

	// the Reference cards printed with the deck
	refs := DeckReferences(cat, d)
	if len(refs) > 0 {
		y += 2
		add(render.PlaceText(k.l("kinds.reference"), lang, render.Bold, render.ColInk, x0, y, w, 12, 8, 'l'))
		y += 2
		add(render.Line{Pts: []render.Pt{{X: x0, Y: y}, {X: x0 + w, Y: y}}, Colour: render.ColRule, Width: 0.4})
		y += 6
		for _, id := range refs {
			name, _ := cat.CardName(id)
			add(render.PlaceText(k.name(name), lang, render.Bold, render.ColInk, x0+3, y, w*0.6, 11, 7, 'l'))
			y += 5.6
		}
		items, h, err := paragraph(k, k.l("kit.deck.references"), x0+3, y-2, w-3, 8.5, render.Italic)
		if err != nil {
			return nil, err
		}
		add(items...)
		y += h
	}
	// how to print what follows
	items, _, err := paragraph(k, fmt.Sprintf("%s · %s.", k.l("print.duplex"), k.l("print.cut")), x0, paper.Y-24, w, 9, render.Regular)
	if err != nil {
		return nil, err
	}
	add(items...)
	if y > paper.Y-26 {
		return nil, fmt.Errorf("deck %s: the deck sheet does not fit one page (%.0f mm of %.0f)", d.ID, y, paper.Y-26)
	}
	footer(k, &pg, o, k.name(d.Name), 1, 2)
	return []render.Page{pg}, nil
}

func factionColourOf(cat *wbcatalog.Catalog, id string) string {
	if f := cat.Faction(id); f != nil {
		return f.Colour
	}
	return ""
}

func factionName(k labeler, id string) string {
	if f := k.cat.Faction(id); f != nil {
		return k.name(f.Name)
	}
	return k.l("cards.neutral")
}

// periodOrders are the factions of one Period's Order tokens, sorted, and
// how many tokens it gives in all (Leader cards and deck sheets draw them).
func periodOrders(period map[string]int) (factions []string, total int) {
	for f, n := range period {
		if n > 0 {
			factions = append(factions, f)
			total += n
		}
	}
	sort.Strings(factions)
	return factions, total
}

// orderRow draws one Period's Order tokens: hexes in the faction colours,
// then the count.
func orderRow(k labeler, period map[string]int, x, y, w float64) []render.Item {
	keys, total := periodOrders(period)
	r := 2.6
	step := r*math.Sqrt(3) + 0.4
	if avail := w - 9; float64(total)*step > avail {
		step = avail / float64(total)
		r = (step - 0.4) / math.Sqrt(3)
	}
	var items []render.Item
	cx := x + step/2
	for _, f := range keys {
		col, ok := render.ParseColour(factionColourOf(k.cat, f))
		for range period[f] {
			items = append(items, render.OrderHex(cx, y, r, col, !ok)...)
			cx += step
		}
	}
	return append(items, render.PlaceText("×"+strconv.Itoa(total), k.ls(), render.Bold, render.ColInk, x+w, y+1.3, 0, 10, 10, 'r'))
}

// paragraph fits one paragraph of markup text at size pt in a box w wide
// starting at y; it returns the items and the height used.
func paragraph(k labeler, s string, x, y, w, pt float64, st render.Style) ([]render.Item, float64, error) {
	doc, err := markup.Parse(s)
	var runs []markup.Run
	if err != nil || len(doc.Paragraphs) == 0 {
		runs = []markup.Run{{Text: s}}
	} else {
		runs = doc.Paragraphs[0].Runs
	}
	ps := []render.Para{{Runs: runs, Base: st, Colour: render.ColInk}}
	_, h, _ := render.LayoutParas(render.TextFrame{X: x, Y: y, W: w, H: 1000}, ps, pt, k.ls(), nil, false)
	items, _, err := render.FitText(render.TextFrame{X: x, Y: y, W: w, H: h + 0.1}, ps, pt, pt, k.ls(), func(id string) (render.Colour, bool) {
		return render.ParseColour(factionColourOf(k.cat, id))
	}, "a deck sheet text")
	return items, h, err
}
