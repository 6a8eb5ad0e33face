package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// TestDecisionTable: every interpretation of the table is named in the
// engine's code where it is applied, pinned by check games of the starter
// content that cite its rule (or by what Elsewhere names), and every
// Decision of the rules digest has an entry.
func TestDecisionTable(t *testing.T) {
	cat := loadContent(t)
	rules := map[string][]string{} // check id → rules
	for _, c := range cat.Checks {
		rules[c.ID] = c.Rules
	}
	var code strings.Builder
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "decisions.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code.Write(data)
	}
	seen := map[string]bool{}
	byRule := map[string]bool{}
	for _, d := range wbengine.Decisions() {
		if seen[d.ID] {
			t.Errorf("%s: two entries", d.ID)
		}
		seen[d.ID] = true
		byRule[d.Rule] = true
		if d.Text == "" || !regexp.MustCompile(`^R-[A-Z]+-[0-9]+$`).MatchString(d.Rule) {
			t.Errorf("%s: rule %q, text %q", d.ID, d.Rule, d.Text)
		}
		if !regexp.MustCompile(`\b` + d.ID + `\b`).MatchString(code.String()) {
			t.Errorf("%s: no engine code names it where it is applied", d.ID)
		}
		if len(d.Checks) == 0 && d.Elsewhere == "" {
			t.Errorf("%s: pinned by no check game", d.ID)
		}
		for _, c := range d.Checks {
			rs, ok := rules[c]
			if !ok {
				t.Errorf("%s: no check game %q in the starter content", d.ID, c)
			} else if !slices.Contains(rs, d.Rule) {
				t.Errorf("%s: check game %q does not cite %s (it cites %v)", d.ID, c, d.Rule, rs)
			}
		}
	}
	if md := wbengine.DecisionsMarkdown(); strings.Count(md, "\n") != len(seen)+2 {
		t.Errorf("the Markdown table has %d lines for %d entries", strings.Count(md, "\n"), len(seen))
	}

	// The digest lives beside the repository in the project's shared
	// notes; a checkout without it skips this part.
	digest, err := os.ReadFile(filepath.Join("..", "..", "shared", "rules", "warbound-rules.md"))
	if err != nil {
		t.Skipf("rules digest not found: %v", err)
	}
	var rule string
	for _, line := range strings.Split(string(digest), "\n") {
		if m := regexp.MustCompile(`^- \*\*(R-[A-Z]+-[0-9]+)\*\*`).FindStringSubmatch(line); m != nil {
			rule = m[1]
		} else if !strings.HasPrefix(line, " ") {
			rule = ""
		}
		if rule != "" && strings.Contains(line, "*Decision") && !byRule[rule] {
			t.Errorf("the digest's Decision of %s has no entry in wbengine.Decisions", rule)
		}
	}
}
