package wbcatalog

import (
	"encoding/json"
	"fmt"
)

// CheckGame is a designer's scripted check game (DESIGN.md, "Check games"):
// a small position, a script of decisions with forced dice, and
// expectations. games/warbound/wbschema/cue/check.cue is its CUE form; the json tags are the
// CUE field names. The engine runs it (engine.RunCheck).
type CheckGame struct {
	ID string `json:"id"`
	// Rules lists the rules the check pins, e.g. "R-SHOOT-7".
	Rules []string `json:"rules,omitempty"`
	// Cards lists content cards the check exercises besides those its
	// units use (coverage of Leader skills and Vocations, for instance).
	Cards  []string `json:"cards,omitempty"`
	Format Format   `json:"format"`
	// Scenario takes board, terrain, markers, deployment and scoring from
	// a content scenario; Board and Scoring then add to it.
	Scenario string      `json:"scenario,omitempty"`
	Board    *CheckBoard `json:"board,omitempty"`
	// ActionBoard is an inline Action Board; absent, the format's board of
	// the content is used.
	ActionBoard *ActionBoard `json:"actionBoard,omitempty"`
	Scoring     []Scoring    `json:"scoring,omitempty"`
	// Maintenance turns on the optional Maintenance rule (R-TURN-7,
	// Confrontation).
	Maintenance bool `json:"maintenance,omitempty"`
	// Objectives is the Objective deck (card ids) the players draw their
	// personal Objective from: as the game starts in Exploration (R-OBJ-1),
	// at the end of the Cleanup of turn 3 in Confrontation (R-OBJ-3).
	Objectives []string `json:"objectives,omitempty"`
	// Hand names the side holding the Hand at the start (R-INIT-1).
	Hand string `json:"hand"`
	// Hourglass, when set, is placed on this space by the Hourglass holder
	// before the script starts (R-TURN-4).
	Hourglass string `json:"hourglass,omitempty"`
	// Seed seeds the generator that rolls once forced dice run out.
	Seed   uint64               `json:"seed,omitempty"`
	Sides  map[string]CheckSide `json:"sides"`
	Script []CheckStep          `json:"script"`
	Pos    Pos                  `json:"-"`
}

// CheckBoard is a check game's board: its size, terrain, markers and
// deployment zones. With a Scenario, its size replaces the scenario's and
// its lists add to the scenario's; the loader checks the result as it
// checks a scenario (a tile listed once, unique marker ids, zones corner
// to corner and apart), so the engine gets a board that holds together.
type CheckBoard struct {
	Cols       int       `json:"cols"`
	Rows       int       `json:"rows"`
	Terrain    []Terrain `json:"terrain,omitempty"`
	Markers    []Marker  `json:"markers,omitempty"`
	Deployment []Zone    `json:"deployment,omitempty"`
	Pos        Pos       `json:"-"`
}

// CheckSide is one side of a check game.
type CheckSide struct {
	// Player is 1 or 2 (deployment zones); by default the sides are
	// numbered in name order.
	Player int    `json:"player,omitempty"`
	Leader string `json:"leader,omitempty"`
	// Leaders lists the side's Leader cards when it has several
	// (Confrontation: two, R-DECK-3); Leader and Leaders add up.
	Leaders []string `json:"leaders,omitempty"`
	// Deck takes Leaders, Vocations and Characters (with their Equipment
	// and Formations) from a content deck; its Characters are named by
	// their card ids and deployed by the script.
	Deck      string         `json:"deck,omitempty"`
	Vocations []string       `json:"vocations,omitempty"`
	Orders    map[string]int `json:"orders,omitempty"`
	Objective string         `json:"objective,omitempty"`
	Units     []CheckUnit    `json:"units"`
	Pos       Pos            `json:"-"`
}

// CheckUnit is a Character of a check game: a content card with its
// upgrades, or an inline profile.
type CheckUnit struct {
	ID       string         `json:"id"`
	Card     string         `json:"card,omitempty"`
	Profile  *Profile       `json:"profile,omitempty"`
	Panic    *Profile       `json:"panic,omitempty"`
	Upgrades []string       `json:"upgrades,omitempty"`
	At       Tiles          `json:"at,omitempty"`
	Tokens   map[string]int `json:"tokens,omitempty"`
	Panicked bool           `json:"panicked,omitempty"`
	Pos      Pos            `json:"-"`
}

// Tiles is one tile or a list of tiles: `at: "C3"` or `at: ["C3", "D3"]`.
type Tiles []string

// UnmarshalJSON accepts a string or a list of strings.
func (t *Tiles) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*t = Tiles{one}
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("expected a tile or a list of tiles")
	}
	*t = list
	return nil
}

// CheckStep is one step of a check game's script: one decision (an
// activation with its ordered operations, a pass, the Hourglass, the Hand
// swap, an Order kept or exchanged, a deployment) or an expectation.
type CheckStep struct {
	Side string `json:"side,omitempty"`
	// Activation: unit, space, ordered operations. The activation ends
	// after the operations unless End is false.
	Unit string `json:"unit,omitempty"`
	// With is the second Character of an activation on a Multiple space
	// (R-ACT-6): it is activated once Unit's activation ends; a following
	// step with side and do (no unit) scripts its operations.
	With  string         `json:"with,omitempty"`
	Space string         `json:"space,omitempty"`
	Pay   map[string]int `json:"pay,omitempty"`
	Gain  string         `json:"gain,omitempty"`
	Do    []CheckOp      `json:"do,omitempty"`
	End   *bool          `json:"end,omitempty"`
	// Other decisions.
	Pass      bool           `json:"pass,omitempty"`
	Hourglass string         `json:"hourglass,omitempty"`
	Swap      *bool          `json:"swap,omitempty"`
	Keep      string         `json:"keep,omitempty"`
	Exchange  *CheckExchange `json:"exchange,omitempty"`
	Deploy    *CheckDeploy   `json:"deploy,omitempty"`
	// Dice are the natural results the step's rolls use, in rolling order.
	Dice []int `json:"dice,omitempty"`
	// Fails is the error code the step must fail with; the state is then
	// left as it was before the step.
	Fails string `json:"fails,omitempty"`
	// Expect must hold after the step's decision (alone: at this point).
	Expect *CheckExpect `json:"expect,omitempty"`
	Pos    Pos          `json:"-"`
}

// CheckOp is one operation of an activation, or of the activation in
// progress (a step with side and do but no unit).
type CheckOp struct {
	Move   Tiles  `json:"move,omitempty"`
	Run    Tiles  `json:"run,omitempty"`
	Shoot  string `json:"shoot,omitempty"`
	Aim    bool   `json:"aim,omitempty"`
	Fight  string `json:"fight,omitempty"`
	Hide   bool   `json:"hide,omitempty"`  // the Hide action (R-HIDE-1)
	Skill  string `json:"skill,omitempty"` // skill or Equipment id
	Target string `json:"target,omitempty"`
	// To is the destination of a skill's move: one tile, or two for a
	// Formation (R-FORM-2).
	To Tiles `json:"to,omitempty"`
	// Path is the way a move (move, run, or a skill's to) goes, tile by
	// tile, the destination last: one list for a single miniature, one
	// per miniature for a Formation ([] for one that stays). Without it
	// the engine takes its shortest path. Paths matter to reactions
	// (trigger enemy-moves).
	Path Paths `json:"path,omitempty"`
	Pos  Pos   `json:"-"`
}

// Paths is a move's path: `path: ["C4", "C5"]` for one miniature, or
// `path: [["C4", "C5"], ["D4"]]` for a Formation's two.
type Paths [][]string

// UnmarshalJSON accepts a list of tiles or a list of lists of tiles.
func (p *Paths) UnmarshalJSON(b []byte) error {
	var one []string
	if err := json.Unmarshal(b, &one); err == nil {
		*p = Paths{one}
		return nil
	}
	var list [][]string
	if err := json.Unmarshal(b, &list); err != nil {
		return fmt.Errorf("expected a list of tiles, or one list of tiles per miniature")
	}
	*p = list
	return nil
}

// CheckExchange is the 2-for-1 exchange of R-TURN-3.
type CheckExchange struct {
	Give []string `json:"give"`
	Take string   `json:"take"`
}

// CheckDeploy deploys a unit.
type CheckDeploy struct {
	Unit string `json:"unit"`
	At   Tiles  `json:"at"`
}

// CheckExpect is what must hold at a point of the script. Fields left out
// are not checked.
type CheckExpect struct {
	Units     map[string]UnitExpect `json:"units,omitempty"`
	Sides     map[string]SideExpect `json:"sides,omitempty"`
	Hand      string                `json:"hand,omitempty"`
	Hourglass string                `json:"hourglass,omitempty"`
	ToAct     string                `json:"toAct,omitempty"`
	Turn      int                   `json:"turn,omitempty"`
	Phase     string                `json:"phase,omitempty"`
	Winner    string                `json:"winner,omitempty"` // a side name or "draw"
	Spaces    map[string]bool       `json:"spaces,omitempty"` // space id → taken
}

// UnitExpect is what must hold of one unit.
type UnitExpect struct {
	Wounds      *int  `json:"wounds,omitempty"`
	Stress      *int  `json:"stress,omitempty"`
	Breaks      *int  `json:"breaks,omitempty"`
	Poison      *int  `json:"poison,omitempty"`
	Sacred      *int  `json:"sacred,omitempty"`
	At          Tiles `json:"at,omitempty"`
	Removed     *bool `json:"removed,omitempty"`
	Panicked    *bool `json:"panicked,omitempty"`
	Activations *int  `json:"activations,omitempty"`
	Cover       *bool `json:"cover,omitempty"`       // holds a Cover token (R-HIDE-1)
	Maintenance *bool `json:"maintenance,omitempty"` // still holds its Maintenance marker (R-TURN-7)
}

// SideExpect is what must hold of one side.
type SideExpect struct {
	VP     *int           `json:"vp,omitempty"`
	Orders map[string]int `json:"orders,omitempty"`
	Passed *bool          `json:"passed,omitempty"`
	// Objective is the id of the personal Objective card drawn, or "none"
	// before the draw (R-OBJ-1, R-OBJ-3).
	Objective string `json:"objective,omitempty"`
}
