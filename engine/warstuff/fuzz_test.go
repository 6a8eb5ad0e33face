package warstuff

import (
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// fuzzReader hands out the fuzzer's bytes as small numbers.
type fuzzReader struct {
	b []byte
	i int
}

func (r *fuzzReader) next() byte {
	if r.i >= len(r.b) {
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *fuzzReader) done() bool { return r.i >= len(r.b) }

// coord is a coordinate a little beyond the table on both sides.
func (r *fuzzReader) coord() float64 { return float64(r.next())/255*36 - 2 }

// decision builds any decision, legal or not, from the bytes.
func (r *fuzzReader) decision(s *State) Decision {
	d := NewDecision(Kind(r.next()%11), int8(r.next()%4), int8(r.next()%byte(s.n+1))-1)
	d.Option = Option(r.next() % 10)
	d.Path.N = int8(r.next() % 4)
	for i := range d.Path.N {
		d.Path.W[i] = Way{P: geom.Vec{X: r.coord(), Y: r.coord()}, Drop: r.next()%5 == 0, Jump: r.next()%5 == 0}
	}
	d.Target = int8(r.next()%byte(s.n+1)) - 1
	d.Weapon = int8(r.next() % 3)
	if r.next()%4 == 0 {
		d.Axis = geom.Vec{X: r.coord() - 16, Y: r.coord() - 16}
	}
	d.Power = int8(r.next() % 11)
	d.PowerTarget = int8(r.next()%byte(s.n+1)) - 1
	d.PowerLate = r.next()%2 == 0
	d.Choice = int8(r.next() % 5)
	d.Dir = int8(r.next()%3) - 1
	d.At = float64(r.next()) / 8
	d.Heal = int8(r.next()%byte(s.n+1)) - 1
	d.Suicide = r.next()%9 == 0
	if r.next()%6 == 0 {
		d.Order[0] = int8(r.next()%byte(s.n+2)) - 1
	}
	return d
}

// FuzzGame plays a sample game where the fuzzer picks, at each step,
// either a listed decision or any decision it makes up: an illegal one
// must be refused without changing the state, and every accepted one must
// keep the invariants. Nothing may panic.
func FuzzGame(f *testing.F) {
	f.Add(uint8(0), uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint8(2), uint64(7), []byte{200, 13, 0, 99, 4, 250, 3, 3, 3, 1, 0, 200, 100})
	f.Add(uint8(3), uint64(3), []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	games := sampleGames(f)
	ps, idx := sampleProfiles(f)
	var bands []Band
	for _, ids := range [][]string{{"storm-seer", "militia"}, {"brute", "sniper"}, {"mystic", "medic"}, {"trooper", "berserk"}} {
		bands = append(bands, Band{Name: ids[0], Figs: []int16{idx[ids[0]], idx[ids[1]]}})
	}
	for n := 3; n <= 4; n++ { // multiplayer (WS-BIG-4)
		g, err := NewMultiplayer(ps, bands[:n], SampleTerrain(36))
		if err != nil {
			f.Fatal(err)
		}
		games = append(games, g)
	}
	for _, g := range sampleGames(f)[2:] { // the invasions with variants: two spawn dice fewer (WS-VAR-4) and More Randomness's cards (WS-VAR-6)
		v := *g
		v.Everywhere, v.MoreRandomness = -2, true
		games = append(games, &v)
	}
	f.Fuzz(func(t *testing.T, game uint8, seed uint64, data []byte) {
		g := games[int(game)%len(games)]
		s, err := NewState(g, seed)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Start(nil); err != nil {
			t.Fatal(err)
		}
		r := &fuzzReader{b: data}
		var legal []Decision
		for steps := 0; !s.Over() && !r.done() && steps < 400; steps++ {
			var d Decision
			if r.next()%3 == 0 {
				d = r.decision(s)
			} else {
				legal = s.Legal(legal[:0])
				if len(legal) == 0 {
					t.Fatalf("nothing legal (pending %d)", s.pend)
				}
				d = legal[int(r.next())%len(legal)]
			}
			before := *s
			if _, err := s.Do(d, nil, nil); err != nil {
				if Code(err) == "" {
					t.Fatalf("decision %+v: %v", d, err)
				}
				if *s != before {
					t.Fatalf("refused decision %+v (%v) changed the state", d, err)
				}
				continue
			}
			if err := s.Invariants(); err != nil {
				t.Fatalf("after %+v: %v", d, err)
			}
		}
	})
}
