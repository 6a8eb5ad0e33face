package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/internal/testtool"
)

func TestMain(m *testing.M) {
	testscript.Main(cleanupM{m, removeStarterBuilds}, map[string]func(){
		"wbtool": func() { os.Exit(Main()) },
		// sigdefault CMD ARGS...: run CMD with SIGINT's default action,
		// as a terminal's Ctrl-C finds it. A test binary started in the
		// background by a non-interactive shell inherits SIGINT ignored,
		// and a shell script cannot trap an ignored signal: budget_hook's
		// hook then ignored "kill -INT" and ran to the end. Go un-ignores
		// a signal it is asked to notify, and exec gives it back its
		// default action.
		"sigdefault": func() {
			signal.Notify(make(chan os.Signal, 1), syscall.SIGINT)
			path, err := exec.LookPath(os.Args[1])
			if err == nil {
				err = syscall.Exec(path, os.Args[1:], os.Environ())
			}
			fmt.Fprintln(os.Stderr, "sigdefault:", err)
			os.Exit(2)
		},
	})
}

// TestScript runs the CLI end-to-end scripts in testdata/script. Each
// script names its subject: validate_*.txtar, build_*.txtar, ...
func TestScript(t *testing.T) {
	t.Parallel() // beside the other long tests; scripts run in parallel too
	base, err := filepath.Abs("testdata/base")
	if err != nil {
		t.Fatal(err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// absolute: the scripts are read once they run
	dir, err := filepath.Abs("testdata/script")
	if err != nil {
		t.Fatal(err)
	}
	// testscript makes its root folder (go-test-script*) in $GOTMPDIR and
	// removes it when the last script ends, counting every script: under
	// -run, the scripts left out never end, and the empty folder stayed
	// in /tmp after each such run. The root goes in this test's
	// temporary folder, which testing removes. (Only testscript and the
	// go command read GOTMPDIR; no script runs go.)
	os.Setenv("GOTMPDIR", t.TempDir())
	testscript.Run(t, testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       golden.Update(),
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", repo)
			return nil
		},
		// [long]: WBTOOL_LONG=1, the larger sizes for a nightly or
		// manual run (README, the test paragraph).
		Condition: func(cond string) (bool, error) {
			if cond == "long" {
				return os.Getenv("WBTOOL_LONG") == "1", nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// base DIR: copy the frozen valid content tree into DIR.
			"base": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: base DIR")
				}
				ts.Check(copyTree(base, ts.MkAbs(args[0])))
			},
			// nochecks DIR: remove the check games (scenarios/checks)
			// of the content tree DIR, a copy of a starter, for a script
			// whose commands never read them (play, sim, print, diff,
			// i18n): CUE evaluates them in every load, 0.31 s of CPU a
			// command on Warstuff's starter with them, 0.12 s without.
			"nochecks": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: nochecks DIR")
				}
				checks := filepath.Join(ts.MkAbs(args[0]), "scenarios", "checks")
				if _, err := os.Stat(checks); err != nil {
					ts.Fatalf("nochecks: %v", err) // the tree moved them: the script must say so
				}
				ts.Check(os.RemoveAll(checks))
			},
			// bytes FILE HEX: write raw bytes (for non-UTF-8 input).
			"bytes": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: bytes FILE HEX")
				}
				b, err := hex.DecodeString(strings.ReplaceAll(args[1], " ", ""))
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
			},
			// treehash DIR: print one line per file, folder and symlink
			// under DIR (sorted, with the SHA-256 of each file's bytes and
			// the target of each link), to prove with cmp that a command
			// changed nothing there.
			"treehash": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: treehash DIR")
				}
				out, err := testtool.Tree(ts.MkAbs(args[0]))
				ts.Check(err)
				fmt.Fprint(ts.Stdout(), out)
			},
			// mkfifo PATH: make a named pipe (a special file the loader
			// must refuse without blocking).
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: mkfifo PATH")
				}
				ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
			},
			// lockout DIR [PID CMD…]: hold the lock of output folder DIR
			// as another wbtool writing it would (flock on
			// DIR/.wbtool/lock, the file naming PID and CMD), until
			// "unlockout DIR" or the script's end.
			"lockout": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 1 || len(args) == 2 {
					ts.Fatalf("usage: lockout DIR [PID CMD...]")
				}
				state := filepath.Join(ts.MkAbs(args[0]), dist.StateDir)
				ts.Check(os.MkdirAll(state, 0o755))
				f, err := os.OpenFile(filepath.Join(state, "lock"), os.O_RDWR|os.O_CREATE, 0o644)
				ts.Check(err)
				ts.Check(syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB))
				if len(args) > 2 {
					_, err = fmt.Fprintf(f, "%s %s\n", args[1], strings.Join(args[2:], " "))
					ts.Check(err)
				}
				heldLocks.Store(ts.MkAbs(args[0]), f)
				ts.Defer(func() { f.Close() })
			},
			"unlockout": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: unlockout DIR")
				}
				f, ok := heldLocks.LoadAndDelete(ts.MkAbs(args[0]))
				if !ok {
					ts.Fatalf("%s is not locked", args[0])
				}
				ts.Check(f.(*os.File).Close())
			},
			// files DIR: print the sorted files under DIR, one per line.
			"files": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: files DIR")
				}
				root := ts.MkAbs(args[0])
				err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
					if err != nil || d.IsDir() {
						return err
					}
					rel, _ := filepath.Rel(root, p)
					fmt.Fprintln(ts.Stdout(), filepath.ToSlash(rel))
					return nil
				})
				ts.Check(err)
			},
		},
	})
}

// heldLocks are the files of lockout, by folder.
var heldLocks sync.Map

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}
