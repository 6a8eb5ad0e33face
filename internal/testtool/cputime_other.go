//go:build !unix

package testtool

import "time"

// CPUTime is 0 where the system does not report CPU time.
func CPUTime() time.Duration { return 0 }
