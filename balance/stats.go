package balance

import "math"

// z95 is the normal quantile of a two-sided 95 % interval.
const z95 = 1.959964

// Wilson is the 95 % Wilson score interval of k successes in n trials
// (0, 0 when n is 0).
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z95*z95/nf
	mid := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

// Rate is a share of games with its 95 % Wilson interval, in percent.
type Rate struct {
	K   int     `json:"k"`
	N   int     `json:"n"`
	Pct float64 `json:"pct"`
	Lo  float64 `json:"lo"`
	Hi  float64 `json:"hi"`
}

// NewRate is k out of n as a Rate.
func NewRate(k, n int) Rate {
	r := Rate{K: k, N: n}
	if n > 0 {
		lo, hi := Wilson(k, n)
		r.Pct, r.Lo, r.Hi = round2(100*float64(k)/float64(n)), round2(100*lo), round2(100*hi)
	}
	return r
}

// round2 rounds to two decimals, so that JSON results stay short and the
// same on every machine.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
