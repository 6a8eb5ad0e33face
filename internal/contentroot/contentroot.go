// Package contentroot finds the content tree a command works on when none
// is named, as git finds .git and go finds go.mod: from the working folder
// upward, the first folder that is a tree, or that holds a content/ folder
// that is one. A tree is marked by its game.cue (what `wbtool init`
// writes); for the trees written before game.cue existed, a folder holding
// cards/ or scenarios/ with .cue files in them is one too.
//
// It also lists the .cue files beside a tree that no game loads (Strays):
// a card file dropped next to content/ instead of inside it.
package contentroot

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// GameFile marks the root of a content tree (schema.GameFile).
const GameFile = "game.cue"

// contentFolders are the folders of a tree that hold .cue files; a
// folder holding one of them (with .cue files) is a tree without game.cue.
var contentFolders = []string{"cards", "scenarios"}

// Find returns the content tree for a command run in folder start (made
// absolute): at each folder from start upward, the folder itself when it
// holds game.cue, else its content/ subfolder when that is a tree, else
// the folder itself when it looks like a tree (cards/ or scenarios/ with
// .cue files). ok is false when no folder up to the file system's root
// is one.
func Find(start string) (dir string, ok bool) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", false
	}
	for {
		if isFile(filepath.Join(dir, GameFile)) {
			return dir, true
		}
		if sub := filepath.Join(dir, "content"); isFile(filepath.Join(sub, GameFile)) || looksLikeTree(sub) {
			return sub, true
		}
		if looksLikeTree(dir) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// IsTree reports whether dir is a content tree: it holds game.cue, or
// cards/ or scenarios/ with .cue files.
func IsTree(dir string) bool {
	return isFile(filepath.Join(dir, GameFile)) || looksLikeTree(dir)
}

// looksLikeTree reports whether dir holds cards/ or scenarios/ with .cue
// files directly inside.
func looksLikeTree(dir string) bool {
	for _, sub := range contentFolders {
		if len(cueFiles(filepath.Join(dir, sub))) > 0 {
			return true
		}
	}
	return false
}

// Strays lists, sorted, the .cue files beside tree dir that no game
// loads (Loose of the folder that holds the tree, but for the tree's own
// files), unless that folder is itself a tree whose files they are: it
// holds game.cue, or looks like a tree and holds this one as a nested
// game's (a content/ folder beside stray cards/ is still checked). The
// paths are absolute.
func Strays(dir string) []string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	parent := filepath.Dir(dir)
	if parent == dir || isFile(filepath.Join(parent, GameFile)) ||
		(filepath.Base(dir) != "content" && looksLikeTree(parent)) {
		return nil
	}
	var out []string
	for _, p := range Loose(parent) {
		if !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			out = append(out, p)
		}
	}
	return out
}

// Loose lists, sorted, the .cue files in folder dir that declare content
// (cards, scenarios, glossary terms: not a deck or check games file given
// to deck or check) and every .cue file in its content folders (cards/,
// scenarios/, i18n/): what a designer may have written there for a tree.
func Loose(dir string) []string {
	var out []string
	for _, p := range cueFiles(dir) {
		if declaresContent(p) {
			out = append(out, p)
		}
	}
	for _, sub := range append([]string{"i18n"}, contentFolders...) {
		out = append(out, cueFiles(filepath.Join(dir, sub))...)
	}
	sort.Strings(out)
	return out
}

// cueFiles lists the regular .cue files directly in dir (none when it
// cannot be read); names starting with "." or "_" are left out, as the
// loader leaves them out.
func cueFiles(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		n := e.Name()
		if e.Type().IsRegular() && strings.HasSuffix(n, ".cue") && !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}

// contentDecl is a top-level declaration of a tree's content, of either
// game: what a deck file or a check games file (command-line arguments)
// does not hold.
var contentDecl = regexp.MustCompile(`(?m)^(characters|leaders|equipment|vocations|formations|references|skills|factions|objectives|scenarios|actionBoards|glossary|profiles|creatures|hordes|bands|game)\s*:`)

// declaresContent reports whether .cue file p declares content.
func declaresContent(p string) bool {
	b, err := os.ReadFile(p)
	return err == nil && contentDecl.Match(b)
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
