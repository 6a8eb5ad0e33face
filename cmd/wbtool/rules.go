package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

const rulesDoc = `Print the rules-coverage report: every numbered rule of the content
with its state — defined by the rulebook, decided by the designers, or
to be defined (a chapter the rulebook names but does not give yet) — the
places in the content that fill its Decision meanwhile, and the check
games that pin it; then the summary line. A game whose content has no
rule states (capability Rules) is refused in one line.

Exit status: 0 when the content loads, 1 on content errors, 2 on a usage
error.

On The Convicted's starter (Warbound and Warstuff have no rule states
yet, so the help's examples are not run on the default content):
  wbtool rules --content games/convicted/starter
  wbtool rules --state tbd --content games/convicted/starter
  wbtool rules --json --content games/convicted/starter`

func newRulesCmd(g *globalFlags) *cobra.Command {
	var state string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "Report every rule's state (defined, decided, to be defined) and its check games",
		Long:  rulesDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			states := []string{"defined", "decided", "tbd"}
			if state != "" && !slices.Contains(states, state) {
				return usagef("--state: %q: expected one of %s", state, strings.Join(states, ", "))
			}
			res, err := runBuild(cmd, g, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}})
			if err != nil {
				return err
			}
			rc, ok := res.Content.(ruleset.Rules)
			if !ok {
				return ruleset.Missing(cmd.CommandPath(), res.Game, ruleset.CapRules)
			}
			rep := rc.RuleStates()
			out := cmd.OutOrStdout()
			var kept []ruleset.RuleState
			for _, r := range rep.Rules {
				if state == "" || r.State == state {
					kept = append(kept, r)
				}
			}
			if asJSON {
				b, err := json.MarshalIndent(struct {
					Rules   []ruleset.RuleState `json:"rules"`
					Summary string              `json:"summary"`
				}{kept, rep.Summary}, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintf(out, "%s\n", b)
				return nil
			}
			for _, r := range kept {
				line := fmt.Sprintf("%s: %s %s", r.Pos, r.ID, r.State)
				if r.Source != "" {
					line += " (" + r.Source + ")"
				}
				if len(r.Placeholders) > 0 {
					line += fmt.Sprintf("; filled at %s, first %s", diag.Plural(len(r.Placeholders), "place"), r.Placeholders[0])
				}
				if len(r.Checks) > 0 {
					line += "; checks: " + strings.Join(r.Checks, ", ")
				} else {
					line += "; no check game"
				}
				fmt.Fprintln(out, termsafe.String(line))
			}
			fmt.Fprintln(out, termsafe.String(rep.Summary))
			return nil
		},
	}
	cmd.Flags().StringVar(&state, "state", "", "only the rules of `STATE`: defined, decided or tbd")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}
