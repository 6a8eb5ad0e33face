package cvcatalog

import (
	"encoding/json"
	"fmt"

	"wbtool.dev/wbtool/diag"
)

// Check is a check game (checks/*.cue): a start, forced changes to it,
// steps with forced dice, what each step must lead to, and the codes of
// the steps the rules refuse (`fails:`).
type Check struct {
	ID    string   `json:"id"`
	Rules []string `json:"rules"`
	// Players is the player count (1–4), Heroes their heroes in seat order.
	Players  int      `json:"players"`
	Heroes   []string `json:"heroes,omitempty"`
	Scenario int      `json:"scenario"`
	// From is "setup" (scenario 1's set-up) or a save sheet's id.
	From  string `json:"from"`
	Set   *Set   `json:"set,omitempty"`
	Steps []Step `json:"steps"`
	// Pos is where the check is declared, StepPos each step's.
	Pos     diag.Pos   `json:"-"`
	StepPos []diag.Pos `json:"-"`
}

// Set are forced changes to the start: values replaced, not added.
type Set struct {
	Bank         map[string]int        `json:"bank,omitempty"`
	Available    []string              `json:"available,omitempty"`
	Sections     map[string]SectionSet `json:"sections,omitempty"`
	Buildings    map[string]int        `json:"buildings,omitempty"`
	Ring         map[string]string     `json:"ring,omitempty"`
	Technologies []string              `json:"technologies,omitempty"`
	// Actions is the markers left to the player whose go it is.
	Actions *int `json:"actions,omitempty"`
	Turn    *int `json:"turn,omitempty"`
}

// SectionSet are a section's forced values.
type SectionSet struct {
	Level      *int           `json:"level,omitempty"`
	Resistance *int           `json:"resistance,omitempty"`
	Gate       *int           `json:"gate,omitempty"`
	Units      map[string]int `json:"units,omitempty"`
	// Engines are the defender engines mounted, by type (C-FORT-8).
	Engines map[string]int `json:"engines,omitempty"`
}

// Die is one forced die: a d6 face, or a d3 given as its value. A d3 the
// engine rolls takes a d6 face read in pairs (C-DEF-8) or a d3 value.
type Die struct {
	D6 int
	D3 int
}

// UnmarshalJSON reads 4 (a d6 face) or {"d3": 2}.
func (d *Die) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, &d.D6); err == nil {
		return nil
	}
	var x struct {
		D3 int `json:"d3"`
	}
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	d.D3 = x.D3
	return nil
}

// MarshalJSON writes what UnmarshalJSON reads.
func (d Die) MarshalJSON() ([]byte, error) {
	if d.D3 != 0 {
		return []byte(fmt.Sprintf(`{"d3":%d}`, d.D3)), nil
	}
	return json.Marshal(d.D6)
}

func (d Die) String() string {
	if d.D3 != 0 {
		return fmt.Sprintf("d3 %d", d.D3)
	}
	return fmt.Sprint(d.D6)
}

// Step is one step of a check game.
type Step struct {
	// Do is the decision: fortify, build, dig, moat, research, collect,
	// train, free-train, repair, cast, sorcery, engine, end-go (the player's go ends), siege (the
	// siege period, to the end of the turn), turn (the next turn's
	// preparation period).
	Do       string `json:"do"`
	Section  string `json:"section,omitempty"`
	Building string `json:"building,omitempty"`
	Ring     string `json:"ring,omitempty"`
	Tech     string `json:"tech,omitempty"`
	Resource string `json:"resource,omitempty"`
	Unit     string `json:"unit,omitempty"`
	Spell    string `json:"spell,omitempty"`
	Engine   string `json:"engine,omitempty"`
	Dice     []Die  `json:"dice,omitempty"`
	// Sides are the enemy cards drawn (siege), in the order drawn.
	Sides   []string     `json:"sides,omitempty"`
	Heretic string       `json:"heretic,omitempty"`
	Oracle  []OracleMove `json:"oracle,omitempty"`
	Fails   string       `json:"fails,omitempty"`
	Expect  *Expect      `json:"expect,omitempty"`
}

// OracleMove is one unit moved by the Oracle (C-HERO-2).
type OracleMove struct {
	Unit string `json:"unit"`
	From string `json:"from"`
	To   string `json:"to"`
}

// Expect is what the state must be after a step.
type Expect struct {
	Bank      map[string]int           `json:"bank,omitempty"`
	Sections  map[string]SectionExpect `json:"sections,omitempty"`
	Ring      map[string]string        `json:"ring,omitempty"`
	Buildings map[string]int           `json:"buildings,omitempty"`
	// ActionsLeft is the markers left to the player whose go it is;
	// Counter the markers on the action counter this turn.
	ActionsLeft *int           `json:"actionsLeft,omitempty"`
	Counter     *int           `json:"counter,omitempty"`
	Player      *int           `json:"player,omitempty"`
	Turn        *int           `json:"turn,omitempty"`
	Enemies     *int           `json:"enemies,omitempty"`
	Killed      *int           `json:"killed,omitempty"`
	Breached    []string       `json:"breached,omitempty"`
	Lost        *bool          `json:"lost,omitempty"`
	Over        *bool          `json:"over,omitempty"`
	InUse       map[string]int `json:"inUse,omitempty"`
	Offer       *int           `json:"offer,omitempty"`
}

// SectionExpect is a section's expected values; its other fields are the
// units expected by type (`n: {level: 3, spearman: 2}`).
type SectionExpect struct {
	Level      *int `json:"level,omitempty"`
	Resistance *int `json:"resistance,omitempty"`
	Gate       *int `json:"gate,omitempty"`
	Defenders  *int `json:"defenders,omitempty"`
	Owner      *int `json:"owner,omitempty"`
	// Engines are the defender engines mounted (C-FORT-8).
	Engines *int           `json:"engines,omitempty"`
	Units   map[string]int `json:"-"`
}

// UnmarshalJSON reads the known fields, and the others as units.
func (e *SectionExpect) UnmarshalJSON(b []byte) error {
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	for k, v := range m {
		v := v
		switch k {
		case "level":
			e.Level = &v
		case "resistance":
			e.Resistance = &v
		case "gate":
			e.Gate = &v
		case "defenders":
			e.Defenders = &v
		case "owner":
			e.Owner = &v
		case "engines":
			e.Engines = &v
		default:
			if e.Units == nil {
				e.Units = map[string]int{}
			}
			e.Units[k] = v
		}
	}
	return nil
}

// MarshalJSON writes what UnmarshalJSON reads.
func (e SectionExpect) MarshalJSON() ([]byte, error) {
	m := map[string]int{}
	for k, v := range e.Units {
		m[k] = v
	}
	for k, p := range map[string]*int{"level": e.Level, "resistance": e.Resistance, "gate": e.Gate, "defenders": e.Defenders, "owner": e.Owner, "engines": e.Engines} {
		if p != nil {
			m[k] = *p
		}
	}
	return json.Marshal(m)
}
