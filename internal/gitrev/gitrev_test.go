package gitrev

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
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

// TestNoRepositoryCommand: a repository whose configuration names
// commands (an fsmonitor, filter drivers, one of them from an included
// file, diff drivers, an external diff, hooks) runs none of them through
// any function of the package; plain git, given the same repository,
// runs them (so the test can tell).
func TestNoRepositoryCommand(t *testing.T) {
	dir, marker := hostileRepo(t)
	if v := Describe(dir); v != "v1-dirty" {
		t.Errorf("Describe = %q, want v1-dirty", v)
	}
	DescribeRev(dir, "v1")
	TagsAfter(dir, "v1", 10)
	if _, err := Tree(dir, "v1"); err != nil {
		t.Errorf("Tree: %v", err)
	}
	if c, err := Command("", "rev-parse", "--git-path", "hooks"); err != nil {
		t.Errorf("Command: %v", err)
	} else {
		c.Dir = dir
		if out, err := c.Output(); err != nil {
			t.Errorf("rev-parse: %v", err)
		} else if got := string(out); got != filepath.Join(dir, "hooks")+"\n" {
			t.Errorf("git-path hooks = %q: core.hooksPath is not kept", got)
		}
	}
	if b, err := os.ReadFile(marker); err == nil {
		t.Errorf("the repository's commands ran:\n%s", b)
	}

	// The control: git as the repository configures it runs them.
	for _, args := range [][]string{{"status"}, {"archive", "v1"}, {"diff", "v1"}} {
		exec.Command("git", append([]string{"-C", dir}, args...)...).Run()
	}
	b, _ := os.ReadFile(marker)
	for _, want := range []string{"fsmonitor", "clean", "cleaninc", "smudge", "post-index-change", "diffcommand"} {
		if !slices.Contains(strings.Fields(string(b)), want) {
			t.Errorf("plain git did not run %s: the test repository does not test it (ran: %q)", want, b)
		}
	}
}

// hostileRepo is a repository at tag v1 with a changed file, whose
// configuration names commands that each append their name to marker.
func hostileRepo(t *testing.T) (dir, marker string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
			t.Fatal("git is required (WBTOOL_REQUIRE_TOOLS=1)")
		}
		t.Skip("git is not installed")
	}
	dir = t.TempDir()
	t.Setenv("HOME", t.TempDir())
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	marker = filepath.Join(t.TempDir(), "marker")
	run := func(args ...string) {
		t.Helper()
		c := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", ".")
	write(filepath.Join(dir, ".gitattributes"), "a.txt filter=evil diff=evil\nb.txt filter=inc\n", 0o644)
	write(filepath.Join(dir, "a.txt"), "a\n", 0o644)
	write(filepath.Join(dir, "b.txt"), "b\n", 0o644)
	run("add", "-A")
	run("commit", "-q", "-m", "one")
	run("tag", "v1")
	// Each command appends its name to the marker (and passes its input
	// through, as a filter does).
	cmd := func(name string) string {
		p := filepath.Join(dir, ".git", "cmd-"+name)
		write(p, "#!/bin/sh\necho "+name+" >>'"+marker+"'\ncat\n", 0o755)
		return p
	}
	for _, h := range []string{"post-index-change", "pre-commit", "post-checkout", "reference-transaction"} {
		write(filepath.Join(dir, "hooks", h), "#!/bin/sh\necho "+h+" >>'"+marker+"'\n", 0o755)
	}
	inc := filepath.Join(dir, ".git", "more.config")
	write(inc, "[filter \"inc\"]\n\tclean = "+cmd("cleaninc")+"\n\tsmudge = "+cmd("smudgeinc")+"\n", 0o644)
	for _, kv := range [][2]string{
		{"core.fsmonitor", cmd("fsmonitor")},
		{"core.hooksPath", filepath.Join(dir, "hooks")},
		{"filter.evil.clean", cmd("clean")},
		{"filter.evil.smudge", cmd("smudge")},
		{"filter.evil.required", "true"},
		{"diff.external", cmd("external")},
		{"diff.evil.textconv", cmd("textconv")},
		{"diff.evil.command", cmd("diffcommand")},
		{"core.sshCommand", cmd("ssh")},
		{"core.pager", cmd("pager")},
		{"include.path", inc},
	} {
		run("config", kv[0], kv[1])
	}
	// a changed file, and one whose time changed: git status compares
	// their contents with the index, through the clean filter
	write(filepath.Join(dir, "a.txt"), "a changed\n", 0o644)
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "b.txt"), future, future); err != nil {
		t.Fatal(err)
	}
	return dir, marker
}

// TestDriverNameRefused: a driver whose name a -c option cannot carry is
// an error, not a driver left on.
func TestDriverNameRefused(t *testing.T) {
	dir, _ := hostileRepo(t)
	if err := exec.Command("git", "-C", dir, "config", "filter.a=b.smudge", "x").Run(); err != nil {
		t.Fatal(err)
	}
	_, err := Command(dir, "status")
	if err == nil || !strings.Contains(err.Error(), `names filter driver "a=b"`) {
		t.Errorf("err = %v", err)
	}
	if v := Describe(dir); v != "" {
		t.Errorf("Describe = %q, want nothing", v)
	}
}
