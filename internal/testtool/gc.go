package testtool

import (
	"os"
	"runtime/debug"
	"testing"
)

// PaceGC sets the test binary's collector to GOGC 400, the pace wbtool
// itself takes for a one-shot build (cmd/wbtool/gcpace.go), unless GOGC
// is set, under a soft memory limit of 2 GiB unless GOMEMLIMIT is set:
// near it the collector works harder, rather than a package's peak
// growing without bound (wbcards: 1.6 GB at GOGC 100, 2.9 GB at 400
// alone). The content tests make many short-lived CUE values: at the
// default 100 a quarter of their CPU is the collector's (wsschema's
// TestFastCostEqualsCUE: 34.8 s of CPU at 100, 24.5 s at 400). Call it
// first in a package's TestMain; it changes no result, only when memory
// is collected.
func PaceGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 << 30)
	}
}

// Main is a TestMain that paces the collector (PaceGC) and runs the
// package's tests.
func Main(m *testing.M) {
	PaceGC()
	os.Exit(m.Run())
}

// Long reports whether WBTOOL_LONG=1 asks for the larger sizes kept for a
// nightly or manual run (README, Development).
func Long() bool { return os.Getenv("WBTOOL_LONG") == "1" }
