package budget

import (
	"os/exec"
	"slices"
	"testing"
)

// TestDescendantsFromTheTree: the children files of the tree's threads
// list the same processes as a scan of every process in /proc: a child,
// a grandchild and another child, however deep.
func TestDescendantsFromTheTree(t *testing.T) {
	if !haveChildrenFiles() {
		t.Skip("this kernel has no /proc/PID/task/TID/children")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(sh, "-c", `sh -c 'sleep 600 & wait' & sleep 600 & wait`)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		killTree(cmd.Process)
		_ = cmd.Wait()
	}()
	pid := cmd.Process.Pid
	var scanned []int
	for len(scanned) < 3 { // the shells start their children
		scanned = scanDescendants(pid)
	}
	tree, ok := treeDescendants(pid)
	if !ok {
		t.Fatal("no children files")
	}
	slices.Sort(scanned)
	slices.Sort(tree)
	if !slices.Equal(tree, scanned) {
		t.Errorf("from the tree: %v; from every process: %v", tree, scanned)
	}
}
