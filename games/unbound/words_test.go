package unbound

import (
	"os"
	"regexp"
	"testing"
)

// TestWordsKnown: every word the kit and the site ask for exists in both
// languages (a missing key would print nothing).
func TestWordsKnown(t *testing.T) {
	re := regexp.MustCompile(`\bword\("([a-z-]+)"`)
	for _, f := range []string{"cards.go", "kit.go", "site.go", "exports.go"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllSubmatch(src, -1) {
			if w, ok := words[string(m[1])]; !ok || w.EN == "" || w.FR == "" {
				t.Errorf("%s: word %q is missing or empty in a language", f, m[1])
			}
		}
	}
	for k, w := range words {
		if w.EN == "" || w.FR == "" {
			t.Errorf("word %q is empty in a language", k)
		}
	}
}
