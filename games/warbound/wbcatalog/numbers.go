package wbcatalog

import "strconv"

// Card numbers. A card's number is its kind's letter and a number within
// the kind, "C07". The designer writes it on the card (`number: 7`) and it
// never moves: adding a card, even one whose id sorts before the others,
// renumbers nothing. A card without a number takes the next number after
// the highest written one of its kind (in catalog order among such cards,
// so a second new card can still move it: the loader warns until it is
// written down). A kind where no card has a number is numbered in catalog
// order from 1, as every tree was before numbers could be written.

// CardNo is a number written on a card and where it is written.
type CardNo struct {
	N   int
	Pos Pos
}

// kindLetters start the card numbers, the same in every language so that
// a French card and its English twin share their number.
var kindLetters = map[Kind]string{
	KindCharacter: "C", KindLeader: "L", KindEquipment: "E",
	KindFormation: "F", KindVocation: "V", KindReference: "R",
	KindObjective: "O",
}

// NumberLabel is the printed form of number n of kind k: "C07".
func NumberLabel(k Kind, n int) string {
	s := strconv.Itoa(n)
	if len(s) < 2 {
		s = "0" + s
	}
	return kindLetters[k] + s
}

// Numbered is the number of every card of kind k, by id.
func (c *Catalog) Numbered(k Kind) map[string]int {
	ids := c.CardIDs(k)
	m := make(map[string]int, len(ids))
	last := 0
	for _, id := range ids {
		if n, ok := c.Numbers[id]; ok {
			m[id] = n.N
			last = max(last, n.N)
		}
	}
	for _, id := range ids {
		if _, ok := m[id]; !ok {
			last++
			m[id] = last
		}
	}
	return m
}
