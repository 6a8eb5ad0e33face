package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestEditorProblemMatcher applies the problem matcher of the VS Code
// tasks init writes to wbtool's own lines: diagnostics give their file,
// line, column, severity and message; the content line and the summary
// are no problems.
func TestEditorProblemMatcher(t *testing.T) {
	files, err := editorFiles("warbound")
	if err != nil {
		t.Fatal(err)
	}
	var tasks struct {
		Tasks []struct {
			Label          string
			ProblemMatcher struct {
				Pattern struct{ Regexp string }
			}
		}
	}
	if err := json.Unmarshal(files[".vscode/tasks.json"], &tasks); err != nil {
		t.Fatal(err)
	}
	if len(tasks.Tasks) != 3 {
		t.Fatalf("%d tasks, want validate, check, fmt", len(tasks.Tasks))
	}
	for _, task := range tasks.Tasks {
		re := regexp.MustCompile(task.ProblemMatcher.Pattern.Regexp)
		for _, c := range []struct {
			line string
			want []string // file, line, column, severity, message; nil: no match
		}{
			{`content/cards/clans.cue:18:10: characters."roh-na".speed: 33 is out of range: it must be at most 8`,
				[]string{"content/cards/clans.cue", "18", "10", "", `characters."roh-na".speed: 33 is out of range: it must be at most 8`}},
			{`content/cards/bog.cue:3:13: warning: characters."bog-witch": no number yet: it prints as C17`,
				[]string{"content/cards/bog.cue", "3", "13", "warning", `characters."bog-witch": no number yet: it prints as C17`}},
			{`content/rules/en/01-intro.md:4:1: link to a page the site does not have`,
				[]string{"content/rules/en/01-intro.md", "4", "1", "", "link to a page the site does not have"}},
			{"content: content (Warbound)", nil},
			{"1 error in 1 file", nil},
			{"ok: 2 factions, 6 Characters", nil},
		} {
			m := re.FindStringSubmatch(c.line)
			switch {
			case c.want == nil && m != nil:
				t.Errorf("%s: %q is no problem, matched %q", task.Label, c.line, m)
			case c.want != nil && (m == nil || strings.Join(m[1:], "|") != strings.Join(c.want, "|")):
				t.Errorf("%s: %q matched %q, want %q", task.Label, c.line, m, c.want)
			}
		}
	}
	var snippets map[string]struct {
		Prefix []string
		Body   []string
	}
	if err := json.Unmarshal(files[".vscode/warbound.code-snippets"], &snippets); err != nil {
		t.Fatal(err)
	}
	s, ok := snippets["Warbound character"]
	if !ok || s.Prefix[0] != "character" || !strings.Contains(strings.Join(s.Body, "\n"), "\tspeed: ${") {
		t.Errorf("the character snippet: %+v", s)
	}
}
