// Package schema is the CUE loader kit every game's loader uses: it is,
// with the games' own schema packages (games/*/…schema), the only code
// that imports CUE, and it imports no game.
//
// It holds what loading a content tree written in CUE means for any game:
// which game a tree declares (Game, GameFile), the tree's files and the
// links that lead out of it (ListFiles, OutsideError), an embedded schema
// parsed so that its positions are never shown to designers (ParseSchema),
// the budgets of a content file and a rules page, the draft placeholders
// of a missing language, CUE syntax errors in a designer's words
// (SyntaxErrors), type conflicts phrased for designers
// (DescribeTypeConflict), and the per-file [Cache] that watch and serve
// keep between loads (parsed files, evaluation units, decoded images). A
// game's loader (Warbound's is games/warbound/wbschema) turns a tree into
// its catalog with these; every problem is a [Diagnostic] at
// file:line:col.
package schema

// MaxFileSize bounds a content file; larger files are rejected unread.
const MaxFileSize = 8 << 20

// MaxRulesPageSize bounds a rules page (rules/<lang>/*.md). The longest
// page of the starter rules is 9 KB and the whole rulebook 127 KB, so
// 256 KiB leaves room for any real page (twice the whole rulebook in one)
// while bounding what the site does with it: Markdown and French spacing
// are not linear on every input, and a 1.6 MB page once took a minute.
const MaxRulesPageSize = 256 << 10

// Draft-mode placeholders for a missing language. They are visible on every
// output, and a loader lists where they were used.
const (
	MissingEN = "[missing English text]"
	MissingFR = "[texte français manquant]"
)

// File is a content file outside the tree.
type File struct {
	Name string // shown in positions, e.g. the path given by the user
	Src  []byte
}
