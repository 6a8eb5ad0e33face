package ruleset

import "io/fs"

// Starter is a game whose starter tree `wbtool init --game GAME` writes
// (a capability of the Ruleset, not of loaded content).
type Starter interface {
	Starter() StarterTree
}

// StarterTree is a game's starter content, as init writes it.
type StarterTree struct {
	// Title is the game's name as a designer writes it: "Warstuff".
	Title string
	// FS is the whole starter (--example full).
	FS fs.FS
	// Small keeps, for --example small, each file kept with the ids of
	// its top-level entries kept (nil: the whole file); the rules pages
	// are kept as stubs.
	Small map[string][]string
	// Next are the three commands init suggests.
	Next []string
}

// Starters are the games with a starter tree, sorted.
func Starters() []string {
	var out []string
	for _, g := range Games() {
		if rs, ok := Lookup(g); ok {
			if _, ok := rs.(Starter); ok {
				out = append(out, g)
			}
		}
	}
	return out
}
