package ruleset

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"

	"wbtool.dev/wbtool/diag"
)

// Versions read earlier versions of a content tree, for the errata stage
// ([Errata]: `wbtool build --since REV`, or a version the content names):
// the CLI reads a folder, or a revision of the git repository that holds
// the content folder. Each game loads a version with its own loader.
type Versions struct {
	// Open reads version rev of the content.
	Open func(rev string) (Version, error)
	// History, when set, lists the versions between rev and now, oldest
	// first (the git tags in between, at most MaxHistory): the card
	// pages' histories tell what changed at each of them. Nil: none.
	History func(rev string) []string

	// kept are the earlier versions games loaded (Keep): watch and serve
	// keep one Versions for their session, so each is read once.
	mu   sync.Mutex
	kept map[string]kept
}

type kept struct {
	v   any
	err error
}

// Keep is what load returns for key (a game and a revision), loaded once
// per Versions: a failure is tried again at the next call (the designer
// may fix the earlier version's folder). A nil Versions keeps nothing.
func (vs *Versions) Keep(key string, load func() (any, error)) (any, error) {
	if vs == nil {
		return load()
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if k, ok := vs.kept[key]; ok {
		return k.v, k.err
	}
	v, err := load()
	if err == nil {
		if vs.kept == nil {
			vs.kept = map[string]kept{}
		}
		vs.kept[key] = kept{v, err}
	}
	return v, err
}

// MaxHistory bounds the versions between --since and now that the
// histories walk (each is loaded and compared): the newest ones; the
// changes before them show as one step from the --since version.
const MaxHistory = 12

// Version is one earlier version of the content tree.
type Version struct {
	// FS holds its files; Root names it in positions.
	FS   fs.FS
	Root string
	// Folder says it is a folder, not a git revision.
	Folder bool
	// Rev is the version as asked for ("v0.1", "HEAD~2", a folder).
	Rev string
	// Describe, when set, is what git describes of the revision
	// ("v0.4-2-g1a2b3c4").
	Describe func() string
}

// Name is the version's name when its content names none: what git
// describes of the revision, the folder's own name (the published pages
// show it: the path to it is this machine's, never the readers'; for a
// folder named content, its project's name), else the revision as asked
// for.
func (v Version) Name() string {
	switch {
	case v.Describe != nil:
		return v.Describe()
	case v.Folder:
		dir := filepath.Clean(v.Rev)
		name := filepath.Base(dir)
		if name == "content" { // the usual name, as wbtool init makes it
			if project := filepath.Base(filepath.Dir(dir)); project != "." && project != string(filepath.Separator) && project != ".." {
				return project
			}
		}
		return name
	}
	return v.Rev
}

// Load opens version rev for game: an error when the version's tree is
// another game's (a game.cue naming a game wbtool does not know is left
// to the game's loader, which reports it).
func (vs *Versions) Load(game, rev string) (Version, error) {
	if vs == nil || vs.Open == nil {
		return Version{}, fmt.Errorf("this command cannot read an earlier version of the content")
	}
	v, err := vs.Open(rev)
	if err != nil {
		return Version{}, err
	}
	if other, _, err := GameOf(v.FS, v.Root); err == nil && other != game {
		if _, known := Lookup(other); known {
			return Version{}, fmt.Errorf("that version of the content is a tree of %s, not of %s: the errata compare two versions of one game's content", Title(other), Title(game))
		}
	}
	return v, nil
}

// NotLoading is the error of an earlier version whose content does not
// load (its problems, list; root names it).
func NotLoading(list diag.List, root string) error {
	return fmt.Errorf("that version of the content does not load (%s; wbtool diff %s shows them)", list.Summary(), root)
}

// OfTree is the rules of the game a content tree declares (its game.cue,
// schema.Game): the registered ones. A game.cue naming a game wbtool does
// not know, or that cannot be read, is a diag.List.
func OfTree(fsys fs.FS, root string) (Ruleset, error) {
	game, pos, err := GameOf(fsys, root)
	if err != nil {
		return nil, err
	}
	rs, ok := Lookup(game)
	if !ok {
		return nil, Unknown(game, pos)
	}
	return rs, nil
}

// LoadVersion opens version rev of game's tree (Load) and loads it with
// the game's loader, named as its content does not name it (Version.Name):
// every game's errata start so. A version whose content does not load is
// a NotLoading error.
func LoadVersion[C any](vs *Versions, game, rev string, load func(fsys fs.FS, root string) (C, error)) (C, string, error) {
	var zero C
	v, err := vs.Load(game, rev)
	if err != nil {
		return zero, "", err
	}
	c, err := load(v.FS, v.Root)
	var list diag.List
	if errors.As(err, &list) {
		return zero, "", NotLoading(list, v.Root)
	}
	if err != nil {
		return zero, "", err
	}
	return c, v.Name(), nil
}

// SinceProblem is the verdict's problem when the version --since names
// cannot be compared with the content.
func SinceProblem(rev string, err error) diag.List {
	return diag.List{diag.Errorf(diag.Pos{}, "", "--since %s: %v", rev, err)}
}
