package wsengine

import (
	"errors"
	"fmt"
)

// Dice are forced d6 results handed to Do, consumed in rolling order; once
// they run out the state's seeded generator rolls (unless Strict).
type Dice struct {
	Forced []int8
	Used   int
	// Strict: a roll beyond the forced dice is an error (check games that
	// script every die).
	Strict bool
	// Cards are forced card draws, suits (SuitIDs), consumed in order like
	// the dice (More Randomness, WS-VAR-6).
	Cards     []int8
	CardsUsed int
}

// Left is the number of forced dice and cards not consumed yet.
func (d *Dice) Left() int {
	if d == nil {
		return 0
	}
	return len(d.Forced) - d.Used + len(d.Cards) - d.CardsUsed
}

// errNoDice is returned when a Strict step needs more dice than it was given.
var errNoDice = errors.New("missing-dice")

// Purposes of rolls (logs and scripted dice).
const (
	RollHit        = "hit"
	RollPierce     = "piercing"
	RollCover      = "cover"
	RollDefence    = "defence"
	RollArmour     = "armour"
	RollWound      = "wound"
	RollSturdy     = "sturdy"
	RollParalyse   = "paralysing"
	RollExplosive  = "explosive"
	RollDeadly     = "deadly"
	RollDanger     = "dangerous"
	RollDrop       = "drop"
	RollJump       = "jump"
	RollMorale     = "morale"
	RollStealthy   = "stealthy"
	RollInitiative = "initiative"
	RollEnd        = "end"
	RollPower      = "power"
	RollPush       = "push"
	RollHeal       = "heal"
	RollRegen      = "regeneration"
	RollTeleport   = "teleport"
	RollSabotage   = "sabotage"
	RollDevice     = "device"
	RollSpawn      = "spawn"
)

// d6 draws one face, by rejection sampling on the state's generator so the
// mapping never depends on math/rand's helpers.
func (s *State) d6(d *Dice) (int8, error) {
	if d != nil && d.Used < len(d.Forced) {
		v := d.Forced[d.Used]
		d.Used++
		if v < 1 || v > 6 {
			return 0, fmt.Errorf("forced die %d is not a d6 face", v)
		}
		return v, nil
	}
	if d != nil && d.Strict {
		return 0, errNoDice
	}
	const limit = (1<<64 - 1) - (1<<64-1)%6
	for {
		x := s.rng.Uint64()
		if x < limit {
			return int8(x%6) + 1, nil
		}
	}
}

// maxPool bounds the dice of one roll (1 + net bonus or penalty dice).
const maxPool = 6

// roll makes one roll with bonus and penalty dice (WS-QUAL-3): they cancel
// one for one; k bonus dice roll 1+k and keep the highest, k penalty dice
// keep the lowest. It returns the kept die.
func (s *State) roll(x *ctx, purpose string, fig int8, db, dm int) (int8, error) {
	net := db - dm
	n := 1 + max(net, -net)
	n = min(n, maxPool)
	ev := Event{Kind: EvRoll, Purpose: purpose, Fig: fig, NDice: int8(n)}
	kept := int8(0)
	for i := range n {
		v, err := s.d6(x.dice)
		if err == errNoDice {
			return 0, fmt.Errorf("%w: the %s roll needs a die", errNoDice, purpose)
		}
		if err != nil {
			return 0, err
		}
		ev.Dice[i] = v
		switch {
		case i == 0:
			kept = v
		case net > 0:
			kept = max(kept, v)
		default:
			kept = min(kept, v)
		}
	}
	ev.Kept = kept
	x.emit(ev)
	return kept, nil
}

// d3 is one d6 halved, rounded up (WS-QUAL-7).
func d3(v int8) int8 { return (v + 1) / 2 }
