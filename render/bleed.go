package render

// EffectiveBleed returns the bleed Sheets prints with options o, in mm:
// across (left and right of each card) and along (top and bottom). It is
// o.Bleed, or less on an axis where the paper has no room for it next to
// the crop marks (newSheet), so a caller can say how much was kept.
func EffectiveBleed(o SheetOptions) (across, along float64, err error) {
	s, err := newSheet(o)
	if err != nil {
		return 0, 0, err
	}
	return s.bx, s.by, nil
}
