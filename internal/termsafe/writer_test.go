package termsafe

import (
	"bytes"
	"io"
	"testing"
)

func TestWriter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain\n", "plain\n"},
		{"col\tumn\nnext line\n", "col\tumn\nnext line\n"},
		{"red \x1b[31mtext\x1b[0m\n", `red \x1b[31mtext\x1b[0m` + "\n"},
		{"osc \x1b]52;c;cHduZWQ=\x07\n", `osc \x1b]52;c;cHduZWQ=\x07` + "\n"},
		{"x\r999 passed\n", `x\x0d999 passed` + "\n"},
		{"raw c1 \x9b2J and \u009b2J\n", `raw c1 \x9b2J and \u009b2J` + "\n"},
		{"l’armure\u00a0: 🎲\n", "l’armure\u00a0: 🎲\n"},
		{"bidi \u202eexe\n", `bidi \u202eexe` + "\n"},
	} {
		// Whole, and cut at every byte: the same text.
		for cut := 0; cut <= len(c.in); cut++ {
			var b bytes.Buffer
			w := NewWriter(&b)
			if n, err := w.Write([]byte(c.in[:cut])); err != nil || n != cut {
				t.Fatalf("Write = %d, %v", n, err)
			}
			if _, err := w.Write([]byte(c.in[cut:])); err != nil {
				t.Fatal(err)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("%q cut at %d: got %q, want %q", c.in, cut, b.String(), c.want)
			}
		}
	}
}

// A character left cut at the end is flushed escaped, never lost.
func TestWriterFlushCut(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	io.WriteString(w, "end \xe2\x80")
	if b.String() != "end " {
		t.Errorf("before Flush: %q", b.String())
	}
	w.Flush()
	if got, want := b.String(), `end \xe2\x80`; got != want {
		t.Errorf("after Flush: %q, want %q", got, want)
	}
}

func TestRaw(t *testing.T) {
	var b bytes.Buffer
	if Raw(NewWriter(&b)) != &b || Raw(&b) != &b {
		t.Error("Raw does not give the underlying writer")
	}
}
