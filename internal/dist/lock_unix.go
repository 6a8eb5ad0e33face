//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package dist

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// openNoFollow: a link planted at the lock file's name is refused.
const openNoFollow = unix.O_NOFOLLOW

// tryLock takes an exclusive flock(2) on f without waiting: false when
// another open file holds it.
func tryLock(f *os.File) (bool, error) {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, unix.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, unix.EINTR):
			continue
		}
		return false, err
	}
}

func unlockFile(f *os.File) { unix.Flock(int(f.Fd()), unix.LOCK_UN) }
