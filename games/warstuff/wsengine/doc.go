// Package wsengine is Warstuff's rules engine: the state of a game on a
// continuous table (figures, terrain, objectives; the geometry is package
// geom), the legal decisions and their resolution with seeded dice
// (activations, moves, shooting, melee, the invasion's creatures and
// hordes), the bots, the log and its replay, and the check-game runner
// (RunCheck: forced dice, expectations, `fails:` codes).
//
// It is pure: it reads the catalog's values (package wscatalog), the
// engine kit and the standard library only, and does no I/O, reads no
// clock and draws no global randomness (internal/deps pins it).
package wsengine
