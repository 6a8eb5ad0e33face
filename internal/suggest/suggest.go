// Package suggest finds the likely intended word for a mistyped one: the
// "did you mean" of every unknown name wbtool reports (fields, ids, icons).
package suggest

import "strings"

// Closest returns the candidate nearest to s by edit distance, ignoring
// case, when it is close enough to be a likely typo (at most 2 edits, and
// fewer than half of s); "" otherwise.
func Closest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if c == s {
			continue
		}
		if d := Distance(strings.ToLower(s), strings.ToLower(c)); d < bestD && 2*d < len([]rune(s))+1 {
			best, bestD = c, d
		}
	}
	return best
}

// Hint is " (did you mean "x"?)" for the closest candidate, or "".
func Hint(s string, candidates []string) string {
	if c := Closest(s, candidates); c != "" {
		return " (did you mean \"" + c + "\"?)"
	}
	return ""
}

// Unknown says a name the content lacks, with the closest it has and all
// it has: `no scenario "stnadard" (did you mean "standard"?) (scenarios:
// big-game, standard)`; "none" when it has none.
func Unknown(noun, plural, name string, names []string) string {
	list := strings.Join(names, ", ")
	if len(names) == 0 {
		list = "none"
	}
	return "no " + noun + " \"" + name + "\"" + Hint(name, names) + " (" + plural + ": " + list + ")"
}

// Distance is the Levenshtein distance between a and b, in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
