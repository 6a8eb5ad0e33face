package wbcards

import (
	"fmt"
	"strconv"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Action boards (R-ACT-1..8) at play size, drawn from the board data: the
// time track of turns grouped in Periods (with the Objective mark between
// Periods 1 and 2 in Confrontation, R-ACT-7), and one column of Action
// spaces per Period, each space a hexagon showing its actions (a composite
// space shows several, R-ACT-5) and its modifiers as badges (R-ACT-6); a
// legend explains the badges in words.

// Board geometry, mm. A space is a hexagon 34 mm tall (circumradius 17):
// two 15 mm Order tokens (tokens.go) fit side by side inside it.
const (
	spaceR      = 17.0
	spaceCellW  = 32.0
	spaceCellH  = 36.0
	spaceRows   = 3 // spaces per column of a Period
	boardPad    = 5.0
	boardTitleH = 13.0
	trackH      = 22.0
	periodHeadH = 8.0
	panelPad    = 4.0
	panelGap    = 5.0
	legendW     = 48.0
)

// Period colours: one per Period, in order (more Periods reuse the last).
var periodColours = []render.Colour{{R: 0x4f, G: 0x7d, B: 0x4d}, {R: 0xb5, G: 0x7a, B: 0x1e}, {R: 0xa2, G: 0x3b, B: 0x2a}, {R: 0x5a, G: 0x4b, B: 0x8a}}

// The interface strings of actions and modifiers, spelt out.
var (
	actionKeys = map[wbcatalog.Action]string{
		wbcatalog.ActMove: "action.move", wbcatalog.ActRun: "action.run", wbcatalog.ActFight: "action.fight",
		wbcatalog.ActShoot: "action.shoot", wbcatalog.ActAim: "action.aim", wbcatalog.ActHide: "action.hide",
	}
	modifierKeys = map[wbcatalog.Modifier]string{
		wbcatalog.ModCostReduction: "modifier.cost-reduction", wbcatalog.ModMultiple: "modifier.multiple",
		wbcatalog.ModTemporisation: "modifier.temporisation", wbcatalog.ModExtraDie: "modifier.extra-die",
	}
)

func periodColour(p int) render.Colour {
	return periodColours[min(max(p-1, 0), len(periodColours)-1)]
}

// ActionBoardDrawing draws the Action board id at play size in language l.
func ActionBoardDrawing(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) (*render.Drawing, error) {
	b := cat.ActionBoard(id)
	if b == nil {
		return nil, fmt.Errorf("action board %q does not exist", id)
	}
	k := labeler{cat, l}
	lang := k.ls()

	// the Periods' columns
	type panel struct {
		period int
		spaces []wbcatalog.ActionSpace
		cols   int
		x, w   float64
	}
	panels := make([]panel, len(b.Periods))
	for i := range panels {
		panels[i].period = i + 1
	}
	for _, s := range b.Spaces {
		if s.Period >= 1 && s.Period <= len(panels) {
			panels[s.Period-1].spaces = append(panels[s.Period-1].spaces, s)
		}
	}
	x := boardPad
	for i := range panels {
		p := &panels[i]
		p.cols = max(1, (len(p.spaces)+spaceRows-1)/spaceRows)
		p.x, p.w = x, float64(p.cols)*spaceCellW+2*panelPad
		x += p.w + panelGap
	}
	legendX := x
	w := legendX + legendW + boardPad
	panelY := boardPad + boardTitleH + 3 + trackH + 4
	panelH := periodHeadH + spaceRows*spaceCellH + panelPad
	h := panelY + panelH + boardPad

	d := &render.Drawing{W: w, H: h, Title: k.name(b.Name)}
	add := func(items ...render.Item) { d.Items = append(d.Items, items...) }
	add(render.Rect{X: 0, Y: 0, W: w, H: h, R: 3, Paint: render.FillStroke(render.ColParchment, render.ColInk, 0.5)})

	// title band
	add(render.Rect{X: boardPad, Y: boardPad, W: w - 2*boardPad, H: boardTitleH, R: 1.5, Paint: render.Fill(render.ColInk)})
	add(render.PlaceText(k.name(b.Name), lang, render.Bold, render.ColWhite, boardPad+4, boardPad+8.8, w-2*boardPad-70, 15, 8, 'l'))
	sub := k.l("action-board") + " · " + k.l("format."+string(b.Format)) + " · " + strconv.Itoa(b.Turns) + " " + lower(k.l("kit.turns"))
	add(render.PlaceText(sub, lang, render.Regular, render.ColParchment, w-boardPad-4, boardPad+8.3, 66, 8, 5, 'r'))

	// the time track: each Period's turns above its column
	ty := boardPad + boardTitleH + 3
	turn := 0
	for i := range panels {
		p := &panels[i]
		col := periodColour(p.period)
		n := 0
		if i < len(b.Periods) {
			n = b.Periods[i]
		}
		add(render.Rect{X: p.x, Y: ty, W: p.w, H: trackH, R: 1.5, Paint: render.FillStroke(col.Mix(render.ColWhite, 0.82), col, 0.5)})
		add(render.PlaceText(k.l("leader.period")+" "+strconv.Itoa(p.period), lang, render.Bold, col.Mix(render.ColInk, 0.3), p.x+p.w/2, ty+4.6, p.w-3, 8, 5, 'c'))
		bw := (p.w - 4 - float64(n-1)*1.5) / float64(max(n, 1))
		bw = min(bw, 20)
		bx := p.x + (p.w-float64(n)*bw-float64(n-1)*1.5)/2
		for range n {
			turn++
			add(render.Rect{X: bx, Y: ty + 6.5, W: bw, H: trackH - 8.5, R: 1.2, Paint: render.FillStroke(render.ColPanel, col, 0.45)})
			add(render.PlaceText(k.l("turn"), lang, render.Regular, render.ColMuted, bx+bw/2, ty+10.6, bw-1.5, 6, 4, 'c'))
			add(render.PlaceText(strconv.Itoa(turn), lang, render.Bold, render.ColInk, bx+bw/2, ty+17.8, bw-1.5, 15, 8, 'c'))
			bx += bw + 1.5
		}
	}
	// R-ACT-7: Confrontation marks the change from Period 1 to Period 2
	if b.Format == wbcatalog.Confrontation && len(panels) > 1 {
		mx := panels[1].x - panelGap/2
		my := ty + trackH/2
		add(render.Poly{Pts: render.HexPts(mx, my, 6.2), Paint: render.FillStroke(render.ColGold, render.ColGold.Mix(render.ColInk, 0.4), 0.5)})
		add(render.Icon("objective", mx, my, 7.6, render.ColWhite, nil)...)
		add(render.PlaceText(k.l("kit.board.objective-mark"), lang, render.Bold, render.ColGold.Mix(render.ColInk, 0.35), mx, ty+trackH+3.2, 30, 6.5, 4.5, 'c'))
	}

	// the spaces, one column group per Period
	for _, p := range panels {
		col := periodColour(p.period)
		add(render.Rect{X: p.x, Y: panelY, W: p.w, H: panelH, R: 2, Paint: render.FillStroke(col.Mix(render.ColWhite, 0.9), col, 0.5)})
		add(render.PlaceText(k.l("leader.period")+" "+strconv.Itoa(p.period), lang, render.Bold, col.Mix(render.ColInk, 0.3), p.x+p.w/2, panelY+5.6, p.w-4, 8.5, 5, 'c'))
		for i, s := range p.spaces {
			c, r := i/spaceRows, i%spaceRows
			cx := p.x + panelPad + float64(c)*spaceCellW + spaceCellW/2
			cy := panelY + periodHeadH + float64(r)*spaceCellH + spaceCellH/2
			add(actionSpace(k, s, cx, cy, col)...)
		}
	}

	// the legend
	add(boardLegend(k, b, legendX, panelY-trackH-4, legendW, panelH+trackH+4)...)
	return d, nil
}

// actionSpace draws one Action space centred on (cx, cy).
func actionSpace(k labeler, s wbcatalog.ActionSpace, cx, cy float64, col render.Colour) []render.Item {
	lang := k.ls()
	items := []render.Item{
		render.Poly{Pts: render.HexPts(cx, cy, spaceR), Paint: render.FillStroke(render.ColPanel, col, 0.9)},
		render.Poly{Pts: render.HexPts(cx, cy, spaceR-1.6), Paint: render.Stroke(col.Mix(render.ColWhite, 0.6), 0.3)},
	}
	n := len(s.Actions)
	size := 10.0
	if n > 1 {
		size = 8.5
	}
	step := size + 3
	x := cx - float64(n-1)*step/2
	var names string
	for i, a := range s.Actions {
		items = append(items, render.Icon(string(a), x, cy-6, size, render.ColInk, nil)...)
		if i > 0 {
			items = append(items, render.PlaceText("+", lang, render.Bold, render.ColMuted, x-step/2, cy-4.6, 0, 9, 9, 'c'))
			names += " + "
		}
		names += k.l(actionKeys[a])
		x += step
	}
	items = append(items, render.PlaceText(names, lang, render.Bold, render.ColInk, cx, cy+3.6, 2*spaceR*0.8, 7, 4.2, 'c'))
	// modifier badges
	m := len(s.Modifiers)
	bx := cx - float64(m-1)*7.4/2
	for _, mod := range s.Modifiers {
		items = append(items, modifierBadge(lang, mod, bx, cy+9.6, 3.3)...)
		bx += 7.4
	}
	return items
}

// modifierBadge draws the badge of a space modifier (R-ACT-6) centred on
// (cx, cy) with radius r.
func modifierBadge(lang string, m wbcatalog.Modifier, cx, cy, r float64) []render.Item {
	items := []render.Item{render.Circle{X: cx, Y: cy, R: r, Paint: render.FillStroke(render.ColWhite, render.ColInk, 0.35)}}
	switch m {
	case wbcatalog.ModMultiple:
		// two Characters at once
		items = append(items, render.PlaceText("×2", lang, render.Bold, render.ColInk, cx, cy+r*0.36, 0, r*2.6, 4, 'c'))
	case wbcatalog.ModCostReduction:
		// the colourless Order hex, struck out: only coloured costs are paid
		items = append(items, render.OrderHex(cx, cy, r*0.62, render.ColColorless, true)...)
		items = append(items, render.Line{Pts: []render.Pt{{X: cx - r*0.7, Y: cy + r*0.7}, {X: cx + r*0.7, Y: cy - r*0.7}}, Colour: render.ColMelee, Width: r * 0.2})
	case wbcatalog.ModTemporisation:
		// gain one Order token
		items = append(items, render.OrderHex(cx-r*0.28, cy, r*0.52, render.ColColorless, true)...)
		items = append(items, render.PlaceText("+1", lang, render.Bold, render.ColInk, cx+r*0.42, cy+r*0.32, 0, r*1.7, 4, 'c'))
	case wbcatalog.ModExtraDie:
		items = append(items, render.Icon(markup.IconAnyDie, cx-r*0.3, cy, r*1.15, render.ColInk, nil)...)
		items = append(items, render.PlaceText("+1", lang, render.Bold, render.ColInk, cx+r*0.5, cy+r*0.32, 0, r*1.7, 4, 'c'))
	}
	return items
}

// boardLegend explains the board's actions and modifiers, in words.
func boardLegend(k labeler, b *wbcatalog.ActionBoard, x, y, w, h float64) []render.Item {
	lang := k.ls()
	items := []render.Item{render.Rect{X: x, Y: y, W: w, H: h, R: 2, Paint: render.FillStroke(render.ColPanel, render.ColRule, 0.35)}}
	items = append(items, render.PlaceText(k.l("kit.board.legend"), lang, render.Bold, render.ColInk, x+3, y+6, w-6, 9, 6, 'l'))
	cy := y + 11
	line := func(it []render.Item, text string, pt float64) {
		items = append(items, it...)
		box := render.TextFrame{X: x + 11, Y: cy - 3.2, W: w - 13.5, H: 22}
		ps := []render.Para{{Runs: []markup.Run{{Text: text}}, Colour: render.ColInk}}
		got, _, err := render.FitText(box, ps, pt, 4.5, lang, nil, "legend")
		if err == nil {
			items = append(items, got...)
		}
		_, hh, _ := render.LayoutParas(box, ps, pt, lang, nil, false)
		cy += max(hh, 5) + 2.2
	}
	// actions used on the board
	seen := map[wbcatalog.Action]bool{}
	for _, s := range b.Spaces {
		for _, a := range s.Actions {
			if !seen[a] {
				seen[a] = true
				line(render.Icon(string(a), x+6, cy, 5.5, render.ColInk, nil), k.l(actionKeys[a])+": "+k.l("kit.board.action."+string(a)), 6.5)
			}
		}
	}
	items = append(items, render.Line{Pts: []render.Pt{{X: x + 3, Y: cy - 1.5}, {X: x + w - 3, Y: cy - 1.5}}, Colour: render.ColRule, Width: 0.3})
	cy += 3.6
	line(nil, k.l("kit.board.composite"), 6.5)
	mods := map[wbcatalog.Modifier]bool{}
	for _, s := range b.Spaces {
		for _, m := range s.Modifiers {
			if !mods[m] {
				mods[m] = true
				line(modifierBadge(lang, m, x+6, cy, 3.3), k.l(modifierKeys[m])+": "+k.l("kit.board.modifier."+string(m)), 6.5)
			}
		}
	}
	items = append(items, render.Line{Pts: []render.Pt{{X: x + 3, Y: cy - 1.5}, {X: x + w - 3, Y: cy - 1.5}}, Colour: render.ColRule, Width: 0.3})
	cy += 3.6
	line(nil, k.l("kit.board.time-track"), 6.5)
	if b.Format == wbcatalog.Confrontation {
		line([]render.Item{render.Poly{Pts: render.HexPts(x+6, cy, 3.4), Paint: render.Fill(render.ColGold)}}, k.l("kit.board.objective-mark")+": "+k.l("kit.board.objective-text"), 6.5)
	}
	return items
}

func lower(s string) string {
	b := []rune(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// ActionBoardSVG returns the Action board id as an SVG image for the site.
func ActionBoardSVG(cat *wbcatalog.Catalog, id string, l wbcatalog.Lang) ([]byte, error) {
	d, err := ActionBoardDrawing(cat, id, l)
	if err != nil {
		return nil, err
	}
	return d.SVG(string(l)), nil
}

// boardPages tiles the Action board o.Kit.ID over landscape pages.
func boardPages(cat *wbcatalog.Catalog, o Options, k labeler) ([]render.Page, string, error) {
	d, err := ActionBoardDrawing(cat, o.Kit.ID, o.Lang)
	if err != nil {
		return nil, "", err
	}
	t, err := render.NewTiling(o.SheetOptions, d.W, d.H, render.TileOverlap, true)
	if err != nil {
		return nil, "", err
	}
	pages := render.TilePages(d, t, d.Title, k.ls(), k.l)
	for i := range pages {
		footer(k, &pages[i], o, d.Title+" · "+fmt.Sprintf("%.0f × %.0f mm", d.W, d.H), i+1, len(pages))
	}
	return pages, d.Title, nil
}
