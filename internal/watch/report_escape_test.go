package watch

import (
	"bytes"
	"strings"
	"testing"
)

// TestReportEscapesControls: file names, check failures and errors quote
// content; none of their control characters reaches the terminal.
func TestReportEscapesControls(t *testing.T) {
	evil := "x\x1b]0;pwned\x07\r999 passed, 0 failed\u202e"
	r := &Report{Seq: 2, Changed: []string{"cards/" + evil + ".cue"}, Summary: "1 Characters",
		Outputs: []string{"print/" + evil + ".pdf"}}
	r.Checks.Failed = 1
	r.Checks.Failures = []string{"content/" + evil + ".cue:1:2: check " + evil + ": step 1 (expect): " + evil}
	var b bytes.Buffer
	r.Format(&b, false)
	out := b.String()
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("report contains %q:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, `x\x1b]0;pwned\x07\x0d999 passed, 0 failed\u202e`) {
		t.Errorf("report does not show the escaped name:\n%s", out)
	}
	if n := strings.Count(out, "\n"); n != 5 {
		t.Errorf("report has %d lines, want 5:\n%s", n, out)
	}

	errs := &Report{Seq: 3, Changed: []string{"a.cue"}, Errors: []string{"content/" + evil + ".cue:1:1: wrong"}}
	b.Reset()
	errs.Format(&b, false)
	if strings.ContainsAny(b.String(), "\x1b\x07\r") {
		t.Errorf("error report contains controls: %q", b.String())
	}
}
