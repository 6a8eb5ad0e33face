package booklet

// Imposition for saddle stitching: the booklet's pages, two on each side
// of a sheet folded in the middle, the sheets nested and stapled along
// the fold.

// Side is one side of a printed sheet: the booklet page on its left half
// and on its right half (0-based page numbers; -1 is a blank page).
type Side struct{ Left, Right int }

// Impose returns the sides of the sheets of a booklet of n pages, in
// printing order (sheet 1 front, sheet 1 back, sheet 2 front, …), for
// signatures of perSig pages each (a multiple of 4; 0: one signature,
// the whole booklet, as saddle stitching takes it). The pages are padded
// with blanks to a whole number of sheets: the blanks are the last pages
// of the last signature. Each signature is folded and nested alone, then
// the signatures are gathered in order.
//
// For one signature of 16 pages, sheet 1 holds 16|1 on its front and
// 2|15 on its back, sheet 2 14|3 and 4|13, … (1-based).
func Impose(n, perSig int) []Side {
	if n <= 0 {
		return nil
	}
	total := (n + 3) / 4 * 4
	if perSig <= 0 || perSig%4 != 0 || perSig > total {
		perSig = total
	}
	page := func(p int) int {
		if p >= n {
			return -1
		}
		return p
	}
	var out []Side
	for start := 0; start < total; start += perSig {
		s := min(perSig, total-start)
		for i := 0; i < s/4; i++ {
			out = append(out,
				Side{Left: page(start + s - 1 - 2*i), Right: page(start + 2*i)},
				Side{Left: page(start + 2*i + 1), Right: page(start + s - 2 - 2*i)})
		}
	}
	return out
}
