package dist

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWatchPatchChecksItsPaths: watch's patches (a Dir that publishes
// changes only, after its own publication) read only the paths they
// replace or delete, and still refuse, leaving every byte in place, when
// one of them is the designer's: edited by hand, a file or link wbtool
// did not write, a folder holding the designer's files where a file goes.
func TestWatchPatchChecksItsPaths(t *testing.T) {
	first := Files{"a.html": []byte("A"), "b.html": []byte("B"), "x/c.html": []byte("C"), "y/d.html": []byte("D")}
	cases := []struct {
		name    string
		prepare func(t *testing.T, site string)
		next    Files
		want    string
	}{
		{"edited file replaced", func(t *testing.T, site string) {
			os.WriteFile(filepath.Join(site, "a.html"), []byte("mine"), 0o644)
		}, Files{"a.html": []byte("A2"), "b.html": []byte("B"), "x/c.html": []byte("C"), "y/d.html": []byte("D")},
			"holds a file changed by hand since wbtool wrote them (site/a.html)"},
		{"edited file deleted", func(t *testing.T, site string) {
			os.WriteFile(filepath.Join(site, "x", "c.html"), []byte("mine"), 0o644)
		}, Files{"a.html": []byte("A"), "b.html": []byte("B"), "y/d.html": []byte("D")},
			"holds a file changed by hand since wbtool wrote them (site/x/c.html)"},
		{"designer file where a file goes", func(t *testing.T, site string) {
			os.WriteFile(filepath.Join(site, "new.html"), []byte("mine"), 0o644)
		}, Files{"a.html": []byte("A"), "b.html": []byte("B"), "x/c.html": []byte("C"), "y/d.html": []byte("D"), "new.html": []byte("N")},
			"holds a file wbtool did not write (site/new.html)"},
		{"link on the way", func(t *testing.T, site string) {
			os.RemoveAll(filepath.Join(site, "x"))
			os.Symlink(t.TempDir(), filepath.Join(site, "x"))
		}, Files{"a.html": []byte("A"), "b.html": []byte("B"), "x/c.html": []byte("C2"), "y/d.html": []byte("D")},
			"holds a file wbtool did not write (site/x)"},
		{"designer file in a folder that becomes a file", func(t *testing.T, site string) {
			os.WriteFile(filepath.Join(site, "y", "notes.txt"), []byte("mine"), 0o644)
		}, Files{"a.html": []byte("A"), "b.html": []byte("B"), "x/c.html": []byte("C"), "y": []byte("Y")},
			"holds a file wbtool did not write (site/y/notes.txt)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "dist")
			d := open(t, out, "")
			d.PublishesChangesOnly()
			publish(t, d, Update{Dir: "site", Files: first})
			c.prepare(t, filepath.Join(out, "site"))
			before := tree(t, filepath.Dir(out))
			_, err := d.Publish(Update{Dir: "site", Files: c.next})
			var re *RefusedError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Publish = %v; want a refusal containing %q", err, c.want)
			}
			if after := tree(t, filepath.Dir(out)); after != before {
				t.Errorf("the tree changed:\nbefore:\n%s\nafter:\n%s", before, after)
			}
		})
	}
}

// TestWatchPatchLeavesTheRest: a designer's file beside the outputs that
// a watch patch does not touch stays; the next command that publishes
// the folder whole (a build) finds it and refuses.
func TestWatchPatchLeavesTheRest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	d.PublishesChangesOnly()
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A"), "x/c.html": []byte("C")}})
	os.WriteFile(filepath.Join(out, "site", "x", "notes.txt"), []byte("mine"), 0o644)
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A2"), "x/c.html": []byte("C")}})
	if b, _ := os.ReadFile(filepath.Join(out, "site", "a.html")); string(b) != "A2" {
		t.Errorf("a.html = %q, want A2", b)
	}
	_, err := open(t, out, "").Publish(Update{Dir: "site", Files: Files{"a.html": []byte("A3"), "x/c.html": []byte("C")}})
	if want := "holds a file wbtool did not write (site/x/notes.txt)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("build's Publish = %v; want a refusal containing %q", err, want)
	}
}

// TestWatchPatchesAppendToTheLog: watch's patches append their changes
// to the manifest's log instead of writing the manifest whole; the next
// command reads the manifest and the log as the one record, a line cut
// short by a kill is not part of it, a journal replayed after its line
// was appended does not append it twice, and a build writes the manifest
// whole again and deletes the log.
func TestWatchPatchesAppendToTheLog(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	state := filepath.Join(out, StateDir)
	d := open(t, out, "")
	d.PublishesChangesOnly()
	files := Files{"a.html": []byte("A"), "x/c.html": []byte("C"), "y/d.html": []byte("D")}
	publish(t, d, Update{Dir: "site", Files: files})
	man, _ := os.ReadFile(filepath.Join(state, manifestName))
	for i := range 3 {
		next := Files{"a.html": []byte("A" + strconv.Itoa(i)), "x/c.html": []byte("C")}
		if i != 1 {
			next["y/d.html"] = []byte("D")
		}
		publish(t, d, Update{Dir: "site", Files: next})
	}
	if now, _ := os.ReadFile(filepath.Join(state, manifestName)); string(now) != string(man) {
		t.Error("a watch patch wrote the manifest whole")
	}
	log, err := os.ReadFile(filepath.Join(state, logName))
	if n := strings.Count(string(log), "\n"); err != nil || n != 3 {
		t.Fatalf("log: %d lines (%v), want 3", n, err)
	}
	same := func(what string, got manifest) {
		t.Helper()
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(d.man)
		if string(a) != string(b) {
			t.Errorf("%s:\n%s\nwant:\n%s", what, a, b)
		}
	}
	same("read again", open(t, out, "").man)

	// a build writes the manifest whole and deletes the log
	b := open(t, out, "")
	publish(t, b, Update{Dir: "site", Files: files})
	if _, err := os.Stat(filepath.Join(state, logName)); err == nil {
		t.Error("a build left the log")
	}
	d = b
	same("after a build", open(t, out, "").man)

	// a watch patch's line cut short by a kill, then its journal replayed
	// twice: once appending the line, once finding it there
	d = open(t, out, "")
	d.PublishesChangesOnly()
	publish(t, d, Update{Dir: "site", Files: files})
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A9"), "x/c.html": []byte("C")}})
	log, _ = os.ReadFile(filepath.Join(state, logName))
	if strings.Count(string(log), "\n") != 1 {
		t.Fatalf("log:\n%s", log)
	}
	var dl delta
	if err := json.Unmarshal(log, &dl); err != nil {
		t.Fatal(err)
	}
	jb, _ := json.Marshal(journal{Patches: []patch{{Dir: "site"}}, Delta: &dl})
	for range 2 {
		os.WriteFile(filepath.Join(state, logName), log[:10], 0o644)
		os.WriteFile(filepath.Join(state, journalName), jb, 0o644)
		same("after recovery", open(t, out, "").man)
		if got, _ := os.ReadFile(filepath.Join(state, logName)); string(got) != string(log) {
			t.Errorf("log after recovery:\n%s\nwant:\n%s", got, log)
		}
	}
	os.WriteFile(filepath.Join(state, journalName), jb, 0o644)
	same("replayed", open(t, out, "").man)
	if got, _ := os.ReadFile(filepath.Join(state, logName)); string(got) != string(log) {
		t.Errorf("log after a replay:\n%s\nwant:\n%s", got, log)
	}
}
