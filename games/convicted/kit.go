package convicted

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

var _ ruleset.Sheets = (*Content)(nil)

// SaveSheet is the path of one filled save sheet (--deck SAVE).
func SaveSheet(id string, l lang.Lang) string {
	return pipeline.PrintDir + "/saves/" + id + "-" + string(l) + ".pdf"
}

// spread splits total over n kinds as evenly as it goes, the first kinds
// taking the remainder (a pooled count, C-COMP-3).
func spread(total, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = total / n
		if i < total%n {
			out[i]++
		}
	}
	return out
}

// token is one kind of token: its two lines, colour and printed count.
type token struct {
	id          string // unique in the kit: its TTS tile
	top, bottom string
	col         render.Colour
	count       int
}

// tokenGroup is a heading and its tokens.
type tokenGroup struct {
	head   string
	tokens []token
	bag    string // its bag's name in TTS
}

// tokenGroups are the tokens of the component counts in l.
func (c *Content) tokenGroups(l lang.Lang) []tokenGroup {
	cat := c.Catalog
	comp := cat.Components
	var fort []token
	levels := 5
	per := spread(comp.FortificationTokens, len(cat.Sections)*levels)
	for i, s := range cat.Sections {
		for lv := 1; lv <= levels; lv++ {
			fort = append(fort, token{id: fmt.Sprintf("fort-%s-%d", s.ID, lv), top: strings.ToUpper(s.ID), bottom: fmt.Sprintf("%s %d", word("lv", l), lv), col: colStone, count: per[i*levels+lv-1]})
		}
	}
	ring := []token{{id: "ditch", top: word("ditch", l), col: colDitch, count: comp.DitchTokens}, {id: "moat", top: word("moat", l), col: colMoat, count: comp.MoatTokens}}
	var res []token
	for i, n := range spread(comp.ResourceMarkers, len(cat.Resources)) {
		res = append(res, token{id: "res-" + cat.Resources[i].ID, top: cat.Resources[i].Name.In(l), bottom: "1", col: colBuilding, count: n})
	}
	var def []token
	for i, n := range spread(comp.Defenders, len(cat.Units)) {
		u := &cat.Units[i]
		def = append(def, token{id: "unit-" + u.ID, top: u.Name.In(l), bottom: stats(u.ST, u.EN, u.SU, u.RFS), col: colDefender, count: n})
	}
	var en []token
	for i, n := range spread(comp.Enemies, len(cat.Enemies)) {
		u := &cat.Enemies[i]
		en = append(en, token{id: "foe-" + u.ID, top: u.Name.In(l), bottom: stats(u.ST, u.EN, u.SU, u.RFS), col: colEnemy, count: n})
	}
	// the siege-engine markers: the defenders' engines, mounted on a
	// section (C-SAVE-2), in their colour, the enemy's in theirs
	var eng []token
	for i, n := range spread(comp.SiegeEngines, len(cat.Engines)) {
		e := &cat.Engines[i]
		col := colEnemy
		if e.Side != "enemy" {
			col = colDefender
		}
		eng = append(eng, token{id: "engine-" + e.ID, top: e.Name.In(l), bottom: fmt.Sprintf("%d/%d", e.EN, e.RFS), col: col, count: n})
	}
	return []tokenGroup{
		{word("fortTok", l), fort, word("bag.fort", l)},
		{word("ringTok", l), ring, word("bag.ring", l)},
		{word("resTok", l), res, word("bag.res", l)},
		{fmt.Sprintf(word("defTok", l), comp.Defenders), def, word("bag.def", l)},
		{fmt.Sprintf(word("enemyTok", l), comp.Enemies), en, word("bag.foe", l)},
		{fmt.Sprintf(word("engineTok", l), comp.SiegeEngines), eng, word("bag.engine", l)},
	}
}

func stats(st, en, su, rfs int) string {
	s := fmt.Sprintf("%d/%d/%d", st, en, su)
	if rfs > 0 {
		s += fmt.Sprintf("/%d", rfs)
	}
	return s
}

// tokenR is a token's radius, mm.
const tokenR = 8.0

// tokenFace is token t drawn round (0, 0): laid out once, copied as
// many times as printed.
func tokenFace(t token, ls string) ([]render.Item, error) {
	const r = tokenR
	items := []render.Item{render.Circle{R: r, Paint: render.FillStroke(t.col, colInk, 0.3)}}
	what := "the token " + t.top
	top, err := render.TextLine(t.top, ls, true, colWhite, 0, -0.3, 2*r-3, 6, 3, 'c', what)
	if err != nil {
		return nil, err
	}
	items = append(items, top)
	if t.bottom != "" {
		bot, err := render.TextLine(t.bottom, ls, false, colWhite, 0, 3.6, 2*r-5, 5.5, 3, 'c', what+": its second line")
		if err != nil {
			return nil, err
		}
		items = append(items, bot)
	}
	return items, nil
}

// tokenPages lay the tokens out as round counters of 16 mm, as many as
// printed, page after page.
func (c *Content) tokenPages(l lang.Lang, paper render.Pt) ([]render.Page, error) {
	ls := string(l)
	const r, gap, margin = tokenR, 2.0, 12.0
	var pages []render.Page
	var items []render.Item
	y := 0.0
	newPage := func() error {
		if items != nil {
			pages = append(pages, render.Page{W: paper.X, H: paper.Y, Name: fmt.Sprintf("%s %d", word("tokens", l), len(pages)+1), Items: items})
		}
		title, err := render.TextLine(word("tokens", l), ls, true, colInk, margin, 16, paper.X-2*margin, 15, 9, 'l', "the tokens page: its title")
		if err != nil {
			return err
		}
		note, err := render.TextBox(margin, 19, paper.X-2*margin, 10, []render.Block{{Text: word("cut", l), Colour: colMuted}}, ls, 8, 5, "the tokens page: its note")
		if err != nil {
			return err
		}
		items = append([]render.Item{title}, note...)
		y = 32
		return nil
	}
	if err := newPage(); err != nil {
		return nil, err
	}
	for _, g := range c.tokenGroups(l) {
		if y+6+2*r > paper.Y-margin {
			if err := newPage(); err != nil {
				return nil, err
			}
		}
		head, err := render.TextLine(g.head, ls, true, colInk, margin, y+4, paper.X-2*margin, 9, 5, 'l', "the tokens: "+g.head)
		if err != nil {
			return nil, err
		}
		items = append(items, head)
		y += 6
		x := margin
		for _, t := range g.tokens {
			face, err := tokenFace(t, ls)
			if err != nil {
				return nil, err
			}
			for k := 0; k < t.count; k++ {
				if x+2*r > paper.X-margin {
					x, y = margin, y+2*r+gap
				}
				if y+2*r > paper.Y-margin {
					if err := newPage(); err != nil {
						return nil, err
					}
					x = margin
				}
				items = append(items, render.Transform(face, 1, x+tokenR, y+tokenR)...)
				x += 2*r + gap
			}
		}
		y += 2*r + 2*gap
	}
	pages = append(pages, render.Page{W: paper.X, H: paper.Y, Name: fmt.Sprintf("%s %d", word("tokens", l), len(pages)+1), Items: items})
	return pages, nil
}

// stagePage is the reference sheet of the turn's 14 stages (C-TURN-2,
// C-COMP-6): number, phase, name, what it does, its numbers.
func (c *Content) stagePage(l lang.Lang, paper render.Pt) (render.Page, error) {
	ls := string(l)
	st := c.Catalog.Stages
	const margin = 15.0
	blocks := []render.Block{{Text: word("stages", l), Bold: true, Colour: colInk, Scale: 1.5}}
	decided := len(st.Placeholders) > 0
	if decided {
		blocks = append(blocks, render.Block{Text: fmt.Sprintf(word("stagesNote", l), strings.Join(st.Placeholders, ", ")), Colour: colMuted, Scale: 0.85, Gap: 0.4})
	}
	phase := ""
	for _, s := range st.List {
		if s.Phase != phase {
			phase = s.Phase
			key := s.Phase
			if key == "engines" {
				key = "engines-ph"
			}
			blocks = append(blocks, render.Block{Text: word(key, l), Bold: true, Colour: colEnemy, Scale: 1.15, Gap: 0.9})
		}
		var nums []string
		if s.HitOn > 0 {
			nums = append(nums, fmt.Sprintf(word("hitOn", l), s.HitOn))
		}
		switch s.Damage {
		case "":
		case "d3":
			nums = append(nums, fmt.Sprintf(word("dmg", l), word("dmgD3", l)))
		default:
			nums = append(nums, fmt.Sprintf(word("dmg", l), s.Damage))
		}
		line := fmt.Sprintf("**%d. %s** — %s", s.Number, s.Name.In(l), word("e."+s.Effect, l))
		if len(nums) > 0 {
			line += " (" + strings.Join(nums, ", ") + ")"
		}
		if decided {
			line += " \\*"
		}
		blocks = append(blocks, render.Block{Text: line, Colour: colInk, Gap: 0.3})
	}
	items, err := render.TextBox(margin, margin, paper.X-2*margin, paper.Y-2*margin, blocks, ls, 12, 6, "the stages' reference sheet")
	if err != nil {
		return render.Page{}, err
	}
	return render.Page{W: paper.X, H: paper.Y, Name: word("stages", l), Items: items}, nil
}

// Print is the print-and-play kit the build writes, cards-<lang>.pdf in
// each language: the stages' reference, a blank save sheet, the tokens,
// then the hero, building, technology, spell, blessing and enemy cards,
// fronts and backs;
// with --since, reprint-<lang>.pdf holds the cards that changed; and
// the board tiled on A4, maps/board-a4-<lang>.pdf.
func (c *Content) Print(po ruleset.PrintOptions) (dist.Files, error) {
	set, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4", Tool: po.Version, Date: po.Date})
	if err != nil {
		return nil, err
	}
	if err := c.reprintSheets(po, set.Files); err != nil {
		return nil, err
	}
	board, err := c.boardSheets(ruleset.SheetRequest{Map: "board", Paper: "a4", Tool: po.Version, Date: po.Date})
	if err != nil {
		return nil, err
	}
	maps.Copy(set.Files, board.Files)
	return set.Files, nil
}

// save is the save sheet asked for (nil for ""), or the request's error.
func (c *Content) save(id string) (*cvcatalog.Save, error) {
	if id == "" {
		return nil, nil
	}
	if s := cvcatalog.Find(c.Catalog.Saves, id, func(x *cvcatalog.Save) string { return x.ID }); s != nil {
		return s, nil
	}
	return nil, ruleset.Requestf("--deck %q: no such save sheet (save sheets: %s)", id, strings.Join(c.DeckIDs(""), ", "))
}

// kitPages are the pages before the cards in l.
func (c *Content) kitPages(o render.SheetOptions) ([]render.Page, error) {
	paper, err := render.PaperSize(o, false)
	if err != nil {
		return nil, err
	}
	ref, err := c.stagePage(o.Lang, paper)
	if err != nil {
		return nil, err
	}
	blank, err := c.savePage(o.Lang, paper, nil)
	if err != nil {
		return nil, err
	}
	tokens, err := c.tokenPages(o.Lang, paper)
	if err != nil {
		return nil, err
	}
	return append([]render.Page{ref, blank}, tokens...), nil
}

// sheetOptions are the sheets' options in l: they print the content's
// version (game.cue's), else git's, else the tool's.
func (c *Content) sheetOptions(l lang.Lang, req ruleset.SheetRequest) render.SheetOptions {
	return render.SheetOptions{Lang: l, Paper: req.Paper, Bleed: req.Bleed, BackOffset: render.Pt{X: req.BackOffsetX, Y: req.BackOffsetY},
		Version: cmp.Or(c.Catalog.ContentVersion, c.setVersion, req.Tool), Game: "The Convicted", Tool: req.Tool, Date: req.Date, Set: siteTitle[l]}
}

// Sheets prints what `wbtool print` asks for, one file per language: the
// kit and its cards (the file the build writes), (--deck SAVE) that save
// sheet filled in, or (--map board) the board tiled on the paper.
func (c *Content) Sheets(_ context.Context, req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	if req.Map != "" {
		return c.boardSheets(req)
	}
	sv, err := c.save(req.Deck)
	if err != nil {
		return ruleset.SheetSet{}, err
	}
	set := ruleset.SheetSet{Files: dist.Files{}}
	for _, l := range pipeline.Langs(req.Langs) {
		o := c.sheetOptions(l, req)
		var pdf []byte
		p := pipeline.CardsSheet(l)
		if sv != nil {
			p = SaveSheet(sv.ID, l)
			paper, err := render.PaperSize(o, false)
			if err != nil {
				return ruleset.SheetSet{}, err
			}
			pg, err := c.savePage(l, paper, sv)
			if err != nil {
				return ruleset.SheetSet{}, err
			}
			pdf, err = render.PagesPDF(o, siteTitle[l], []render.Page{pg})
			if err != nil {
				return ruleset.SheetSet{}, err
			}
		} else {
			first, err := c.kitPages(o)
			if err != nil {
				return ruleset.SheetSet{}, err
			}
			fronts, backs, err := c.faces(l)
			if err != nil {
				return ruleset.SheetSet{}, err
			}
			lb := render.SheetLabels{Title: word("kit", l), Cards: word("cards", l), Page: word("page", l), Backs: word("backs", l), Front: word("front", l)}
			pdf, err = render.FaceSheets(o, lb, first, fronts, backs)
			if err != nil {
				return ruleset.SheetSet{}, err
			}
		}
		_, rel := pipeline.InDir(p)
		set.Files[rel], set.Paths = pdf, append(set.Paths, p)
	}
	return set, nil
}

// boardSheets are the board's tiles, one file per language.
func (c *Content) boardSheets(req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	if req.Map != "board" {
		return ruleset.SheetSet{}, ruleset.Requestf("--map %q: The Convicted has one map, the board (--map board)", req.Map)
	}
	if req.HexSize != 0 {
		return ruleset.SheetSet{}, ruleset.Requestf("--hex-size: the board of The Convicted has no hexes")
	}
	set := ruleset.SheetSet{Files: dist.Files{}}
	for _, l := range pipeline.Langs(req.Langs) {
		o := c.sheetOptions(l, req)
		pages, err := c.boardPages(o)
		if err != nil {
			return ruleset.SheetSet{}, err
		}
		pdf, err := render.PagesPDF(o, bword("board", l), pages)
		if err != nil {
			return ruleset.SheetSet{}, err
		}
		p := pipeline.MapSheet("board", req.Paper, l)
		_, rel := pipeline.InDir(p)
		set.Files[rel], set.Paths = pdf, append(set.Paths, p)
	}
	return set, nil
}
