package dist

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/testtool"
)

func open(t *testing.T, out, content string) *Dir {
	t.Helper()
	d, err := Open(out, content)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func publish(t *testing.T, d *Dir, u ...Update) {
	t.Helper()
	if _, err := d.Publish(u...); err != nil {
		t.Fatal(err)
	}
}

// tree lists everything under root, wbtool's state folder aside.
func tree(t *testing.T, root string) string {
	t.Helper()
	got, err := testtool.Tree(root, StateDir)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestPublishReplacesOwnedFolders(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("1"), "old/b.html": []byte("2")}},
		Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("3")}})
	got, err := os.ReadFile(filepath.Join(out, "site", "a.html"))
	if err != nil || string(got) != "3" {
		t.Fatalf("a.html = %q, %v; want 3", got, err)
	}
	if _, err := os.Stat(filepath.Join(out, "site", "old")); !os.IsNotExist(err) {
		t.Errorf("stale folder survived the swap: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "data", "catalog.json")); err != nil {
		t.Errorf("a folder not published was touched: %v", err)
	}
	// A second Open (the next command) sees the same ownership.
	d = open(t, out, "")
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("4")}})
	entries, _ := os.ReadDir(filepath.Join(out, StateDir))
	for _, e := range entries {
		if e.Name() != manifestName {
			t.Errorf("left behind in %s: %s", StateDir, e.Name())
		}
	}
}

func TestPublishKeepsUnchangedFilesAndCountsChanges(t *testing.T) {
	out := t.TempDir()
	d := open(t, out, "")
	publish(t, d, Update{Dir: "print", Files: Files{"a.pdf": []byte("A"), "b.pdf": []byte("B")}})
	stA, _ := os.Stat(filepath.Join(out, "print", "a.pdf"))
	n, err := d.Publish(Update{Dir: "print", Files: Files{"b.pdf": []byte("B2")}, Keep: true})
	if err != nil || n != 1 {
		t.Fatalf("Publish = %d, %v; want 1 changed file", n, err)
	}
	stA2, _ := os.Stat(filepath.Join(out, "print", "a.pdf"))
	if !os.SameFile(stA, stA2) {
		t.Error("an unchanged file was rewritten instead of kept")
	}
	n, err = d.Publish(Update{Dir: "print", Keep: true, Remove: []string{"a.pdf"}})
	if err != nil || n != 1 {
		t.Fatalf("Publish(remove) = %d, %v; want 1 change", n, err)
	}
	if got := tree(t, out); strings.Contains(got, "a.pdf") || !strings.Contains(got, "b.pdf") {
		t.Errorf("after removing a.pdf:\n%s", got)
	}
}

// TestPublishReplaceDropsStaleFiles: an export written again under a
// folder drops the files it wrote there before and no longer makes, keeps
// the other folders' files, and still refuses a file it did not write.
func TestPublishReplaceDropsStaleFiles(t *testing.T) {
	out := t.TempDir()
	d := open(t, out, "")
	publish(t, d, Update{Dir: "export", Files: Files{"png/tgc/en/a.png": []byte("A"), "png/tgc/en/b.png": []byte("B"),
		"png/tgc/fr/a.png": []byte("A"), "png/tgc/en2/c.png": []byte("C"), "tts/en/d.json": []byte("D")}})
	publish(t, d, Update{Dir: "export", Files: Files{"png/tgc/en/a.png": []byte("A2")}, Keep: true, Replace: []string{"png/tgc/en"}})
	got := tree(t, out)
	for _, want := range []string{"png/tgc/en/a.png", "png/tgc/fr/a.png", "png/tgc/en2/c.png", "tts/en/d.json"} {
		if !strings.Contains(got, want) {
			t.Errorf("%s was dropped:\n%s", want, got)
		}
	}
	if strings.Contains(got, "png/tgc/en/b.png") {
		t.Errorf("the stale png/tgc/en/b.png is still there:\n%s", got)
	}
	os.WriteFile(filepath.Join(out, "export", "png", "tgc", "en", "mine.png"), []byte("designer"), 0o644)
	if _, err := d.Publish(Update{Dir: "export", Keep: true, Replace: []string{"png/tgc/en"}}); err == nil {
		t.Error("a file wbtool did not write was dropped or overwritten")
	}
	if b, _ := os.ReadFile(filepath.Join(out, "export", "png", "tgc", "en", "mine.png")); string(b) != "designer" {
		t.Error("the designer's file changed")
	}
}

// Each case prepares an output folder holding something of the
// designer's; Publish must refuse and leave every byte in place.
func TestPublishRefusesToDestroy(t *testing.T) {
	cases := []struct {
		name    string
		prepare func(t *testing.T, out string, d *Dir)
		want    string
	}{
		{"folder not written by wbtool", func(t *testing.T, out string, d *Dir) {
			os.MkdirAll(filepath.Join(out, "data"), 0o755)
			os.WriteFile(filepath.Join(out, "data", "playtest-results.csv"), []byte("a,b\n"), 0o644)
		}, "was not written by wbtool"},
		{"designer file in an owned folder", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})
			os.WriteFile(filepath.Join(out, "data", "playtest-results.csv"), []byte("a,b\n"), 0o644)
		}, "holds a file wbtool did not write (data/playtest-results.csv)"},
		{"designer folder in an owned folder", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})
			os.MkdirAll(filepath.Join(out, "data", "notes"), 0o755)
		}, "data/notes/"},
		{"edited output", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})
			os.WriteFile(filepath.Join(out, "data", "catalog.json"), []byte(`{"mine":1}`), 0o644)
		}, "changed by hand since wbtool wrote them (data/catalog.json)"},
		{"symlinked folder", func(t *testing.T, out string, d *Dir) {
			web := filepath.Join(filepath.Dir(out), "www")
			os.MkdirAll(web, 0o755)
			os.WriteFile(filepath.Join(web, "index.html"), []byte("mine"), 0o644)
			os.Symlink(web, filepath.Join(out, "data"))
		}, "is a symbolic link"},
		{"symlink inside an owned folder", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})
			os.Symlink("/etc", filepath.Join(out, "data", "etc"))
		}, "data/etc"},
		{"file in place of the folder", func(t *testing.T, out string, d *Dir) {
			os.WriteFile(filepath.Join(out, "data"), []byte("mine"), 0o644)
		}, "is a file wbtool did not write"},
		// deep in a folder of many (read several folders at a time)
		{"designer files deep in an owned folder", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: deepFiles()})
			os.WriteFile(filepath.Join(out, "data", "en", "c7", "x", "notes.txt"), []byte("mine"), 0o644)
			os.MkdirAll(filepath.Join(out, "data", "fr", "c3", "drafts"), 0o755)
			os.WriteFile(filepath.Join(out, "data", "fr", "c9", "x", "b.svg~"), []byte("mine"), 0o644)
		}, "holds 3 files wbtool did not write (data/en/c7/x/notes.txt, data/fr/c3/drafts/, data/fr/c9/x/b.svg~)"},
		{"edited outputs deep in an owned folder", func(t *testing.T, out string, d *Dir) {
			publish(t, d, Update{Dir: "data", Files: deepFiles()})
			os.WriteFile(filepath.Join(out, "data", "fr", "c11", "x", "a.html"), []byte("mine"), 0o644)
			os.WriteFile(filepath.Join(out, "data", "en", "c2", "x", "b.svg"), []byte("mine"), 0o644)
		}, "holds 2 files changed by hand since wbtool wrote them (data/en/c2/x/b.svg, data/fr/c11/x/a.html)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			os.MkdirAll(out, 0o755)
			d := open(t, out, "")
			c.prepare(t, out, d)
			before := tree(t, filepath.Dir(out))
			_, err := d.Publish(Update{Dir: "data", Files: Files{"catalog.json": []byte("[]")}})
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

func TestOpenRefusesOverlapsAndLinks(t *testing.T) {
	base := t.TempDir()
	content := filepath.Join(base, "data")
	os.MkdirAll(filepath.Join(content, "cards"), 0o755)
	os.Symlink(base, filepath.Join(base, "link"))
	os.Symlink(filepath.Join(base, "elsewhere"), filepath.Join(base, "outlink"))
	os.MkdirAll(filepath.Join(base, "elsewhere"), 0o755)
	cases := []struct{ out, want string }{
		{base, "holds the content folder"},
		{content, "is the content folder"},
		{filepath.Join(base, "link", "data"), "is the content folder"},
		{filepath.Join(content, "dist"), "inside the content folder"},
		{filepath.Join(content, "cards", "x", "y"), "inside the content folder"},
		{filepath.Join(base, "outlink"), "is a symbolic link"},
	}
	for _, c := range cases {
		before := tree(t, base)
		_, err := Open(c.out, content)
		var re *RefusedError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%s) = %v; want a refusal containing %q", c.out, err, c.want)
		}
		if after := tree(t, base); after != before {
			t.Errorf("Open(%s) changed the tree", c.out)
		}
	}
	if _, err := Open(filepath.Join(base, "dist"), content); err != nil {
		t.Errorf("an output folder beside the content: %v", err)
	}
}

func TestRefusesPathsOutsideTheOutputFolder(t *testing.T) {
	root := t.TempDir()
	d := open(t, filepath.Join(root, "out"), "")
	for _, rel := range []string{"../evil", "/etc/passwd", "a/../../b", `..\x`, "", ".", "a//b", ".hidden/../../x"} {
		if _, err := d.Publish(Update{Dir: "site", Files: Files{rel: []byte("x")}}); err == nil {
			t.Errorf("Publish with %q = nil, want an error", rel)
		}
	}
	for _, dir := range []string{"..", ".wbtool", "a/b", ""} {
		if _, err := d.Publish(Update{Dir: dir}); err == nil {
			t.Errorf("Publish to folder %q = nil, want an error", dir)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "evil")); !os.IsNotExist(err) {
		t.Fatal("a file was written outside the output folder")
	}
}

// generation is the content of one build in the kill test: every file of
// every folder carries the generation's number, so a mixed state shows.
func generation(n int) []Update {
	var us []Update
	for _, dir := range []string{"data", "print", "site"} {
		files := Files{}
		for i := range 40 {
			files[fmt.Sprintf("p%d/f%d.txt", i%4, i)] = []byte(strings.Repeat(fmt.Sprintf("%s gen %d\n", dir, n), 200+i))
		}
		if n%2 == 1 {
			files["odd-only.txt"] = []byte("odd")
		}
		us = append(us, Update{Dir: dir, Files: files})
	}
	return us
}

// TestKillDuringPublish kills a process publishing generations at random
// moments, 60 times; after each kill the next Open must leave the outputs
// of exactly one generation, the last committed or the one before.
func TestKillDuringPublish(t *testing.T) {
	if os.Getenv("WBTOOL_DIST_CHILD") != "" {
		return
	}
	if testing.Short() {
		t.Skip("kill loop skipped in -short mode")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	want := map[string]int{}
	var took time.Duration
	for n := range 2 {
		ref := filepath.Join(t.TempDir(), "ref")
		start := time.Now()
		publish(t, open(t, ref, ""), generation(n)...)
		took = max(took, time.Since(start))
		want[tree(t, ref)] = n
	}
	publish(t, open(t, out, ""), generation(0)...)
	rng := rand.New(rand.NewPCG(1, 2))
	kills := 0
	seen := map[int]int{}
	for i := range 60 {
		cmd := exec.Command(exe, "-test.run=^TestPublishChild$")
		cmd.Env = append(os.Environ(), "WBTOOL_DIST_CHILD="+out, "WBTOOL_DIST_GEN="+strconv.Itoa(i))
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until the child publishes, then kill it at a random
		// moment of its next two publications.
		if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil {
			t.Fatalf("child: %v", err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(2 * took))))
		if cmd.Process.Signal(syscall.SIGKILL) == nil {
			kills++
		}
		cmd.Wait()
		open(t, out, "")
		got := tree(t, out)
		n, ok := want[got]
		if !ok {
			t.Fatalf("after kill %d the outputs are not one generation:\n%s", i, got)
		}
		seen[n]++
	}
	t.Logf("%d kills; generations found after them: %v", kills, seen)
	if seen[0] == 0 || seen[1] == 0 {
		t.Errorf("the kills never interrupted publishing (generations found: %v): the test proves nothing", seen)
	}
}

// TestPublishChild is the process TestKillDuringPublish kills: it
// publishes generations in a loop.
func TestPublishChild(t *testing.T) {
	out := os.Getenv("WBTOOL_DIST_CHILD")
	if out == "" {
		t.Skip("run by TestKillDuringPublish")
	}
	g, _ := strconv.Atoi(os.Getenv("WBTOOL_DIST_GEN"))
	fmt.Println("publishing")
	for ; ; g++ {
		d, err := Open(out, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Publish(generation(g % 2)...); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenFinishesACommittedSwap(t *testing.T) {
	out := t.TempDir()
	d := open(t, out, "")
	publish(t, d, generation(0)...)
	// Simulate a kill just after the commit: the journal and the stage
	// are there, no folder swapped yet.
	state := filepath.Join(out, StateDir)
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), generation(1)...)
	want := tree(t, ref)
	os.MkdirAll(filepath.Join(state, stageName), 0o755)
	next := manifest{Generation: 2, Dirs: map[string]map[string]fileRecord{}}
	rd := open(t, ref, "")
	for _, dir := range []string{"data", "print", "site"} {
		if err := os.Rename(filepath.Join(ref, dir), filepath.Join(state, stageName, dir)); err != nil {
			t.Fatal(err)
		}
		next.Dirs[dir] = rd.man.Dirs[dir]
	}
	// and one folder already swapped
	os.Rename(filepath.Join(out, "data"), filepath.Join(state, "moved-data"))
	os.Rename(filepath.Join(state, stageName, "data"), filepath.Join(out, "data"))
	j := journal{Dirs: []string{"data", "print", "site"}, Manifest: next}
	b, _ := jsonMarshal(j)
	os.WriteFile(filepath.Join(state, journalName), b, 0o644)
	os.RemoveAll(filepath.Join(state, "moved-data"))
	d = open(t, out, "")
	if got := tree(t, out); got != want {
		t.Fatalf("after recovery:\n%s\nwant:\n%s", got, want)
	}
	if d.man.Generation != 2 {
		t.Errorf("generation %d, want 2", d.man.Generation)
	}
}

func TestWriteFileRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "log.jsonl")
	os.Symlink("/etc/hostname", link)
	if err := WriteFile(link, []byte("x")); err == nil {
		t.Error("WriteFile replaced a symbolic link")
	}
	f := filepath.Join(dir, "ok.jsonl")
	if err := WriteFile(f, []byte("x")); err != nil {
		t.Fatal(err)
	}
}

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

// TestPublishPatchesOwnedFolders: a folder wbtool owns is updated file by
// file — unchanged files stay where they are (same inode), a file deleted
// by hand is written again, files become folders and folders files — and
// ends up as a fresh publication of the same files would.
func TestPublishPatchesOwnedFolders(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A"), "gone.html": []byte("G"),
		"x/b.html": []byte("B"), "y": []byte("Y"), "deep/er/c.html": []byte("C"), "keep/k.html": []byte("K")}})
	stK, _ := os.Stat(filepath.Join(out, "site", "keep", "k.html"))
	os.Remove(filepath.Join(out, "site", "a.html")) // deleted by hand
	next := Files{"a.html": []byte("A"), "x": []byte("X"), "y/d.html": []byte("D"), "keep/k.html": []byte("K"), "new/n.html": []byte("N")}
	n, err := d.Publish(Update{Dir: "site", Files: next})
	if err != nil {
		t.Fatal(err)
	}
	if n != 7 { // x, y/d.html, new/n.html written; gone.html, x/b.html, y, deep/er/c.html removed (a.html is unchanged)
		t.Errorf("Publish = %d changed files, want 7", n)
	}
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), Update{Dir: "site", Files: next})
	if got, want := tree(t, out), tree(t, ref); got != want {
		t.Errorf("patched:\n%s\nfresh:\n%s", got, want)
	}
	if stK2, _ := os.Stat(filepath.Join(out, "site", "keep", "k.html")); !os.SameFile(stK, stK2) {
		t.Error("an unchanged file was rewritten")
	}
	// The record is right: the next command accepts the folder as wbtool's.
	d = open(t, out, "")
	if d.man.Dirs["site"]["a.html"].SHA256 == "" {
		t.Error("the file written again is not in the manifest")
	}
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A2")}})
	if got := tree(t, out); strings.Contains(got, "keep") || strings.Contains(got, "new") {
		t.Errorf("emptied folders left behind:\n%s", got)
	}
}

// TestOpenFinishesACommittedPatch: killed halfway through the swap of a
// patch, the next Open finishes it.
func TestOpenFinishesACommittedPatch(t *testing.T) {
	out := t.TempDir()
	publish(t, open(t, out, ""), generation(0)...)
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), generation(0)...)
	publish(t, open(t, ref, ""), generation(1)...)
	want := tree(t, ref)
	// A child publishes generation 1 and stops right after the commit
	// and the first folder's patch: replay that by hand from its journal.
	d := open(t, out, "")
	d.missing = map[string]map[string]bool{}
	stage := filepath.Join(out, StateDir, stageName)
	os.MkdirAll(stage, 0o755)
	j := journal{Manifest: manifest{Generation: 2, Dirs: map[string]map[string]fileRecord{}}}
	for _, u := range generation(1) {
		recs, _, p, err := d.stageDir(stage, u, true, nil)
		if err != nil {
			t.Fatal(err)
		}
		j.Manifest.Dirs[u.Dir] = recs
		j.Patches = append(j.Patches, p)
	}
	b, _ := jsonMarshal(j)
	os.WriteFile(filepath.Join(out, StateDir, journalName), b, 0o644)
	if err := d.applyPatch(stage, j.Patches[0]); err != nil {
		t.Fatal(err)
	}
	d = open(t, out, "")
	if got := tree(t, out); got != want {
		t.Fatalf("after recovery:\n%s\nwant:\n%s", got, want)
	}
	if d.man.Generation != 2 {
		t.Errorf("generation %d, want 2", d.man.Generation)
	}
	publish(t, d, generation(0)...) // the folders are still wbtool's
}

// deepFiles are the files of a folder of many folders, as a site's card
// pages: en|fr/cN/x/a.html and b.svg.
func deepFiles() Files {
	files := Files{}
	for _, l := range []string{"en", "fr"} {
		for i := range 40 {
			dir := fmt.Sprintf("%s/c%d/x/", l, i)
			files[dir+"a.html"], files[dir+"b.svg"] = []byte("page "+dir), []byte("image "+dir)
		}
	}
	return files
}
