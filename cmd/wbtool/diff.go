package main

import (
	"errors"
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

const diffDoc = `Diff compares two versions of the content and prints what changed, card
by card and field by field, in both languages: stats ("speed: 3 → 4"),
skills and other lists (added, removed), texts with a word-level diff
([-removed-] {+inserted+}), cards added, removed or renamed, decks,
boards, scenarios, the glossary and the rules pages. On a Warstuff tree:
profiles (quality, weapons, special rules, cost), creatures, hordes,
bands, scenarios, special rules' reminders, the glossary and the rules
pages.

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
			trees := [2]string{"HEAD", ""}
			copy(trees[:], args)
			var vs [2]diffVersion
			var wg sync.WaitGroup
			for i := range trees {
				wg.Go(func() { vs[i] = loadDiffVersion(cmd.CommandPath(), g, trees[i]) })
			}
			wg.Wait()
			for i, v := range vs {
				var list diag.List
				if errors.As(v.err, &list) {
					list.Print(cmd.ErrOrStderr())
					return fmt.Errorf("%s does not load: %s", changes.VersionName(trees[i]), list.Summary())
				}
				if v.err != nil {
					return v.err
				}
			}
			if vs[0].game != vs[1].game {
				return usagef("%s is a %s tree and %s a %s tree: wbtool diff compares two versions of one game's content",
					changes.VersionName(trees[0]), ruleset.Title(vs[0].game), changes.VersionName(trees[1]), ruleset.Title(vs[1].game))
			}
			rep := changes.Compare(vs[0].items, vs[1].items)
			if asJSON {
				return rep.WriteJSON(cmd.OutOrStdout(), trees[0], trees[1])
			}
			return rep.WriteText(cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the changes as JSON")
	return cmd
}

// diffVersion is one version of the content as diff compares it.
type diffVersion struct {
	game  string
	items []changes.Collection
	err   error
}

// loadDiffVersion loads version v of the content ("" the content folder
// itself, else a folder or a git revision: versionSource) in draft mode,
// with its game's rules, and lists its comparable items; a game without
// them (ruleset.Differ) is refused for command.
func loadDiffVersion(command string, g *globalFlags, v string) diffVersion {
	fsys, root, _, err := versionSource(g, v, false)
	if err != nil {
		return diffVersion{err: err}
	}
	rs, err := ruleset.OfTree(fsys, root)
	if err != nil {
		return diffVersion{err: err}
	}
	c, err := rs.Load(fsys, ruleset.LoadOptions{Root: root, Draft: true})
	if err != nil {
		return diffVersion{err: err}
	}
	d, ok := c.(ruleset.Differ)
	if !ok {
		return diffVersion{err: ruleset.Missing(command, rs.Game(), ruleset.CapDiffs)}
	}
	items, err := d.Comparable()
	return diffVersion{game: rs.Game(), items: items, err: err}
}
