package budget

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
)

// descendants lists the processes under pid (its children, theirs, …),
// read from /proc/PID/task/TID/children of the tree's own processes, or,
// when this kernel has no such files, from the parent pid of every
// process in /proc. The supervisor rescans its child's tree ten times a
// second for as long as the command runs: the scan of every process cost
// 3 ms of CPU with 150 processes, 3 % of a core (and most of the system
// time of the CLI tests on a busy machine, 74 s of 101); the tree's own
// files cost a few reads.
func descendants(pid int) []int {
	if out, ok := treeDescendants(pid); ok {
		return out
	}
	return scanDescendants(pid)
}

// treeDescendants lists the processes under pid from the children files
// of each of their threads (a child is listed under the thread that
// started it); ok is false when the kernel has no children files.
func treeDescendants(pid int) (out []int, ok bool) {
	if !haveChildrenFiles() {
		return nil, false
	}
	for todo := []int{pid}; len(todo) > 0; {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		dir := "/proc/" + strconv.Itoa(p) + "/task/"
		tasks, _ := os.ReadDir(dir) // none when p is gone
		for _, t := range tasks {
			b, _ := os.ReadFile(dir + t.Name() + "/children")
			for _, f := range bytes.Fields(b) {
				if c, err := strconv.Atoi(string(f)); err == nil {
					out = append(out, c)
					todo = append(todo, c)
				}
			}
		}
	}
	return out, true
}

// haveChildrenFiles says whether the kernel has /proc/PID/task/TID/children
// (CONFIG_PROC_CHILDREN).
var haveChildrenFiles = sync.OnceValue(func() bool {
	_, err := os.Stat("/proc/self/task/" + strconv.Itoa(os.Getpid()) + "/children")
	return err == nil
})

// scanDescendants lists the processes under pid from the parent pid of
// every process in /proc.
func scanDescendants(pid int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	kids := map[int][]int{}
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if pp := parentPID(p); pp > 0 {
			kids[pp] = append(kids[pp], p)
		}
	}
	var out []int
	for todo := kids[pid]; len(todo) > 0; {
		p := todo[len(todo)-1]
		todo = append(todo[:len(todo)-1], kids[p]...)
		out = append(out, p)
	}
	return out
}

// parentPID is the parent of process p, from /proc/P/stat (the field
// after the command's name, which may hold spaces and parentheses); 0
// when unknown.
func parentPID(p int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat")
	if err != nil {
		return 0
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := bytes.Fields(b[i+1:]) // state, ppid, …
	if len(f) < 2 {
		return 0
	}
	pp, _ := strconv.Atoi(string(f[1]))
	return pp
}

// residentBytes reads the resident set size of process pid from
// /proc/PID/statm; 0 when it cannot.
func residentBytes(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	return statmResident(b)
}

// statmResident is the resident size in a statm file ("size resident
// shared …", in pages), in bytes; 0 when it cannot be read.
func statmResident(b []byte) int64 {
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// residentFile is a process's statm file, kept open for the samples of
// its supervisor: a read at offset 0 is one system call, where reading
// /proc/PID/status again was 40 times as much CPU (107 µs a sample at
// load 20, 7 ms of a validate on 1,202 cards); it also reads nothing of
// another process that took the pid.
type residentFile struct {
	f   *os.File
	buf [128]byte
}

// openResident opens pid's statm file; nil when it cannot.
func openResident(pid int) *residentFile {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return nil
	}
	return &residentFile{f: f}
}

// bytes is the process's resident size; 0 once it is gone or unknown.
func (r *residentFile) bytes() int64 {
	if r == nil {
		return 0
	}
	n, err := r.f.ReadAt(r.buf[:], 0)
	if n == 0 && err != nil {
		return 0
	}
	return statmResident(r.buf[:n])
}

func (r *residentFile) close() {
	if r != nil {
		r.f.Close()
	}
}

// maxRSS is the peak resident memory of an exited child, as the kernel
// counted it (it also catches a peak between two samples); 0 when unknown.
func maxRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10 // kB on Linux
	}
	return 0
}

// dieWithParent makes the kernel kill the child (SIGKILL) when its parent
// dies, however it dies: SIGKILL, a crash, os.Exit. Without it a child
// whose parent is killed keeps running, unbudgeted, under pid 1. (The
// signal is tied to the thread that started the child; Go threads do not
// exit while the program runs, except locked ones, which we never use to
// start children.) Go's runtime also checks, after setting it, that the
// parent has not died already.
func dieWithParent(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
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

// rlimInfinity is RLIM_INFINITY as the Rlimit fields hold it.
const rlimInfinity = ^uint64(0)

// limitCPU caps the child's CPU time (RLIMIT_CPU, whole seconds, all
// threads counted). Soft and hard limits are equal, so the kernel sends
// SIGKILL when it is reached (the Go runtime would ignore the SIGXCPU of
// a lower soft limit). A limit already lower is kept.
func limitCPU(seconds uint64) {
	var cur syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CPU, &cur); err == nil && cur.Max != rlimInfinity && cur.Max < seconds {
		return
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: seconds, Max: seconds})
}

// crashOutput gives the child of cmd a file with no name for the
// runtime's report of a crash, as descriptor 3, named in its environment
// variable env (RedirectCrashes), and returns the file (nil: none). The
// file is removed as soon as it is made, so that no process's end, even
// by SIGKILL, leaves it behind in the temporary folder.
func crashOutput(cmd *exec.Cmd, env string) *os.File {
	if env == "" {
		return nil
	}
	f, err := os.CreateTemp("", "wbtool-crash-*.txt")
	if err != nil {
		return nil
	}
	os.Remove(f.Name())
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.ExtraFiles = append(cmd.ExtraFiles, f)
	cmd.Env = append(cmd.Env, env+"="+strconv.Itoa(2+len(cmd.ExtraFiles)))
	return f
}

// RedirectCrashes sends what the Go runtime writes on a fatal panic or
// error (to file descriptor 2) to descriptor fd, which a supervised
// child's parent gave it (Command.CrashEnv), and keeps standard error
// itself for wbtool's own messages: os.Stderr becomes a copy of the
// original descriptor, which it returns. A crash then reaches the
// designer as one diagnostic naming a report, not a Go trace.
func RedirectCrashes(fd int) (*os.File, error) {
	syscall.CloseOnExec(fd)
	defer syscall.Close(fd)
	orig, err := syscall.Dup(2)
	if err != nil {
		return nil, err
	}
	syscall.CloseOnExec(orig)
	if err := syscall.Dup3(fd, 2, 0); err != nil {
		syscall.Close(orig)
		return nil, err
	}
	os.Stderr = os.NewFile(uintptr(orig), "/dev/stderr")
	return os.Stderr, nil
}
