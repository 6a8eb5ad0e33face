package schema

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/termsafe"
)

// Diagnostic is one problem found in the content, positioned in a content
// file and written for designers.
type Diagnostic struct {
	Pos catalog.Pos
	// Path is the content path of the value at fault, e.g.
	// "characters.copp.panic.armor.save"; empty for file-level problems.
	Path string
	Msg  string
}

// String is the diagnostic as one line, file:line:col first. File names,
// paths and messages may quote content, so every control character in them
// is written as a visible escape (termsafe): a diagnostic can neither drive
// the designer's terminal nor span several lines.
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Pos.String())
	b.WriteString(": ")
	if d.Path != "" {
		b.WriteString(d.Path)
		b.WriteString(": ")
	}
	b.WriteString(d.Msg)
	return termsafe.String(b.String())
}

// Errors is the list of every problem found in a content tree. Load returns
// it as its error when the content is invalid.
type Errors []Diagnostic

func (l Errors) Error() string {
	if len(l) == 0 {
		return "no errors"
	}
	if len(l) == 1 {
		return l[0].String()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Print writes one line per diagnostic.
func (l Errors) Print(w io.Writer) {
	for _, d := range l {
		fmt.Fprintln(w, d.String())
	}
}

// Summary is a closing line such as "3 errors in 2 files".
func (l Errors) Summary() string {
	files := map[string]bool{}
	for _, d := range l {
		files[d.Pos.File] = true
	}
	return fmt.Sprintf("%s in %s", plural(len(l), "error"), plural(len(files), "file"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// sortAndDedup orders diagnostics by file, line, column and message, and
// drops exact repeats (CUE reports some conflicts once per contributing
// constraint).
func (l Errors) sortAndDedup() Errors {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Msg < b.Msg
	})
	out := l[:0]
	for i, d := range l {
		if i > 0 && d == l[i-1] {
			continue
		}
		out = append(out, d)
	}
	return out
}
