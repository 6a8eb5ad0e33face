package site

import (
	"path"
	"strings"
	"testing"
)

// TestRelPath: relPath gives what splitting both paths into folders and
// joining what differs gives (the way it was written first), on every
// pair of a set of page paths and targets, odd ones included.
func TestRelPath(t *testing.T) {
	split := func(from, to string) string {
		fd := strings.Split(path.Dir(from), "/")
		if path.Dir(from) == "." {
			fd = nil
		}
		td := strings.Split(to, "/")
		i := 0
		for i < len(fd) && i < len(td)-1 && fd[i] == td[i] {
			i++
		}
		return strings.Repeat("../", len(fd)-i) + strings.Join(td[i:], "/")
	}
	paths := []string{"", "index.html", "cards/index.html", "cards/x/index.html", "cards/x/front.svg", "cards/y/index.html",
		"cards", "cards/", "cards/x/", "rules/a/b/c.html", "rules/a/d.html", "/a", "/", "a//b", "a/b//c", "../a", "a/../b",
		"./a", "x/cards/x/index.html", "cardsx/index.html", "cards/x"}
	for _, from := range paths {
		for _, to := range paths {
			if got, want := relPath(from, to), split(from, to); got != want {
				t.Errorf("relPath(%q, %q) = %q, want %q", from, to, got, want)
			}
		}
	}
}
