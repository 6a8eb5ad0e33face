package termsafe

import (
	"io"
	"os"
)

// IsTerminal reports whether w, or the writer a Writer wraps, is a
// terminal: colour and progress bars are for a person watching, never
// for a log or a pipe (a redirection to /dev/null included).
func IsTerminal(w io.Writer) bool {
	f, ok := Raw(w).(*os.File)
	return ok && f != nil && isTerminal(f)
}
