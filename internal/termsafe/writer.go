package termsafe

import (
	"io"
	"sync"
	"unicode/utf8"
)

// Writer is an io.Writer that passes text on to its underlying writer with
// every character String escapes written as its visible escape, except
// newlines and tabs, which keep their place: a program's whole output
// goes through one Writer, so no string it prints — from a content file,
// a balance shard, a game log, a lock file — can drive the terminal,
// whichever path printed it.
//
// A character cut between two writes is kept until the next write (or
// Flush), so that it is judged whole. A Writer is safe for concurrent
// use; Raw gives the underlying writer to the rare output that needs a
// control character (a progress bar's carriage return) or bytes (a
// worker's protocol).
type Writer struct {
	mu    sync.Mutex
	w     io.Writer
	carry []byte // the first bytes of a character cut by the last write
	buf   []byte
}

// NewWriter returns a Writer printing to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Raw returns w's underlying writer, or w itself when it is no Writer.
func Raw(w io.Writer) io.Writer {
	if tw, ok := w.(*Writer); ok {
		return tw.w
	}
	return w
}

// Write escapes p and writes it. It returns len(p) when the escaped text
// was written whole.
func (t *Writer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := p
	if len(t.carry) > 0 {
		s = append(t.carry, p...)
		t.carry = t.carry[:0:0]
	}
	// Keep the start of a character cut at the end for the next write.
	if cut := cutTail(s); cut > 0 {
		t.carry = append(t.carry, s[len(s)-cut:]...)
		s = s[:len(s)-cut]
	}
	if err := t.emit(s); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a character left cut by the last write, escaped as the
// bytes it is.
func (t *Writer) Flush() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.carry
	t.carry = nil
	return t.emit(s)
}

// emit writes s escaped to the underlying writer.
func (t *Writer) emit(s []byte) error {
	if len(s) == 0 {
		return nil
	}
	t.buf = t.buf[:0]
	for len(s) > 0 {
		i := 0
		for i < len(s) && s[i] != '\n' && s[i] != '\t' {
			i++
		}
		line := string(s[:i])
		if Safe(line) {
			t.buf = append(t.buf, line...)
		} else {
			t.buf = append(t.buf, String(line)...)
		}
		if i < len(s) {
			t.buf = append(t.buf, s[i])
			i++
		}
		s = s[i:]
	}
	_, err := t.w.Write(t.buf)
	return err
}

// cutTail returns the number of bytes at the end of s that begin a
// character s does not finish (0 to 3).
func cutTail(s []byte) int {
	for n := 1; n <= utf8.UTFMax-1 && n <= len(s); n++ {
		c := s[len(s)-n]
		if c < utf8.RuneSelf {
			return 0 // ASCII: nothing cut
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(s[len(s)-n:]) {
				return 0
			}
			return n
		}
	}
	return 0
}
