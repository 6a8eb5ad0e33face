package watch

import (
	"crypto/sha256"
	"testing"

	"wbtool.dev/wbtool/internal/dist"
)

// TestHashOutputsOnce: a save hashes only the outputs made of new
// slices; an output made again from the very slice it was made of last
// time keeps its sum unhashed, and every sum is the bytes' SHA-256.
func TestHashOutputsOnce(t *testing.T) {
	s := NewSession(Config{})
	page, pdf, pdf2, pdf3 := []byte("<html>page</html>"), []byte("%PDF-1.4"), []byte("%PDF-1.7"), []byte("%PDF-2.0")
	steps := []struct {
		name   string
		files  dist.Files
		hashed int
	}{
		{"first save: every file", dist.Files{"site/a.html": page, "print/cards.pdf": pdf, "data/empty": nil}, 3},
		{"same slices: only the empty file", dist.Files{"site/a.html": page, "print/cards.pdf": pdf, "data/empty": nil}, 1},
		{"a copy with the same bytes", dist.Files{"site/a.html": append([]byte(nil), page...), "print/cards.pdf": pdf}, 1},
		{"a changed file, and the page's first slice again", dist.Files{"site/a.html": page, "print/cards.pdf": pdf2}, 2},
		{"a shorter slice of the same array", dist.Files{"site/a.html": page[:5], "print/cards.pdf": pdf2}, 1},
		{"one new slice under two paths", dist.Files{"site/a.html": page[:5], "print/aids.pdf": pdf3, "site/print/aids.pdf": pdf3}, 1},
	}
	for _, st := range steps {
		sums, hashed := s.hashOutputs(st.files)
		if hashed != st.hashed {
			t.Errorf("%s: hashed %d files, want %d", st.name, hashed, st.hashed)
		}
		for p, b := range st.files {
			if sums[p] != sha256.Sum256(b) {
				t.Errorf("%s: the sum of %s is not its bytes'", st.name, p)
			}
		}
		if len(sums) != len(st.files) {
			t.Errorf("%s: %d sums for %d files", st.name, len(sums), len(st.files))
		}
	}
}
