package watch

import (
	"os"
	"testing"

	_ "wbtool.dev/wbtool/games/warbound" // the default game's rules
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/testtool"
)

// childEnv makes this test binary act as the evaluation child, as wbtool
// does with its hidden `watch __load` command.
const childEnv = "WBTOOL_WATCH_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		req, err := budget.ParseArgs(os.Args[1:])
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(2)
		}
		if err := budget.Main(os.Stdin, os.Stdout, req); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	testtool.PaceGC() // not in the child: its memory budget is what watch gives it
	os.Exit(m.Run())
}

// childLoader loads dir in a worker process (this test binary) with the
// given limits, as watch does.
func childLoader(t testing.TB, dir string, lim budget.Limits) Worker {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	w := &budget.Worker{
		Runner:  &budget.Runner{Exe: exe, Env: []string{childEnv + "=1"}, Limits: lim},
		Request: budget.Request{Dir: dir, Root: "content"},
	}
	t.Cleanup(func() { w.Close() })
	return Worker{W: w}
}

// freshChildLoader loads dir in a new child process per load (this test
// binary), as watch did before the worker: the benchmarks' reference.
func freshChildLoader(t testing.TB, dir string, lim budget.Limits) Child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Child{
		Runner:  &budget.Runner{Exe: exe, Env: []string{childEnv + "=1"}, Limits: lim},
		Request: budget.Request{Dir: dir, Root: "content"},
	}
}
