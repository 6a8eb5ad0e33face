// Package testtool holds what several packages' tests share: finding the
// external programs some tests need (pdftotext, pdffonts, qpdf, pdftoppm,
// chromium) — a missing program skips the test with a clear message, or
// fails it when WBTOOL_REQUIRE_TOOLS=1 (CI sets it and installs the
// programs) — and listing a folder tree with the hashes of its files.
package testtool

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
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

// Tree lists everything under root, sorted, one line each: "f path
// sha256" for a file, "d path" for a folder, "l path -> target" for a
// symbolic link (not followed), "s path mode" for anything else. Folders
// named in skip (slash paths relative to root) are left out with what
// they hold. Tests compare two listings to prove that a command changed
// nothing, or that two output folders are the same build.
func Tree(root string, skip ...string) (string, error) {
	var b strings.Builder
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.IsDir() && slices.Contains(skip, rel):
			return filepath.SkipDir
		case d.Type()&fs.ModeSymlink != 0:
			t, err := os.Readlink(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "l %s -> %s\n", rel, t)
		case d.IsDir():
			fmt.Fprintf(&b, "d %s\n", rel)
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "f %s %x\n", rel, sha256.Sum256(data))
		default:
			fmt.Fprintf(&b, "s %s %v\n", rel, d.Type())
		}
		return nil
	})
	return b.String(), err
}

// GoBuild builds package pkg (a path of this module, "./cmd/wbtool", or
// a tool's) into the program out, for the benchmark commands.
func GoBuild(out, pkg string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", pkg, err)
	}
	return nil
}

// Tail is the last ten lines of a program's output, for an error.
func Tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 10 {
		lines = lines[len(lines)-10:]
	}
	return strings.Join(lines, "\n")
}
