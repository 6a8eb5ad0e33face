package dist

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

func topdir(t *testing.T, dir string) bool {
	t.Helper()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	flags, err := unix.IoctlGetUint32(int(f.Fd()), unix.FS_IOC_GETFLAGS)
	return err == nil && flags&fsTopdirFL != 0
}

// TestStateFolderSpreadsTheStage: where the file system keeps the hint
// (ext4), the state folder is marked the top of unrelated trees, so that
// each stage is placed apart (makeStage); no stage or temporary folder is
// left behind.
func TestStateFolderSpreadsTheStage(t *testing.T) {
	probe := t.TempDir()
	spreadHint(probe)
	if !topdir(t, probe) {
		t.Skip("the file system of the temporary folder keeps no FS_TOPDIR_FL (not ext4)")
	}
	out := filepath.Join(t.TempDir(), "dist")
	publish(t, open(t, out, ""), Update{Dir: "site", Files: Files{"a/index.html": []byte("a")}})
	if !topdir(t, filepath.Join(out, StateDir)) {
		t.Error("the state folder is not marked")
	}
	if topdir(t, filepath.Join(out, "site")) {
		t.Error("an output folder is marked")
	}
	entries, _ := os.ReadDir(filepath.Join(out, StateDir))
	for _, e := range entries {
		if e.Name() != manifestName {
			t.Errorf("left behind in %s: %s", StateDir, e.Name())
		}
	}
}
