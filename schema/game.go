package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/contentfs"
)

// GameFile is the file at the root of a content tree that names its game
// (`game: "warstuff"`). A folder inside a tree that holds one is another
// tree: the loader of the enclosing tree skips it.
const GameFile = "game.cue"

// DefaultGame is the game of a tree that names none.
const DefaultGame = "warbound"

// Game reads the game a content tree declares: the top-level `game:`
// field of its game.cue, read as syntax only (it decides which schema
// evaluates the tree). A tree without game.cue, or a game.cue without the
// field, is Warbound's. pos is where the name is written; a game.cue that
// cannot be read or parsed, or whose `game:` is not a plain string, is a
// diag.List.
func Game(fsys fs.FS, root string) (game string, pos wbcatalog.Pos, err error) {
	name := GameFile
	if root != "" {
		name = root + "/" + GameFile
	}
	src, err := contentfs.ReadFile(fsys, GameFile, MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultGame, wbcatalog.Pos{}, nil
	}
	filePos := wbcatalog.Pos{File: name, Line: 1, Col: 1}
	if err != nil {
		return "", filePos, diag.List{diag.Errorf(filePos, "", "cannot read the file that names the game: %v", err)}
	}
	f, err := parser.ParseFile(name, src)
	if err != nil {
		// The loader reports the syntax errors with the rest of the tree.
		return DefaultGame, wbcatalog.Pos{}, nil
	}
	for _, d := range f.Decls {
		field, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if label, _, _ := ast.LabelName(field.Label); label != "game" {
			continue
		}
		pos := wbcatalog.Pos{File: name, Line: field.Value.Pos().Line(), Col: field.Value.Pos().Column()}
		lit, ok := field.Value.(*ast.BasicLit)
		if s, err := strconv.Unquote(litValue(lit, ok)); err == nil {
			return s, pos, nil
		}
		return "", pos, diag.List{diag.Errorf(pos, "game", "expected the game's name as a plain string, e.g. `game: %q`", DefaultGame)}
	}
	return DefaultGame, wbcatalog.Pos{}, nil
}

func litValue(lit *ast.BasicLit, ok bool) string {
	if !ok {
		return ""
	}
	return lit.Value
}

// isTreeRoot reports whether the folder dir of a tree holds a game.cue:
// it is then the root of another content tree.
func isTreeRoot(fsys fs.FS, dir string) bool {
	_, err := fs.Stat(fsys, dir+"/"+GameFile)
	return err == nil
}

// ParseSchema parses the .cue files of folder dir of an embedded schema,
// each file named with prefix (so that positions inside the schema are
// never shown to designers as the place of an error). Every game's loader
// uses it.
func ParseSchema(fsys fs.FS, dir, prefix string) ([]*ast.File, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read embedded schema: %w", err)
	}
	var files []*ast.File
	for _, e := range entries {
		src, err := fs.ReadFile(fsys, dir+"/"+e.Name())
		if err != nil {
			return nil, fmt.Errorf("read embedded schema: %w", err)
		}
		f, err := parser.ParseFile(prefix+e.Name(), src)
		if err != nil {
			return nil, fmt.Errorf("embedded schema %s: %w", e.Name(), err)
		}
		files = append(files, f)
	}
	return files, nil
}

// ListFiles lists the files of a content tree, sorted: its .cue files and
// its rules pages (rules/<lang>/*.md). Files and folders whose name starts
// with "." or "_" are left out, and so are folders holding their own
// game.cue (other trees). outside are the tree's other symbolic links
// that lead out of it (a linked folder, a linked image), each an error
// for the loader to report (OutsideError): the .cue files and rules pages
// listed are checked when read. Every game's loader uses it.
func ListFiles(fsys fs.FS) (cueFiles, mdFiles []string, outside []*contentfs.EscapeError, err error) {
	err = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if p != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != "." && isTreeRoot(fsys, p) {
				return fs.SkipDir // another content tree (it has its own game.cue)
			}
			return nil
		}
		// Links and special files are listed like files: reading them
		// (contentfs) follows a link only inside the tree and refuses
		// anything but a regular file, with a message. A linked folder is
		// not a folder here (WalkDir does not follow links), so its files
		// are never listed, even when it points inside the tree; one that
		// leads out of the tree is an error, as is any other link out.
		switch {
		case strings.HasSuffix(name, ".cue"):
			cueFiles = append(cueFiles, p)
		case strings.HasSuffix(name, ".md") && strings.HasPrefix(p, "rules/"):
			mdFiles = append(mdFiles, p)
		case d.Type()&fs.ModeSymlink != 0:
			var esc *contentfs.EscapeError
			if _, err := fs.Stat(fsys, p); errors.As(err, &esc) {
				outside = append(outside, esc)
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("read content: %w", err)
	}
	sort.Strings(cueFiles)
	sort.Strings(mdFiles)
	return cueFiles, mdFiles, outside, nil
}

// OutsideError is the message for a symbolic link ListFiles found leading
// out of the content tree, at the link's path.
func OutsideError(e *contentfs.EscapeError) string {
	if e.Target == "" {
		return "path goes through a linked folder outside the content folder: the content must be inside it (copy the folder in instead of linking to it)"
	}
	return fmt.Sprintf("symbolic link to %q, outside the content folder: the content must be inside it (copy what it links to into the content folder instead of linking to it)", e.Target)
}
