//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package termsafe

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminal asks the terminal driver: a character device that is no
// terminal (/dev/null) has no termios. The standard library's syscall
// package is enough, so this leaf package (diag, catalog and the engine
// use it) stays plain Go.
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(ioctlGetTermios), uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
