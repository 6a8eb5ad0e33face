package dist

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// LockWait is how long a process waits for another one writing the same
// output folder before it gives up with a [RefusedError] naming it.
var LockWait = 5 * time.Second

// lockName is the lock file inside StateDir.
const lockName = "lock"

// lockPoll is how often a process waiting for the lock tries again.
const lockPoll = 25 * time.Millisecond

// outLock is the inter-process lock on an output folder, held while a
// process writes it: from recovering a killed publication to the commit
// and swap of its own (see [Open], [Dir.Publish], [Prestage]). It is an
// advisory lock on OUT/.wbtool/lock (flock(2), LockFileEx on Windows),
// which the system releases when the process dies: a lock file a killed
// process left blocks nothing. The holder writes its pid and command into
// the file for the message of a process that finds the folder busy;
// nothing else reads them.
type outLock struct {
	f                   *os.File
	path, state, root   string
	madeRoot, madeState bool // the lock made the output or state folder
}

// lockOut takes the lock of output folder root, making root and its state
// folder when missing. While another process holds it, it tries again
// until wait has passed, then refuses with the holder's pid and command.
func lockOut(root string, wait time.Duration) (*outLock, error) {
	state := filepath.Join(root, StateDir)
	l := &outLock{path: filepath.Join(state, lockName), state: state, root: root}
	if _, err := os.Lstat(root); errors.Is(err, fs.ErrNotExist) {
		l.madeRoot = true
	}
	if _, err := os.Lstat(state); errors.Is(err, fs.ErrNotExist) {
		l.madeState = true
	}
	deadline := time.Now().Add(wait)
	for {
		if err := os.MkdirAll(state, 0o755); err != nil {
			return nil, fmt.Errorf("write %s: %w", filepath.ToSlash(state), err)
		}
		f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE|openNoFollow, 0o644)
		if errors.Is(err, fs.ErrNotExist) && time.Now().Before(deadline) {
			continue // the state folder was just removed by a holder
		}
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", filepath.ToSlash(root), err)
		}
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", filepath.ToSlash(root), err)
		}
		if ok {
			// The holder before may have removed the file it locked
			// (unlock): this lock is the one at the path, or none.
			fst, ferr := f.Stat()
			pst, perr := os.Lstat(l.path)
			if ferr == nil && perr == nil && os.SameFile(fst, pst) {
				l.f = f
				f.Truncate(0)
				f.WriteAt([]byte(holderInfo()), 0)
				return l, nil
			}
			unlockFile(f)
			f.Close()
			continue
		}
		holder := readHolder(f)
		f.Close()
		if !time.Now().Before(deadline) {
			return nil, refused(root, "another wbtool is writing this output folder%s; wait for it to finish or choose another --out", holder)
		}
		time.Sleep(lockPoll)
	}
}

// unlock releases the lock and removes the lock file. clean (nothing was
// published) also removes the state and output folders the lock made,
// when empty: a failed command leaves the folder as it found it.
func (l *outLock) unlock(clean bool) {
	if l == nil || l.f == nil {
		return
	}
	os.Remove(l.path) // while held: a waiter on this file tries again
	if clean {
		if l.madeState {
			os.Remove(l.state)
		}
		if l.madeRoot {
			os.Remove(l.root)
		}
	}
	unlockFile(l.f)
	l.f.Close()
	l.f = nil
}

// holderInfo is what the lock file says of this process: its pid and
// command line (shortened).
func holderInfo() string {
	cmd := filepath.Base(os.Args[0])
	if len(os.Args) > 1 {
		cmd += " " + strings.Join(os.Args[1:], " ")
	}
	cmd = strings.Map(func(r rune) rune {
		if r < ' ' {
			return ' '
		}
		return r
	}, cmd)
	if len(cmd) > 120 {
		cmd = cmd[:120] + "…"
	}
	return strconv.Itoa(os.Getpid()) + " " + cmd + "\n"
}

// readHolder is " (pid N, COMMAND)" from a lock file, or "" when it says
// nothing readable (being written, or damaged).
func readHolder(f *os.File) string {
	b := make([]byte, 256)
	n, _ := f.ReadAt(b, 0)
	line, ok := strings.CutSuffix(string(b[:n]), "\n")
	if !ok || strings.Contains(line, "\n") {
		return ""
	}
	pid, cmd, _ := strings.Cut(line, " ")
	if _, err := strconv.Atoi(pid); err != nil || cmd == "" {
		return ""
	}
	return " (pid " + pid + ", " + cmd + ")"
}
