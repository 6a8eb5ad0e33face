package site

import (
	"testing"
)

func TestFrenchSpacing(t *testing.T) {
	const n, b = "\u202f", "\u00a0"
	for _, c := range []struct {
		in   string
		prev bool
		want string
	}{
		{"Vraiment ?", false, "Vraiment" + n + "?"},
		{"Vraiment?", false, "Vraiment" + n + "?"},
		{"Note : texte", false, "Note" + b + ": texte"},
		{"Note: texte", false, "Note" + b + ": texte"},
		{"à 10:30 ou http://x", false, "à 10:30 ou http://x"},
		{"?!", false, "?!"},
		{"« bonjour »", false, "«" + n + "bonjour" + n + "»"},
		{": suite", true, b + ": suite"},
		{": suite", false, ": suite"},
		{" ; suite", true, n + "; suite"},
		{"rien à changer", false, "rien à changer"},
	} {
		if got := frenchSpacing(c.in, c.prev); got != c.want {
			t.Errorf("frenchSpacing(%q, %v) = %q, want %q", c.in, c.prev, got, c.want)
		}
	}
}
