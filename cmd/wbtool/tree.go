package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/contentroot"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// contentTree is the content a command works on: the folder given with
// --content, the tree found from the working folder upward
// (internal/contentroot), or the embedded starter when there is none.
type contentTree struct {
	dir   string // the folder on disk; "" for the embedded starter
	root  string // how positions name it
	found bool   // found from the working folder, not given
	// announced: named once per process, even through copies of the
	// flags (i18n accept loads with its own).
	announced bool
	// strays are the warnings of the .cue files no game loads, printed
	// with the tree's name; --strict counts them (withStrays).
	strays diag.List
}

// resolveTree decides the command's content tree once per process.
func resolveTree(g *globalFlags) *contentTree {
	if g.tree != nil {
		return g.tree
	}
	t := &contentTree{dir: g.content}
	switch {
	case t.dir != "":
		t.root = displayRoot(t.dir)
	default:
		wd, err := os.Getwd()
		if err != nil {
			break
		}
		if dir, ok := contentroot.Find(wd); ok {
			t.dir, t.root, t.found = relToWork(wd, dir), relToWork(wd, dir), true
		}
	}
	g.tree = t
	return t
}

// relToWork names folder dir relative to the working folder wd (with ".."
// when the tree is above it: positions stay paths a designer can open).
func relToWork(wd, dir string) string {
	if rel, err := filepath.Rel(wd, dir); err == nil {
		return filepath.ToSlash(rel)
	}
	return dir
}

// announceTree prints, once, on the command's error stream (the standard
// output stays the command's own), which content the command uses:
// "content: mygame/content (Warbound)", or that it is the built-in
// starter because no tree is here; then the .cue files that no game
// loads, each a warning with its path.
func announceTree(g *globalFlags, fsys fs.FS, t *contentTree) {
	w := g.notice
	if w == nil || t.announced {
		return
	}
	t.announced = true
	wd, _ := os.Getwd()
	if t.dir == "" {
		fmt.Fprintln(w, "content: the built-in Warbound starter (no content folder here: wbtool init makes one)")
		for _, p := range contentroot.Loose(wd) {
			t.stray(w, wd, p, "this folder is no content tree (wbtool init makes one, or give --content DIR)")
		}
		return
	}
	game, _, err := ruleset.GameOf(fsys, t.root)
	if err != nil {
		game = ruleset.DefaultGame
	}
	what := ruleset.Title(game)
	if t.found && strings.Trim(t.root, "./") == "" {
		// "." or "../..": say which folder that is
		abs, _ := filepath.Abs(t.dir)
		what = filepath.Base(filepath.Dir(abs)) + "/" + filepath.Base(abs) + ", " + what
	}
	fmt.Fprintln(w, termsafe.String(fmt.Sprintf("content: %s (%s)", t.root, what)))
	if !t.found {
		return
	}
	for _, p := range contentroot.Strays(t.dir) {
		t.stray(w, wd, p, fmt.Sprintf("it is outside the content folder %s: move it inside (cards go in %s)", t.root, filepath.ToSlash(filepath.Join(t.root, "cards"))+"/"))
	}
}

// stray reports .cue file p that no game loads, and why: a warning,
// printed now and kept for the verdict (withStrays).
func (t *contentTree) stray(w io.Writer, wd, p, why string) {
	d := diag.Warnf(diag.Pos{File: relToWork(wd, p)}, "", "not loaded: %s", why)
	t.strays = append(t.strays, d)
	fmt.Fprintln(w, d.String())
}

// withStrays is the content's diagnostics l and the warnings of the .cue
// files beside the tree that no game loads: the verdict counts them like
// any warning (--strict fails on them, the summary counts them).
func withStrays(g *globalFlags, l diag.List) diag.List {
	if g.tree == nil || len(g.tree.strays) == 0 {
		return l
	}
	return append(append(diag.List(nil), g.tree.strays...), l...)
}

// contentSource opens the command's content tree (resolveTree) and names
// it on the error stream (announceTree). The returned root is the prefix
// shown in error positions. A designer's folder is read through
// contentfs: regular files inside the folder only, so a link out of it, a
// named pipe or a device is a content error instead of a leak or a hang.
// The folder stays open (one file descriptor) until the tree is
// garbage-collected.
func contentSource(g *globalFlags) (fsys fs.FS, root string, err error) {
	t := resolveTree(g)
	if t.dir == "" {
		announceTree(g, content.FS, t)
		return content.FS, "content", nil
	}
	fsys, err = openTree(t.dir)
	if err != nil {
		return nil, "", err
	}
	announceTree(g, fsys, t)
	return fsys, t.root, nil
}
