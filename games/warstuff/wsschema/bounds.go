package wsschema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A bound of the schema (a format, a die, a quality…) names the rule it
// comes from when a value breaks it: CUE's "invalid value 120 (out of
// bound <=100)" becomes "format 120: a band's format is at most 100 points
// (WS-SCEN-1, WS-BIG-1)". TestEveryBoundNamesItsRule keeps the table in
// step with the schema's bounds.

// boundRule is what a bounded field is, its unit, and its rule.
type boundRule struct{ what, unit, rule string }

// boundRules are keyed by the field's name (its last path element that is
// not a list index).
var boundRules = map[string]boundRule{
	// bands, scenarios, check games
	"format":        {"a band's format", "points", "WS-SCEN-1, WS-BIG-1"},
	"count":         {"a profile's figure count", "", "WS-BUILD-58"},
	"table":         {"the table's side", "inches", "WS-GEOM-1, WS-BIG-1"},
	"size":          {"the table's side", "inches", "WS-GEOM-1, WS-BIG-1"},
	"height":        {"a high piece's height", "inches", "WS-GEOM-6"},
	"base":          {"a base's diameter", "inches", "WS-GEOM-2"},
	"deployment":    {"the deployment distance from a corner", "inches", "WS-SCEN-4"},
	"firstLastTurn": {"the first turn that may be the last", "", "WS-SCEN-7"},
	"x":             {"an objective's coordinate", "inches", "WS-GEOM-1"},
	"y":             {"an objective's coordinate", "inches", "WS-GEOM-1"},
	"vp":            {"an objective's victory points", "", "WS-SCEN-8, WS-BIG-3"},
	"enemyHalf":     {"an objective's victory points in the enemy half", "", "WS-BIG-3"},
	// creatures and tables
	"spawnDice":      {"the spawn dice per player", "", "WS-INV-8"},
	"difficulty":     {"a power's difficulty, a d6 result,", "", "WS-BUILD-21"},
	"max":            {"a figure's largest cost", "points", "WS-BUILD-3"},
	"figuresPercent": {"a band's figures as a percentage of its format", "%", "WS-BUILD-58"},
	"standard":       {"the standard format", "points", "WS-SCEN-1"},
	"bigMax":         {"the largest big-game format", "points", "WS-BIG-1"},
	// check games
	"turn":      {"a turn number", "", "WS-ACT-1"},
	"players":   {"the number of players", "", "WS-INV-1, WS-BIG-4"},
	"clock":     {"Against the Clock's record", "turns", "WS-VAR-2"},
	"sabotaged": {"an objective's number", "", "WS-INV-2"},
	"dice":      {"a die", "", "WS-QUAL-2"},
	"startDice": {"a die", "", "WS-QUAL-2"},
	"access":    {"a side of the piece's shape", "", "WS-GEOM-5"},
	"quality":   {"a figure's quality", "", "WS-QUAL-1"},
	"cost":      {"a figure's cost", "points", "WS-BUILD-2"},
	"band":      {"a band's number on its side", "", "WS-INV-1, WS-BIG-4"},
	"z":         {"a figure's elevation", "inches", "WS-GEOM-6"},
	"wounds":    {"a figure's wound tokens (6 would eliminate any figure)", "", "WS-WOUND-3"},
	"at":        {"the distance along the move where Overwatch interrupts", "inches", "WS-ALERT-2"},
	"controls":  {"an objective's number", "", "WS-SCEN-8"},
}

var outOfBound = regexp.MustCompile(`^invalid value (.+) \(out of bound ([<>]=?)(.+)\)$`)

var boundWords = map[string]string{"<=": "at most", "<": "less than", ">=": "at least", ">": "more than"}

// describeBound rewrites a bound error at segs in the designer's words,
// naming its rule; ok is false for any other message.
func describeBound(segs []string, msg string) (string, bool) {
	m := outOfBound.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	field := ""
	for i := len(segs) - 1; i >= 0; i-- {
		if _, err := strconv.Atoi(segs[i]); err != nil {
			field = segs[i]
			break
		}
	}
	br, ok := boundRules[field]
	if !ok {
		return "", false
	}
	bound := m[3]
	switch unit := br.unit; {
	case unit == "%":
		bound += "%"
	case unit != "" && bound == "1":
		bound += " " + strings.TrimSuffix(unit, "s")
	case unit != "":
		bound += " " + unit
	}
	return strings.TrimSpace(fmt.Sprintf("%s %s: %s is %s %s (%s)", field, m[1], br.what, boundWords[m[2]], bound, br.rule)), true
}
