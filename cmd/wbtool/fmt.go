package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/schema"
)

const fmtDoc = `Fmt formats the content's .cue files as ` + "`cue fmt`" + ` does: the same
indentation, alignment and spacing for every designer, comments kept. With
FILES or folders, only those (they must be inside the content folder);
without, every .cue file the game loads. A file with a syntax error is not
touched: the error is reported where it is, in words, as validate says it,
and fmt exits 1. fmt writes only files inside the content folder, and only
those whose formatting changes.

--check writes nothing: it lists the files that are not formatted and
exits 1 when there is one (for CI).

Examples:
  wbtool fmt                        # every file of the content tree
  wbtool fmt content/cards/clans.cue # one file
  wbtool fmt --check                # in CI: exit 1 when a file would change`

func newFmtCmd(g *globalFlags) *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "fmt [FILES|DIRS]",
		Short: "Format the content's .cue files as cue fmt does; --check for CI",
		Long:  fmtDoc,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFmt(cmd, g, args, check)
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "write nothing: list the files that are not formatted, exit 1 when one is")
	return cmd
}

func runFmt(cmd *cobra.Command, g *globalFlags, args []string, check bool) error {
	t := resolveTree(g)
	if t.dir == "" {
		return usagef("wbtool fmt formats a designer's content folder: run it inside a content tree (wbtool init makes one), or give --content DIR (the embedded starter content cannot be changed)")
	}
	fsys, root, err := contentSource(g)
	if err != nil {
		return err
	}
	files, _, _, err := schema.ListFiles(fsys)
	if err != nil {
		return err
	}
	if files, err = fmtSelect(t.dir, files, args); err != nil {
		return err
	}
	var problems diag.List
	var changed []string
	out := cmd.OutOrStdout()
	for _, rel := range files {
		src, err := fs.ReadFile(fsys, rel)
		if err != nil {
			return fileError(path.Join(root, rel), err)
		}
		name := path.Join(root, rel)
		formatted, diags := schema.Format(name, src)
		if len(diags) > 0 {
			problems = append(problems, diags...)
			continue
		}
		if string(formatted) == string(src) {
			continue
		}
		changed = append(changed, name)
		if check {
			fmt.Fprintf(out, "%s: not formatted (wbtool fmt rewrites it)\n", name)
			continue
		}
		if err := writeInside(t.dir, rel, formatted); err != nil {
			return err
		}
		fmt.Fprintf(out, "formatted %s\n", name)
	}
	w := cmd.ErrOrStderr()
	if len(problems) > 0 {
		problems = problems.Sorted()
		printDiagnostics(w, g, problems, nil)
		fmt.Fprintf(w, "%s; %s left as %s\n", problems.Summary(), diag.Plural(len(problemFiles(problems)), "file"), pronoun(len(problemFiles(problems))))
	}
	switch {
	case check && len(changed) > 0:
		fmt.Fprintf(out, "%s of %d not formatted\n", diag.Plural(len(changed), "file"), len(files))
		return errReported
	case len(problems) > 0:
		return errReported
	case check:
		fmt.Fprintf(out, "%s formatted\n", countAll(len(files)))
	default:
		fmt.Fprintf(out, "%s reformatted, %d already formatted\n", diag.Plural(len(changed), "file"), len(files)-len(changed))
	}
	return nil
}

func countAll(n int) string {
	if n == 1 {
		return "the file is"
	}
	return fmt.Sprintf("all %d files are", n)
}

func pronoun(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

func problemFiles(l diag.List) map[string]bool {
	m := map[string]bool{}
	for _, d := range l {
		m[d.Pos.File] = true
	}
	return m
}

// fmtSelect keeps the files of the tree (paths from its folder dir) that
// args name, a file or a folder each; no args: all of them. An argument
// outside the content folder, or naming nothing, is a usage error.
func fmtSelect(dir string, files, args []string) ([]string, error) {
	if len(args) == 0 {
		return files, nil
	}
	base, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(base, abs)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
			return nil, usagef("%s is outside the content folder %s: wbtool fmt writes only the content's own files", a, dir)
		}
		rel = filepath.ToSlash(rel)
		st, err := os.Stat(abs)
		if err != nil {
			return nil, usagef("%s: %v", a, errors.Unwrap(err))
		}
		n := len(out)
		for _, f := range files {
			if f == rel || st.IsDir() && (rel == "." || strings.HasPrefix(f, rel+"/")) {
				out = append(out, f)
			}
		}
		if len(out) == n {
			if !st.IsDir() && !strings.HasSuffix(rel, ".cue") {
				return nil, usagef("%s is no .cue file: wbtool fmt formats content files", a)
			}
			return nil, usagef("%s holds no content file the game loads (names starting with _ or . and other trees are left out)", a)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// writeInside replaces file rel of content folder dir with data, through
// os.Root (a link leading out of the folder is refused) and a temporary
// file renamed over it, keeping its permissions.
func writeInside(dir, rel string, data []byte) error {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer r.Close()
	name := filepath.FromSlash(rel)
	st, err := r.Lstat(name)
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return usagef("%s is not a regular file (a link?): wbtool fmt rewrites only the content's own files", filepath.Join(dir, name))
	}
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".wbtool-fmt")
	f, err := r.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, st.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		r.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		r.Remove(tmp)
		return err
	}
	if err := r.Rename(tmp, name); err != nil {
		r.Remove(tmp)
		return err
	}
	return nil
}
