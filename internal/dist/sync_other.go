//go:build !linux

package dist

import "syscall"

// syncFS flushes written files to disk before a publication commits.
func syncFS(dir string) error {
	syscall.Sync()
	return nil
}

// spreadHint is a hint to Linux's ext4 (see sync_linux.go): nothing here.
func spreadHint(dir string) {}
