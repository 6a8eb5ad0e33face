//go:build !unix

package site

import "time"

func cpuTime() time.Duration { return 0 }
