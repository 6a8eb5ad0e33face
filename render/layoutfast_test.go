package render

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"wbtool.dev/wbtool/render/markup"
)

func TestRound2AsFormatting(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 0.125, -0.125, 0.005, 0.015, 0.025, 1.005, 2.675, 8.25 * 0.85, 7.0125, -0.001,
		1 << 40, -(1 << 41), 1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64}
	for k := range 4000 {
		vals = append(vals, float64(k)/200, float64(k)/400, float64(k)*0.85/4)
	}
	r := rand.New(rand.NewPCG(2, 13))
	for range 300000 {
		vals = append(vals, (r.Float64()-0.5)*math.Pow(10, float64(r.IntN(12)-4)))
	}
	for _, v := range vals {
		got, want := round2(v), round2Exact(v)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Fatalf("round2(%v) = %v, want %v", v, got, want)
		}
	}
}

func TestCornersAsTrigonometry(t *testing.T) {
	for _, c := range [][3]float64{{0, 0, 1}, {31.5, 44, 17}, {12.3, 14, 3.45}, {-3, 7.7, 0.62 * 2.9}} {
		for n, pts := range map[int][]Pt{6: HexPts(c[0], c[1], c[2]), 5: pentagon(c[0], c[1], c[2])} {
			for i, p := range pts {
				a := (360/float64(n)*float64(i) - 90) * math.Pi / 180
				want := Pt{c[0] + c[2]*math.Cos(a), c[1] + c[2]*math.Sin(a)}
				if p != want {
					t.Errorf("%d-gon %v corner %d: %v, want %v", n, c, i, p, want)
				}
			}
		}
	}
}

// fitParasFresh is fitParas as it was before the scratch slices: every
// size broken into new slices.
func fitParasFresh(box TextFrame, paras []Para, maxPt, minPt float64, lang string) ([]Item, float64, bool) {
	for size := maxPt; size >= minPt-1e-9; size -= 0.25 {
		all, h, tooWide := breakParas(box, paras, size, lang, new(textScratch))
		if tooWide == "" && h <= box.H+1e-6 {
			return appendParas(nil, box, all, h, nil), size, true
		}
	}
	return nil, 0, false
}

// TestFitReusesScratch: text fitted in slices left by earlier fittings
// (of other texts, at other sizes, some failing) is the text fitted in
// new slices: random paragraphs of words, soft hyphens, icons and
// natural results, in boxes that make them shrink, break at a soft
// hyphen or fail.
func TestFitReusesScratch(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 13))
	vocab := []string{"le", "Moral", "attaque", "1 dé", "+2", "l’ennemi :", "« vite »", shyWord, "Ré\u00adso\u00adlu\u00adtion", "x", "portée", "!", "(3)", "—"}
	run := func() markup.Run {
		switch r.IntN(8) {
		case 0:
			return markup.Run{Icon: []string{markup.IconMove, markup.IconShoot, markup.IconRangedDie, markup.IconActive}[r.IntN(4)]}
		case 1:
			return markup.Run{Natural: 1 + r.IntN(10)}
		}
		var b strings.Builder
		for range 1 + r.IntN(12) {
			if b.Len() > 0 || r.IntN(3) == 0 {
				b.WriteString(" ")
			}
			b.WriteString(vocab[r.IntN(len(vocab))])
		}
		return markup.Run{Text: b.String(), Strong: r.IntN(4) == 0, Emph: r.IntN(5) == 0}
	}
	fitted, failed := 0, 0
	for range 600 {
		paras := make([]Para, 1+r.IntN(4))
		for i := range paras {
			for range 1 + r.IntN(5) {
				paras[i].Runs = append(paras[i].Runs, run())
			}
			paras[i].Gap = float64(r.IntN(3)) * 0.25
			paras[i].Center = r.IntN(3) == 0
			if r.IntN(3) == 0 {
				paras[i].Scale, paras[i].Base = 0.92, Italic
			}
		}
		box := TextFrame{X: 3, Y: 20, W: 12 + 45*r.Float64(), H: 5 + 40*r.Float64(), Middle: r.IntN(2) == 0}
		lang := []string{"fr", "en"}[r.IntN(2)]
		got, gotSize, err := fitParas(box, paras, 8.25, 5.75, lang, nil, "x", true)
		want, wantSize, ok := fitParasFresh(box, paras, 8.25, 5.75, lang)
		if (err == nil) != ok || gotSize != wantSize || !reflect.DeepEqual(got, want) {
			t.Fatalf("%+v in %+v (%s): fitted at %g (%v), in new slices at %g (%v)", paras, box, lang, gotSize, err, wantSize, ok)
		}
		if ok {
			fitted++
		} else {
			failed++
		}
	}
	if fitted < 100 || failed < 100 {
		t.Errorf("%d texts fitted, %d did not: want both", fitted, failed)
	}
}
