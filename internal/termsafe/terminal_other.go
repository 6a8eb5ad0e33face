//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd && !dragonfly

package termsafe

import "os"

// isTerminal takes a character device for a terminal.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
