// Package wsgen generates large, valid Warstuff content trees for
// benchmarks and stress tests. The output is deterministic.
package wsgen

import (
	"fmt"
	"io/fs"
	"strings"

	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
)

// Tree returns the files of a valid Warstuff content tree with n
// figure profiles (100 per file) and a band of each file's first fifteen
// figures, plus the starter's game.cue and reminders. Every profile is
// legal by construction (between 3 and 23 points) and exercises the cost
// formula: quality, a weapon or a Variable weapon or none, attack rules on
// both attacks, psychic powers, general rules.
func Tree(n int) map[string][]byte {
	files := map[string][]byte{}
	for _, name := range []string{"game.cue", "i18n/reminders.cue"} {
		b, err := fs.ReadFile(wsstarter.FS, name)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		files[name] = b
	}
	ranges := []string{"9", "18", "27", `"flame"`}
	attack := []string{"precise", "powerful", "deadly", "piercing"}
	melee := []string{"powerful", "piercing"}
	powers := []string{"fireball", "healing", "shock", "lightning_bolt"}
	general := []string{"agile", "sturdy", "fearless", "camouflage", "tactician", "medic"}
	for f := 0; f*100 < n; f++ {
		var b strings.Builder
		fmt.Fprintf(&b, "package warstuff\n\n")
		var band []string
		for i := f * 100; i < n && i < (f+1)*100; i++ {
			id := fmt.Sprintf("figure-%04d", i)
			quality := 3 + i%3
			psyker := i%5 == 0
			if psyker && quality == 3 {
				quality = 4
			}
			fmt.Fprintf(&b, "profiles: %q: {\n\tname: {en: \"Figure %d\", fr: \"Figurine n° %d\"}\n\tquality: %d\n", id, i, i, quality)
			rules := pick(attack, i, i%3%2+1)
			if i%7 == 3 {
				rules = nil
			}
			switch {
			case i%6 == 5: // melee only
			case i%6 == 4:
				fmt.Fprintf(&b, "\tvariable: [{range: %s, rules: %s}, {range: 9}]\n", ranges[i%3], list(pick(attack, i, 1)))
			default:
				r := ranges[i%4]
				if r == `"flame"` {
					rules = []string{"powerful"}
				}
				fmt.Fprintf(&b, "\tranged: {range: %s, rules: %s}\n", r, list(rules))
			}
			if i%4 == 1 {
				fmt.Fprintf(&b, "\tmelee: [%q]\n", melee[i%2])
			}
			if psyker {
				fmt.Fprintf(&b, "\tpowers: %s\n", list(pick(powers, i, 1+i%2)))
			}
			fmt.Fprintf(&b, "\trules: %s\n}\n", list(pick(general, i, i%3%2+1)))
			if len(band) < 3 {
				band = append(band, id)
			}
		}
		fmt.Fprintf(&b, "\nbands: \"band-%02d\": {\n\tname: {en: \"Band %d\", fr: \"Bande %d\"}\n\tformat: 100\n\tfigures: [", f, f, f)
		for i, id := range band {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "{profile: %q, count: 2}", id)
		}
		b.WriteString("]\n}\n")
		files[fmt.Sprintf("cards/profiles-%02d.cue", f)] = []byte(b.String())
	}
	return files
}

func list(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// pick is k of xs from the i-th on, wrapping around.
func pick(xs []string, i, k int) []string {
	out := make([]string, k)
	for j := range out {
		out[j] = xs[(i+j)%len(xs)]
	}
	return out
}
