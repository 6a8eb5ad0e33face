package wbmatch

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// The printed kit's counted tokens (set.components): the most of each in
// play at once in a game (on the Characters in play, after each
// decision), for sim's and balance's scarcity lines.

// tokenKinds are the counted tokens in their fixed order, with the
// content's count and a unit's tokens of the kind.
var tokenKinds = []struct {
	name  string
	count func(*wbcatalog.Components) *wbcatalog.Count
	held  func(*wbengine.UnitView) int
}{
	{"Wound tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.WoundTokens }, func(v *wbengine.UnitView) int { return v.Wounds }},
	{"Poison tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.PoisonTokens }, func(v *wbengine.UnitView) int { return v.Poison }},
	{"Sacred tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.SacredTokens }, func(v *wbengine.UnitView) int { return v.Sacred }},
	{"Stress tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.StressTokens }, func(v *wbengine.UnitView) int { return v.Stress }},
	{"Break tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.BreakTokens }, func(v *wbengine.UnitView) int { return v.Breaks }},
	{"Cover tokens", func(c *wbcatalog.Components) *wbcatalog.Count { return c.CoverTokens }, func(v *wbengine.UnitView) int {
		if v.Cover {
			return 1
		}
		return 0
	}},
}

// Kit is the counted tokens a catalog declares, in tokenKinds' order:
// their names ("Stress tokens") and counts. Empty when it counts none.
type Kit struct {
	Names  []string
	Counts []wbcatalog.Count
	kinds  []int
}

// NewKit reads the counted tokens of cat.
func NewKit(cat *wbcatalog.Catalog) Kit {
	var k Kit
	c := cat.Set.Components
	if c == nil {
		return k
	}
	for i, t := range tokenKinds {
		if n := t.count(c); n != nil {
			k.Names, k.Counts, k.kinds = append(k.Names, t.name), append(k.Counts, *n), append(k.kinds, i)
		}
	}
	return k
}

// TokenPeaks is a wbengine.Recorder that keeps the most of each of a
// kit's tokens in play at once in one game.
type TokenPeaks struct {
	kinds []int
	units int
	seen  bool // a decision was counted
	Peak  []int
}

// Peaks is a recorder of one game of g's peaks of the kit's tokens; nil
// for a kit that counts none.
func (k Kit) Peaks(g *wbengine.Game) *TokenPeaks {
	if len(k.kinds) == 0 {
		return nil
	}
	return &TokenPeaks{kinds: k.kinds, units: g.UnitCount(), Peak: make([]int, len(k.kinds))}
}

// Record implements wbengine.Recorder. Tokens in play only grow by a
// token or a Cover token given: the first decision and those count them.
func (p *TokenPeaks) Record(s *wbengine.State, _ wbengine.Decision, ev []wbengine.Event) {
	grew := !p.seen
	for i := 0; i < len(ev) && !grew; i++ {
		grew = ev[i].Kind == wbengine.EvToken || ev[i].Kind == wbengine.EvCover
	}
	if !grew {
		return
	}
	p.seen = true
	var n [8]int // len(tokenKinds)
	for u := range p.units {
		v := s.Unit(u)
		if !v.Deployed || v.Removed {
			continue
		}
		for i, kind := range p.kinds {
			n[i] += tokenKinds[kind].held(&v)
		}
	}
	for i := range p.kinds {
		p.Peak[i] = max(p.Peak[i], n[i])
	}
}
