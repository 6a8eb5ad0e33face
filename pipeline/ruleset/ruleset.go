// Package ruleset is the seam between wbtool's shared machinery and a
// game's own rules. A content tree names its game in its game.cue
// (`game: "warstuff"`; a tree without one is Warbound's, see GameOf).
// What differs per game — its schema and catalog, its card layouts, its
// site chapters, its engine and check-game runner — sits behind
// [Ruleset] and [Content]; the pipeline (package pipeline) runs the same
// stages, in the same order, for every game, and everything else (content
// reading and diagnostics, dist writes, markup and typography, the PDF and
// SVG backends, the site frame and search, watch and serve) is shared.
//
// Every game registers its Ruleset here from its own package:
// Warbound's is package games/warbound's, Warstuff's package
// games/warstuff's (a program imports the games it knows). A game may
// offer two more stages by implementing [Errata] (before the verdict) and
// [Exporter] (after the print stage) on its Content, and list its draft
// placeholders with [Drafter]; a [Portable] game can be loaded in watch's
// budgeted child process.
//
// What every game's stages need comes through this interface: the load's
// [LoadOptions], then [SiteOptions] and [PrintOptions]. A game that needs
// more for one build (an earlier version for the errata, the maps' hex
// size, exports) takes it from [GameOptions] (LoadOptions.Game); watch's
// incremental rebuilds go through [Incremental].
package ruleset

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// Ruleset is one game's rules.
type Ruleset interface {
	// Game is the name content trees declare, e.g. "warstuff".
	Game() string
	// Load reads and validates a content tree with the game's schema.
	// Content problems are a diag.List, every one of them; other errors
	// (an unreadable tree) are returned as they are.
	Load(fsys fs.FS, opts LoadOptions) (Content, error)
}

// LoadOptions say how to load a tree.
type LoadOptions struct {
	// Root is shown before file names in positions.
	Root string
	// Draft lets missing translations through.
	Draft bool
	// Extra are content files outside the tree (check games given on the
	// command line).
	Extra []schema.File
	// Cache, when set, keeps each file's evaluation between loads (watch's
	// worker keeps one, schema.Cache); a game may ignore it.
	Cache *schema.Cache
	// SetVersion is the set's version when the content gives none (what
	// `git describe` says of the content folder): a version written in
	// the content wins.
	SetVersion string
	// Since is the earlier version asked for on the command line (a git
	// revision or a folder, --since), for a game with an errata stage
	// ([Errata]); "" lets the content name its own.
	Since string
	// Versions read that earlier version, and those in between (nil:
	// this command reads none, and the errata stage says so).
	Versions *Versions
	// CheckOnly says the run makes no output (validate, check): the
	// content's stages only find problems (SiteOptions.CheckOnly), and
	// nothing draws the cards.
	CheckOnly bool
	// OneShot says the process runs this one build (pipeline.Options.OneShot):
	// a game may load for a leaner peak of memory.
	OneShot bool
	// Game are the build's options a game may take (GameOptions).
	Game GameOptions
	// Preloaded, when set, is what the game's Preload made of the tree in
	// another process ([Preloader]): Load finishes that load instead of
	// evaluating the tree again.
	Preloaded []byte
}

// Content is a loaded tree, with the game's stages. The verdict stages
// (Checks, Layout, Site) may run at once; each reads the content only.
type Content interface {
	// Summary is a one-line description: "13 profiles, 4 bands, …".
	Summary() string
	// Warnings are the load's problems that do not stop a build.
	Warnings() diag.List
	// Checks plays the check games that keep (nil: all) and reports how
	// many passed and failed, with a diagnostic per failure.
	Checks(keep func(id string) bool) CheckReport
	// Layout lays out every card in every language and reports what does
	// not fit.
	Layout() diag.List
	// Site builds the site's pages, paths relative to the site folder.
	// Content problems are a diag.List.
	Site(opts SiteOptions) (dist.Files, error)
	// Data is the engine data, paths relative to the data folder.
	Data() (dist.Files, error)
	// Print is the print-and-play sheets, paths relative to the print
	// folder.
	Print(opts PrintOptions) (dist.Files, error)
}

// Errata is content that can compare itself with an earlier version of
// the content (the errata stage, before the verdict: the site and the
// sheets show what it found). ran is false when no earlier version was
// asked for; the stage is then skipped.
type Errata interface {
	Errata() (d diag.List, ran bool)
}

// Drafter is content loaded in draft mode (LoadOptions.Draft): the texts
// that miss a language and show a visible placeholder instead.
type Drafter interface {
	Drafts() []lang.MissingText
}

// Portable is a game whose loaded content can travel between processes:
// watch and serve load a tree in a budgeted child process (package
// internal/budget) and build it in their own. Marshal encodes what Load
// returned, every field of it (positions, warnings, draft list); Unmarshal
// gives it back.
type Portable interface {
	Marshal(Content) ([]byte, error)
	Unmarshal([]byte) (Content, error)
}

// Preloader is a game whose load splits in two halves between processes,
// the other way for content to travel: Preload runs in the budgeted child
// process (package internal/budget) and returns the evaluation of the
// tree, encoded (the part a budget must bound: CUE); Load, given those
// bytes as LoadOptions.Preloaded, finishes the load in the process that
// builds, with that process's options and the files it reads beside the
// content (the set's version, earlier versions, art, a translations
// lock). Preload sees only Root, Draft and Cache of lo. A game watch and
// serve load is Portable or a Preloader.
type Preloader interface {
	Preload(fsys fs.FS, lo LoadOptions) ([]byte, error)
}

// Loaded is a tree of game loaded elsewhere (by watch's budgeted worker):
// a Ruleset whose Load returns that content (pipeline.Options.Rules).
type Loaded struct {
	GameName string
	Content  Content
}

// Game is the loaded tree's game.
func (l Loaded) Game() string { return l.GameName }

// Load returns the content loaded elsewhere.
func (l Loaded) Load(fs.FS, LoadOptions) (Content, error) { return l.Content, nil }

// CheckReport is what a check-game run found.
type CheckReport struct {
	Passed, Failed int
	Diagnostics    diag.List
}

// SiteOptions tune the site.
type SiteOptions struct {
	BaseURL string
	// Preview: no links to the sheets (serve has none).
	Preview bool
	// CheckOnly: only the site's diagnostics are wanted (validate,
	// check): a game may check the pages without making them, and return
	// no files.
	CheckOnly bool
	// Emit, when set, is handed the site's files as they are made (a
	// game may hand none): the build writes them meanwhile. When it
	// reports the file taken, the game may drop its bytes and return the
	// path with nil bytes (written as they are made, not held: a
	// 25,000-card site is 2 GB); otherwise it returns the file's bytes.
	Emit func(rel string, data []byte) (taken bool)
	// Exports, when set, are the exports the build makes after its print
	// stage (build --export): the site may link to them.
	Exports *ExportRequest
}

// PrintOptions tune the sheets.
type PrintOptions struct {
	Version string
	Date    time.Time
}

var (
	mu       sync.RWMutex
	registry = map[string]Ruleset{}
)

// DefaultGame is the game of a tree that names none: a tree without
// game.cue, or whose game.cue has no `game:` field, is Warbound's.
const DefaultGame = "warbound"

// GameOf reads the game the content tree fsys declares in its game.cue
// (schema.Game): DefaultGame when it names none. pos is where the name is
// written; a game.cue that cannot be read, or whose `game:` is not a
// plain string, is a diag.List.
func GameOf(fsys fs.FS, root string) (game string, pos diag.Pos, err error) {
	game, pos, err = schema.Game(fsys, root)
	if game == "" && err == nil {
		game = DefaultGame
	}
	return game, pos, err
}

// Register makes a game's rules available to the pipeline. It panics when
// the game is registered twice (a programming error).
func Register(r Ruleset) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[r.Game()]; dup {
		panic("ruleset: " + r.Game() + " registered twice")
	}
	registry[r.Game()] = r
}

// Lookup finds the rules of game.
func Lookup(game string) (Ruleset, bool) {
	mu.RLock()
	defer mu.RUnlock()
	r, ok := registry[game]
	return r, ok
}

// Games lists every game wbtool knows, sorted (Warbound, the game of a
// tree without game.cue, is listed even in a program that does not import
// package games/warbound).
func Games() []string {
	mu.RLock()
	defer mu.RUnlock()
	games := []string{DefaultGame}
	for g := range registry {
		games = append(games, g)
	}
	sort.Strings(games)
	return slices.Compact(games)
}

// Unknown is the diagnostic for a game.cue naming a game wbtool does not
// know, at the name.
func Unknown(game string, pos diag.Pos) diag.List {
	hint := ""
	if s := suggest.Closest(game, Games()); s != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", s)
	}
	return diag.List{diag.Errorf(pos, "game", "unknown game %q%s: expected one of %s", game, hint, strings.Join(Games(), ", "))}
}
