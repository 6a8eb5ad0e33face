package ubengine

// ShotMode is what the advantage/handicap ladder allows a weapon
// (U-SHOOT-2).
type ShotMode int

const (
	// NoShot: two or more handicaps over advantages; the weapon does not fire.
	NoShot ShotMode = iota
	// RerollHits: one handicap over advantages; re-roll successful hits
	// (successful wounds for weapons with no to-hit roll).
	RerollHits
	// Normal: as many advantages as handicaps.
	Normal
	// RerollMisses: more advantages; re-roll failed hits (failed wounds
	// for weapons with no to-hit roll).
	RerollMisses
)

func (m ShotMode) String() string {
	return [...]string{"no shot", "re-roll successful hits", "normal", "re-roll failed hits"}[m]
}

// Ladder is U-SHOOT-2 for one weapon (Decision U-SHOOT-3: counted per
// weapon). Negative counts are read as zero.
func Ladder(advantages, handicaps int) ShotMode {
	net := max(advantages, 0) - max(handicaps, 0)
	switch {
	case net >= 1:
		return RerollMisses
	case net == 0:
		return Normal
	case net == -1:
		return RerollHits
	}
	return NoShot
}

// LastTurn is the last possible turn (U-END-5).
const LastTurn = 7

// GameEnds reports whether the game ends after turn with the end die
// (U-END-3, U-END-5): 5+ after turn 5, 3+ after turn 6, always after
// turn 7. The players' joint choice to ignore the die (U-END-4) is the
// caller's.
func GameEnds(turn, die int) bool {
	switch {
	case turn >= LastTurn:
		return true
	case turn == 6:
		return die >= 3
	case turn == 5:
		return die >= 5
	}
	return false
}

// Pool is one side's psychic dice for the turn (U-PSY-1).
type Pool struct {
	Manifest, Deny int
}

// Pools builds every side's two pools from the initiative side's one
// die and each side's warp charges (U-PSY-1).
func Pools(die int, charges []int) []Pool {
	out := make([]Pool, len(charges))
	for i, c := range charges {
		n := die + max(c, 0)
		out[i] = Pool{Manifest: n, Deny: n}
	}
	return out
}

// Spend takes dice from the manifest pool (deny false) or the deny pool;
// it refuses to spend more than the pool holds (U-PSY-6).
func (p Pool) Spend(dice int, deny bool) (Pool, error) {
	have := &p.Manifest
	if deny {
		have = &p.Deny
	}
	if dice < 1 || dice > *have {
		return p, refuse("pool", "U-PSY-6", "spending %d dice from a pool of %d", dice, *have)
	}
	*have -= dice
	return p, nil
}

// WeaponShot is the ladder for one weapon fired under order k
// (U-SHOOT-1, Decision U-SHOOT-3): the order's own handicap (Overwatch
// Fire, Covering Fire), the unit's and the situation's advantages and
// handicaps, and the weapon's own advantage (Twin-linked, U-RULE-5).
func WeaponShot(k Kind, advantages, handicaps int, twinLinked bool) ShotMode {
	if twinLinked {
		advantages++
	}
	return Ladder(advantages, handicaps+k.handicaps())
}
