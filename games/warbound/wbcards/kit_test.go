package wbcards

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/render"
)

// kitCatalog is the test catalog with what the play kit draws: an Action
// board with every modifier, a scenario with every kind of terrain, a
// marker and two zones, and a deck with attachments.
func kitCatalog() *wbcatalog.Catalog {
	cat := testCatalog()
	t := func(en, fr string) wbcatalog.Text { return wbcatalog.Text{EN: en, FR: fr} }
	cat.ActionBoards = []wbcatalog.ActionBoard{{
		ID: "test-board", Name: t("Test Board", "Plateau d’essai"), Format: wbcatalog.Confrontation, Turns: 4, Periods: []int{2, 1, 1},
		Spaces: []wbcatalog.ActionSpace{
			{ID: "a", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModMultiple, wbcatalog.ModCostReduction}},
			{ID: "b", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActShoot}},
			{ID: "c", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActRun}},
			{ID: "d", Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActHide}},
			{ID: "e", Period: 2, Actions: []wbcatalog.Action{wbcatalog.ActMove, wbcatalog.ActHide}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModTemporisation}},
			{ID: "f", Period: 3, Actions: []wbcatalog.Action{wbcatalog.ActAim, wbcatalog.ActShoot}, Modifiers: []wbcatalog.Modifier{wbcatalog.ModExtraDie}},
		},
	}}
	cat.Scenarios = []wbcatalog.Scenario{{
		ID: "test-field", Name: t("Test Field", "Champ d’essai"), Format: wbcatalog.Exploration,
		Text:  t("Deploy in your home rows.", "Déployez-vous sur vos rangées de départ."),
		Board: wbcatalog.BoardSize{Cols: 8, Rows: 16},
		Terrain: []wbcatalog.Terrain{
			{At: "D4", BlocksMove: true, BlocksSight: true},
			{At: "E4", BlocksMove: true},
			{At: "G8", BlocksSight: true},
		},
		Markers:    []wbcatalog.Marker{{ID: "scan-1", Kind: "scan", At: "C6"}, {ID: "scan-2", Kind: "scan", At: "F11"}},
		Deployment: []wbcatalog.Zone{{Player: 1, From: "A1", To: "H2"}, {Player: 2, From: "A15", To: "H16"}},
		Scoring:    []wbcatalog.Scoring{{Kind: "control-marker", VP: 1, Marker: "scan", Text: &wbcatalog.Text{EN: "1 VP per Scan marker you control.", FR: "1 PV par marqueur Scan contrôlé."}}},
		Objectives: []string{"data-haul"},
	}}
	cat.Decks = []wbcatalog.Deck{{
		ID: "test-deck", Name: t("Test Deck", "Deck d’essai"), Format: wbcatalog.Exploration,
		Description: &wbcatalog.Text{EN: "A small deck.", FR: "Un petit deck."},
		Cards:       []string{"vanta", "copp", "scope", "formation", "warlord"},
		Attachments: []wbcatalog.Attachment{{Upgrade: "scope", To: "copp"}, {Upgrade: "formation", To: "copp"}, {Upgrade: "warlord", To: "vanta"}},
	}}
	cat.Sort()
	return cat
}

func kitOpts(l wbcatalog.Lang, paper string, kind KitKind, id string) Options {
	return Options{SheetOptions: render.SheetOptions{Lang: l, Paper: paper, Version: "1.0.0"}, Kit: Kit{Kind: kind, ID: id}}
}

// TestKitGolden pins the layout of every kit sheet, per language: the
// board and the map drawings, every page of the board, map, token and
// deck sheets, and the Objective backs.
func TestKitGolden(t *testing.T) {
	cat := kitCatalog()
	for _, l := range wbcatalog.Langs {
		ls := string(l)
		check := func(name, got string) {
			t.Run(name+"-"+ls, func(t *testing.T) {
				golden.Check(t, filepath.Join("testdata", "kit", name+"-"+ls+".txt"), []byte(got))
			})
		}
		b, err := ActionBoardDrawing(cat, "test-board", l)
		if err != nil {
			t.Fatal(err)
		}
		check("board-drawing", b.Dump())
		m, _, err := MapDrawing(cat, "test-field", l, 0)
		if err != nil {
			t.Fatal(err)
		}
		check("map-drawing", m.Dump())
		for _, j := range []struct {
			name string
			o    Options
		}{
			{"board-pages-letter", kitOpts(l, "letter", KitBoard, "test-board")},
			{"map-pages-a4", kitOpts(l, "a4", KitMap, "test-field")},
			{"tokens", kitOpts(l, "a4", KitTokens, "")},
			{"deck-sheet", kitOpts(l, "a4", KitDeck, "test-deck")},
		} {
			pages, _, err := KitPages(cat, j.o)
			if err != nil {
				t.Fatalf("%s: %v", j.name, err)
			}
			var s strings.Builder
			for _, p := range pages {
				s.WriteString(p.Dump())
				s.WriteString("\n")
			}
			check(j.name, s.String())
		}
		for _, f := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
			back := ObjectiveBack(cat, l, f)
			check("objective-back-"+string(f), back.Dump())
		}
	}
}

// TestMapGeometry: on a scenario map, neighbouring hexes are the hex size
// apart and each hex is the hex size across flats (within 0.1 mm), for the
// default size and others; panels start a panel's width less the overlap
// apart, so that neighbours share exactly TileOverlap mm, and the
// registration crosses of a shared strip fall on the same place of the map
// on both panels.
func TestMapGeometry(t *testing.T) {
	cat := kitCatalog()
	const tol = 0.1
	for _, size := range []float64{0, 25, 32} {
		want := size
		if want == 0 {
			want = render.DefaultHexSize
		}
		d, g, err := MapDrawing(cat, "test-field", wbcatalog.English, size)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(g.HexSize-want) > 1e-9 {
			t.Errorf("size %g: geometry hex size %g", size, g.HexSize)
		}
		// every neighbour (same row, next row) is want mm away
		for r := range 3 {
			for c := range 3 {
				a := g.Centre(wbcatalog.Tile{Col: c, Row: r})
				right := g.Centre(wbcatalog.Tile{Col: c + 1, Row: r})
				below := g.Centre(wbcatalog.Tile{Col: c, Row: r + 1})
				for _, n := range []render.Pt{right, below} {
					if dist := math.Hypot(n.X-a.X, n.Y-a.Y); math.Abs(dist-want) > tol {
						t.Errorf("size %g: tiles %d,%d: neighbour %.3f mm away, want %g", size, c, r, dist, want)
					}
				}
			}
		}
		// the drawn hexagon of A1 is want mm across flats
		a1 := g.Centre(wbcatalog.Tile{})
		found := false
		for _, it := range d.Items {
			p, ok := it.(render.Poly)
			if !ok || len(p.Pts) != 6 || math.Hypot(p.Pts[0].X-a1.X, p.Pts[0].Y-a1.Y-(-g.R)) > 1e-6 {
				continue
			}
			minX, maxX := math.Inf(1), math.Inf(-1)
			for _, q := range p.Pts {
				minX, maxX = min(minX, q.X), max(maxX, q.X)
			}
			if math.Abs(maxX-minX-want) > tol {
				t.Errorf("size %g: A1 is %.3f mm across flats, want %g", size, maxX-minX, want)
			}
			found = true
			break
		}
		if !found {
			t.Errorf("size %g: no hexagon drawn at A1", size)
		}
	}

	for _, paper := range render.Papers() {
		o := kitOpts(wbcatalog.English, paper, KitMap, "test-field")
		pages, _, err := KitPages(cat, o)
		if err != nil {
			t.Fatal(err)
		}
		d, _, _ := MapDrawing(cat, "test-field", wbcatalog.English, 0)
		tl, _ := render.NewTiling(o.SheetOptions, d.W, d.H, render.TileOverlap, false)
		if len(pages) != 1+tl.Pages() {
			t.Fatalf("%s: %d pages, want 1 overview + %d panels", paper, len(pages), tl.Pages())
		}
		panels := pages[1:]
		at := func(i int) render.Pt { // the map point at the panel's top-left corner
			c := panels[i].Clip
			return render.Pt{X: c.X - c.DX, Y: c.Y - c.DY}
		}
		for r := range tl.Rows {
			for c := range tl.Cols {
				i := r*tl.Cols + c
				want := tl.TileAt(c, r)
				if got := at(i); math.Abs(got.X-want.X) > tol || math.Abs(got.Y-want.Y) > tol {
					t.Errorf("%s: panel %s starts at %v, want %v", paper, render.TileName(c, r), got, want)
				}
				if c+1 < tl.Cols {
					end := at(i).X + panels[i].Clip.W
					if ov := end - at(i+1).X; math.Abs(ov-render.TileOverlap) > tol {
						t.Errorf("%s: panels %s and %s overlap by %.3f mm, want %g", paper, render.TileName(c, r), render.TileName(c+1, r), ov, render.TileOverlap)
					}
					shared := crossesIn(panels[i], at(i+1).X, end)
					other := crossesIn(panels[i+1], at(i+1).X, end)
					if len(shared) == 0 || !samePts(shared, other, tol) {
						t.Errorf("%s: crosses of the strip %s|%s differ: %v vs %v", paper, render.TileName(c, r), render.TileName(c+1, r), shared, other)
					}
				}
				if r+1 < tl.Rows {
					end := at(i).Y + panels[i].Clip.H
					if ov := end - at(i+tl.Cols).Y; math.Abs(ov-render.TileOverlap) > tol {
						t.Errorf("%s: panels %s and %s overlap by %.3f mm, want %g", paper, render.TileName(c, r), render.TileName(c, r+1), ov, render.TileOverlap)
					}
				}
				// a panel never leaves the printable area
				cl := panels[i].Clip
				if cl.X < render.KitMargin-tol || cl.Y < render.KitTop-tol || cl.X+cl.W > panels[i].W-render.KitMargin+tol || cl.Y+cl.H > panels[i].H-render.KitMargin+tol {
					t.Errorf("%s: panel %s at %+v leaves the margins", paper, render.TileName(c, r), *cl)
				}
			}
		}
	}
	if _, err := NewMapGeometry(8, 16, 5); err == nil {
		t.Error("a 5 mm hex size was accepted")
	}
}

// crossesIn returns the centres of the registration crosses of a panel
// whose map x lies in [x0, x1], in map coordinates.
func crossesIn(p render.Page, x0, x1 float64) []render.Pt {
	var out []render.Pt
	for _, it := range p.Items {
		if c, ok := it.(render.Circle); ok && math.Abs(c.R-1.65) < 1e-9 {
			q := render.Pt{X: c.X - p.Clip.DX, Y: c.Y - p.Clip.DY}
			if q.X >= x0-1e-6 && q.X <= x1+1e-6 {
				out = append(out, q)
			}
		}
	}
	return out
}

func samePts(a, b []render.Pt, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		ok := false
		for _, q := range b {
			ok = ok || math.Hypot(p.X-q.X, p.Y-q.Y) <= tol
		}
		if !ok {
			return false
		}
	}
	return true
}

// TestKitPDF renders every kit sheet of the starter content: page counts
// and sizes, the words in the right language, qpdf --check, and two
// renders byte-identical.
func TestKitPDF(t *testing.T) {
	cat := starterCatalog(t)
	qpdf := testtool.Require(t, "qpdf")
	for _, tc := range []struct {
		name     string
		o        Options
		pages    int
		w, h     float64
		contains []string
	}{
		{"board-exploration-a4-en", kitOpts(wbcatalog.English, "a4", KitBoard, "exploration"), 1, 297, 210, []string{"Exploration Action Board", "Period 2", "Legend"}},
		{"board-confrontation-a4-fr", kitOpts(wbcatalog.French, "a4", KitBoard, "confrontation"), 1, 297, 210, []string{"Plateau d’Action de Confrontation", "Objectif", "Multiple"}},
		{"board-confrontation-letter-en", kitOpts(wbcatalog.English, "letter", KitBoard, "confrontation"), 1, 279.4, 215.9, []string{"Confrontation Action Board", "Legend", "Multiple"}},
		{"map-crossroads-a4-en", kitOpts(wbcatalog.English, "a4", KitMap, "crossroads-relay"), 7, 297, 210, []string{"Crossroads Relay", "Panel B3", "30 mm"}},
		{"map-salvage-letter-fr", kitOpts(wbcatalog.French, "letter", KitMap, "salvage-field"), 5, 279.4, 215.9, []string{"Champ de récupération", "Panneau B2"}},
		{"tokens-fr", kitOpts(wbcatalog.French, "a4", KitTokens, ""), 2, 210, 297, []string{"Jeton Blessure", "Sablier", "Brèche"}},
		{"calibrate-letter-en", kitOpts(wbcatalog.English, "letter", KitCalibrate, ""), 2, 215.9, 279.4, []string{"100 mm", "4 in", "Worked example", "--back-offset 1.5,-0.5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf, err := Sheets(cat, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Sheets(cat, tc.o)
			if !bytes.Equal(pdf, again) {
				t.Error("two renders differ")
			}
			path := writeTemp(t, tc.name+".pdf", pdf)
			pages, w, h := pdfInfo(t, path)
			if pages != tc.pages {
				t.Errorf("%d pages, want %d", pages, tc.pages)
			}
			if math.Abs(w-tc.w) > 0.2 || math.Abs(h-tc.h) > 0.2 {
				t.Errorf("page %.1f x %.1f mm, want %g x %g", w, h, tc.w, tc.h)
			}
			text := normalize(run(t, testtool.Require(t, "pdftotext"), "-enc", "UTF-8", path, "-"))
			text = strings.NewReplacer("\u2011", "-", "\u2212", "-").Replace(text)
			for _, want := range tc.contains {
				if !strings.Contains(text, want) {
					t.Errorf("the text lacks %q", want)
				}
			}
			run(t, qpdf, "--check", path)
			fonts := run(t, testtool.Require(t, "pdffonts"), path)
			for _, line := range strings.Split(fonts, "\n")[2:] {
				if f := strings.Fields(line); len(f) >= 7 && f[len(f)-5] != "yes" {
					t.Errorf("font not embedded: %s", line)
				}
			}
		})
	}
}

// TestDeckPDF: a deck's PDF starts with its deck sheet (two pages, so
// that fronts and backs stay on the two sides of one sheet), then its
// cards and the Reference cards of its factions.
func TestDeckPDF(t *testing.T) {
	cat := starterCatalog(t)
	d := cat.Deck("ash-and-rust")
	refs := DeckReferences(cat, d)
	if len(refs) != 2 {
		t.Fatalf("references %v, want both factions'", refs)
	}
	cards := append(append([]string{}, d.Cards...), refs...)
	o := Options{SheetOptions: render.SheetOptions{Lang: wbcatalog.English}, Cards: cards, Kit: Kit{Kind: KitDeck, ID: d.ID}}
	pdf, err := Sheets(cat, o)
	if err != nil {
		t.Fatal(err)
	}
	path := writeTemp(t, "deck.pdf", pdf)
	pages, _, _ := pdfInfo(t, path)
	if want := 2 + 2*((len(cards)+8)/9); pages != want {
		t.Errorf("%d pages, want %d", pages, want)
	}
	first := normalize(run(t, testtool.Require(t, "pdftotext"), "-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"))
	for _, want := range []string{"Ash and Rust", "Confrontation · 14 cards", "+ Ash Seer", "attached to Mother Rust", "Period 3", "Together", "Ash Clans: common skills", "Raiders: common skills"} {
		if !strings.Contains(first, want) {
			t.Errorf("the deck sheet lacks %q:\n%s", want, first)
		}
	}
	run(t, testtool.Require(t, "qpdf"), "--check", path)
}

// TestObjectiveBacks: Objective cards print their format's back, not the
// warband cards' back, and the two formats' backs differ.
func TestObjectiveBacks(t *testing.T) {
	cat := starterCatalog(t)
	ex, co := ObjectiveBack(cat, wbcatalog.French, wbcatalog.Exploration), ObjectiveBack(cat, wbcatalog.French, wbcatalog.Confrontation)
	if ex.Dump() == co.Dump() {
		t.Error("the Exploration and Confrontation Objective backs are the same")
	}
	if s := faceText(&ex); !strings.Contains(s, "OBJECTIF") || !strings.Contains(s, "Exploration") {
		t.Errorf("Exploration back text:\n%s", s)
	}
	cards, _ := LayoutCards(cat, wbcatalog.English, []string{"data-haul", "headhunter", "copp"})
	if cards[0].Back.Side != "common-back" || cards[1].Back.Side != "common-back" || cards[2].Back.Side != "back" {
		t.Errorf("backs: %s, %s, %s", cards[0].Back.Side, cards[1].Back.Side, cards[2].Back.Side)
	}
	common := CommonBack(cat, wbcatalog.English)
	if cards[0].Back.Dump() == common.Dump() {
		t.Error("an Objective prints the common back")
	}
}

// TestTokenCounts pins the token counts of the starter content and how
// they are computed.
func TestTokenCounts(t *testing.T) {
	cat := starterCatalog(t)
	got := map[string]int{}
	for _, tc := range TokenCounts(cat) {
		got[tc.Kind] = tc.N
		if tc.N <= 0 || tc.Why == "" {
			t.Errorf("%s: %d (%s)", tc.Kind, tc.N, tc.Why)
		}
	}
	// Order: Vanta 4 + Mother Rust 3 (Confrontation Period 2) + 1 kept +
	// 1 Temporisation, for two players
	if got["order-raiders"] != 18 || got["order-clans"] != 18 {
		t.Errorf("Order tokens: %v", got)
	}
	for _, k := range []string{"wound", "stress", "break", "cover", "maintenance", "poison", "sacred", "scan", "hand", "hourglass", "time"} {
		if got[k] == 0 {
			t.Errorf("no %s tokens", k)
		}
	}
	if got["scan"] != 4 || got["hand"] != 1 || got["hourglass"] != 1 || got["time"] != 1 {
		t.Errorf("counts %v", got)
	}
	if got["cover"]%2 != 0 || got["wound"] < got["cover"] {
		t.Errorf("counts %v", got)
	}
}

// TestKitSVG: the board and the maps are well-formed SVG for the site.
func TestKitSVG(t *testing.T) {
	cat := starterCatalog(t)
	var svgs [][]byte
	for _, l := range wbcatalog.Langs {
		for _, b := range cat.ActionBoards {
			s, err := ActionBoardSVG(cat, b.ID, l)
			if err != nil {
				t.Fatal(err)
			}
			svgs = append(svgs, s)
		}
		for _, sc := range cat.Scenarios {
			s, err := ScenarioMapSVG(cat, sc.ID, l)
			if err != nil {
				t.Fatal(err)
			}
			svgs = append(svgs, s)
		}
	}
	for _, s := range svgs {
		dec := xml.NewDecoder(bytes.NewReader(s))
		for {
			_, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("SVG: %v\n%.200s", err, s)
			}
		}
		if !bytes.Contains(s, []byte(`<title>`)) || !bytes.Contains(s, []byte(`mm" height=`)) {
			t.Errorf("SVG lacks a title or a size: %.200s", s)
		}
	}
	if _, err := ActionBoardSVG(cat, "no-such-board", wbcatalog.English); err == nil {
		t.Error("an unknown board gave an image")
	}
}

// TestBoardTiles: a board too large for one page is tiled over landscape
// pages with overlap, named panels and assembly instructions.
func TestBoardTiles(t *testing.T) {
	cat := kitCatalog()
	b := &cat.ActionBoards[0]
	for i := range 24 {
		b.Spaces = append(b.Spaces, wbcatalog.ActionSpace{ID: "x" + string(rune('a'+i)), Period: 1, Actions: []wbcatalog.Action{wbcatalog.ActFight}})
	}
	d, err := ActionBoardDrawing(cat, b.ID, wbcatalog.English)
	if err != nil {
		t.Fatal(err)
	}
	pages, _, err := KitPages(cat, kitOpts(wbcatalog.English, "a4", KitBoard, b.ID))
	if err != nil {
		t.Fatal(err)
	}
	tl, _ := render.NewTiling(kitOpts(wbcatalog.English, "a4", KitBoard, b.ID).SheetOptions, d.W, d.H, render.TileOverlap, true)
	if tl.Pages() < 2 || len(pages) != tl.Pages() || !tl.Landscape {
		t.Fatalf("a %.0f mm board on %d pages (tiling %+v)", d.W, len(pages), tl)
	}
	for i, p := range pages {
		text := faceText(&render.Face{Items: p.Items})
		if !strings.Contains(text, "Panel "+render.TileName(i%tl.Cols, i/tl.Cols)) || !strings.Contains(text, "To assemble") {
			t.Errorf("page %d lacks its panel name or the assembly text:\n%s", i+1, text)
		}
	}
}
