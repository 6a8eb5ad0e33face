package render

// ClipPoly clips a closed polygon to the rectangle x0 ≤ x ≤ x1, y0 ≤ y ≤
// y1 (Sutherland–Hodgman): the part of a terrain piece or a zone that an
// excerpt of a table shows. Nil when nothing is inside.
func ClipPoly(pts []Pt, x0, y0, x1, y1 float64) []Pt {
	edges := []struct {
		in    func(Pt) bool
		cross func(a, b Pt) Pt
	}{
		{func(p Pt) bool { return p.X >= x0 }, func(a, b Pt) Pt { return lerpAt(a, b, (x0-a.X)/(b.X-a.X)) }},
		{func(p Pt) bool { return p.X <= x1 }, func(a, b Pt) Pt { return lerpAt(a, b, (x1-a.X)/(b.X-a.X)) }},
		{func(p Pt) bool { return p.Y >= y0 }, func(a, b Pt) Pt { return lerpAt(a, b, (y0-a.Y)/(b.Y-a.Y)) }},
		{func(p Pt) bool { return p.Y <= y1 }, func(a, b Pt) Pt { return lerpAt(a, b, (y1-a.Y)/(b.Y-a.Y)) }},
	}
	out := pts
	for _, e := range edges {
		in := out
		out = nil
		for i, cur := range in {
			prev := in[(i+len(in)-1)%len(in)]
			switch {
			case e.in(cur) && !e.in(prev):
				out = append(out, e.cross(prev, cur), cur)
			case e.in(cur):
				out = append(out, cur)
			case e.in(prev):
				out = append(out, e.cross(prev, cur))
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

func lerpAt(a, b Pt, t float64) Pt { return Pt{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t} }
