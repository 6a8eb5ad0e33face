package dist

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// setLockWait sets LockWait for one test.
func setLockWait(t *testing.T, d time.Duration) {
	old := LockWait
	LockWait = d
	t.Cleanup(func() { LockWait = old })
}

// busy checks that err is the refusal of a folder another process writes,
// naming the folder, the holder's pid and its command.
func busy(t *testing.T, err error, out string, pid int) {
	t.Helper()
	var re *RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("got %v, want a refusal: the folder is busy", err)
	}
	want := fmt.Sprintf("%s: another wbtool is writing this output folder (pid %d, %s", out, pid, filepath.Base(os.Args[0]))
	if msg := err.Error(); !strings.HasPrefix(msg, want) || !strings.HasSuffix(msg, "); wait for it to finish or choose another --out") {
		t.Fatalf("message %q,\nwant %q… ); wait for it to finish or choose another --out", msg, want)
	}
}

// onlyManifest checks that the state folder holds nothing but the
// manifest (no lock file, stage or journal left).
func onlyManifest(t *testing.T, out string) {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Join(out, StateDir))
	for _, e := range entries {
		if e.Name() != manifestName {
			t.Errorf("left behind in %s: %s", StateDir, e.Name())
		}
	}
}

// releaseLater releases l after a moment, setting released first.
func releaseLater(l *outLock, released *atomic.Bool) {
	go func() {
		time.Sleep(150 * time.Millisecond)
		released.Store(true)
		l.unlock(false)
	}()
}

// TestLockKeepsWritersApart: while the output folder's lock is held (by
// another open file: flock locks of two open files conflict in one
// process too), Open and Publish wait, then refuse naming the holder and
// change nothing; a Publish waiting while the holder finishes succeeds.
func TestLockKeepsWritersApart(t *testing.T) {
	setLockWait(t, 100*time.Millisecond)
	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	publish(t, d, generation(0)...)
	want0 := tree(t, out)
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), generation(1)...)
	want1 := tree(t, ref)

	held, err := lockOut(out, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(out, "")
	busy(t, err, out, os.Getpid())
	_, err = d.Publish(generation(1)...)
	busy(t, err, out, os.Getpid())
	_, err = lockOut(out, 0)
	busy(t, err, out, os.Getpid())
	if got := tree(t, out); got != want0 {
		t.Fatalf("a refused publication changed the outputs:\n%s", got)
	}

	setLockWait(t, time.Minute)
	var released atomic.Bool
	releaseLater(held, &released)
	publish(t, d, generation(1)...)
	if !released.Load() {
		t.Fatal("published while the lock was held")
	}
	if got := tree(t, out); got != want1 {
		t.Fatalf("outputs after waiting:\n%s\nwant\n%s", got, want1)
	}
	onlyManifest(t, out)
}

// TestPrestageHoldsTheLock: a prestage holds the lock from its first file
// to the end of its publication, so another process's Open cannot sweep
// its stage as a killed one's; a prestage that finds the folder busy
// writes nothing, and its publication waits.
func TestPrestageHoldsTheLock(t *testing.T) {
	setLockWait(t, 100*time.Millisecond)
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), generation(0)...)
	want := tree(t, ref)
	prestage := func(d *Dir) {
		pre := d.Prestage("data", "print", "site")
		for _, u := range generation(0) {
			for rel, b := range u.Files {
				pre.Add(u.Dir, rel, b)
			}
		}
	}

	out := filepath.Join(t.TempDir(), "dist")
	d := open(t, out, "")
	prestage(d)
	stage := filepath.Join(out, StateDir, stageName)
	if _, err := os.Stat(stage); err != nil {
		t.Fatalf("no stage: %v", err)
	}
	_, err := Open(out, "")
	busy(t, err, out, os.Getpid())
	other := &Dir{root: out, man: manifest{Dirs: map[string]map[string]fileRecord{}}}
	_, err = other.Publish(generation(1)...)
	busy(t, err, out, os.Getpid())
	if _, err := os.Stat(stage); err != nil {
		t.Fatalf("the prestage's stage was swept: %v", err)
	}
	publish(t, d, generation(0)...)
	if got := tree(t, out); got != want {
		t.Fatalf("prestaged outputs:\n%s\nwant\n%s", got, want)
	}
	onlyManifest(t, out)

	out = filepath.Join(t.TempDir(), "dist")
	d = open(t, out, "")
	held, err := lockOut(out, 0)
	if err != nil {
		t.Fatal(err)
	}
	prestage(d)
	if _, err := os.Stat(filepath.Join(out, StateDir, stageName)); err == nil {
		t.Fatal("a prestage wrote into a folder another process writes")
	}
	setLockWait(t, time.Minute)
	var released atomic.Bool
	releaseLater(held, &released)
	publish(t, d, generation(0)...)
	if !released.Load() {
		t.Fatal("published while the lock was held")
	}
	if got := tree(t, out); got != want {
		t.Fatalf("outputs after waiting:\n%s\nwant\n%s", got, want)
	}
	onlyManifest(t, out)
}

// startChild runs TestLockChild in mode for output folder out and waits
// for its first line.
func startChild(t *testing.T, mode, out string, n int) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestLockChild$")
	cmd.Env = append(os.Environ(), "WBTOOL_DIST_LOCK="+mode, "WBTOOL_DIST_CHILD="+out, "WBTOOL_DIST_GEN="+strconv.Itoa(n))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := bufio.NewReader(stdout)
	if _, err := r.ReadString('\n'); err != nil {
		t.Fatalf("child: %v", err)
	}
	return cmd, r
}

// TestLockOfKilledProcessIsFree: a process holding the lock is named in
// the refusal; once killed (its lock file left behind, naming it), the
// folder is free at once.
func TestLockOfKilledProcessIsFree(t *testing.T) {
	if os.Getenv("WBTOOL_DIST_LOCK") != "" {
		return
	}
	setLockWait(t, 100*time.Millisecond)
	out := filepath.Join(t.TempDir(), "dist")
	publish(t, open(t, out, ""), generation(0)...)
	cmd, _ := startChild(t, "hold", out, 0)
	_, err := Open(out, "")
	busy(t, err, out, cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if b, err := os.ReadFile(filepath.Join(out, StateDir, lockName)); err != nil || !strings.HasPrefix(string(b), strconv.Itoa(cmd.Process.Pid)+" ") {
		t.Fatalf("the killed process's lock file: %q, %v", b, err)
	}
	setLockWait(t, 0)
	d := open(t, out, "")
	publish(t, d, generation(1)...)
	onlyManifest(t, out)
}

// TestRacingPublishers: three processes publish generations into one
// output folder as fast as they can, while this one looks at the outputs
// whenever it holds the lock: they are always one whole generation, and
// every publication succeeds (each waits for the others).
func TestRacingPublishers(t *testing.T) {
	if os.Getenv("WBTOOL_DIST_LOCK") != "" {
		return
	}
	if testing.Short() {
		t.Skip("process race skipped in -short mode")
	}
	const children, rounds = 3, 6
	want := map[string]int{}
	for c := range children {
		for k := range rounds {
			n := c*100 + k
			ref := filepath.Join(t.TempDir(), "ref")
			publish(t, open(t, ref, ""), generation(n)...)
			want[tree(t, ref)] = n
		}
	}
	out := filepath.Join(t.TempDir(), "dist")
	var cmds []*exec.Cmd
	for c := range children {
		cmd, _ := startChild(t, "race", out, c*100)
		cmds = append(cmds, cmd)
	}
	done := make(chan error, children)
	for _, cmd := range cmds {
		go func() { done <- cmd.Wait() }()
	}
	seen := map[int]bool{}
	looks := 0
	for finished := 0; finished < children; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("a publisher failed: %v", err)
			}
			finished++
			continue
		default:
		}
		l, err := lockOut(out, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		got := tree(t, out)
		l.unlock(false)
		if got == "d .\n" {
			continue // none yet
		}
		n, ok := want[got]
		if !ok {
			t.Fatalf("the outputs are not one generation:\n%s", got)
		}
		seen[n] = true
		looks++
		time.Sleep(5 * time.Millisecond)
	}
	got := tree(t, out)
	if _, ok := want[got]; !ok {
		t.Fatalf("the outputs are not one generation:\n%s", got)
	}
	onlyManifest(t, out)
	t.Logf("%d looks, %d generations seen", looks, len(seen))
}

// TestLockChild is the process of TestLockOfKilledProcessIsFree ("hold":
// holds the lock until killed) and TestRacingPublishers ("race": publishes
// generations N, N+1, … in a loop).
func TestLockChild(t *testing.T) {
	mode, out := os.Getenv("WBTOOL_DIST_LOCK"), os.Getenv("WBTOOL_DIST_CHILD")
	if mode == "" {
		t.Skip("run by the lock tests")
	}
	n, _ := strconv.Atoi(os.Getenv("WBTOOL_DIST_GEN"))
	LockWait = time.Minute
	switch mode {
	case "hold":
		if _, err := lockOut(out, 0); err != nil {
			t.Fatal(err)
		}
		fmt.Println("locked")
		time.Sleep(time.Minute)
	case "race":
		fmt.Println("publishing")
		for k := range 6 {
			d, err := Open(out, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Publish(generation(n + k)...); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestWrittenElsewhere: a Dir that publishes only the folders it changed
// (watch) is refused, with nothing written, once another process has
// published into the output folder; publishing all its folders again then
// gives outputs of its own, never a mix of the two writers' folders.
func TestWrittenElsewhere(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dist")
	watch := open(t, out, "")
	watch.PublishesChangesOnly()
	publish(t, watch, generation(0)...)
	// A change of its own: one folder is enough.
	publish(t, watch, generation(2)[0])

	other := open(t, out, "")
	publish(t, other, generation(1)...)
	afterOther := tree(t, out)

	// Only the data folder changed for watch: refused, nothing written.
	if _, err := watch.Publish(generation(4)[0]); !errors.Is(err, ErrWrittenElsewhere) {
		t.Fatalf("a changes-only publication after another writer: got %v, want ErrWrittenElsewhere", err)
	}
	if got := tree(t, out); got != afterOther {
		t.Fatalf("a refused publication changed the outputs:\n%s", got)
	}
	publish(t, watch, generation(4)...)
	ref := filepath.Join(t.TempDir(), "ref")
	publish(t, open(t, ref, ""), generation(4)...)
	if got, want := tree(t, out), tree(t, ref); got != want {
		t.Fatalf("outputs after publishing every folder again:\n%s\nwant:\n%s", got, want)
	}
	// Its own writes do not count as another's.
	publish(t, watch, generation(6)[1])

	// A Dir that publishes whole builds is never refused.
	publish(t, other, generation(8)[2])
}
