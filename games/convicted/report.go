package convicted

import (
	"fmt"
	"slices"
	"sort"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

var (
	_ ruleset.Coverage = (*Content)(nil)
	_ ruleset.Rules    = (*Content)(nil)
)

// RuleCoverage is one rule's line of the rules-coverage report: its state
// (defined by the seed, decided by us, to be defined), where the seed has
// it, the entries whose values its Decision fills, and the check games
// that pin it.
type RuleCoverage struct {
	ID           string   `json:"id"`
	State        string   `json:"state"`
	Source       string   `json:"source,omitempty"`
	Placeholders []string `json:"placeholders,omitempty"`
	Checks       []string `json:"checks,omitempty"`
	Pos          string   `json:"-"`
}

// Coverage is the whole report.
type Coverage struct {
	Defined, Decided, TBD, Pinned int
	// NoPlaceholder are the rules to be defined that no entry fills.
	NoPlaceholder int
	Rules         []RuleCoverage
}

// Report is the rules-coverage report of the content.
func (c *Content) Report() Coverage {
	var cov Coverage
	pins := map[string][]string{}
	for _, ch := range c.Catalog.Checks {
		for _, r := range ch.Rules {
			if !slices.Contains(pins[r], ch.ID) {
				pins[r] = append(pins[r], ch.ID)
			}
		}
	}
	// in the rule table's order (RULES.md's), not the ids'
	rules := slices.Clone(c.Catalog.Rules)
	sort.SliceStable(rules, func(i, j int) bool {
		a, b := rules[i].Pos, rules[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	for _, r := range rules {
		rc := RuleCoverage{ID: r.ID, State: r.State, Source: r.Source, Checks: pins[r.ID], Pos: r.Pos.String()}
		for _, p := range c.Catalog.Placeholders[r.ID] {
			rc.Placeholders = append(rc.Placeholders, p.String())
		}
		switch r.State {
		case cvcatalog.Defined:
			cov.Defined++
		case cvcatalog.Decided:
			cov.Decided++
		default:
			cov.TBD++
			if len(rc.Placeholders) == 0 {
				cov.NoPlaceholder++
			}
		}
		if len(rc.Checks) > 0 {
			cov.Pinned++
		}
		cov.Rules = append(cov.Rules, rc)
	}
	return cov
}

// Line is the coverage line that opens every sim report: what the
// figures depend on.
func (cov Coverage) Line() string {
	s := fmt.Sprintf("rules: %d defined, %d decided, %d to be defined", cov.Defined, cov.Decided, cov.TBD)
	if cov.TBD+cov.Decided > 0 {
		s += ": survival figures depend on the Decisions"
	}
	return s
}

// StateWords are a rule state in words.
var StateWords = map[string]string{cvcatalog.Defined: "defined by the seed", cvcatalog.Decided: "decided", cvcatalog.TBD: "to be defined"}

// Coverage is `wbtool check --coverage`: every rule no check game pins,
// with its state, and a summary line with the rules by state.
func (c *Content) Coverage() (untested []string, summary string) {
	cov := c.Report()
	for _, r := range cov.Rules {
		if len(r.Checks) > 0 {
			continue
		}
		what := StateWords[r.State]
		if r.Source != "" {
			what += ", " + r.Source
		}
		extra := ""
		if r.State == cvcatalog.TBD && len(r.Placeholders) == 0 {
			extra = "; no placeholder fills it"
		}
		untested = append(untested, fmt.Sprintf("%s: rule %s (%s): no check game pins it%s", r.Pos, r.ID, what, extra))
	}
	summary = fmt.Sprintf("%d rules: %d defined, %d decided, %d to be defined (%d with no placeholder); %d pinned by check games, %d not",
		len(cov.Rules), cov.Defined, cov.Decided, cov.TBD, cov.NoPlaceholder, cov.Pinned, len(cov.Rules)-cov.Pinned)
	return untested, summary
}

// RuleStates is `wbtool rules`: every rule, its state, where its Decision
// is filled and the check games that pin it.
func (c *Content) RuleStates() ruleset.RuleReport {
	cov := c.Report()
	rep := ruleset.RuleReport{}
	for _, r := range cov.Rules {
		rep.Rules = append(rep.Rules, ruleset.RuleState{ID: r.ID, State: r.State, Source: r.Source, Pos: c.Catalog.Rule(r.ID).Pos,
			Placeholders: c.Catalog.Placeholders[r.ID], Checks: r.Checks})
	}
	_, rep.Summary = c.Coverage()
	rep.Opening = cov.Line()
	return rep
}
