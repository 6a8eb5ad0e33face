package wbengine

// faces are the faces of a Warbound die: a d12 showing 1–10 with 5 and 10
// on two faces each (R-DICE-1).
var faces = [12]int8{1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 10}

// Dice are the forced natural results handed to Apply, consumed in rolling
// order (hit dice, then armour dice); once they run out the state's seeded
// generator rolls.
type Dice struct {
	Forced []int8
	Used   int
}

// Left is the number of forced dice not consumed yet.
func (d *Dice) Left() int {
	if d == nil {
		return 0
	}
	return len(d.Forced) - d.Used
}

// roll returns one natural result: the next forced die, or a roll of the
// state's generator.
func (s *State) roll(d *Dice) int8 {
	if d != nil && d.Used < len(d.Forced) {
		v := d.Forced[d.Used]
		d.Used++
		return v
	}
	return faces[s.face()]
}

// face draws a face index 0..11 uniformly by rejection sampling, so the
// mapping never depends on math/rand's helpers.
func (s *State) face() int {
	// limit is 2^64 - 4, the largest multiple of 12 that fits: draws at or
	// above it are rejected.
	const limit = (1<<64 - 1) - (1<<64-1)%12
	for {
		x := s.rng.Uint64()
		if x < limit {
			return int(x % 12)
		}
	}
}

// success applies R-DICE-2: a natural [1] fails, a natural [10] succeeds,
// otherwise the modified result must reach the target.
func success(natural, mod, target int8) bool {
	switch natural {
	case 1:
		return false
	case 10:
		return true
	}
	return natural+mod >= target
}
