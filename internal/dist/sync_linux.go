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

// fsTopdirFL is FS_TOPDIR_FL of linux/fs.h (chattr +T).
const fsTopdirFL = 0x00020000

// spreadHint marks dir as the top of unrelated folder trees (chattr +T),
// a hint to ext4's inode allocator (Orlov): a folder made in dir goes to
// a block group with room and few folders, chosen from a start that the
// folder's name gives, instead of next to dir. ext4 without a journal
// makes each create scan past every inode of the group freed in the last
// minutes (find_inode_bit, recently_deleted): after a build's 9,700 files
// were deleted nearby (rm -rf dist, or other programs' temporary files),
// creating the next build's cost 1-3 s of system time instead of 0.1 s
// (a journaled ext4: 0.1 s either way). File systems without the flag
// refuse it; nothing else depends on it.
func spreadHint(dir string) {
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	defer f.Close()
	flags, err := unix.IoctlGetUint32(int(f.Fd()), unix.FS_IOC_GETFLAGS)
	if err != nil || flags&fsTopdirFL != 0 {
		return
	}
	unix.IoctlSetPointerInt(int(f.Fd()), unix.FS_IOC_SETFLAGS, int(flags|fsTopdirFL))
}
