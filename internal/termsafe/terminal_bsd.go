//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package termsafe

import "syscall"

// ioctlGetTermios reads a terminal's settings (isTerminal).
const ioctlGetTermios = syscall.TIOCGETA
