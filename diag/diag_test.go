package diag

import (
	"testing"
)

func TestListSortsDedupsAndSummarises(t *testing.T) {
	a := Pos{File: "content/a.cue", Line: 3, Col: 2}
	b := Pos{File: "content/b.cue", Line: 1, Col: 1}
	l := List{
		Errorf(b, "x", "second"),
		Warnf(a, "", "shrunk"),
		Errorf(a, "y", "first"),
		Errorf(b, "x", "second"), // a repeat
	}
	got := l.Sorted()
	want := []string{
		`content/a.cue:3:2: y: first`,
		`content/a.cue:3:2: warning: shrunk`,
		`content/b.cue:1:1: x: second`,
	}
	if len(got) != len(want) {
		t.Fatalf("Sorted: %d diagnostics, want %d:\n%s", len(got), len(want), got.Text())
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("line %d: %q, want %q", i, got[i].String(), want[i])
		}
	}
	if s := got.Summary(); s != "2 errors and 1 warning in 2 files" {
		t.Errorf("Summary = %q", s)
	}
	if got.HasErrors(false) != true || (List{Warnf(a, "", "w")}).HasErrors(false) || !(List{Warnf(a, "", "w")}).HasErrors(true) {
		t.Error("HasErrors: warnings count only when strict")
	}
	if s := (List{Warnf(a, "", "w")}).Strict().Summary(); s != "1 error in 1 file" {
		t.Errorf("Strict().Summary = %q", s)
	}
}

// A diagnostic quotes content: it can neither drive the terminal nor span
// two lines.
func TestStringEscapesControls(t *testing.T) {
	d := Errorf(Pos{File: "evil\x1b]0;pwned\x07.cue", Line: 1, Col: 1}, "checks.\"a\rb\"", "bad\n999 passed, 0 failed")
	d.Rule = "R-DECK-3"
	got := d.String()
	want := `evil\x1b]0;pwned\x07.cue:1:1: checks."a\x0db": bad\x0a999 passed, 0 failed (R-DECK-3)`
	if got != want {
		t.Errorf("String = %q\nwant      %q", got, want)
	}
}
