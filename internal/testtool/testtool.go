// Package testtool finds the external programs some tests need (pdftotext,
// pdffonts, qpdf, pdftoppm, chromium). A missing program skips the test
// with a clear message, or fails it when WBTOOL_REQUIRE_TOOLS=1 (CI sets
// it and installs the programs).
package testtool

import (
	"os"
	"os/exec"
	"testing"
)

// Require returns the path of program name, or skips the test (fails it
// under WBTOOL_REQUIRE_TOOLS=1) when it is not installed.
func Require(tb testing.TB, name string) string {
	tb.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if os.Getenv("WBTOOL_REQUIRE_TOOLS") == "1" {
		tb.Fatalf("%s is required (WBTOOL_REQUIRE_TOOLS=1) but not installed: %v", name, err)
	}
	tb.Skipf("%s not installed; skipping (apt-get install poppler-utils qpdf, or set WBTOOL_REQUIRE_TOOLS=1 to fail)", name)
	return ""
}
