package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/contentfs"
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
				wg.Go(func() { cats[i], errs[i] = loadVersion(g, trees[i]) })
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
func loadVersion(g *globalFlags, v string) (*catalog.Catalog, error) {
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
	return schema.Load(fsys, schema.Options{Root: root, Draft: true})
}

// maxArchive bounds the content read from one git revision.
const maxArchive = 512 << 20

// gitTree reads the content folder as it was at revision rev, through
// the designer's git: git archive of the folder's tree at rev.
func gitTree(g *globalFlags, rev string) (fs.FS, error) {
	dir := g.content
	if dir == "" {
		if !isContentTree("content") {
			return nil, usagef("%s is not a folder, and there is no content folder in git to read a revision from (give --content DIR)", rev)
		}
		dir = "content"
	}
	if strings.HasPrefix(rev, "-") {
		return nil, usagef("%s: not a folder or a git revision", rev)
	}
	git := func(args ...string) ([]byte, error) {
		c := exec.Command("git", append([]string{"-C", dir}, args...)...)
		var stderr bytes.Buffer
		c.Stderr = &stderr
		out, err := c.Output()
		if err != nil {
			msg := strings.TrimSpace(stderr.String())
			if msg == "" {
				msg = err.Error()
			}
			return nil, usagef("%s is not a folder, and git cannot read it as a revision: %s", rev, msg)
		}
		return out, nil
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	if _, err := git("rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return nil, err
	}
	treeish := rev
	if p := strings.TrimSpace(string(prefix)); p != "" {
		treeish = rev + ":" + strings.TrimSuffix(p, "/")
	}
	c := exec.Command("git", "-C", dir, "archive", "--format=tar", treeish)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil {
		return nil, err
	}
	files, rerr := readTar(io.LimitReader(out, maxArchive+1))
	io.Copy(io.Discard, out)
	if err := c.Wait(); err != nil {
		return nil, usagef("git archive %s: %s", treeish, strings.TrimSpace(stderr.String()))
	}
	if rerr != nil {
		return nil, fmt.Errorf("git archive %s: %w", treeish, rerr)
	}
	return files, nil
}

// readTar reads the regular files of a tar stream into memory (links and
// other entries are left out, as the loader refuses them anyway).
func readTar(r io.Reader) (fstest.MapFS, error) {
	files := fstest.MapFS{}
	tr := tar.NewReader(r)
	total := int64(0)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		total += h.Size
		if total > maxArchive {
			return nil, fmt.Errorf("the content is larger than %d MiB", maxArchive>>20)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, err
		}
		name := path.Clean(strings.TrimPrefix(h.Name, "./"))
		if !fs.ValidPath(name) {
			continue
		}
		files[name] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
}
