package warstuff

import (
	"fmt"
	"math"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Band is a player's band for a game: profile indexes, one per figure.
type Band struct {
	Name string
	Figs []int16
}

// StandardObjectives are the standard scenario's objectives with the
// deployment corners SW and NE (WS-SCEN-3): the primary at the centre and
// two secondaries 9" from it on the other diagonal.
func StandardObjectives(size float64) ([]geom.Vec, []int16) {
	c := size / 2
	d := 9 / math.Sqrt2
	return []geom.Vec{{X: c, Y: c}, {X: c - d, Y: c + d}, {X: c + d, Y: c - d}}, []int16{10, 5, 5}
}

// BigObjectives are the big game's five objectives with the deployment
// corners SW and NE (WS-BIG-2) and their victory points per side
// (WS-BIG-3): the centre 10, the two on the other diagonal 5, and on the
// deployment diagonal 15 for the one in the opponent's half, none for the
// one in your own, for the side deploying in the SW corner first.
func BigObjectives(size float64) ([]geom.Vec, [][2]int16) {
	c := size / 2
	d := 12 / math.Sqrt2
	return []geom.Vec{{X: c, Y: c}, {X: c - d, Y: c + d}, {X: c + d, Y: c - d}, {X: c - d, Y: c - d}, {X: c + d, Y: c + d}},
		[][2]int16{{10, 10}, {5, 5}, {5, 5}, {0, 15}, {15, 0}}
}

// InvasionObjectives are the invasion's five objectives (WS-INV-2), in
// the digest's order.
func InvasionObjectives(size float64) []geom.Vec {
	c := size / 2
	return []geom.Vec{{X: c, Y: c}, {X: c, Y: c + 9}, {X: c, Y: c - 9}, {X: c - 9, Y: c}, {X: c + 9, Y: c}}
}

// SampleTerrain is a table's worth of terrain for bot games: a ruin, low
// walls, a wood, a tall building with a ladder, a swamp and a rock spire.
func SampleTerrain(size float64) []Piece {
	k := size / 32
	sq := func(x, y, w, h float64) geom.Shape {
		return geom.NewShape(geom.Polygon{{X: x * k, Y: y * k}, {X: (x + w) * k, Y: y * k}, {X: (x + w) * k, Y: (y + h) * k}, {X: x * k, Y: (y + h) * k}})
	}
	return []Piece{
		{Shape: sq(11, 19, 4, 3), Cover: true},                                               // ruin
		{Shape: sq(18, 12.5, 4, 0.3), Obstacle: true, Cover: true},                           // low wall
		{Shape: sq(7, 11, 0.3, 4), Obstacle: true, Cover: true},                              // hedge
		{Shape: sq(20, 20, 4, 4), Difficult: true, BlocksSight: true},                        // wood
		{Shape: sq(4, 22, 4, 4), High: true, Height: 3, BlocksSight: true, Access: []int{1}}, // building
		{Shape: sq(24, 5, 3, 3), Dangerous: true, Difficult: true},                           // swamp
		{Shape: sq(14, 8, 2, 2), High: true, Height: 2, BlocksSight: true},                   // spire
	}
}

// deploy places n figures of radius r within 9" of corner c (WS-SCEN-4),
// off terrain and markers, in rows from the corner.
func deploy(g *Game, corner geom.Vec, radii []float64) ([]geom.Vec, error) {
	out := make([]geom.Vec, 0, len(radii))
	taken := func(p geom.Vec, r float64) bool {
		for _, f := range g.Figs {
			if geom.Gap(p, r, f.At, g.Profiles[f.Profile].Base/2) < 0.2 {
				return true
			}
		}
		for i, q := range out {
			if geom.Gap(p, r, q, radii[i]) < 0.2 {
				return true
			}
		}
		for _, pc := range g.Pieces {
			if pc.Shape.PointDist(p) < r {
				return true
			}
		}
		return false
	}
	sx, sy := 1.0, 1.0
	if corner.X > 0 {
		sx = -1
	}
	if corner.Y > 0 {
		sy = -1
	}
	for _, r := range radii {
		placed := false
		for ring := 0.0; ring < 9 && !placed; ring += 0.5 {
			for a := 0.0; a <= 90 && !placed; a += 7.5 {
				rad := a * math.Pi / 180
				p := geom.Vec{X: corner.X + sx*(r+0.05+ring*math.Cos(rad)), Y: corner.Y + sy*(r+0.05+ring*math.Sin(rad))}
				if p.X-r < 0 || p.Y-r < 0 || p.X+r > g.Size || p.Y+r > g.Size {
					continue
				}
				if geom.Dist(p, corner)-r > 9 || taken(p, r) {
					continue
				}
				out = append(out, p)
				placed = true
			}
		}
		if !placed {
			return nil, fmt.Errorf("no room within 9\" of the corner for %d figures", len(radii))
		}
	}
	return out, nil
}

func (g *Game) addBand(b Band, side, band int8, corner geom.Vec) error {
	radii := make([]float64, len(b.Figs))
	for i, p := range b.Figs {
		if int(p) >= len(g.Profiles) || p < 0 {
			return fmt.Errorf("band %s: no profile %d", b.Name, p)
		}
		radii[i] = g.Profiles[p].Base / 2
	}
	pos, err := deploy(g, corner, radii)
	if err != nil {
		return fmt.Errorf("band %s: %v", b.Name, err)
	}
	for i, p := range b.Figs {
		g.Figs = append(g.Figs, FigSetup{Name: fmt.Sprintf("%s-%d-%s", b.Name, i+1, g.Profiles[p].ID),
			Profile: p, Side: side, Band: band, At: pos[i]})
	}
	return nil
}

// standardObjectives sets a standard game's objectives for its format:
// three (WS-SCEN-3), or five with their victory points per side in a big
// game (WS-BIG-2, 3), the attacker deploying in the SW corner.
func (g *Game) standardObjectives() {
	if g.Format <= 50 {
		g.Objectives, g.ObjectiveVP = StandardObjectives(g.Size)
		return
	}
	g.Objectives, g.SideVP = BigObjectives(g.Size)
	if g.Attacker == 1 {
		for o := range g.SideVP {
			g.SideVP[o][0], g.SideVP[o][1] = g.SideVP[o][1], g.SideVP[o][0]
		}
	}
}

// NewStandard sets up the standard scenario (WS-SCEN): the attacker
// deploys in the SW corner, the other band in the NE corner.
func NewStandard(profiles []Profile, bands [2]Band, pieces []Piece, attacker int8, format int) (*Game, error) {
	g := &Game{Scenario: Standard, Size: 32, Pieces: pieces, Profiles: profiles, Format: format, Attacker: attacker, Spawn: -1, Merge: [3]int16{-1, -1, -1}}
	if format > 50 {
		g.Size = 36 // WS-BIG-1
	}
	g.standardObjectives()
	corners := [2]geom.Vec{{}, {X: g.Size, Y: g.Size}}
	for i := range 2 {
		side := (int(attacker) + i) % 2
		if err := g.addBand(bands[side], int8(side), int8(side), corners[i]); err != nil {
			return nil, err
		}
	}
	for i := range 2 { // WS-BUILD-42: Infiltrators last, the attacker's first
		side := (int(attacker) + i) % 2
		for f := range g.Figs {
			if int(g.Figs[f].Side) == side && g.Profiles[g.Figs[f].Profile].Rules.Has(Infiltrator) {
				g.infiltrate(f)
			}
		}
	}
	return g, nil
}

// infiltrate moves figure f to the free point nearest the table's centre
// that lies more than 9" from every enemy (WS-BUILD-42, WS-SCEN-4); it
// stays where it was deployed when there is none.
func (g *Game) infiltrate(f int) {
	me := g.Figs[f]
	r := g.Profiles[me.Profile].Base / 2
	c := geom.Vec{X: g.Size / 2, Y: g.Size / 2}
	best, bd := me.At, math.Inf(1)
	for x := r + 0.25; x <= g.Size-r; x += 0.5 {
	next:
		for y := r + 0.25; y <= g.Size-r; y += 0.5 {
			p := geom.Vec{X: x, Y: y}
			if d := geom.Dist(p, c); d >= bd {
				continue
			}
			for j, o := range g.Figs {
				gap := geom.Gap(p, r, o.At, g.Profiles[o.Profile].Base/2)
				if j != f && (gap < 0.2 || o.Side != me.Side && gap <= 9) {
					continue next
				}
			}
			for _, o := range g.Objectives {
				if geom.Gap(p, r, o, 0.5) < 0.2 {
					continue next
				}
			}
			for _, pc := range g.Pieces {
				if pc.Shape.PointDist(p) < r {
					continue next
				}
			}
			best, bd = p, geom.Dist(p, c)
		}
	}
	g.Figs[f].At = best
}

// Creatures describes the invasion's creatures (WS-INV-15 to 17): the
// profile that spawns, the zol sizes when they merge (zol, mega-zol,
// giga-zol, else −1) and the spawn dice per player.
type Creatures struct {
	Spawn     int16
	Merge     [3]int16
	SpawnDice int
}

// NewInvasion sets up the invasion (WS-INV-2, 3): each hero band in its
// own corner.
func NewInvasion(profiles []Profile, heroes []Band, cr Creatures, pieces []Piece) (*Game, error) {
	if len(heroes) < 1 || len(heroes) > 4 {
		return nil, fmt.Errorf("%d hero bands: the invasion takes 1 to 4", len(heroes))
	}
	g := &Game{Scenario: Invasion, Size: 32, Pieces: pieces, Profiles: profiles, Format: 50,
		Spawn: cr.Spawn, Merge: cr.Merge, SpawnDice: cr.SpawnDice, Players: len(heroes)}
	g.Objectives = InvasionObjectives(g.Size)
	corners := [4]geom.Vec{{}, {X: g.Size, Y: g.Size}, {X: g.Size}, {Y: g.Size}}
	for i, b := range heroes {
		if err := g.addBand(b, 0, int8(i), corners[i]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// NewMultiplayer sets up a multiplayer game (WS-BIG-4, 5): three or four
// bands of the standard format on a 36" table with the five objectives of
// WS-BIG-2, the centre worth 10 VP and the others 5 (WS-BIG-9); band i
// deploys within 9" of corner i, clockwise from SW: SW, NW, NE, SE.
func NewMultiplayer(profiles []Profile, bands []Band, pieces []Piece) (*Game, error) {
	return NewSeated(profiles, bands, pieces, nil)
}

// NewSeated is NewMultiplayer with band i (side i) deploying in corner
// corners[i] (0 to 3, clockwise from SW, all different; nil: corner i),
// the seats of WS-BIG-5's roll-off.
func NewSeated(profiles []Profile, bands []Band, pieces []Piece, corners []int) (*Game, error) {
	if len(bands) < 3 || len(bands) > MaxSides {
		return nil, fmt.Errorf("%d bands: a multiplayer game has 3 or 4", len(bands))
	}
	if corners == nil {
		corners = []int{0, 1, 2, 3}[:len(bands)]
	}
	if len(corners) != len(bands) {
		return nil, fmt.Errorf("%d corners for %d bands", len(corners), len(bands))
	}
	taken := 0
	for _, c := range corners {
		if c < 0 || c >= MaxSides || taken&(1<<c) != 0 {
			return nil, fmt.Errorf("corners %v: each band needs its own corner, 0 to 3", corners)
		}
		taken |= 1 << c
	}
	g := &Game{Scenario: Standard, Size: 36, Pieces: pieces, Profiles: profiles, Format: 50, Spawn: -1, Merge: [3]int16{-1, -1, -1}, Sides: len(bands)}
	g.Objectives, _ = BigObjectives(g.Size)
	g.ObjectiveVP = []int16{10, 5, 5, 5, 5}
	for i, b := range bands {
		g.Corners[i] = int8(corners[i])
		if err := g.addBand(b, int8(i), int8(i), CornerAt(corners[i], g.Size)); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// CornerNames are the table corners 0 to 3, clockwise from SW.
var CornerNames = [MaxSides]string{"SW", "NW", "NE", "SE"}

// CornerAt is table corner c (0 to 3), clockwise from SW: SW, NW, NE, SE.
func CornerAt(c int, size float64) geom.Vec {
	return [4]geom.Vec{{}, {Y: size}, {X: size, Y: size}, {X: size}}[c&3]
}
