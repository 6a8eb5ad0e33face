package ruleset

import "wbtool.dev/wbtool/diag"

// CapRules is [Rules]: what `wbtool rules` needs.
var CapRules = Capability{"Rules", "rules-coverage report"}

// Rules is content whose numbered rules carry a state — given by the
// rulebook, decided by the designers, or still to be defined — and say
// which check games pin them (`wbtool rules`): the report of a rulebook
// that is not finished (issue 31).
type Rules interface {
	RuleStates() RuleReport
}

// RuleReport is every numbered rule in the content's order, the summary
// line of `wbtool rules`, and the coverage line that opens the game's sim
// and balance reports (what their figures depend on).
type RuleReport struct {
	Rules   []RuleState
	Summary string
	Opening string
}

// RuleState is one rule's line of the report.
type RuleState struct {
	ID string `json:"id"`
	// State is "defined", "decided" or "tbd"; Source where the rulebook
	// gives the rule, or the missing chapter that should.
	State  string   `json:"state"`
	Source string   `json:"source,omitempty"`
	Pos    diag.Pos `json:"pos"`
	// Placeholders are where the content fills the rule's Decision.
	Placeholders []diag.Pos `json:"placeholders,omitempty"`
	// Checks are the check games that name the rule.
	Checks []string `json:"checks,omitempty"`
}
