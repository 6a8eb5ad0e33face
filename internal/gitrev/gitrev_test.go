package gitrev

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestTagsAfter: the tags after a revision, in history order (not name
// order), one per commit, the newest max of them; none after a folder or
// outside git.
func TestTagsAfter(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
			t.Fatal("git is required (WBTOOL_REQUIRE_TOOLS=1)")
		}
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", ".")
	// names out of order with history: z1 is the oldest
	for i, tags := range [][]string{{"z1"}, {"b2", "a2"}, nil, {"m3"}, {"c4"}} {
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte{byte('a' + i)}, 0o644); err != nil {
			t.Fatal(err)
		}
		run("add", "f.txt")
		run("commit", "-q", "-m", "c")
		for _, tag := range tags {
			run("tag", "-a", tag, "-m", tag)
		}
	}
	for _, tc := range []struct {
		rev  string
		max  int
		want []string
	}{
		{"z1", 10, []string{"a2", "m3", "c4"}},
		{"z1", 2, []string{"m3", "c4"}},
		{"a2", 10, []string{"m3", "c4"}},
		{"c4", 10, nil},
		{"no-such-rev", 10, nil},
		{"-x", 10, nil},
	} {
		if got := TagsAfter(dir, tc.rev, tc.max); !slices.Equal(got, tc.want) {
			t.Errorf("TagsAfter(%s, %d) = %q, want %q", tc.rev, tc.max, got, tc.want)
		}
	}
	if got := TagsAfter(t.TempDir(), "HEAD", 10); got != nil {
		t.Errorf("outside git: %q", got)
	}
}
