package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestOneShotGC pins the collector's pace of a one-shot build (process
// policy, oneShotGC): a build that makes no output runs whole without a
// collection up to oneShotCheckStart, then at GOGC 400 (TestCollectFrom),
// another's load at GOGC 150 and the rest at the process's; GOGC or
// GOMEMLIMIT set, or content loaded elsewhere, leave the process's. No
// build changes the soft memory limit, the budget's (tuneGC).
func TestOneShotGC(t *testing.T) {
	const base, baseLimit = 100, int64(1 << 30)
	prev, prevLimit := debug.SetGCPercent(base), debug.SetMemoryLimit(baseLimit)
	t.Cleanup(func() {
		debug.SetGCPercent(prev)
		debug.SetMemoryLimit(prevLimit)
	})
	type pace struct {
		gc    int
		limit int64
	}
	now := func() pace {
		gc := debug.SetGCPercent(-1)
		debug.SetGCPercent(gc)
		return pace{gc, debug.SetMemoryLimit(-1)}
	}
	rs, _ := ruleset.Lookup("warstuff")
	verdict := pipeline.Options{Stages: pipeline.Verdict, CheckSite: true}
	loadedElsewhere := verdict
	loadedElsewhere.Rules = rs
	same := pace{base, baseLimit}
	for _, tc := range []struct {
		name             string
		opts             pipeline.Options
		gogc, gomemlimit string
		load, after      pace // during the load, then until done
	}{
		{name: "validate", opts: verdict, load: pace{-1, oneShotCheckStart}, after: pace{-1, oneShotCheckStart}},
		{name: "build", opts: pipeline.Options{}, load: pace{150, baseLimit}, after: same},
		{name: "build data only", opts: pipeline.Options{Stages: []pipeline.Stage{pipeline.Data}, CheckSite: true}, load: pace{150, baseLimit}, after: same},
		{name: "validate GOGC", opts: verdict, gogc: "200", load: same, after: same},
		{name: "validate GOMEMLIMIT", opts: verdict, gomemlimit: "1GiB", load: pace{150, baseLimit}, after: same},
		{name: "build GOGC", opts: pipeline.Options{}, gogc: "200", load: same, after: same},
		{name: "loaded elsewhere", opts: loadedElsewhere, load: same, after: same},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", tc.gomemlimit)
			loaded, done := oneShotGC(tc.opts)
			if got := now(); got != tc.load {
				t.Errorf("during the load: %+v, want %+v", got, tc.load)
			}
			loaded()
			if got := now(); got != tc.after {
				t.Errorf("after the load: %+v, want %+v", got, tc.after)
			}
			done()
			if got := now(); got != same {
				t.Errorf("after the build: %+v, want the process's %+v", got, same)
			}
		})
	}
}

// TestCollectFrom pins collectFrom: the collector off under a limit of
// start, still off after a forced collection (the one after a one-shot
// load), paced at its GOGC under the process's limit from the first
// automatic one, and the process's pace put back at the end.
func TestCollectFrom(t *testing.T) {
	const base, baseLimit = 100, int64(1 << 40)
	prev, prevLimit := debug.SetGCPercent(base), debug.SetMemoryLimit(baseLimit)
	swept := make(chan bool, 1)
	gcSwept = func(paced bool) {
		select {
		case swept <- paced:
		default: // the test takes the next one
		}
	}
	t.Cleanup(func() {
		gcSwept = nil
		debug.SetGCPercent(prev)
		debug.SetMemoryLimit(prevLimit)
	})
	now := func() [2]int64 {
		gc := debug.SetGCPercent(-1)
		debug.SetGCPercent(gc)
		return [2]int64{int64(gc), debug.SetMemoryLimit(-1)}
	}
	// room above what the test process holds, so that only the
	// allocations below reach the limit
	total := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(total)
	start := int64(total[0].Value.Uint64()) + 32<<20
	undo := collectFrom(start, 300)
	if got, want := now(), [2]int64{-1, start}; got != want {
		t.Fatalf("before any collection: %v, want %v", got, want)
	}
	runtime.GC()
	if <-swept {
		t.Fatal("paced after a forced collection")
	}
	if got, want := now(), [2]int64{-1, start}; got != want {
		t.Fatalf("after a forced collection: %v, want %v", got, want)
	}
	for paced := false; !paced; { // until the limit starts a collection
		select {
		case paced = <-swept:
		default:
			gcSink = make([]byte, 1<<20)
		}
	}
	if got, want := now(), [2]int64{300, baseLimit}; got != want {
		t.Fatalf("after an automatic collection: %v, want %v", got, want)
	}
	undo()
	if got, want := now(), [2]int64{base, baseLimit}; got != want {
		t.Fatalf("after undo: %v, want the process's %v", got, want)
	}
}

// gcSink keeps TestCollectFrom's allocations from being optimised away.
var gcSink []byte

// TestSoftMemoryLimit pins the process's limit: three quarters of the
// memory budget, from the default budget in main and from --max-memory
// in a supervised child (budget.LimitSelf), never a fixed one; GOMEMLIMIT
// is kept.
func TestSoftMemoryLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	for _, tc := range []struct {
		name, gomemlimit string
		set              func()
		want             int64
	}{
		{name: "default budget", set: tuneGC, want: 3 << 29}, // 1.5 GiB,
		{name: "--max-memory 8000", set: func() { budget.SetSoftMemoryLimit(8000 << 20) }, want: 6000 << 20},
		{name: "--max-memory 64", set: func() { budget.SetSoftMemoryLimit(64 << 20) }, want: 48 << 20},
		{name: "GOMEMLIMIT", gomemlimit: "123MiB", set: tuneGC, want: 77},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOMEMLIMIT", tc.gomemlimit)
			debug.SetMemoryLimit(77)
			tc.set()
			if got := debug.SetMemoryLimit(-1); got != tc.want {
				t.Errorf("soft limit %d, want %d", got, tc.want)
			}
		})
	}
}
