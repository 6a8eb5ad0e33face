//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package dist

import "os"

const openNoFollow = 0

// tryLock: this system has no lock wbtool uses; two processes writing one
// output folder are not kept apart.
func tryLock(f *os.File) (bool, error) { return true, nil }

func unlockFile(f *os.File) {}
