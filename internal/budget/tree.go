package budget

import "os"

// treeSampler measures the resident memory of a budgeted process and of
// every process it started (git reading an earlier version, a converter):
// the memory budget is the whole tree's. The process itself is read at
// every sample; the list of its descendants, which needs a walk of every
// process, every rescanEvery samples (100 ms at pollEvery).
type treeSampler struct {
	pid  int
	n    int
	kids []int
	self *residentFile // pid's, opened at the first sample
}

const rescanEvery = 10

// sample is the resident memory of the tree, in bytes (0 when unknown).
func (s *treeSampler) sample() int64 {
	if s.n%rescanEvery == 0 {
		s.kids = descendants(s.pid)
	}
	s.n++
	if s.self == nil {
		s.self = openResident(s.pid)
	}
	total := s.self.bytes()
	for _, k := range s.kids {
		total += residentBytes(k) // 0 for one gone since the scan
	}
	return total
}

// close closes what the samples keep open.
func (s *treeSampler) close() { s.self.close() }

// killTree kills p and the processes it started (a budget stops the whole
// tree it measures: a git reading an earlier version dies with the
// worker), the descendants first, so that none is left running unbudgeted.
func killTree(p *os.Process) {
	for _, pid := range descendants(p.Pid) {
		if d, err := os.FindProcess(pid); err == nil {
			_ = d.Kill()
		}
	}
	_ = p.Kill()
}
