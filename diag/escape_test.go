package diag

import (
	"net/url"
	"testing"
)

// TestEscapePath: escapePath escapes as net/url does, on every byte alone
// and between letters, and on paths as designers name files.
func TestEscapePath(t *testing.T) {
	cases := []string{"", "*", "a/b.cue", "my cards/a.cue", "a?b#c%d", "été/ü.cue", "x:y/z", "**"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	for _, p := range cases {
		if got, want := escapePath(p), (&url.URL{Path: p}).EscapedPath(); got != want {
			t.Errorf("escapePath(%q) = %q, net/url gives %q", p, got, want)
		}
	}
}
