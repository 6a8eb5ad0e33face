package convicted

import (
	"testing"

	"wbtool.dev/wbtool/games/convicted/cvmatch"
)

// BenchmarkRandomGame is one game of scenario 1 at 2 players with the
// random bot (random games per second: 1e9 / ns/op).
func BenchmarkRandomGame(b *testing.B) {
	c := loadStarter(b)
	m, err := cvmatch.New(c.rules, cvmatch.Options{Players: 2, Scenario: 1, Bot: "random"})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; b.Loop(); i++ {
		if _, _, err := m.Play(uint64(i), false); err != nil {
			b.Fatal(err)
		}
	}
}
