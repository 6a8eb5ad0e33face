package render

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSVGNumEqualsStrconv: the integer formatting of SVG numbers writes
// what strconv's two-decimal formatting, trimmed, writes, on numbers
// around every hundredth, half hundredths, binary ties, negatives near
// zero, and random coordinates.
func TestSVGNumEqualsStrconv(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 0.005, -0.005, 0.015, 0.125, 0.375, -0.125, 1.005, 2.675, 1e11, -1e11, 1e13, 0.004999999, -0.004999,
		math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, math.SmallestNonzeroFloat64, 63, 88, 12.5, -0.07, 99.995, 9.995}
	for i := -200000; i <= 200000; i++ {
		v := float64(i) / 1000
		vals = append(vals, v, math.Nextafter(v, math.Inf(1)), math.Nextafter(v, math.Inf(-1)), float64(i)/200+0.0025,
			float64(i)/8, float64(i)/64, float64(i)/1024, -float64(i)/40)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		vals = append(vals, rng.Float64()*200-100, rng.NormFloat64()*1e6)
	}
	for _, v := range vals {
		if got, want := string(appendSVGNum([]byte("x"), v)), string(appendSVGNumSlow([]byte("x"), v)); got != want {
			t.Fatalf("%v (%b): %q, strconv %q", v, v, got, want)
		}
	}
}
