package site

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
)

// TestRuleNumberAtTheEnd: a rule number that ends a paragraph, a list
// item or a table cell (where goldmark splits its text in two) links to
// its rule, as one in the middle of a line does.
func TestRuleNumberAtTheEnd(t *testing.T) {
	tests := []struct {
		src  string
		refs int
	}{
		{"compare with T-DICE-2\n", 1},
		{"- compare with T-DICE-2\n- and T-DICE-2\n", 2},
		{"compare with T-DICE-2 again\n", 1},
		{"| a | hit T-DICE-2 |\n|---|---|\n| x | y T-DICE-2 |\n", 2},
		{"no rule here -2 and T-DICE\n", 0},
	}
	for _, tt := range tests {
		page := func(l lang.Lang, body string) lang.RulesPage {
			return lang.RulesPage{Lang: l, Path: "rules/" + string(l) + "/01-a.md", Source: []byte("---\ntitle: A\n---\n## X {#T-DICE-2}\n\n" + body)}
		}
		ch, errs := Chapters([]lang.RulesPage{page(lang.English, tt.src), page(lang.French, "x\n")}, RulesOptions{RulePrefix: "T", RequireAnchors: true})
		if len(errs) > 0 {
			t.Fatalf("%q: %v", tt.src, errs)
		}
		if got := strings.Count(string(ch[lang.English][0].Body), `class="rule-ref" href="#T-DICE-2"`); got != tt.refs {
			t.Errorf("%q: %d links to T-DICE-2, want %d:\n%s", tt.src, got, tt.refs, ch[lang.English][0].Body)
		}
	}
}
