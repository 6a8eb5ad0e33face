// Package golden supports golden-file tests: Update reports whether the
// golden files should be rewritten (WBTOOL_UPDATE=1), and Check compares
// output with a golden file, showing a diff on mismatch.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Update reports whether tests should rewrite their golden files instead of
// comparing with them (WBTOOL_UPDATE=1 go test ./...).
func Update() bool { return os.Getenv("WBTOOL_UPDATE") == "1" }

// Check compares got with the golden file path, or rewrites the file in
// update mode.
func Check(tb testing.TB, path string, got []byte) {
	tb.Helper()
	if Update() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("read golden file: %v (run with WBTOOL_UPDATE=1 to create it)", err)
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("%s differs (run with WBTOOL_UPDATE=1 to accept):\n%s", path, diff(string(want), string(got)))
	}
}

// diff is a small line diff: lines only in want are prefixed "-", lines
// only in got "+".
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			i, j = i+1, j+1
		case j < len(g) && (i >= len(w) || !contains(w[i:], g[j])):
			b.WriteString("+ " + g[j] + "\n")
			j++
		default:
			b.WriteString("- " + w[i] + "\n")
			i++
		}
	}
	return b.String()
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
