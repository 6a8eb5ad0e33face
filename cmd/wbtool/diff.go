package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/build/warbound"
	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/gitrev"
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
folder as it is (--content, or ./content); OLD defaults to HEAD. Both
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
			var cats [2]*catalog.Catalog
			var errs [2]error
			var wg sync.WaitGroup
			for i := range trees {
				wg.Go(func() { cats[i], errs[i] = loadVersion(cmd.CommandPath(), g, trees[i]) })
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
// (as every command picks it), a folder, or a git revision of the
// repository holding the content folder.
func loadVersion(what string, g *globalFlags, v string) (*catalog.Catalog, error) {
	var fsys fs.FS
	var root string
	switch st, err := os.Stat(v); {
	case v == "":
		f, r, err := contentSource(g)
		if err != nil {
			return nil, err
		}
		fsys, root = f, r
	case err == nil && st.IsDir():
		cfs, err := contentfs.Open(v)
		if err != nil {
			return nil, usagef("%s: %v", v, err)
		}
		fsys, root = cfs, displayRoot(v)
	default:
		f, err := gitTree(g, v)
		if err != nil {
			return nil, err
		}
		fsys, root = f, v
	}
	if err := warboundOnly(what, fsys, root); err != nil {
		return nil, err
	}
	return schema.Load(fsys, schema.Options{Root: root, Draft: true})
}

// loadSince loads an earlier version of the content for the errata
// (build --since, set.errataSince): a folder or a git revision, named by
// its set's version, else what git describes of the revision, else as
// given.
func loadSince(g *globalFlags, rev string) (*warbound.Since, error) {
	cat, err := loadVersion("--since", g, rev)
	var list diag.List
	if errors.As(err, &list) {
		return nil, fmt.Errorf("that version of the content does not load (%s; wbtool diff %s shows them)", list.Summary(), rev)
	}
	if err != nil {
		return nil, err
	}
	v := cat.Set.Version
	if v == "" {
		v = rev
		if st, err := os.Stat(rev); err != nil || !st.IsDir() {
			if dir := contentDir(g); dir != "" {
				v = gitrev.DescribeRev(dir, rev)
			}
		}
	}
	return &warbound.Since{Version: v, Catalog: cat}, nil
}

// gitTree reads the content folder as it was at revision rev, through
// the designer's git.
func gitTree(g *globalFlags, rev string) (fs.FS, error) {
	dir, err := gitContentDir(g, rev)
	if err != nil {
		return nil, err
	}
	f, err := gitrev.Tree(dir, rev)
	var nr *gitrev.NoRevisionError
	if errors.As(err, &nr) {
		return nil, usagef("%s is not a folder, and git cannot read it as a revision: %s", rev, nr.Git)
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
