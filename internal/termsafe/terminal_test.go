package termsafe

import (
	"bytes"
	"os"
	"runtime"
	"testing"
)

// TestIsTerminal: a pipe, a file, /dev/null (a character device) and a
// buffer are no terminals; a pseudo-terminal is, through a Writer too.
func TestIsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	f, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, w := range map[string]any{"pipe": w, "/dev/null": null, "file": f, "buffer": &bytes.Buffer{}} {
		var ok bool
		switch w := w.(type) {
		case *os.File:
			ok = IsTerminal(w) || IsTerminal(NewWriter(w))
		case *bytes.Buffer:
			ok = IsTerminal(w)
		}
		if ok && (runtime.GOOS == "linux" || name != "/dev/null") {
			t.Errorf("%s is taken for a terminal", name)
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer pty.Close()
	if !IsTerminal(pty) || !IsTerminal(NewWriter(pty)) {
		t.Error("a pseudo-terminal is not taken for a terminal")
	}
}
