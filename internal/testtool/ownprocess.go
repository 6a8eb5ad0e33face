package testtool

import (
	"flag"
	"os"
	"os/exec"
	"regexp"
	"testing"
)

// ownProcessEnv names the top-level test a child test binary runs for
// InOwnProcess.
const ownProcessEnv = "WBTOOL_TEST_OWN_PROCESS"

// InOwnProcess lets a top-level test that must change process-wide state
// (the working folder, the environment: t.Chdir, t.Setenv) run beside
// the package's parallel tests: it reports true in a child process of
// the test binary that runs this test alone, where the test goes on with
// its body. In the parent it marks the test parallel, runs that child
// (-test.short, -test.v and -test.timeout passed on), fails with the child's output if
// the child fails, logs it under -v, and reports false: the caller
// returns.
func InOwnProcess(t *testing.T) bool {
	t.Helper()
	if os.Getenv(ownProcessEnv) == t.Name() {
		return true
	}
	t.Parallel()
	args := []string{"-test.run=^" + regexp.QuoteMeta(t.Name()) + "$", "-test.count=1"}
	if f := flag.Lookup("test.timeout"); f != nil {
		args = append(args, "-test.timeout="+f.Value.String())
	}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	if testing.Verbose() {
		args = append(args, "-test.v")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), ownProcessEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s in its own process: %v\n%s", t.Name(), err, out)
	}
	if testing.Verbose() {
		t.Logf("%s in its own process:\n%s", t.Name(), out)
	}
	return false
}
