package wsengine

import (
	"errors"
	"fmt"

	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
	"wbtool.dev/wbtool/internal/suggest"
)

// SpecOf is a catalog profile (or creature) as the engine reads it: the
// ranged weapon or the two of a Variable weapon, the melee rules, powers,
// general rules and the creatures' own traits.
func SpecOf(p *wscatalog.Profile) ProfileSpec {
	sp := ProfileSpec{ID: p.ID, Quality: p.Quality, MeleeRules: p.Melee, Powers: p.Powers,
		Base: p.Base, Cost: p.Cost, Smaller: p.Smaller}
	sp.Rules = append(append(sp.Rules, p.Rules...), p.Traits...)
	switch {
	case p.Ranged != nil:
		sp.Ranged = []WeaponSpec{{Range: p.Ranged.Range, Rules: p.Ranged.Rules}}
	case len(p.Variable) > 0:
		for _, w := range p.Variable {
			sp.Ranged = append(sp.Ranged, WeaponSpec{Range: w.Range, Rules: w.Rules})
		}
	}
	return sp
}

// catalogProfiles converts every profile and creature of the catalog.
func catalogProfiles(cat *wscatalog.Catalog) ([]Profile, map[string]int16, error) {
	specs := make([]ProfileSpec, 0, len(cat.Profiles)+len(cat.Creatures))
	for i := range cat.Profiles {
		specs = append(specs, SpecOf(&cat.Profiles[i]))
	}
	for i := range cat.Creatures {
		specs = append(specs, SpecOf(&cat.Creatures[i]))
	}
	return Profiles(specs)
}

// piecesOf converts a scenario's terrain (WS-GEOM-5).
func piecesOf(sc *wscatalog.Scenario) ([]Piece, error) {
	var out []Piece
	for _, t := range sc.Terrain {
		pc := Piece{BlocksSight: t.BlocksSight, Cover: t.Cover, Height: t.Height}
		pg := make(geom.Polygon, len(t.Polygon))
		for i, v := range t.Polygon {
			pg[i] = geom.Vec{X: v[0], Y: v[1]}
		}
		pc.Shape = geom.NewShape(pg)
		if err := pc.setKinds(t.Kinds); err != nil {
			return nil, fmt.Errorf("terrain %s: %v", t.ID, err)
		}
		out = append(out, pc)
	}
	return out, nil
}

func (c *catalogGame) band(id string) (Band, error) {
	b := findBand(c.cat, id)
	if b == nil {
		return Band{}, errors.New(suggest.Unknown("band", "bands", id, bandIDs(c.cat)))
	}
	out := Band{Name: b.ID}
	for _, e := range b.Figures {
		p, ok := c.idx[e.Profile]
		if !ok {
			return Band{}, fmt.Errorf("band %s: no profile %q", b.ID, e.Profile)
		}
		for range e.Count {
			out.Figs = append(out.Figs, p)
		}
	}
	return out, nil
}

type catalogGame struct {
	cat *wscatalog.Catalog
	ps  []Profile
	idx map[string]int16
}

func findBand(cat *wscatalog.Catalog, id string) *wscatalog.Band {
	for i := range cat.Bands {
		if cat.Bands[i].ID == id {
			return &cat.Bands[i]
		}
	}
	return nil
}

func bandIDs(cat *wscatalog.Catalog) []string {
	ids := make([]string, len(cat.Bands))
	for i, b := range cat.Bands {
		ids[i] = b.ID
	}
	return ids
}

// GameFromCatalog sets up a game of a catalog scenario: two bands for a
// standard scenario (the first is the attacker, in the SW corner), one to
// four hero bands and a horde for the invasion.
func GameFromCatalog(cat *wscatalog.Catalog, scenario string, bands []string, horde string) (*Game, error) {
	return SetupGame(cat, Setup{Scenario: scenario, Bands: bands, Horde: horde})
}

// Setup names a game of catalog content.
type Setup struct {
	Scenario string
	// Bands: two on a standard scenario (the first is the attacker),
	// three or four make a multiplayer game of 50-point bands (WS-BIG-4),
	// one to four hero bands on the invasion. A band may play twice: its
	// second copy is named id#2.
	Bands []string
	Horde string // the invasion's creatures
	// Corners: a multiplayer game's seats, band i in corner Corners[i]
	// (0 to 3 clockwise from SW, CornerNames); nil: band i in corner i.
	Corners []int
	// Deploy: the set-up is played as decisions (Game.Deploy): the
	// roll-offs choose the attacker or the order of the corners, and the
	// players place their figures; Corners and the bands' order then
	// only name the sides.
	Deploy bool
}

// SetupGame sets up the game su names. A multiplayer game takes the
// standard scenario's terrain, centred on the 36" table.
func SetupGame(cat *wscatalog.Catalog, su Setup) (*Game, error) {
	scenario, bands, horde := su.Scenario, su.Bands, su.Horde
	var sc *wscatalog.Scenario
	ids := make([]string, len(cat.Scenarios))
	for i := range cat.Scenarios {
		ids[i] = cat.Scenarios[i].ID
		if cat.Scenarios[i].ID == scenario {
			sc = &cat.Scenarios[i]
		}
	}
	if sc == nil {
		return nil, errors.New(suggest.Unknown("scenario", "scenarios", scenario, ids))
	}
	ps, idx, err := catalogProfiles(cat)
	if err != nil {
		return nil, err
	}
	c := &catalogGame{cat: cat, ps: ps, idx: idx}
	pieces, err := piecesOf(sc)
	if err != nil {
		return nil, err
	}
	var bs []Band
	seen := map[string]int{}
	for _, id := range bands {
		b, err := c.band(id)
		if err != nil {
			return nil, err
		}
		if seen[id]++; seen[id] > 1 {
			b.Name = fmt.Sprintf("%s#%d", id, seen[id])
		}
		bs = append(bs, b)
	}
	var g *Game
	multi := sc.Kind != Invasion && len(bs) > 2
	switch {
	case multi:
		for _, id := range bands {
			if b := findBand(cat, id); b.Format > 50 {
				return nil, fmt.Errorf("band %s is a %d-point band: a multiplayer game takes 50-point bands (WS-BIG-4)", id, b.Format)
			}
		}
		if sc.Format > 50 {
			return nil, fmt.Errorf("scenario %s is a %d-point scenario: a multiplayer game is played on a 50-point one (WS-BIG-4)", sc.ID, sc.Format)
		}
		if sc.Table > 0 && sc.Table < 36 { // centre the terrain on the 36" table
			d := (36 - sc.Table) / 2
			for i := range pieces {
				pg := append(geom.Polygon(nil), pieces[i].Shape.Pts...)
				for k := range pg {
					pg[k].X += d
					pg[k].Y += d
				}
				pieces[i].Shape = geom.NewShape(pg)
			}
		}
		if g, err = NewSeated(ps, bs, pieces, su.Corners); err != nil {
			return nil, err
		}
		g.Deploy = su.Deploy
		return g, nil
	}
	switch sc.Kind {
	case Invasion:
		var h *wscatalog.Horde
		for i := range cat.Hordes {
			if cat.Hordes[i].ID == horde {
				h = &cat.Hordes[i]
			}
		}
		if h == nil {
			hs := make([]string, len(cat.Hordes))
			for i := range cat.Hordes {
				hs[i] = cat.Hordes[i].ID
			}
			return nil, fmt.Errorf("no horde %q%s", horde, suggest.Hint(horde, hs))
		}
		cr := Creatures{Spawn: idx[h.Spawn], Merge: [3]int16{-1, -1, -1}, SpawnDice: h.SpawnDice}
		for n, id := range h.Merge { // dice per size: 1, 2, 4 (WS-INV-16)
			k := map[string]int{"1": 0, "2": 1, "4": 2}[n]
			cr.Merge[k] = idx[id]
		}
		if g, err = NewInvasion(ps, bs, cr, pieces); err != nil {
			return nil, err
		}
	default:
		if len(bs) != 2 {
			return nil, fmt.Errorf("scenario %s: two bands (or three or four for a multiplayer game), not %d", sc.ID, len(bs))
		}
		if g, err = NewStandard(ps, [2]Band{bs[0], bs[1]}, pieces, 0, sc.Format); err != nil {
			return nil, err
		}
	}
	if sc.Table > 0 {
		g.Size = sc.Table
	}
	if len(sc.Objectives) > 0 {
		g.Objectives, g.ObjectiveVP, g.SideVP = nil, nil, nil
		big := false
		for _, o := range sc.Objectives {
			big = big || o.EnemyHalf > 0
		}
		for _, o := range sc.Objectives {
			p := geom.Vec{X: o.X, Y: o.Y}
			g.Objectives = append(g.Objectives, p)
			g.ObjectiveVP = append(g.ObjectiveVP, int16(o.VP))
			if big { // WS-BIG-3: the half is the side of the other diagonal holding your corner
				v := [2]int16{int16(o.VP), int16(o.VP)}
				if o.EnemyHalf > 0 {
					if geom.Dist(p, geom.Vec{}) < geom.Dist(p, geom.Vec{X: g.Size, Y: g.Size}) {
						v[1] = int16(o.EnemyHalf) // in the SW (attacker's) half
					} else {
						v[0] = int16(o.EnemyHalf)
					}
				}
				g.SideVP = append(g.SideVP, v)
			}
		}
	}
	g.Deploy = su.Deploy
	return g, nil
}
