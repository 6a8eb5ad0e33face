package testtool

import (
	"io/fs"
	"testing"
	"testing/fstest"
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
