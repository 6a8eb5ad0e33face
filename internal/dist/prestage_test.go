package dist

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestPrestagedPublishEqualsPublish: a publication that takes over a
// prestage — files handed early, some twice, some with other bytes than
// the ones published, some not published at all, some published but
// never handed, from several goroutines — leaves the same outputs and the
// same record as a plain publication, and the next one patches them.
func TestPrestagedPublishEqualsPublish(t *testing.T) {
	final := []Update{
		{Dir: "site", Files: Files{"index.html": []byte("home"), "en/cards/a/index.html": []byte("A"),
			"en/cards/a/front.svg": []byte("<svg>a</svg>"), "en/cards/b/index.html": []byte("B"),
			"assets/style.css": []byte("css"), "empty.txt": {}}},
		{Dir: "data", Files: Files{"catalog.json": []byte("{}")}},
		{Dir: "print", Files: Files{"cards-en.pdf": []byte("%PDF")}},
	}
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), final...)

	out := filepath.Join(t.TempDir(), "out")
	d := open(t, out, "")
	pre := d.Prestage("data", "print", "site", "../x")
	site := final[0].Files
	if final[0].Dir != "site" {
		t.Fatal("Publish reordered the caller's updates")
	}
	var wg sync.WaitGroup
	for _, rel := range []string{"index.html", "en/cards/a/index.html", "en/cards/a/front.svg", "empty.txt"} {
		wg.Go(func() { pre.Add("site", rel, site[rel]) })
	}
	wg.Wait()
	pre.Add("site", "index.html", []byte("other bytes, handed twice"))
	pre.Add("site", "en/cards/b/index.html", []byte("B before its last change"))
	pre.Add("site", "en/cards/gone/index.html", []byte("a page the site dropped"))
	pre.Add("site", "gone/deep/x.svg", []byte("x"))
	pre.Add("site", "../escape", []byte("x"))
	pre.Add("data", "catalog.json", final[1].Files["catalog.json"])
	pre.Add("export", "a.json", []byte("a folder not prestaged"))
	// print is published without being handed
	pre.finish(false) // as Publish does first: the files are written
	staged := filepath.Join(out, StateDir, stageName, "site", "en", "cards", "a", "front.svg")
	st, err := os.Stat(staged)
	if err != nil {
		t.Fatalf("not prestaged: %v", err)
	}
	if n, err := d.Publish(final...); err != nil || n != 8 {
		t.Fatalf("Publish = %d, %v; want 8 files", n, err)
	}
	if st2, err := os.Stat(filepath.Join(out, "site", "en", "cards", "a", "front.svg")); err != nil || !os.SameFile(st, st2) {
		t.Errorf("the prestaged file was written again (%v)", err)
	}
	pre.Abort() // after the publication: nothing
	pre.Add("site", "late.html", []byte("after the publication"))
	if got, want := tree(t, out), tree(t, ref); got != want {
		t.Errorf("prestaged:\n%s\nplain:\n%s", got, want)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(out), "escape")); err == nil {
		t.Error("a file was written outside the output folder")
	}
	gotMan, _ := d.readManifest()
	refMan, _ := open(t, ref, "").readManifest()
	for dir, recs := range refMan.Dirs {
		for rel, r := range recs {
			if g := gotMan.Dirs[dir][rel]; g.SHA256 != r.SHA256 || g.Size != r.Size {
				t.Errorf("manifest %s/%s = %+v, want %+v", dir, rel, g, r)
			}
		}
		if len(gotMan.Dirs[dir]) != len(recs) {
			t.Errorf("manifest %s: %d files, want %d", dir, len(gotMan.Dirs[dir]), len(recs))
		}
	}
	entries, _ := os.ReadDir(filepath.Join(out, StateDir))
	for _, e := range entries {
		if e.Name() != manifestName {
			t.Errorf("left behind in %s: %s", StateDir, e.Name())
		}
	}
	// wbtool owns what it wrote: the next build patches it, and a
	// prestage of owned folders writes nothing.
	d = open(t, out, "")
	pre = d.Prestage("site")
	pre.Add("site", "index.html", []byte("home 2"))
	if _, err := os.Stat(filepath.Join(out, StateDir, stageName)); err == nil {
		t.Error("a prestage of a folder wbtool owns made a stage")
	}
	site["index.html"] = []byte("home 2")
	publish(t, d, final...)
	if b, _ := os.ReadFile(filepath.Join(out, "site", "index.html")); string(b) != "home 2" {
		t.Errorf("index.html = %q after the patch", b)
	}
}

// TestPrestageAbortLeavesNothing: a build that fails after its site
// handed files leaves the output folder as it found it — absent, or
// holding only what was there.
func TestPrestageAbortLeavesNothing(t *testing.T) {
	base := t.TempDir()
	out := filepath.Join(base, "dist")
	d := open(t, out, "")
	pre := d.Prestage("site", "data")
	for i := range 50 {
		pre.Add("site", fmt.Sprintf("en/cards/c%d/index.html", i), []byte("page"))
	}
	pre.Abort()
	pre.Add("site", "late.html", []byte("after Abort"))
	if _, err := os.Lstat(out); !os.IsNotExist(err) {
		t.Errorf("a failed build left the output folder it made: %v\n%s", err, tree(t, base))
	}

	// an output folder of the designer's, already there: kept, with
	// what it holds
	os.MkdirAll(filepath.Join(out, "notes"), 0o755)
	os.WriteFile(filepath.Join(out, "notes", "n.txt"), []byte("mine"), 0o644)
	before := tree(t, base)
	d = open(t, out, "")
	pre = d.Prestage("site")
	pre.Add("site", "index.html", []byte("home"))
	pre.Abort()
	if after := tree(t, base); after != before {
		t.Errorf("after Abort:\n%s\nwant:\n%s", after, before)
	}
	if _, err := os.Lstat(filepath.Join(out, StateDir)); !os.IsNotExist(err) {
		t.Errorf("Abort left the state folder it made: %v", err)
	}
}

// TestPrestagedPublishRefused: a folder of the designer's that appears
// where a prestage wrote is refused as always, and the stage goes.
func TestPrestagedPublishRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	pre := d.Prestage("site")
	pre.Add("site", "index.html", []byte("home"))
	os.MkdirAll(filepath.Join(out, "site"), 0o755)
	os.WriteFile(filepath.Join(out, "site", "mine.html"), []byte("mine"), 0o644)
	_, err := d.Publish(Update{Dir: "site", Files: Files{"index.html": []byte("home")}})
	if _, ok := err.(*RefusedError); !ok {
		t.Fatalf("Publish = %v, want a refusal", err)
	}
	pre.Abort()
	if got := tree(t, out); got != "d .\nd site\nf site/mine.html "+fmt.Sprintf("%x", sha256Sum("mine"))+"\n" {
		t.Errorf("after the refusal:\n%s", got)
	}
}

// TestKillDuringPrestagedPublish kills a process that prestages and
// publishes builds into fresh output folders at random moments; after
// each kill the next Open leaves no output, or the whole build.
func TestKillDuringPrestagedPublish(t *testing.T) {
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
	ref := filepath.Join(t.TempDir(), "ref")
	start := time.Now()
	publish(t, open(t, ref, ""), generation(0)...)
	took := time.Since(start)
	want := tree(t, ref)
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[string]int{}
	for i := range 30 {
		base := t.TempDir()
		cmd := exec.Command(exe, "-test.run=^TestPrestageChild$")
		cmd.Env = append(os.Environ(), "WBTOOL_DIST_CHILD="+base)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil {
			t.Fatalf("child: %v", err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(3 * took))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		// the child builds into base/0, base/1, …: each one left is
		// empty or whole once opened
		for k := 0; ; k++ {
			out := filepath.Join(base, strconv.Itoa(k))
			if _, err := os.Lstat(out); err != nil {
				break
			}
			open(t, out, "")
			switch got := tree(t, out); {
			case got == want:
				seen["whole"]++
			case got == "d .\n":
				seen["empty"]++
			default:
				t.Fatalf("after kill %d, output folder %d holds part of a build:\n%s", i, k, got)
			}
		}
	}
	t.Logf("output folders found after the kills: %v", seen)
	if seen["empty"] == 0 || seen["whole"] == 0 {
		t.Errorf("the kills never interrupted a prestaged publication (%v): the test proves nothing", seen)
	}
}

// TestPrestageChild is the process TestKillDuringPrestagedPublish kills:
// it builds into fresh output folders in a loop, handing each file to a
// prestage first.
func TestPrestageChild(t *testing.T) {
	base := os.Getenv("WBTOOL_DIST_CHILD")
	if base == "" {
		t.Skip("run by TestKillDuringPrestagedPublish")
	}
	fmt.Println("publishing")
	for k := 0; ; k++ {
		d, err := Open(filepath.Join(base, strconv.Itoa(k)), "")
		if err != nil {
			t.Fatal(err)
		}
		us := generation(0)
		pre := d.Prestage("data", "print", "site")
		for _, u := range us {
			for rel, b := range u.Files {
				pre.Add(u.Dir, rel, b)
			}
		}
		if _, err := d.Publish(us...); err != nil {
			t.Fatal(err)
		}
	}
}

func sha256Sum(s string) [32]byte { return sha256.Sum256([]byte(s)) }

// TestPrestageTake: files taken by a prestage (Take) are published from
// what it wrote when the update holds them with nil bytes — the outputs
// and the record are those of a plain publication of the bytes — and the
// caller is told which files it may drop: not a second hand of a file,
// not a folder the prestage does not stage, not after the publication.
// A taken file that could not be written fails the publication, which
// leaves the output folder as it was (its bytes are gone).
func TestPrestageTake(t *testing.T) {
	full := Files{"index.html": []byte("home"), "en/a/index.html": []byte("A"), "en/a/front.svg": []byte("<svg>a</svg>"), "empty.txt": {}}
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), Update{Dir: "site", Files: full}, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}})

	out := filepath.Join(t.TempDir(), "out")
	d := open(t, out, "")
	pre := d.Prestage("site", "data")
	held := Files{}
	for rel, b := range full {
		if pre.Take("site", rel, b) {
			b = nil // dropped, as a site builder does
		} else {
			t.Errorf("site/%s not taken", rel)
		}
		held[rel] = b
	}
	if pre.Take("site", "index.html", []byte("handed twice")) {
		t.Error("a file handed twice was taken: its bytes may differ")
	}
	if pre.Take("export", "a.json", []byte("x")) || pre.Take("site", "../x", []byte("x")) {
		t.Error("a file the prestage does not write was taken")
	}
	if n, err := d.Publish(Update{Dir: "site", Files: held}, Update{Dir: "data", Files: Files{"catalog.json": []byte("{}")}}); err != nil || n != 5 {
		t.Fatalf("Publish = %d, %v; want 5 files", n, err)
	}
	if pre.Take("site", "late.html", []byte("x")) {
		t.Error("a file was taken after the publication")
	}
	if got, want := tree(t, out), tree(t, ref); got != want {
		t.Errorf("taken:\n%s\nplain:\n%s", got, want)
	}
	gotMan, _ := d.readManifest()
	refMan, _ := open(t, ref, "").readManifest()
	for rel, r := range refMan.Dirs["site"] {
		if g := gotMan.Dirs["site"][rel]; g.SHA256 != r.SHA256 || g.Size != r.Size {
			t.Errorf("manifest site/%s = %+v, want %+v", rel, g, r)
		}
	}

	// a taken file the stage could not hold: the publication fails
	out = filepath.Join(t.TempDir(), "out")
	d = open(t, out, "")
	pre = d.Prestage("site")
	if !pre.Take("site", "a/index.html", []byte("A")) {
		t.Fatal("not taken")
	}
	pre.finish(false)
	// as if its write had failed: queued, never recorded
	pre.files["site/b/index.html"], pre.taken["site/b/index.html"] = nil, true
	_, err := d.Publish(Update{Dir: "site", Files: Files{"a/index.html": nil, "b/index.html": nil}})
	if err == nil || !strings.Contains(err.Error(), "a file (site/b/index.html) could not be written") {
		t.Fatalf("Publish = %v, want the file taken and not written", err)
	}
	if _, err := os.Stat(filepath.Join(out, "site")); err == nil {
		t.Error("a publication that lost a file wrote the folder")
	}
}
