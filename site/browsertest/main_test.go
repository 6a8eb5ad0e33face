package browsertest

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// browserTests is how many tests of this package run at once when go
// test's -parallel is not given (its default is GOMAXPROCS, the cores):
// a test here spends most of its time waiting for Chromium, Node or Java,
// whose work the default does not count, so two at a time on two cores
// left the cores half idle.
const browserTests = 4

func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(max(browserTests, runtime.GOMAXPROCS(0)))); err != nil {
			fmt.Fprintln(os.Stderr, "browsertest:", err)
			os.Exit(2)
		}
	}
	code := m.Run()
	stopChromium()
	os.Exit(code)
}
