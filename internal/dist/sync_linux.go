package dist

import (
	"os"

	"golang.org/x/sys/unix"
)

// syncFS flushes the file system holding dir to disk, once for all the
// files of a publication, so that a power loss after the commit cannot
// leave a committed journal pointing at files that never reached the disk.
func syncFS(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	return unix.Syncfs(int(f.Fd()))
}
