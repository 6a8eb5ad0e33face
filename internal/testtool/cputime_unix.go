//go:build unix

package testtool

import (
	"syscall"
	"time"
)

// CPUTime is the user and system CPU time used by the process so far: a
// measure of work that other programs on the machine do not inflate
// (benchmarks report it next to wall time).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
