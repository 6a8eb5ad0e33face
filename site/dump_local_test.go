package site

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDumpLocal(t *testing.T) {
	dir := os.Getenv("SITE_DUMP")
	if dir == "" {
		t.Skip()
	}
	files, err := Build(starter(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(dir)
	for p, b := range files {
		fp := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(fp), 0o755)
		os.WriteFile(fp, b, 0o644)
	}
}
