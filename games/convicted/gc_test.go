package convicted

import (
	"testing"

	"wbtool.dev/wbtool/internal/testtool"
)

// TestMain paces the collector for this package's tests (testtool.PaceGC).
func TestMain(m *testing.M) { testtool.Main(m) }
