package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// collectFrom turns the collector off until the process's memory reaches
// start bytes (a soft memory limit of start, or the process's limit when
// lower), then paces it at GOGC gc under the process's limit: a small
// tree is checked without a collection (the forced one after the load
// aside), a large one collects as it did at GOGC gc alone, from its
// first automatic collection on. It returns what puts back the
// process's pace and limit.
//
// The switch is made by a cleanup on a sentinel object, run after each
// collection: after an automatic one (the limit reached) it paces the
// collector; after a forced one (debug.FreeOSMemory after a one-shot
// load) it arms a new sentinel and the collector stays off.
func collectFrom(start int64, gc int) (undo func()) {
	prevGC := debug.SetGCPercent(-1)
	prevLimit := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(min(start, prevLimit))
	before := automaticCollections()
	var (
		mu    sync.Mutex
		state = gcOff
	)
	pace := func() {
		mu.Lock()
		defer mu.Unlock()
		if state == gcOff {
			state = gcPaced
			debug.SetGCPercent(gc)
			debug.SetMemoryLimit(prevLimit)
		}
	}
	var arm func()
	arm = func() {
		runtime.AddCleanup(new(gcSentinel), func(struct{}) {
			mu.Lock()
			off := state == gcOff
			mu.Unlock()
			paced := off && automaticCollections() > before
			switch {
			case paced:
				pace()
			case off:
				arm()
			}
			if gcSwept != nil {
				gcSwept(paced)
			}
		}, struct{}{})
	}
	arm()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		state = gcUndone
		debug.SetGCPercent(prevGC)
		debug.SetMemoryLimit(prevLimit)
	}
}

// The states of collectFrom's collector.
const (
	gcOff = iota
	gcPaced
	gcUndone
)

// gcSentinel is collectFrom's sentinel: an object with a pointer, never a
// tiny or zero-size allocation, whose cleanup runs after the collection
// that finds it unreachable.
type gcSentinel struct{ _ *int }

// gcSwept, when set (tests), is called after each of collectFrom's
// sentinels is swept, with whether the collector was paced then.
var gcSwept func(paced bool)

// automaticCollections counts the collections the runtime started itself
// (not runtime.GC or debug.FreeOSMemory).
func automaticCollections() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/automatic:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
