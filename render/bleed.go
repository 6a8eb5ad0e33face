package render

// EffectiveBleed returns the bleed Sheets prints with options o, in mm:
// across (left and right of each card) and along (top and bottom). It is
// o.Bleed: a sheet holds fewer cards where the paper has no room for 3
// with the whole bleed next to the crop marks (SheetGrid).
func EffectiveBleed(o SheetOptions) (across, along float64, err error) {
	s, err := newSheet(o)
	if err != nil {
		return 0, 0, err
	}
	return s.bx, s.by, nil
}

// SheetGrid returns how many cards a sheet of options o holds across and
// down: 3 × 3, fewer on an axis where the paper has no room for 3 cards
// with the bleed asked on every edge (A4 across from 1 mm, letter down
// from 0.1 mm).
func SheetGrid(o SheetOptions) (cols, rows int, err error) {
	s, err := newSheet(o)
	if err != nil {
		return 0, 0, err
	}
	return s.cols, s.rows, nil
}
