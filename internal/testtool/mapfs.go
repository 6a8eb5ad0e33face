package testtool

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/diag"
)

// CopyFS copies the files of fsys into a map file system, which a test
// can change (a mutation of a starter tree) without touching fsys.
func CopyFS(tb testing.TB, fsys fs.FS) fstest.MapFS {
	tb.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// WithEdit copies fsys (see CopyFS) with one edit: old, which must be
// found exactly once in file, replaced by new (a designer's mistake in a
// starter tree).
func WithEdit(tb testing.TB, fsys fs.FS, file, old, new string) fstest.MapFS {
	tb.Helper()
	out := CopyFS(tb, fsys)
	f, ok := out[file]
	if !ok {
		tb.Fatalf("no file %s", file)
	}
	if n := strings.Count(string(f.Data), old); n != 1 {
		tb.Fatalf("%s: %q found %d times, want once", file, old, n)
	}
	out[file] = &fstest.MapFile{Data: []byte(strings.Replace(string(f.Data), old, new, 1))}
	return out
}

// SameDiagnostics checks that err is the content errors want, each
// written "file:line:col: message", in order.
func SameDiagnostics(tb testing.TB, err error, want []string) {
	tb.Helper()
	var list diag.List
	if !errors.As(err, &list) {
		tb.Fatalf("want content errors, got %v", err)
	}
	var got []string
	for _, d := range list {
		got = append(got, d.Pos.String()+": "+d.Msg)
	}
	SameLines(tb, got, want)
}

// SameLines reports got when it differs from want, as Go string
// literals ready to paste into a table.
func SameLines(tb testing.TB, got, want []string) {
	tb.Helper()
	if strings.Join(got, "\n") == strings.Join(want, "\n") {
		return
	}
	var b strings.Builder
	for _, g := range got {
		fmt.Fprintf(&b, "\t%q,\n", g)
	}
	tb.Errorf("got:\n%s", b.String())
}
