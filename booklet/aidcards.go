package booklet

import (
	"fmt"
	"strconv"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// Player aids as cards (issue 32 item 3): each aid of the rules data on
// cards of the card sheets' size, its entries flowing onto as many cards
// as it needs (titled "2/3"…), drawn with the render kit's text so that
// they print with the card sheets, for every game that has aids.

// aidCard sizes, mm and pt.
const (
	aidMargin = 4.0
	aidBand   = 9.0 // the title band's height
	aidBody   = 7.0 // pt
)

// AidCards lays out src's player aids in language l: the fronts, and a
// back for each (the game's name and the words "Player aids"). An entry
// the fonts cannot draw is an error naming the aid.
func AidCards(src ruleset.RulebookSource, l lang.Lang) (fronts, backs []*render.Face, err error) {
	lg := string(l)
	colW := render.CardW - 2*aidMargin
	for _, a := range src.Aids {
		var cards []*render.Face
		y := 0.0
		newCard := func() *render.Face {
			f := &render.Face{Card: "aid-" + a.ID + "-" + strconv.Itoa(len(cards)+1), Kind: "aid", Side: "front", Lang: l}
			cards = append(cards, f)
			y = aidBand + aidMargin
			return f
		}
		face := newCard()
		for _, e := range a.Entries {
			runs := []markup.Run{{Text: e.Name.In(l), Strong: true}, {Text: " — "}}
			runs = append(runs, aidRuns(src, e.Text.In(l))...)
			if e.Rule != "" {
				runs = append(runs, markup.Run{Text: " (" + e.Rule + ")"})
			}
			lines, err := render.FlowLines(render.Para{Runs: runs, Base: render.Regular, Colour: render.ColInk}, colW, aidBody, lg, (&book{src: src}).faction)
			if err != nil {
				return nil, nil, fmt.Errorf("player aid %s: %w", a.ID, err)
			}
			h := 0.0
			for _, ln := range lines {
				h += ln.Height
			}
			if y+h > render.CardH-aidMargin && y > aidBand+aidMargin {
				face = newCard()
			}
			for _, ln := range lines {
				if y+ln.Height > render.CardH-aidMargin {
					face = newCard()
				}
				face.Items = append(face.Items, render.Transform(ln.Items, 1, aidMargin, y)...)
				y += ln.Height
			}
			y += 1.2
		}
		for i, f := range cards {
			title := a.Title.In(l)
			if len(cards) > 1 {
				title += " " + strconv.Itoa(i+1) + "/" + strconv.Itoa(len(cards))
			}
			head := []render.Item{
				render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: render.CardH + 2*render.Bleed, Paint: render.Fill(render.ColPanel)},
				render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: aidBand + render.Bleed, Paint: render.Fill(render.ColInk)},
				render.PlaceText(title, lg, render.Bold, render.ColWhite, render.CardW/2, aidBand-2.8, colW, 10, 6, 'c'),
			}
			f.Items = append(head, f.Items...)
			fronts = append(fronts, f)
			backs = append(backs, &render.Face{Card: f.Card, Kind: "aid", Side: "back", Lang: l, Items: []render.Item{
				render.Rect{X: -render.Bleed, Y: -render.Bleed, W: render.CardW + 2*render.Bleed, H: render.CardH + 2*render.Bleed, Paint: render.Fill(render.ColInk)},
				render.PlaceText(src.Game, lg, render.Bold, render.ColWhite, render.CardW/2, render.CardH/2-2, colW, 14, 8, 'c'),
				render.PlaceText(words[l]["aids"], lg, render.Regular, render.ColWhite, render.CardW/2, render.CardH/2+6, colW, 9, 6, 'c'),
			}})
		}
	}
	return fronts, backs, nil
}

// aidRuns are an aid's text in card markup as runs: icons the game does
// not draw are written as their names.
func aidRuns(src ruleset.RulebookSource, s string) []markup.Run {
	var out []markup.Run
	for _, r := range markupRuns(s) {
		switch {
		case r.icon != "" && src.HasIcon != nil && src.HasIcon(r.icon):
			out = append(out, markup.Run{Icon: r.icon})
		case r.icon != "" && src.IconLabel != nil:
			out = append(out, markup.Run{Text: src.IconLabel(r.icon)})
		case r.icon != "":
			out = append(out, markup.Run{Text: r.icon})
		case r.natural != 0:
			out = append(out, markup.Run{Natural: r.natural})
		default:
			out = append(out, markup.Run{Text: r.text, Strong: r.strong, Emph: r.emph})
		}
	}
	return out
}

// AidSheets are the player aids of src as print-and-play card sheets,
// one PDF per language of langs that has aids (nil: none).
//
// The sheets are shared with the builds that make the same ones (a memo
// of the last few, for watch and serve, as Build's): read only.
func AidSheets(src ruleset.RulebookSource, langs []lang.Lang, o render.SheetOptions, name func(l lang.Lang) string) (map[string][]byte, error) {
	if len(src.Aids) == 0 {
		return nil, nil
	}
	key := aidSheetsKey(src, langs, o, name)
	if out, ok := aidMemo.get(key); ok {
		return out, nil
	}
	out, err := aidSheets(src, langs, o, name)
	if err == nil {
		aidMemo.put(key, out)
	}
	return out, err
}

// aidSheets is AidSheets without the memo.
func aidSheets(src ruleset.RulebookSource, langs []lang.Lang, o render.SheetOptions, name func(l lang.Lang) string) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, l := range langs {
		fronts, backs, err := AidCards(src, l)
		if err != nil {
			return nil, err
		}
		o.Lang = l
		lb := render.SheetLabels{Title: src.Game + " · " + words[l]["aids"], Cards: words[l]["aids"], Page: "Page", Backs: "Backs"}
		pdf, err := render.FaceSheets(o, lb, nil, fronts, backs)
		if err != nil {
			return nil, err
		}
		out[name(l)] = pdf
	}
	return out, nil
}

// AidsTitle is "Player aids" in l, as the aid cards' backs say it.
func AidsTitle(l lang.Lang) string { return words[l]["aids"] }
