package ruleset

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/diag"
)

// Capability is an optional capability of a game: what a command needs
// of the game beyond the required stages. Name is the capability's name
// in the seam (an interface here, or one still to come), What says in a
// designer's words what a game without it lacks.
type Capability struct {
	Name string
	What string
}

// The optional capabilities the commands need. CapDecks, CapSheets,
// CapErrata, CapExports, CapTranslations and CapDiffs are interfaces of
// the seam ([DeckChecker], [Sheets], [Errata], [Exporter], [Translations],
// [Differ]).
var (
	CapDecks        = Capability{"DeckChecker", "deck checker"}
	CapSheets       = Capability{"Sheets", "card sheets per deck"}
	CapExports      = Capability{"Exporter", "PNG or TTS exports"}
	CapTranslations = Capability{"Translations", "translation coverage and lock"}
	CapDiffs        = Capability{"Differ", "field-by-field diff between versions"}
	CapErrata       = Capability{"Errata", "errata against an earlier version"}
	CapReference    = Capability{"Reference", "reference for designers"}
)

// MissingError is the refusal of a command on a game that lacks a
// capability: one line naming the command, the game and what is missing.
// Every command refuses through it ([Missing]); the CLI prints it as it is
// and exits with the usage status.
type MissingError struct {
	// Command is the command line that asked, "wbtool print"; the build
	// stages name their option only ("--since"), or nothing (the print
	// and export stages asked by `wbtool print` and `wbtool export`), and
	// the CLI adds the command before it.
	Command string
	Game    string
	Cap     Capability
}

func (e *MissingError) Error() string {
	msg := fmt.Sprintf("%s has no %s yet (capability %s)", TheGame(e.Game), e.Cap.What, e.Cap.Name)
	if e.Command == "" {
		return msg
	}
	return e.Command + ": " + msg
}

// Missing is the refusal of command on game, which lacks capability c.
func Missing(command, game string, c Capability) error {
	return &MissingError{Command: command, Game: game, Cap: c}
}

// Titled is a Ruleset whose game's name is not its id with a capital
// letter: "40k Unbound" for "unbound".
type Titled interface {
	Title() string
}

// Title is a game's name as a designer writes it: "Warstuff", "40k
// Unbound" (Titled).
func Title(game string) string {
	if r, ok := Lookup(game); ok {
		if t, ok := r.(Titled); ok {
			return t.Title()
		}
	}
	if game == "" {
		return ""
	}
	return strings.ToUpper(game[:1]) + game[1:]
}

// TheGame names a game in a sentence: "the Warstuff game", or the title
// alone when it has its own article ("The Convicted").
func TheGame(game string) string {
	t := Title(game)
	if strings.HasPrefix(t, "The ") {
		return t
	}
	return "the " + t + " game"
}

// DeckChecker is content whose decks can be checked for legality (`wbtool
// deck check`): Warbound's decks, Warstuff's bands. Decks given in a file
// outside the tree are loaded with it (LoadOptions.Extra).
type DeckChecker interface {
	// DeckNoun is what the game calls a deck ("deck", "band", "army"),
	// and several of them: the content's section that declares them
	// ("decks", "bands", "armies").
	DeckNoun() (one, many string)
	// DeckIDs are the ids of the decks declared in file (a name given in
	// LoadOptions.Extra), or of every deck when file is "", in the
	// content's order.
	DeckIDs(file string) []string
	// CheckDeck is the legality report of deck id; ok is false when the
	// content has no such deck.
	CheckDeck(id string) (r DeckReport, ok bool)
}

// DeckReport is a deck's legality report.
type DeckReport struct {
	// Pos is where the deck is declared.
	Pos diag.Pos
	// Legal is the sentence saying a legal deck is legal, with its
	// counts: "deck raiders-strike (exploration) is legal: 8 cards: …".
	Legal string
	// Problems are every way the deck breaks the rules; none when it is
	// legal.
	Problems diag.List
}

// DataVersioner is a game whose engine data (dist/data/catalog.json)
// carries a schema version (a capability of the Ruleset): `wbtool
// version` lists them.
type DataVersioner interface {
	DataVersion() int
}
