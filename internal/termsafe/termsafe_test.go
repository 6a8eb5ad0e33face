package termsafe

import "testing"

func TestString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain ascii", "plain ascii"},
		{"Coureuse des sables, l’armure\u00a0: 10\u202f%", "Coureuse des sables, l’armure\u00a0: 10\u202f%"},
		{"emoji 🎲 e\u0301", "emoji 🎲 e\u0301"},
		{"bad\x1b]0;pwned\x07", `bad\x1b]0;pwned\x07`},
		{"x\r999 passed, 0 failed", `x\x0d999 passed, 0 failed`},
		{"a\nb\tc\x00d\x7f", `a\x0ab\x09c\x00d\x7f`},
		{"csi\u009b2J", `csi\u009b2J`},
		{"abc\u202eexe.cue", `abc\u202eexe.cue`},
		{"\u2066x\u2069\u200f\u2028", `\u2066x\u2069\u200f\u2028`},
		{"not utf-8 \xff\xfe", `not utf-8 \xff\xfe`},
		{`back\slash \x1b`, `back\slash \x1b`},
	} {
		got := String(c.in)
		if got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := String(got); again != got {
			t.Errorf("String is not idempotent on %q: %q", got, again)
		}
		if !Safe(got) {
			t.Errorf("Safe(%q) = false after String", got)
		}
	}
}

func TestLines(t *testing.T) {
	if got, want := Lines("one\x1b[2J\ntwo\r"), "one\\x1b[2J\ntwo\\x0d"; got != want {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}
