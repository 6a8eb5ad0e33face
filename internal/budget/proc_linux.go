package budget

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// residentBytes reads the resident set size of process pid from
// /proc/PID/status; 0 when it cannot.
func residentBytes(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(b, []byte("VmRSS:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	f := bytes.Fields(line) // "123456 kB"
	if len(f) == 0 {
		return 0
	}
	kb, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}

// addressSpaceSlack is added to the memory budget for the child's address
// space limit: the Go runtime reserves address space it never touches, so
// the limit is a backstop against a runaway allocation between two of the
// parent's memory samples, not the budget itself.
const addressSpaceSlack = 4 << 30

// limitAddressSpace caps the child's address space (RLIMIT_AS): an
// allocation past it fails and the runtime exits with "out of memory",
// which the parent reports as a blown memory budget.
func limitAddressSpace(budget int64) {
	lim := uint64(budget) + addressSpaceSlack
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim})
}
