package wbengine

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/engine/hex"
)

// Kind is the kind of a player's decision.
type Kind int8

// The decision kinds. Every decision, whoever makes it (script, bot,
// replay), is one of these and goes through Apply.
const (
	DeployUnit     Kind = iota + 1 // place a unit in its zone
	PlaceHourglass                 // R-TURN-4
	Activate                       // R-ACTV-1: pay and take a space
	Pass                           // R-TURN-5 Decision
	Exchange                       // R-TURN-3: two tokens for one
	Move                           // R-MOVE (Move or Run action)
	Shoot                          // R-SHOOT
	Fight                          // R-FIGHT
	UseSkill                       // R-CARD-2: an active skill
	EndActivation                  // R-END
	SwapHand                       // R-TURN-6: Hourglass holder swaps or not
	KeepOrder                      // R-TURN-6: the one Order token kept
	Hide                           // R-HIDE-1: the Hide action, a Cover token
)

var kindNames = [...]string{"", "deploy", "hourglass", "activate", "pass", "exchange", "move", "shoot", "fight", "skill", "end", "swap", "keep", "hide"}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Decision is one decision of a player. Fields that a kind does not use
// are zero (or -1 for tiles and units, as Legal fills them).
type Decision struct {
	Kind Kind
	Side int8
	Unit int8 // acting unit
	// With is, for an activation on a Multiple space, 1 + the second
	// unit activated with Unit (R-ACT-6); 0 activates Unit alone, so that
	// a zero field keeps its ordinary meaning.
	With   int8
	Space  int8     // Action space
	Target int8     // target unit (Shoot, Fight, skills)
	Tile   hex.Tile // destination of the (first) miniature
	Tile2  hex.Tile // destination of a Formation's second miniature
	Colour int8     // Exchange: first token given; KeepOrder: kept colour; Activate: temporisation gain
	Give2  int8     // Exchange: second token given
	Take   int8     // Exchange: token taken
	Run    bool     // Move: a Run action
	Aim    bool     // Shoot: with Aim
	Swap   bool     // SwapHand: take the Hand
	Skill  int8     // UseSkill: effect slot of the unit
	// Path is, per miniature, the way a move goes (Move, or a skill's
	// move); zero: the engine's shortest path (DefaultShortestPath).
	// Paths matter to reactions, which resolve in the middle of a move.
	Path [2]Path
	// Pay lists, per colour, the tokens paying the colourless part of the
	// cost (Activate). All zero: the DefaultPayment rule.
	Pay [MaxColours]int8
}

// Format writes the decision in the words of check games and logs.
func (d Decision) Format(g *Game) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", g.sideNames[d.Side], d.Kind)
	unit := func(u int8) string {
		if u < 0 || int(u) >= len(g.units) {
			return "-"
		}
		return g.units[u].id
	}
	col := func(c int8) string {
		if c < 0 || int(c) >= len(g.colours) {
			return "-"
		}
		return g.colours[c]
	}
	switch d.Kind {
	case DeployUnit:
		fmt.Fprintf(&b, " %s at %s", unit(d.Unit), g.grid.Name(d.Tile))
		if d.Tile2 != hex.None {
			fmt.Fprintf(&b, ",%s", g.grid.Name(d.Tile2))
		}
	case PlaceHourglass:
		fmt.Fprintf(&b, " on %s", g.spaces[d.Space].id)
	case Activate:
		fmt.Fprintf(&b, " %s", unit(d.Unit))
		if d.With > 0 {
			fmt.Fprintf(&b, "+%s", unit(d.With-1))
		}
		fmt.Fprintf(&b, " on %s", g.spaces[d.Space].id)
		if d.Space >= 0 && int(d.Space) < len(g.spaces) && g.spaces[d.Space].tempo {
			fmt.Fprintf(&b, " gaining %s", col(d.Colour))
		}
	case Exchange:
		fmt.Fprintf(&b, " %s+%s for %s", col(d.Colour), col(d.Give2), col(d.Take))
	case Move:
		if d.Run {
			b.WriteString(" (run)")
		}
		fmt.Fprintf(&b, " to %s", g.grid.Name(d.Tile))
		if d.Tile2 != hex.None {
			fmt.Fprintf(&b, ",%s", g.grid.Name(d.Tile2))
		}
		d.formatPath(&b)
	case Shoot, Fight:
		fmt.Fprintf(&b, " %s", unit(d.Target))
		if d.Aim {
			b.WriteString(" with aim")
		}
	case UseSkill:
		fmt.Fprintf(&b, " %d", d.Skill)
		if d.Target >= 0 {
			fmt.Fprintf(&b, " on %s", unit(d.Target))
		}
		if d.Tile != hex.None || d.Tile2 != hex.None {
			fmt.Fprintf(&b, " to %s", g.grid.Name(d.Tile))
			if d.Tile2 != hex.None {
				fmt.Fprintf(&b, ",%s", g.grid.Name(d.Tile2))
			}
		}
		d.formatPath(&b)
	case SwapHand:
		fmt.Fprintf(&b, " %v", d.Swap)
	case KeepOrder:
		fmt.Fprintf(&b, " %s", col(d.Colour))
	}
	return b.String()
}

// dirNames are the directions of a Path's steps, in the grid's order.
var dirNames = [8]string{"e", "ne", "nw", "w", "sw", "se", "?", "?"}

// formatPath writes the decision's paths, when it gives any, as
// directions (a decision does not know where its miniatures stand):
// " via e-ne-e", a Formation " via e-e/-" ("-": the engine's path).
func (d Decision) formatPath(b *strings.Builder) {
	if d.Path == ([2]Path{}) {
		return
	}
	b.WriteString(" via ")
	for i, p := range d.Path {
		if i == 1 {
			if p == 0 {
				break
			}
			b.WriteByte('/')
		}
		if p.Len() == 0 {
			b.WriteByte('-')
		}
		for j := range p.Len() {
			if j > 0 {
				b.WriteByte('-')
			}
			b.WriteString(dirNames[p.Dir(j)])
		}
	}
}

// Code is the stable code of an illegal decision (DESIGN.md).
type Code string

// The error codes.
const (
	ErrSpaceTaken      Code = "space-taken"
	ErrSpaceLocked     Code = "space-locked"
	ErrSpaceInvalid    Code = "space-invalid"
	ErrCannotPay       Code = "cannot-pay"
	ErrEnemyAdjacent   Code = "enemy-adjacent"
	ErrTargetScreened  Code = "target-screened"
	ErrNoSight         Code = "no-line-of-sight"
	ErrNotClosest      Code = "not-closest"
	ErrNotAdjacent     Code = "not-adjacent"
	ErrOutOfReach      Code = "out-of-reach"
	ErrPathBlocked     Code = "path-blocked"
	ErrFormationSplit  Code = "formation-split"
	ErrNotYourTurn     Code = "not-your-turn"
	ErrUnknownUnit     Code = "unknown-unit"
	ErrInvalidTarget   Code = "invalid-target"
	ErrNoAction        Code = "action-unavailable"
	ErrActionRequired  Code = "action-required"
	ErrWrongPhase      Code = "wrong-phase"
	ErrNoTokens        Code = "no-tokens"
	ErrSkillUsed       Code = "skill-used"
	ErrNotInZone       Code = "not-in-zone"
	ErrGameOver        Code = "game-over"
	ErrHideExploration Code = "hide-exploration"
	ErrCoverHeld       Code = "cover-held"
	ErrNotMultiple     Code = "not-multiple"
	ErrMultipleSame    Code = "multiple-same"
	ErrPathInvalid     Code = "path-invalid"
)

// Codes lists every error code.
var Codes = []Code{ErrSpaceTaken, ErrSpaceLocked, ErrSpaceInvalid, ErrCannotPay, ErrEnemyAdjacent,
	ErrTargetScreened, ErrNoSight, ErrNotClosest, ErrNotAdjacent, ErrOutOfReach, ErrPathBlocked,
	ErrFormationSplit, ErrNotYourTurn, ErrUnknownUnit, ErrInvalidTarget, ErrNoAction,
	ErrActionRequired, ErrWrongPhase, ErrNoTokens, ErrSkillUsed, ErrNotInZone, ErrGameOver,
	ErrHideExploration, ErrCoverHeld, ErrNotMultiple, ErrMultipleSame, ErrPathInvalid}

// RuleError is an illegal decision: a stable code and a sentence.
type RuleError struct {
	Code Code
	Msg  string
}

func (e *RuleError) Error() string { return string(e.Code) + ": " + e.Msg }

// Illegal decisions on the hot path use preallocated errors; the message
// is the code's meaning.
var ruleErrors = func() map[Code]*RuleError {
	msgs := map[Code]string{
		ErrSpaceTaken:      "the Action space already holds Order tokens this turn",
		ErrSpaceLocked:     "the Action space belongs to a later Period",
		ErrSpaceInvalid:    "the Action space offers nothing this Character can do",
		ErrCannotPay:       "not enough Order tokens of the right colours",
		ErrEnemyAdjacent:   "an enemy stands next to the shooter",
		ErrTargetScreened:  "the target stands next to one of the shooter's Characters",
		ErrNoSight:         "no line of sight to the target",
		ErrNotClosest:      "the target is not the closest enemy and the shooter has no second accuracy value",
		ErrNotAdjacent:     "the target is not on an adjacent tile",
		ErrOutOfReach:      "the tile is beyond the move allowance",
		ErrPathBlocked:     "no free path to the tile",
		ErrFormationSplit:  "the Formation's miniatures would not end adjacent",
		ErrNotYourTurn:     "it is not this player's decision",
		ErrUnknownUnit:     "no such Character in play",
		ErrInvalidTarget:   "not a valid target",
		ErrNoAction:        "the Action space does not offer this action, or it was already done",
		ErrActionRequired:  "the activation must do at least one of its actions first",
		ErrWrongPhase:      "this decision does not belong to the current phase",
		ErrNoTokens:        "not enough Order tokens",
		ErrSkillUsed:       "the skill cannot be used now",
		ErrNotInZone:       "the tile is not a free tile of the player's deployment zone",
		ErrGameOver:        "the game is over",
		ErrHideExploration: "Exploration has no hiding (R-HIDE-5)",
		ErrCoverHeld:       "the Character already holds a Cover token (R-HIDE-1)",
		ErrNotMultiple:     "only a Multiple space activates two Characters at once (R-ACT-6)",
		ErrMultipleSame:    "a Multiple activation takes two different Characters of the player",
		ErrPathInvalid:     "the path is not a way from the miniature's tile to its destination, one tile at a time",
	}
	m := map[Code]*RuleError{}
	for c, s := range msgs {
		m[c] = &RuleError{Code: c, Msg: s}
	}
	return m
}()

func fail(c Code) error { return ruleErrors[c] }
