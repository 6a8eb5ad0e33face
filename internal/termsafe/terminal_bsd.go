//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package termsafe

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTerminal asks the terminal driver: a character device that is no
// terminal (/dev/null) has no termios.
func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TIOCGETA)
	return err == nil
}
