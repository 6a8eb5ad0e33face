package watch

import (
	"bytes"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/budget"
)

func TestReportFormat(t *testing.T) {
	ok := &Report{Seq: 3, Changed: []string{"cards/raiders.cue"}, Summary: "16 Characters", Drafts: 2,
		Outputs: []string{"data/catalog.json", "site (2 of 398 files)"}}
	ok.Checks.Passed, ok.Checks.Rerun, ok.Checks.Reused = 99, 8, 91
	ok.Images.Rendered, ok.Images.Reused = 1, 101
	ok.Stages = []Stage{{"load", 420 * time.Millisecond}, {"checks", 2500 * time.Microsecond}}
	ok.Checked, ok.Total = 430*time.Millisecond, 690*time.Millisecond

	failing := &Report{Seq: 4, Changed: []string{"scenarios/checks/act.cue"}, Summary: "16 Characters", Unchanged: true}
	failing.Checks.Passed, failing.Checks.Failed, failing.Checks.Rerun, failing.Checks.Reused = 98, 1, 1, 98
	failing.Checks.Failures = []string{"content/scenarios/checks/act.cue:12:3: check x: step 2 (expect): a.at: expected C5, got C4"}

	many := []string{"a.cue", "b.cue", "c.cue", "d.cue", "e.cue", "f.cue", "g.cue"}
	for _, c := range []struct {
		name string
		r    *Report
		want string
	}{
		{"ok", ok, `[3] cards/raiders.cue
  ok: 16 Characters
  draft: 2 missing translations, shown as placeholders
  checks: 99 passed, 0 failed (8 played, 91 unchanged)
  outputs: data/catalog.json, site (2 of 398 files)
  card images: 1 rendered, 101 reused
  time: load 420ms, checks 2.5ms; checked in 430ms, done in 690ms
`},
		{"failing check", failing, `[4] scenarios/checks/act.cue
  ok: 16 Characters
  content/scenarios/checks/act.cue:12:3: check x: step 2 (expect): a.at: expected C5, got C4
  checks: 98 passed, 1 failed (1 played, 98 unchanged)
  outputs: unchanged
`},
		{"content errors", &Report{Seq: 5, Changed: many, Errors: []string{"content/a.cue:1:2: wrong", "content/b.cue:3:4: worse"}, ErrorSummary: "2 errors in 2 files"}, `[5] a.cue, b.cue, c.cue, d.cue, e.cue and 2 more
  content/a.cue:1:2: wrong
  content/b.cue:3:4: worse
  2 errors in 2 files; the outputs of the last good build are kept
`},
		{"budget", &Report{Seq: 6, Changed: []string{"cards/slow.cue"}, Budget: &budget.ExceededError{Resource: budget.Time, Limit: budget.Limits{Time: 10 * time.Second}}}, `[6] cards/slow.cue
  evaluation took too long (over 10s): cards/slow.cue
  the outputs of the last good build are kept; the next save rebuilds
`},
		{"output errors", &Report{Seq: 7, Changed: []string{"rules/en/a.md"}, Summary: "1 Characters", OutputErrors: []string{"content/rules/en/a.md:3:1: unknown card [[nope]]"}}, `[7] rules/en/a.md
  ok: 1 Characters
  checks: 0 passed, 0 failed (0 played, 0 unchanged)
  content/rules/en/a.md:3:1: unknown card [[nope]]
  1 error building the outputs; the outputs of the last good build are kept
`},
		{"first build", &Report{Seq: 1, Changed: []string{Everything}, Summary: "1 Characters", Outputs: []string{"site (3 files)"}}, `[1] first build
  ok: 1 Characters
  checks: 0 passed, 0 failed (0 played, 0 unchanged)
  outputs: site (3 files)
`},
	} {
		var b bytes.Buffer
		c.r.Format(&b, c.name == "ok")
		if b.String() != c.want {
			t.Errorf("%s:\n%s\nwant:\n%s", c.name, b.String(), c.want)
		}
	}
}
