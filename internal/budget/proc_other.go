//go:build !linux

package budget

import (
	"os"
	"os/exec"
)

// residentBytes is unknown outside Linux: only the time budget and the
// child's soft memory limit apply there.
func residentBytes(pid int) int64 { return 0 }

// residentFile is unknown outside Linux (residentBytes).
type residentFile struct{}

func openResident(pid int) *residentFile { return nil }
func (r *residentFile) bytes() int64     { return 0 }
func (r *residentFile) close()           {}

func maxRSS(ps *os.ProcessState) int64 { return 0 }

// dieWithParent has no equivalent of Linux's parent-death signal here.
func dieWithParent(cmd *exec.Cmd) {}

func limitAddressSpace(budget int64) {}

func limitCPU(seconds uint64) {}

func descendants(pid int) []int { return nil }

// crashOutput has no descriptor to pass here: a crash prints its trace
// on the child's standard error.
func crashOutput(cmd *exec.Cmd, env string) *os.File { return nil }

// RedirectCrashes keeps standard error as it is here: a crash prints
// its trace there.
func RedirectCrashes(fd int) (*os.File, error) { return os.Stderr, nil }
