package dist

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

const openNoFollow = 0

// lockOffset is where the locked byte lies, past anything written, so
// that a waiting process can still read the holder's pid and command.
const lockOffset = 1 << 31

// tryLock takes an exclusive LockFileEx lock on f without waiting: false
// when another handle holds it.
func tryLock(f *os.File) (bool, error) {
	ol := windows.Overlapped{Offset: lockOffset}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return false, nil
	}
	return err == nil, err
}

func unlockFile(f *os.File) {
	ol := windows.Overlapped{Offset: lockOffset}
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
