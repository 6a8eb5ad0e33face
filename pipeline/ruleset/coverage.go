package ruleset

// Coverage is content that can say what its check games leave untested
// (`wbtool check --coverage`), once its checks stage has run: a line per
// untested item ("file:line:col: kind id: why") and a summary line. A game
// without it prints nothing for --coverage.
type Coverage interface {
	Coverage() (untested []string, summary string)
}
