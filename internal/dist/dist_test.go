package dist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplaceDirSwapsWholeTree(t *testing.T) {
	root := t.TempDir()
	if err := ReplaceDir(root, "site", Files{"a.html": []byte("1"), "old/b.html": []byte("2")}); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceDir(root, "site", Files{"a.html": []byte("3")}); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, "site", "a.html"))
	if err != nil || string(got) != "3" {
		t.Fatalf("a.html = %q, %v; want 3", got, err)
	}
	if _, err := os.Stat(filepath.Join(root, "site", "old", "b.html")); !os.IsNotExist(err) {
		t.Errorf("stale file survived the swap: %v", err)
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			t.Errorf("temporary left behind: %s", e.Name())
		}
	}
}

func TestRefusesPathsOutsideTheOutputFolder(t *testing.T) {
	root := t.TempDir()
	for _, rel := range []string{"../evil", "/etc/passwd", "a/../../b", `..\x`, "", ".", "a//b", ".hidden/../../x"} {
		if err := WriteFile(root, rel, []byte("x")); err == nil {
			t.Errorf("WriteFile(%q) = nil, want an error", rel)
		}
		if err := ReplaceDir(root, "site", Files{rel: []byte("x")}); err == nil {
			t.Errorf("ReplaceDir with %q = nil, want an error", rel)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(root), "evil")); !os.IsNotExist(err) {
		t.Fatal("a file was written outside the output folder")
	}
}

func TestSweepRemovesInterruptedWrites(t *testing.T) {
	root := t.TempDir()
	stale := filepath.Join(root, tmpPrefix+"new-123")
	os.MkdirAll(stale, 0o755)
	if err := ReplaceDir(root, "data", Files{"catalog.json": []byte("{}")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary %s not swept", stale)
	}
}
