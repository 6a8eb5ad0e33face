package typo

import (
	"fmt"
	"strings"
	"testing"
)

func TestFrench(t *testing.T) {
	const n, b = NNBSP, NBSP
	for _, c := range []struct {
		in   string
		prev bool
		want string
	}{
		{"Vraiment ?", false, "Vraiment" + n + "?"},
		{"Vraiment?", false, "Vraiment" + n + "?"},
		{"Vraiment\u00a0?", false, "Vraiment" + n + "?"},
		{"Note : texte", false, "Note" + b + ": texte"},
		{"Note: texte", false, "Note" + b + ": texte"},
		{"Note   : texte", false, "Note" + b + ": texte"},
		{"à 10:30 ou http://x", false, "à 10:30 ou http://x"},
		{"?!", false, "?!"},
		{"a;b", false, "a;b"},
		{"« bonjour »", false, "«" + n + "bonjour" + n + "»"},
		{"«bonjour»", false, "«" + n + "bonjour" + n + "»"},
		{"« »", false, "«" + n + "»"},
		{"fin «", false, "fin «"},
		{": suite", true, b + ": suite"},
		{": suite", false, ": suite"},
		{" ; suite", true, n + "; suite"},
		{" ; suite", false, " ; suite"},
		{"(voir plus) !", false, "(voir plus)" + n + "!"},
		{"« 3. »", false, "«" + n + "3." + n + "»"},
		{"rien à changer", false, "rien à changer"},
		// < > & are not French high punctuation: nothing is inserted,
		// and entities are not text (French runs before escaping).
		{"portée < 3", false, "portée < 3"},
		{"portée > 3 ; ou", false, "portée > 3" + n + "; ou"},
		{"Rock & Roll", false, "Rock & Roll"},
		{"Rock & Roll !", false, "Rock & Roll" + n + "!"},
		{"mot\u00ad-coupé ?", false, "mot\u00ad-coupé" + n + "?"},
	} {
		if got := French(c.in, c.prev); got != c.want {
			t.Errorf("French(%q, %v) = %q, want %q", c.in, c.prev, got, c.want)
		}
	}
}

// frenchText is about n bytes of French prose dense in punctuation.
func frenchText(n int) string {
	const sentence = "Portée < 3 : la cible « Rock & Roll » recule ; vraiment ? Oui ! "
	return strings.Repeat(sentence, n/len(sentence)+1)[:n]
}

// TestFrenchHugeText: a 2 MB French text is processed (in linear time:
// see BenchmarkFrenchSpacing), as one piece, with every mark spaced.
func TestFrenchHugeText(t *testing.T) {
	s := frenchText(2 << 20)
	got := French(s, false)
	if strings.Contains(got, " ;") || strings.Contains(got, " ?") || strings.Contains(got, "« ") {
		t.Error("some marks kept an ordinary space")
	}
	if want := strings.Count(s, ";"); strings.Count(got, NNBSP+";") != want {
		t.Errorf("%d narrow spaces before ;, want %d", strings.Count(got, NNBSP+";"), want)
	}
}

// BenchmarkFrenchSpacing runs French on n and 10n bytes: ns/op of the
// second is about 10 times the first's (linear time).
func BenchmarkFrenchSpacing(b *testing.B) {
	for _, n := range []int{160 << 10, 1600 << 10} {
		s := frenchText(n)
		b.Run(fmt.Sprintf("bytes=%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				French(s, false)
			}
		})
	}
}

func TestNumberSpaces(t *testing.T) {
	nb := "\u00a0"
	for _, c := range []struct{ in, want string }{
		{"take 2 Stress", "take 2" + nb + "Stress"},
		{"retirez 1 jeton Stress de 2 tuiles", "retirez 1" + nb + "jeton Stress de 2" + nb + "tuiles"},
		{"gain +1 ", "gain +1" + nb}, // an icon follows
		{"on a 6+ hit", "on a 6+" + nb + "hit"},
		{"(3 tiles)", "(3" + nb + "tiles)"},
		{"10:30 and 2 3", "10:30 and 2 3"}, // not before a number
		{"R2 D2 go", "R2 D2 go"},           // not a number word
		{"2.5 mm", "2.5 mm"},
		{"é 12 éclats", "é 12" + nb + "éclats"},
		{"no number", "no number"},
		{"5", "5"},
	} {
		if got := NumberSpaces(c.in); got != c.want {
			t.Errorf("NumberSpaces(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
