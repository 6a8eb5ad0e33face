package wbengine

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/engine/hex"
)

// EventKind is what happened.
type EventKind int8

// The event kinds.
const (
	EvTurn          EventKind = iota + 1 // a turn starts (N = turn)
	EvPhase                              // a phase starts (N = phase)
	EvOrders                             // Side receives N Order tokens of Colour
	EvHand                               // Side takes the Hand
	EvHourglass                          // Side takes the Hourglass; Space: where it was placed
	EvDeploy                             // Unit placed on Tile (and Tile2)
	EvActivate                           // Unit activated on Space
	EvPay                                // Side pays N tokens of Colour
	EvPass                               // Side passes
	EvExchange                           // Side exchanges two tokens for one of Colour
	EvMove                               // Unit's miniature Mini moves to Tile
	EvRoll                               // dice rolled (Dice) by Unit; N = purpose
	EvHit                                // N hits on Target
	EvToken                              // Target receives N tokens of kind Colour (token index)
	EvTokenOff                           // Target loses N tokens of kind Colour
	EvRemoved                            // Unit removed from play (R-END-1)
	EvPanic                              // Unit flips to its Panic profile (R-END-2)
	EvEndActivation                      // Unit's activation ends
	EvVP                                 // Side scores N Victory Points
	EvDiscard                            // Side discards N Order tokens at Cleanup
	EvMarker                             // marker Space (index) taken off by Side
	EvSkill                              // Unit uses skill slot N
	EvGameOver                           // the game ends; Side = winner, 2 = draw
	EvCover                              // Unit takes a Cover token (R-HIDE-1)
	EvCoverLost                          // Unit loses its Cover token (R-HIDE-4)
	EvMaintenance                        // Unit's Maintenance marker is removed (R-TURN-7)
	EvVPLost                             // Side loses N Victory Points (R-TURN-7)
	EvObjective                          // Side draws the Objective card N of the deck (R-OBJ-3)
	EvReaction                           // Unit reacts to Target's miniature stepping onto Tile (TrigEnemyMoves)
)

var evNames = [...]string{"", "turn", "phase", "orders", "hand", "hourglass", "deploy", "activate", "pay", "pass",
	"exchange", "move", "roll", "hits", "token", "token-off", "removed", "panic", "end", "vp", "discard", "marker", "skill", "game-over",
	"cover", "cover-lost", "maintenance", "vp-lost", "objective", "reaction"}

func (k EventKind) String() string {
	if k > 0 && int(k) < len(evNames) {
		return evNames[k]
	}
	return "?"
}

// Roll purposes (Event.N of EvRoll).
const (
	RollRanged = iota + 1
	RollMelee
	RollArmour
	RollEffect
)

// Event is one thing that happened. Fields a kind does not use are zero.
type Event struct {
	Kind   EventKind
	Side   int8
	Unit   int8
	Target int8
	Colour int8
	Space  int8
	Mini   int8
	NDice  int8
	N      int16
	Tile   hex.Tile
	Dice   [maxDice]int8
	// Cause says why, for accounts of the game (Format does not write
	// it, so logs and replays ignore it). EvToken, EvTokenOff, EvHit,
	// EvRoll: 1 + the index of the effect whose operations made it
	// (Game.EffectSource), 0 when the rules did; EvSkill, EvReaction: of
	// the skill used. EvVP: 1 + the index in ScoringKinds of the scoring
	// rule that scored.
	Cause int16
}

// Format writes the event in words.
func (e *Event) Format(g *Game) string {
	var b strings.Builder
	b.WriteString(e.Kind.String())
	unit := func(u int8) string {
		if u < 0 || int(u) >= len(g.units) {
			return "-"
		}
		return g.units[u].id
	}
	switch e.Kind {
	case EvTurn:
		fmt.Fprintf(&b, " %d", e.N)
	case EvPhase:
		fmt.Fprintf(&b, " %s", Phase(e.N))
	case EvOrders, EvPay:
		fmt.Fprintf(&b, " %s %d %s", g.sideNames[e.Side], e.N, g.colours[e.Colour])
	case EvHand, EvPass, EvDiscard:
		fmt.Fprintf(&b, " %s %d", g.sideNames[e.Side], e.N)
	case EvHourglass:
		fmt.Fprintf(&b, " %s", g.sideNames[e.Side])
		if e.Space >= 0 {
			fmt.Fprintf(&b, " on %s", g.spaces[e.Space].id)
		}
	case EvExchange:
		fmt.Fprintf(&b, " %s takes %s", g.sideNames[e.Side], g.colours[e.Colour])
	case EvDeploy, EvMove:
		fmt.Fprintf(&b, " %s/%d %s", unit(e.Unit), e.Mini, g.grid.Name(e.Tile))
	case EvActivate:
		fmt.Fprintf(&b, " %s on %s", unit(e.Unit), g.spaces[e.Space].id)
	case EvRoll:
		fmt.Fprintf(&b, " %s %d:", unit(e.Unit), e.N)
		for _, d := range e.Dice[:e.NDice] {
			fmt.Fprintf(&b, " %d", d)
		}
	case EvHit:
		fmt.Fprintf(&b, " %s %d", unit(e.Target), e.N)
	case EvToken, EvTokenOff:
		fmt.Fprintf(&b, " %s %d %s", unit(e.Target), e.N, TokenNames[e.Colour])
	case EvRemoved, EvPanic, EvEndActivation, EvCover, EvCoverLost, EvMaintenance:
		fmt.Fprintf(&b, " %s", unit(e.Unit))
	case EvSkill:
		fmt.Fprintf(&b, " %s %d", unit(e.Unit), e.N)
	case EvReaction:
		fmt.Fprintf(&b, " %s to %s at %s", unit(e.Unit), unit(e.Target), g.grid.Name(e.Tile))
	case EvVP:
		fmt.Fprintf(&b, " %s +%d", g.sideNames[e.Side], e.N)
	case EvVPLost:
		fmt.Fprintf(&b, " %s -%d", g.sideNames[e.Side], e.N)
	case EvObjective:
		fmt.Fprintf(&b, " %s %d", g.sideNames[e.Side], e.N)
	case EvMarker:
		fmt.Fprintf(&b, " %s by %s", g.markers[e.Space].id, g.sideNames[e.Side])
	case EvGameOver:
		if e.Side == 2 {
			b.WriteString(" draw")
		} else {
			fmt.Fprintf(&b, " %s wins", g.sideNames[e.Side])
		}
	}
	return b.String()
}
