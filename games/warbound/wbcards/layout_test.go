package wbcards

import (
	"encoding/xml"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/render"
)

// TestLayoutGolden pins the layout model of every card of the test
// catalog, per language: boxes, shapes and text runs in mm.
func TestLayoutGolden(t *testing.T) {
	cat := testCatalog()
	for _, l := range wbcatalog.Langs {
		cards, err := Layout(cat, l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if len(cards) != 8 {
			t.Fatalf("%s: %d cards, want 8", l, len(cards))
		}
		for _, c := range cards {
			t.Run(c.ID+"-"+string(l), func(t *testing.T) {
				got := c.Front.Dump() + "\n" + c.Back.Dump()
				golden.Check(t, filepath.Join("testdata", "layout", c.ID+"-"+string(l)+".txt"), []byte(got))
			})
		}
	}
}

// TestLayoutContent checks what each card shows, independently of the
// goldens: names, texts in the right language, icons, pools.
func TestLayoutContent(t *testing.T) {
	cat := testCatalog()
	fr, err := LayoutCard(cat, wbcatalog.French, "copp")
	if err != nil {
		t.Fatal(err)
	}
	text := faceText(&fr.Front)
	for _, want := range []string{"COPP", "Pillards · Personnage", "ATTAQUE", "4+ 6+", "proche autres", "C01", "Tir précis.", "Cri de guerre.", "naturel,", "recâblée"} {
		if !strings.Contains(text, want) {
			t.Errorf("French COPP front lacks %q:\n%s", want, text)
		}
	}
	// French typography: no line starts with ";" — the space before it
	// is a no-break space.
	if !strings.Contains(text, "Stress\u00a0;") {
		t.Errorf("French text lost its no-break space before ';':\n%s", text)
	}
	back := faceText(&fr.Back)
	if !strings.Contains(back, "Panique") || strings.Contains(back, "Cri de guerre") {
		t.Errorf("Panic back should show the Panic profile only:\n%s", back)
	}
	// pools (R-CARD-7): health 4 + morale 3 + armour 1 token boxes on the
	// front, health 4 + armour 1 on the back (no morale).
	if n := countBoxes(&fr.Front, 0.7); n != 8 {
		t.Errorf("front has %d token boxes, want 8", n)
	}
	if n := countBoxes(&fr.Back, 0.7); n != 5 {
		t.Errorf("back has %d token boxes, want 5", n)
	}
	// activation cost: 2 hexes on the front, 3 on the back (R-CARD-3)
	if n := countHexes(&fr.Front); n != 2 {
		t.Errorf("front cost shows %d hexes, want 2", n)
	}
	if n := countHexes(&fr.Back); n != 3 {
		t.Errorf("back cost shows %d hexes, want 3", n)
	}
	// Leader: both sides, Periods 2 and 3
	ld, err := LayoutCard(cat, wbcatalog.English, "vanta")
	if err != nil {
		t.Fatal(err)
	}
	if s := faceText(&ld.Front); !strings.Contains(s, "Period 2") || strings.Contains(s, "Period 3") || !strings.Contains(s, "Exploration side") {
		t.Errorf("Leader front (Exploration) text:\n%s", s)
	}
	if s := faceText(&ld.Back); !strings.Contains(s, "Period 3") || !strings.Contains(s, "Confrontation side") {
		t.Errorf("Leader back (Confrontation) text:\n%s", s)
	}
	eq, _ := LayoutCard(cat, wbcatalog.English, "scope")
	if eq.Back.Side != "common-back" {
		t.Errorf("Equipment back side = %q, want common-back", eq.Back.Side)
	}
}

func faceText(f *render.Face) string {
	var b strings.Builder
	lastY := -1.0
	for _, it := range f.Items {
		if t, ok := it.(render.Text); ok {
			if t.Y != lastY {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
			lastY = t.Y
			b.WriteString(t.S)
		}
	}
	return b.String()
}

func countBoxes(f *render.Face, r float64) int {
	n := 0
	for _, it := range f.Items {
		if b, ok := it.(render.Rect); ok && b.R == r && b.Fill != nil && *b.Fill == render.ColWhite {
			n++
		}
	}
	return n
}

func countHexes(f *render.Face) int {
	n := 0
	for _, it := range f.Items {
		if p, ok := it.(render.Poly); ok && len(p.Pts) == 6 && p.Fill != nil && *p.Fill == render.ColWhite && p.Pts[0].Y < bandH && p.Pts[3].Y > bandH {
			n++ // the white halo behind each cost hex
		}
	}
	return n
}

// TestTextFitting: long French text shrinks to fit; text that cannot fit
// at the readable minimum is an error naming the card and the language,
// never clipped.
func TestTextFitting(t *testing.T) {
	cat := testCatalog()
	c, err := LayoutCard(cat, wbcatalog.French, "copp")
	if err != nil {
		t.Fatal(err)
	}
	// the long French skill made the text shrink below the 8.25 pt maximum
	minSize := 100.0
	for _, it := range c.Front.Items {
		if tx, ok := it.(render.Text); ok && tx.Style == render.Regular && tx.Colour == render.ColInk {
			minSize = min(minSize, tx.Size)
		}
	}
	if minSize >= 8.25 || minSize < bodyMin {
		t.Errorf("French skill text size %g pt, want below 8.25 and at least %g", minSize, bodyMin)
	}
	// every text run stays inside the card's safe area, the card number
	// included
	for _, f := range []*render.Face{&c.Front, &c.Back} {
		for _, it := range f.Items {
			if tx, ok := it.(render.Text); ok && (tx.X < margin-0.01 || tx.X+tx.W > render.CardW-margin+0.01 || tx.Y > render.CardH-margin) {
				t.Errorf("%s: text %q at x=%.2f..%.2f y=%.2f leaves the safe area", f.Title(), tx.S, tx.X, tx.X+tx.W, tx.Y)
			}
		}
	}

	tests := []struct {
		name, fr string
		want     []string
	}{
		{"too long", strings.Repeat("Ce Personnage peut tirer sur un ennemi adjacent à l’un de vos Personnages. ", 14),
			[]string{"cards/raiders.cue:3:1", "skill sharp (French): too long for the skills box of copp (front) by about ", " words, copp (back) by about ", "even at the 5.75 pt minimum; shorten this text by about "}},
		{"word too wide", "Anticonstitutionnellementanticonstitutionnellementanticonstitutionnellement",
			[]string{"card copp (French, front)", "is wider than its box"}},
		{"missing glyph", "Tir 🎯 précis", []string{"card copp (French, front)", "U+1F3AF", "cannot be printed"}},
		{"unknown icon", "Tir :teleport: précis", []string{"card copp (French, front)", "unknown icon :teleport:"}},
		{"unknown faction", "Gagnez :order-elves:", []string{"card copp (French, front)", ":order-elves: names no faction"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := testCatalog()
			cat.Skill("sharp").Text.FR = tt.fr
			_, err := LayoutCard(cat, wbcatalog.French, "copp")
			if err == nil {
				t.Fatal("want an error")
			}
			var list diag.List
			if !errors.As(err, &list) || len(list) == 0 || list[0].Pos != cat.Character("copp").Pos {
				t.Errorf("error %v is not a diagnostic at copp", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			// English still lays out
			if _, err := LayoutCard(cat, wbcatalog.English, "copp"); err != nil {
				t.Errorf("English: %v", err)
			}
		})
	}
}

// TestStarterContent lays out every starter card in both languages and
// checks its SVG images are well-formed XML.
func TestStarterContent(t *testing.T) {
	cat := starterCatalog(t)
	imgs, err := CardImages(cat)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, k := range wbcatalog.Kinds {
		n += len(cat.CardIDs(k))
	}
	if len(imgs) != n*2*2 {
		t.Errorf("%d images, want %d (cards × 2 sides × 2 languages)", len(imgs), n*4)
	}
	for path, svg := range imgs {
		d := xml.NewDecoder(strings.NewReader(string(svg)))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not well-formed: %v", path, err)
			}
		}
	}
}

func TestLabelsFallBack(t *testing.T) {
	cat := testCatalog() // overrides stat.attack only
	cat.Strings[0].Text.FR = "Attaque !"
	if got := label(cat, "stat.attack", wbcatalog.French); got != "Attaque !" {
		t.Errorf("override = %q", got)
	}
	if got := label(cat, "stat.speed", wbcatalog.French); got != "Vitesse" {
		t.Errorf("fallback = %q", got)
	}
	if got := label(nil, "stat.speed", wbcatalog.English); got != "Speed" {
		t.Errorf("no catalog = %q", got)
	}
	for _, k := range LabelKeys() {
		if _, ok := wbcatalog.BuiltinLabel(k); !ok {
			t.Errorf("LabelKeys lists %q, which has no built-in text", k)
		}
	}
}

// TestThinSpaces: the Go fonts lack U+202F and U+2009; card text may hold
// them (French typography) and prints them as no-break spaces.
func TestThinSpaces(t *testing.T) {
	cat := testCatalog()
	cat.Skill("sharp").Text.FR = "Tir\u202f! Puis\u2009: «\u202fattaquez\u202f»."
	c, err := LayoutCard(cat, wbcatalog.French, "copp")
	if err != nil {
		t.Fatal(err)
	}
	s := faceText(&c.Front)
	if strings.ContainsAny(s, "\u202f\u2009") || !strings.Contains(s, "Tir\u00a0!") || !strings.Contains(s, "«\u00a0attaquez\u00a0»") {
		t.Errorf("thin spaces not mapped to U+00A0:\n%q", s)
	}
}

// TestExtremeProfiles: the largest values the schema allows still lay out
// inside the card (costs of 12 hexes, 12 health, three gear icons, many
// Order tokens, many VP badges).
func TestExtremeProfiles(t *testing.T) {
	cat := testCatalog()
	c := &cat.Characters[0]
	c.Front.Cost = wbcatalog.Cost{"raiders": 6, "clans": 2, "any": 4}
	c.Front.Health, c.Front.Morale = 12, 12
	c.Front.Armor = &wbcatalog.Armor{Points: 6, Save: 10}
	c.Front.Gear = []wbcatalog.Gear{wbcatalog.GearRanged, wbcatalog.GearMelee, wbcatalog.GearArmor}
	c.Front.Dice = wbcatalog.Dice{Ranged: 5, Melee: 5}
	l := &cat.Leaders[0]
	l.Confrontation.Orders[2] = map[string]int{"raiders": 6, "clans": 6}
	o := &cat.Objectives[0]
	for range 6 {
		o.Scoring = append(o.Scoring, wbcatalog.Scoring{Kind: "x", VP: 10})
	}
	for _, lang := range wbcatalog.Langs {
		for _, id := range []string{"copp", "vanta", "data-haul"} {
			card, err := LayoutCard(cat, lang, id)
			if err != nil {
				t.Fatalf("%s %s: %v", id, lang, err)
			}
			for _, f := range []*render.Face{&card.Front, &card.Back} {
				for _, it := range f.Items {
					var x0, x1 float64
					switch it := it.(type) {
					case render.Text:
						x0, x1 = it.X, it.X+it.W
					case render.Poly:
						x0, x1 = it.Pts[0].X, it.Pts[0].X
						for _, p := range it.Pts {
							x0, x1 = min(x0, p.X), max(x1, p.X)
						}
					default:
						continue
					}
					if f.Side != "common-back" && (x0 < 0.5 || x1 > render.CardW-0.5) {
						t.Errorf("%s: item %T at x %.2f..%.2f leaves the card", f.Title(), it, x0, x1)
					}
				}
			}
		}
	}
}
