//go:build !linux

package budget

// residentBytes is unknown outside Linux: only the time budget and the
// child's soft memory limit apply there.
func residentBytes(pid int) int64 { return 0 }

func limitAddressSpace(budget int64) {}
