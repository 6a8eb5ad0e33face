package wsengine

import "testing"

// TestDeck: 104 draws from the 52-card deck give each suit 26 times: no
// card twice before the deck is shuffled again (WS-VAR-6).
func TestDeck(t *testing.T) {
	g := *sampleGames(t)[2]
	g.MoreRandomness = true
	s, err := NewState(&g, 7)
	if err != nil {
		t.Fatal(err)
	}
	var n [4]int
	for i := range 104 {
		x := &ctx{}
		if err := s.drawCard(x); err != nil {
			t.Fatal(err)
		}
		n[s.card-1]++
		if i == 51 && n != [4]int{13, 13, 13, 13} {
			t.Fatalf("a deck's 52 draws: %v", n)
		}
	}
	if n != [4]int{26, 26, 26, 26} {
		t.Fatalf("two decks' draws: %v", n)
	}
}
