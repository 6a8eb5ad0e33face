package wsengine

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// EventKind is what happened.
type EventKind int8

// The events.
const (
	EvRoll EventKind = iota
	EvTurn
	EvLastTurn
	EvFirst
	EvActivate
	EvPass
	EvMove
	EvStop // a move stopped early (Overwatch, a fall, a failed test)
	EvShot
	EvMiss
	EvHit
	EvSaved    // cover save
	EvDefended // defence test passed
	EvIgnored  // Reinforced Armour, Resilient
	EvWound
	EvStunned
	EvUnstunned
	EvRecoil
	EvEliminated
	EvCover
	EvOverwatch
	EvCharge
	EvPower
	EvHeal
	EvPush
	EvFall
	EvMorale
	EvSabotage
	EvSealed
	EvSpawn
	EvShrink
	EvScore
	EvOver
	EvTeleport
	EvClock    // the heroes won too late to beat the record (WS-VAR-2)
	EvCard     // the card drawn for the turn (WS-VAR-6)
	EvAttacker // the attacker named (WS-SCEN-2): N is its side
	EvCorner   // a player's corner (N, CornerNames); Purpose: the side
	EvDeploy   // a figure placed or kept in reserve; Purpose: where
)

var eventNames = [...]string{"roll", "turn", "last-turn", "first", "activate", "pass", "move", "stop", "shot", "miss",
	"hit", "saved", "defended", "ignored", "wound", "stunned", "unstunned", "recoil", "eliminated", "cover",
	"overwatch", "charge", "power", "heal", "push", "fall", "morale", "sabotage", "sealed", "spawn", "shrink", "score",
	"over", "teleport", "clock", "card", "attacker", "corner", "deploy"}

func (k EventKind) String() string { return eventNames[k] }

// Event is one thing that happened; which fields matter depends on Kind.
type Event struct {
	Kind    EventKind
	Fig     int8 // the figure concerned (−1 none)
	Other   int8 // the other figure (target, aggressor)
	N       int16
	Purpose string // EvRoll: what the roll is for; others: a detail
	NDice   int8
	Dice    [maxPool]int8
	Kept    int8
	// Need is what a roll's kept die needs, modifiers counted: N for N+
	// (a test passes at N or more); 0 for a roll with no target. Logs do
	// not write it (Format): the account of a game reads it.
	Need int8
}

// figName names figure i: its setup name, or creature<i> for a creature
// that spawned during the game.
// sideName is side's name in logs (Game.SideNames, else sideNames).
func (g *Game) sideName(side int8) string {
	if side < 0 || int(side) >= MaxSides {
		return "-"
	}
	if n := g.SideNames[side]; n != "" {
		return n
	}
	return sideNames[side]
}

func (g *Game) figName(i int8) string {
	if i < 0 {
		return "-"
	}
	if int(i) < len(g.Figs) {
		return g.Figs[i].Name
	}
	return fmt.Sprintf("creature%d", i)
}

// Format writes the decision in words.
func (d *Decision) Format(g *Game) string {
	var b strings.Builder
	switch d.Kind {
	case Activate:
		fmt.Fprintf(&b, "%s: %s", g.figName(d.Fig), OptionIDs[d.Option])
		for i := range d.Path.N {
			fmt.Fprintf(&b, " → (%.1f, %.1f)", d.Path.W[i].P.X, d.Path.W[i].P.Y)
		}
		if d.Target >= 0 {
			fmt.Fprintf(&b, ", target %s", g.figName(d.Target))
		}
		if d.Axis != (geom.Vec{}) {
			b.WriteString(", flame template")
		}
		if d.Heal >= 0 {
			fmt.Fprintf(&b, ", heals %s", g.figName(d.Heal))
		}
		if d.Suicide {
			b.WriteString(", blows itself up")
		}
		if d.NoAttack {
			b.WriteString(", no attack")
		}
		if d.Power > 0 {
			fmt.Fprintf(&b, ", power %s", PowerSpecs[d.Power-1].ID)
			if d.PowerTarget >= 0 {
				fmt.Fprintf(&b, " on %s", g.figName(d.PowerTarget))
			}
		}
	case Pass:
		fmt.Fprintf(&b, "%s passes", g.sideName(d.Side))
	case First:
		fmt.Fprintf(&b, "%s goes first", g.sideName(d.Choice))
	case Interrupt:
		fmt.Fprintf(&b, "%s interrupts the move at %.1f\"", g.figName(d.Fig), d.At)
	case NoInterrupt:
		b.WriteString("no Overwatch shot")
	case PostMove:
		fmt.Fprintf(&b, "%s: move after the combat", g.figName(d.Fig))
		for i := range d.Path.N {
			fmt.Fprintf(&b, " → (%.1f, %.1f)", d.Path.W[i].P.X, d.Path.W[i].P.Y)
		}
	case Device:
		fmt.Fprintf(&b, "%s tries the device", g.figName(d.Fig))
	case Riposte:
		fmt.Fprintf(&b, "%s ripostes", g.figName(d.Fig))
	case FuriousAttack:
		fmt.Fprintf(&b, "%s attacks again (Furious)", g.figName(d.Fig))
	case Decline:
		fmt.Fprintf(&b, "%s does not attack", g.figName(d.Fig))
	case Attacker:
		fmt.Fprintf(&b, "%s names %s the attacker", g.sideName(d.Side), g.sideName(d.Choice))
	case Corner:
		fmt.Fprintf(&b, "%s chooses the %s corner", g.sideName(d.Side), CornerNames[d.Choice&3])
	case Deploy, Infiltrate:
		fmt.Fprintf(&b, "%s: %s", g.figName(d.Fig), d.Kind)
		if d.Path.N > 0 {
			fmt.Fprintf(&b, " at (%.1f, %.1f)", d.Path.W[0].P.X, d.Path.W[0].P.Y)
		}
	case Reserve:
		fmt.Fprintf(&b, "%s stays in reserve", g.figName(d.Fig))
	case MoraleTest:
		fmt.Fprintf(&b, "%s tests morale", g.figName(d.Fig))
		if d.Target >= 0 {
			fmt.Fprintf(&b, " with %s's quality (Rallying)", g.figName(d.Target))
		}
	}
	return b.String()
}

// Format writes the event in words, naming figures by their setup names.
func (e Event) Format(g *Game) string {
	name := g.figName
	var b strings.Builder
	b.WriteString(e.Kind.String())
	switch e.Kind {
	case EvRoll:
		fmt.Fprintf(&b, " %s %s", e.Purpose, name(e.Fig))
		for i := range e.NDice {
			fmt.Fprintf(&b, " %d", e.Dice[i])
		}
		fmt.Fprintf(&b, " → %d", e.Kept)
		return b.String()
	case EvTurn, EvLastTurn, EvFirst, EvClock:
		fmt.Fprintf(&b, " %d", e.N)
		return b.String()
	case EvCard:
		return b.String() + " " + e.Purpose
	case EvAttacker:
		return b.String() + " " + g.sideName(int8(e.N))
	case EvCorner:
		return b.String() + " " + e.Purpose + " " + CornerNames[e.N&3]
	}
	if e.Fig >= 0 {
		b.WriteString(" " + name(e.Fig))
	}
	if e.Other >= 0 {
		b.WriteString(" " + name(e.Other))
	}
	if e.N != 0 {
		fmt.Fprintf(&b, " %d", e.N)
	}
	if e.Purpose != "" {
		b.WriteString(" " + e.Purpose)
	}
	return b.String()
}

// ctx is one decision being resolved: its dice and the events it causes.
type ctx struct {
	dec  *Decision // the decision being resolved (nil: none)
	dice *Dice
	ev   []Event
	err  error // an error met where it cannot be returned
}

func (x *ctx) emit(e Event) { x.ev = append(x.ev, e) }

// need sets the target of the roll just made: its kept die needs n.
func (x *ctx) need(n int) {
	if k := len(x.ev) - 1; k >= 0 && x.ev[k].Kind == EvRoll {
		x.ev[k].Need = int8(min(max(n, -1), 7))
	}
}

func (x *ctx) note(k EventKind, fig, other int8, n int16, detail string) {
	x.ev = append(x.ev, Event{Kind: k, Fig: fig, Other: other, N: n, Purpose: detail})
}
