// Package wbgen generates large, valid Warbound content trees for benchmarks
// and stress tests: any number of Characters and Upgrades, in both
// languages, with accents, spread over many files like a real designer's
// tree. The output is deterministic.
package wbgen

import (
	"fmt"
	"strings"
)

// Options size a generated tree.
type Options struct {
	Characters int // Character cards
	Upgrades   int // Equipment and Vocation cards, half each
	PerFile    int // cards per file (default 100)
	// Art gives every Character an `art` field naming ArtFile(i): the
	// caller writes the images (genart.JPEG), so that a tree with a thousand
	// 1 MB images is never held in memory.
	Art bool
}

// ArtFile is the image file of generated Character i.
func ArtFile(i int) string { return fmt.Sprintf("art/gen-char-%04d.jpg", i) }

var gears = []string{"ranged", "melee", "armor"}

// Tree returns the files of a content tree by slash path.
func Tree(o Options) map[string][]byte {
	if o.PerFile <= 0 {
		o.PerFile = 100
	}
	files := map[string][]byte{}
	files["cards/factions.cue"] = []byte(`package warbound

factions: raiders: {name: {en: "Raiders", fr: "Pillards"}, colour: "#e8701a"}
factions: clans: {name: {en: "Ash Clans", fr: "Clans de Cendre"}, colour: "#2b7bb9"}

skills: "sharp-shooting": {
	name: {en: "Sharp shooting", fr: "Tir précis"}
	text: {en: "May shoot at an enemy next to one of your Characters.", fr: "Peut tirer sur un ennemi adjacent à l’un de vos Personnages."}
}
skills: "war-cry": {
	name: {en: "War cry", fr: "Cri de guerre"}
	active: true
	text: {en: "After a :fight:, each enemy next to this Character takes 1 Stress.", fr: "Après un :fight:, chaque ennemi adjacent à ce Personnage subit 1 Stress."}
}
skills: "leader-call": {
	name: {en: "Call to arms", fr: "Appel aux armes"}
	text: {en: "Leader phase: remove 1 Stress from one of your Characters.", fr: "Phase des Chefs : retirez 1 Stress d’un de vos Personnages."}
}
leaders: "gen-leader-raiders": {
	name: {en: "Generated Raider chief", fr: "Chef pillard généré"}
	faction: "raiders"
	skill: "leader-call"
	exploration: orders: [{raiders: 3}, {raiders: 4}]
	confrontation: orders: [{raiders: 2}, {raiders: 3}, {raiders: 3}]
}
formations: formation: {
	name: {en: "Formation", fr: "Formation"}
	text: {en: "A second miniature joins this Character.", fr: "Une seconde figurine rejoint ce Personnage."}
}
`)
	var b strings.Builder
	flush := func(name string) {
		if b.Len() > 0 {
			files[name] = []byte("package warbound\n" + b.String())
			b.Reset()
		}
	}
	for i := 0; i < o.Characters; i++ {
		faction := []string{"raiders", "clans"}[i%2]
		art := ""
		if o.Art {
			art = fmt.Sprintf("\n\tart: {file: %q, focus: {x: 0.5, y: 0.3}, credit: \"wbtool gen\"}", ArtFile(i))
		}
		fmt.Fprintf(&b, `
characters: "gen-char-%04[1]d": {
	name: {en: "Scout %[1]d", fr: "Éclaireur n° %[1]d"}%[12]s
	faction: %[2]q
	attack: %[3]d
	speed: %[4]d
	run: 2
	accuracy: {near: %[5]d, far: %[6]d}
	cost: {%[2]s: 1, any: %[7]d}
	health: %[8]d
	morale: 3
	gear: [%[9]q]
	skills: ["sharp-shooting", "war-cry"]
	panic: {attack: %[10]d, speed: %[4]d, run: 3, cost: {%[2]s: 1, any: %[11]d}, health: %[8]d, skills: ["war-cry"]}
}
`, i, faction, 4+i%4, 2+i%3, 5+i%3, 7+i%3, i%2, 2+i%3, gears[i%3], 5+i%4, 1+i%2, art)

		if (i+1)%o.PerFile == 0 {
			flush(fmt.Sprintf("cards/characters-%03d.cue", i/o.PerFile))
		}
	}
	flush(fmt.Sprintf("cards/characters-%03d.cue", o.Characters/o.PerFile))
	for i := 0; i < o.Upgrades; i++ {
		if i%2 == 0 {
			fmt.Fprintf(&b, `
equipment: "gen-equipment-%04[1]d": {
	name: {en: "Gadget %[1]d", fr: "Gadget n° %[1]d"}
	gear: %[2]q
	text: {en: "+1 :ranged-die: when shooting at a closest target.", fr: "+1 :ranged-die: en tirant sur une cible la plus proche."}
}
`, i, gears[i%3])
		} else {
			fmt.Fprintf(&b, `
vocations: "gen-vocation-%04[1]d": {
	name: {en: "Calling %[1]d", fr: "Vocation n° %[1]d"}
	text: {en: "Once per turn, one of your Characters may remove 1 Stress.", fr: "Une fois par tour, un de vos Personnages peut retirer 1 Stress."}
}
`, i)
		}
		if (i+1)%o.PerFile == 0 {
			flush(fmt.Sprintf("cards/upgrades-%03d.cue", i/o.PerFile))
		}
	}
	flush(fmt.Sprintf("cards/upgrades-%03d.cue", o.Upgrades/o.PerFile))
	return files
}
