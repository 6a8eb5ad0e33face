// Package diag is wbtool's one kind of problem report. Every stage of a
// build (the loader, the check games, the card layout, the site) reports
// what is wrong with the content as a [Diagnostic]: a position in a content
// file, relative to the content folder, the content path at fault, the rule
// it breaks when there is one, a severity and a sentence a designer can act
// on. A [List] is sorted, de-duplicated and printed in one place, so that
// every command says the same thing about the same content.
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"wbtool.dev/wbtool/internal/termsafe"
)

// Pos is a position in a content file: the file's slash path relative to
// the content root, and 1-based line and column.
type Pos struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// String formats the position as file:line:col, or just the file when the
// line is unknown.
func (p Pos) String() string {
	if p.File == "" {
		return "-"
	}
	if p.Line == 0 {
		return p.File
	}
	return p.File + ":" + itoa(p.Line) + ":" + itoa(p.Col)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Severity tells an error, which stops a build, from a warning, which
// does not (unless the build is strict).
type Severity uint8

// The severities.
const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in the content.
type Diagnostic struct {
	Pos Pos
	// Path is the content path of the value at fault, e.g.
	// "characters.copp.panic.speed"; empty for file-level problems.
	Path string
	// Rule is the rule the content breaks, e.g. "R-DECK-3", when there
	// is one.
	Rule     string
	Severity Severity
	Msg      string
	// Stage is the step of the build that found the problem ("load",
	// "checks", "layout"…), for machine-readable output only: the text
	// does not show it, and two reports that differ only by it are one.
	Stage string
}

// InStage is a copy of l with Stage set to stage where it is not set
// yet.
func (l List) InStage(stage string) List {
	out := make(List, len(l))
	for i, d := range l {
		if d.Stage == "" {
			d.Stage = stage
		}
		out[i] = d
	}
	return out
}

// Errorf is an error at pos.
func Errorf(pos Pos, path, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// Warnf is a warning at pos.
func Warnf(pos Pos, path, format string, args ...any) Diagnostic {
	return Diagnostic{Pos: pos, Path: path, Severity: Warning, Msg: fmt.Sprintf(format, args...)}
}

// String is the diagnostic as one line, file:line:col first; warnings say
// so. File names, paths and messages may quote content, so every control
// character in them is written as a visible escape: a diagnostic can
// neither drive the designer's terminal nor span several lines.
func (d Diagnostic) String() string {
	label := ""
	if d.Severity == Warning {
		label = "warning: "
	}
	return termsafe.String(d.Pos.String() + ": " + label + d.text())
}

// text is what the diagnostic says, after its position and label: the
// content path at fault, the message and the rule it breaks.
func (d Diagnostic) text() string {
	var b strings.Builder
	if d.Path != "" {
		b.WriteString(d.Path)
		b.WriteString(": ")
	}
	b.WriteString(d.Msg)
	if d.Rule != "" && !strings.Contains(d.Msg, d.Rule) {
		b.WriteString(" (")
		b.WriteString(d.Rule)
		b.WriteString(")")
	}
	return b.String()
}

// List is every problem of a build. As an error, it is the list of the
// content's errors.
type List []Diagnostic

func (l List) Error() string {
	errs := l.Errors()
	switch len(errs) {
	case 0:
		return "no errors"
	case 1:
		return errs[0].String()
	}
	return fmt.Sprintf("%s (and %d more errors)", errs[0], len(errs)-1)
}

// Errors are the diagnostics of severity Error.
func (l List) Errors() List {
	var out List
	for _, d := range l {
		if d.Severity == Error {
			out = append(out, d)
		}
	}
	return out
}

// Warnings are the diagnostics of severity Warning.
func (l List) Warnings() List {
	var out List
	for _, d := range l {
		if d.Severity == Warning {
			out = append(out, d)
		}
	}
	return out
}

// HasErrors reports whether any diagnostic is an error; strict counts
// warnings as errors.
func (l List) HasErrors(strict bool) bool {
	for _, d := range l {
		if d.Severity == Error || strict {
			return true
		}
	}
	return false
}

// Strict turns every warning into an error.
func (l List) Strict() List {
	out := make(List, len(l))
	for i, d := range l {
		d.Severity = Error
		out[i] = d
	}
	return out
}

// Print writes one line per diagnostic.
func (l List) Print(w io.Writer) {
	for _, d := range l {
		fmt.Fprintln(w, d.String())
	}
}

// Summary is a closing line such as "3 errors in 2 files" or "1 error and
// 2 warnings in 2 files".
func (l List) Summary() string {
	e, w := len(l.Errors()), len(l.Warnings())
	var what string
	switch {
	case w == 0:
		what = Plural(e, "error")
	case e == 0:
		what = Plural(w, "warning")
	default:
		what = Plural(e, "error") + " and " + Plural(w, "warning")
	}
	return fmt.Sprintf("%s in %s", what, Plural(l.files(), "file"))
}

// Plural is "1 error", "2 errors".
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// OrList joins words as a message says them: "a, b or c".
func OrList(words []string) string { return joinWords(words, " or ") }

// AndList joins words as "a, b and c".
func AndList(words []string) string { return joinWords(words, " and ") }

func joinWords(words []string, last string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + last + words[len(words)-1]
}

// Sorted orders the diagnostics by file, line, column, severity (errors
// first), path and message,
// and drops exact repeats (a card text checked on every page that shows
// it, CUE conflicts reported once per constraint).
func (l List) Sorted() List {
	out := append(List(nil), l...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Col != b.Pos.Col {
			return a.Pos.Col < b.Pos.Col
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity // errors first
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Msg < b.Msg
	})
	dedup := out[:0]
	for i, d := range out {
		if i > 0 && sameReport(d, out[i-1]) {
			continue
		}
		dedup = append(dedup, d)
	}
	return dedup
}

// sameReport reports whether a and b say the same thing at the same
// place, whichever stage found them.
func sameReport(a, b Diagnostic) bool {
	a.Stage, b.Stage = "", ""
	return a == b
}

// Text is every diagnostic, one per line.
func (l List) Text() string {
	var b strings.Builder
	l.Print(&b)
	return b.String()
}
