package wsschema

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestEveryBoundNamesItsRule: every field of the schema with a numeric
// bound has a rule in boundRules, so its error names the rule.
func TestEveryBoundNamesItsRule(t *testing.T) {
	files, err := filepath.Glob("cue/*.cue")
	if err != nil || len(files) == 0 {
		t.Fatal("no schema files", err)
	}
	bounded := regexp.MustCompile(`(?:^|[^#\w])([A-Za-z]\w*)[!?]?:\s*[^:,{}]*?\b(?:int|number)\b[^,}:]*[<>]`)
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range bounded.FindAllSubmatch(src, -1) {
			n++
			if _, ok := boundRules[string(m[1])]; !ok {
				t.Errorf("%s: the bound of %q names no rule: add it to boundRules", f, m[1])
			}
		}
	}
	if n < 20 {
		t.Errorf("found %d bounded fields: the scan is broken", n)
	}
}

func TestDescribeBound(t *testing.T) {
	for _, c := range []struct {
		segs []string
		msg  string
		want string
	}{
		{[]string{"bands", "vanguard", "format"}, "invalid value 120 (out of bound <=100)",
			"format 120: a band's format is at most 100 points (WS-SCEN-1, WS-BIG-1)"},
		{[]string{"scenarios", "big", "format"}, "invalid value 0 (out of bound >=1)",
			"format 0: a band's format is at least 1 point (WS-SCEN-1, WS-BIG-1)"},
		{[]string{"checks", "c", "script", "2", "dice", "0"}, "invalid value 7 (out of bound <=6)",
			"dice 7: a die is at most 6 (WS-QUAL-2)"},
		{[]string{"limits", "figuresPercent"}, "invalid value 120 (out of bound <=100)",
			"figuresPercent 120: a band's figures as a percentage of its format is at most 100% (WS-BUILD-58)"},
		{[]string{"checks", "c", "nothing"}, "invalid value 7 (out of bound <=6)", ""},
		{[]string{"checks", "c", "format"}, "conflicting values 1 and 2", ""},
	} {
		got, ok := describeBound(c.segs, c.msg)
		if ok != (c.want != "") || got != c.want {
			t.Errorf("%v %q: got %q, %v; want %q", c.segs, c.msg, got, ok, c.want)
		}
	}
}
