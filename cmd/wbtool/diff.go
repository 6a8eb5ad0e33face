package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sync"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/gitrev"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

const diffDoc = `Diff compares two versions of the content and prints what changed, card
by card and field by field, in both languages: stats ("speed: 3 → 4"),
skills and other lists (added, removed), texts with a word-level diff
([-removed-] {+inserted+}), cards added, removed or renamed, decks,
boards, scenarios, the glossary and the rules pages.

OLD and NEW are content folders, or revisions of the git repository that
holds the content folder (HEAD, HEAD~3, v1.2, a commit): the content is
read from that revision with git archive. NEW defaults to the content
folder as it is (--content, or the tree found from here); OLD defaults to HEAD. Both
versions are loaded in draft mode, so a missing translation does not stop
the comparison.

--json prints the changes for tools: {"old", "new", "changes": [...],
"summary"}, each change with its collection, id, kind of change and fields
(path, lang, old, new, added, removed, words).

Examples:
  wbtool diff my-cards content
  wbtool diff ~/my-cards content --json

In a git repository, "wbtool diff HEAD~1" compares the last commit but one
with the content as it is, and "wbtool diff v1 v2" two tags.`

func newDiffCmd(g *globalFlags) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "diff [OLD] [NEW]",
		Short: "What changed between two versions of the content (folders or git revisions)",
		Long:  diffDoc,
		Args:  cobra.MaximumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			old, cur := "HEAD", ""
			switch len(args) {
			case 1:
				old = args[0]
			case 2:
				old, cur = args[0], args[1]
			}
			trees := [2]string{old, cur}
			var cats [2]*wbcatalog.Catalog
			var errs [2]error
			var wg sync.WaitGroup
			for i := range trees {
				wg.Go(func() { cats[i], _, _, errs[i] = loadVersion(cmd.CommandPath(), ruleset.CapDiffs, g, trees[i], false) })
			}
			wg.Wait()
			for i, err := range errs {
				var list diag.List
				if errors.As(err, &list) {
					list.Print(cmd.ErrOrStderr())
					return fmt.Errorf("%s does not load: %s", versionName(trees[i]), list.Summary())
				}
				if err != nil {
					return err
				}
			}
			rep, err := changes.Compare(cats[0], cats[1])
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			if asJSON {
				b, err := json.MarshalIndent(struct {
					Old     string           `json:"old"`
					New     string           `json:"new"`
					Changes []changes.Entity `json:"changes"`
					Summary string           `json:"summary"`
				}{versionName(old), versionName(cur), nonNil(rep.Changes), rep.Summary()}, "", "  ")
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(w, "%s\n", b)
				return err
			}
			return rep.WriteText(w)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the changes as JSON")
	return cmd
}

func nonNil(c []changes.Entity) []changes.Entity {
	if c == nil {
		return []changes.Entity{}
	}
	return c
}

func versionName(v string) string {
	if v == "" {
		return "the content"
	}
	return v
}

// loadVersion loads one version of the content: "" the content folder
// itself, else a folder or a git revision (versionSource); folder says
// which, and root names it in positions. what (a command, or --since)
// needs the capability c, which a game other than Warbound lacks (lacks).
func loadVersion(what string, c ruleset.Capability, g *globalFlags, v string, inContent bool) (cat *wbcatalog.Catalog, root string, folder bool, err error) {
	fsys, root, folder, err := versionSource(g, v, inContent)
	if err != nil {
		return nil, "", false, err
	}
	if err := lacks(what, c, fsys, root); err != nil {
		return nil, "", false, err
	}
	cat, err = schema.Load(fsys, schema.Options{Root: root, Draft: true})
	return cat, root, folder, err
}

// versionSource is where version v of the content lies, and whether it is
// a folder: "" the content folder; a folder; else a git revision of the
// repository holding the content folder. A folder named on the command
// line (wbtool diff, --since) may be anywhere. One the content names
// (inContent: set.errataSince) is a folder of the content folder, named
// from it and read through the same os.Root as the content (contentfs):
// a symbolic link out of it is an error, and so is what is not a folder of
// it and no revision either (an absolute path, a path with "..": the
// errata stage refuses those first, at their position).
func versionSource(g *globalFlags, v string, inContent bool) (fsys fs.FS, root string, folder bool, err error) {
	if fsys, root, folder, err = versionFolder(g, v, inContent); folder || err != nil {
		return fsys, root, folder, err
	}
	notFolder := "is not a folder"
	if inContent {
		notFolder = "is not a folder of the content folder"
	}
	fsys, err = gitTree(g, v, notFolder)
	return fsys, v, false, err
}

// versionFolder is versionSource's folder, when v names one.
func versionFolder(g *globalFlags, v string, inContent bool) (fsys fs.FS, root string, folder bool, err error) {
	switch {
	case v == "":
		fsys, root, err = contentSource(g)
		return fsys, root, err == nil, err
	case inContent:
		cfs, croot, err := contentSource(g)
		if err != nil {
			return nil, "", false, err
		}
		sub, ok, err := contentFolder(cfs, v)
		return sub, path.Join(croot, path.Clean(v)), ok, err
	}
	if st, err := os.Stat(v); err != nil || !st.IsDir() {
		return nil, "", false, nil
	}
	cfs, err := contentfs.Open(v)
	if err != nil {
		return nil, "", false, usagef("%s: %v", v, err)
	}
	return cfs, displayRoot(v), true, nil
}

// contentFolder is folder v of the content folder cfs, when v names one;
// a link out of cfs on the way is an error.
func contentFolder(cfs fs.FS, v string) (sub fs.FS, ok bool, err error) {
	rel := path.Clean(v)
	if !fs.ValidPath(rel) {
		return nil, false, nil
	}
	st, err := fs.Stat(cfs, rel)
	if errors.As(err, new(*contentfs.EscapeError)) {
		return nil, false, fmt.Errorf("%s leads out of the content folder through a symbolic link: the folder errataSince names must be inside the content folder (copy it in, or give the folder to --since)", v)
	}
	if err != nil || !st.IsDir() {
		return nil, false, nil
	}
	sub, err = fs.Sub(cfs, rel)
	return sub, err == nil, err
}

// sinceLoader is ruleset.GameOptions.LoadSince for a command whose
// --since flag is flag: the flag's folder may be anywhere; without the
// flag, the version is the one the content names (set.errataSince), and a
// folder is one of the content folder (versionSource).
func sinceLoader(g *globalFlags, flag string) func(rev string) (*ruleset.Since, error) {
	return func(rev string) (*ruleset.Since, error) { return loadSince(g, rev, flag == "") }
}

// loadSince loads an earlier version of the content for the errata
// (build --since, set.errataSince): a folder or a git revision, named by
// its set's version, else what git describes of the revision, else as
// given.
func loadSince(g *globalFlags, rev string, inContent bool) (*ruleset.Since, error) {
	cat, root, folder, err := loadVersion("--since", ruleset.CapErrata, g, rev, inContent)
	var list diag.List
	if errors.As(err, &list) {
		return nil, fmt.Errorf("that version of the content does not load (%s; wbtool diff %s shows them)", list.Summary(), root)
	}
	if err != nil {
		return nil, err
	}
	v := cat.Set.Version
	if v == "" {
		v = rev
		if dir := contentDir(g); !folder && dir != "" {
			v = gitrev.DescribeRev(dir, rev)
		}
	}
	return &ruleset.Since{Version: v, Content: cat}, nil
}

// gitTree reads the content folder as it was at revision rev, through
// the designer's git; notFolder says what rev is not, when git cannot
// read it either.
func gitTree(g *globalFlags, rev, notFolder string) (fs.FS, error) {
	dir, err := gitContentDir(g, rev)
	if err != nil {
		return nil, err
	}
	f, err := gitrev.Tree(dir, rev)
	var nr *gitrev.NoRevisionError
	if errors.As(err, &nr) {
		return nil, usagef("%s %s, and git cannot read it as a revision: %s", rev, notFolder, nr.Git)
	}
	return f, err
}

// gitContentDir is the content folder git reads revisions of: --content,
// or ./content.
func gitContentDir(g *globalFlags, rev string) (string, error) {
	dir := contentDir(g)
	if dir == "" {
		return "", usagef("%s is not a folder, and there is no content folder in git to read a revision from (give --content DIR)", rev)
	}
	return dir, nil
}
