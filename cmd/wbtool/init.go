package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/translations"
)

const initDoc = `Init writes a starter content tree for one of wbtool's games into DIR
(default: the current folder): a game.cue that marks the tree's root (every
command run inside DIR finds it), a few cards of each kind, one deck, one
scenario, a handful of check games, stubs of the rules pages, and a
.gitignore for the output folder. It validates what it wrote and prints the
next three commands to run.

--example full writes the whole starter content instead of the small one.
--source records which language the texts are written in first, in
i18n/translations.lock (as wbtool i18n accept --source does); without it no
lock is written. wbtool's games are bilingual: --lang is en,fr.

A folder that is not empty is refused (exit 2) unless --force, which adds
the starter's files without overwriting any file already there.

Examples:
  wbtool init mygame                    # a small Warbound tree in mygame/
  wbtool init skirmish --game warstuff  # a small Warstuff tree
  wbtool init crew --game convicted     # a small tree of The Convicted
  wbtool init everything --example full # the whole Warbound starter
  wbtool init english --source en       # English first: recorded in the lock`

type initFlags struct {
	game, lang, source, example string
	force                       bool
}

func newInitCmd() *cobra.Command {
	var f initFlags
	cmd := &cobra.Command{
		Use:   "init [DIR]",
		Short: "Write a starter content tree for a game into DIR, and validate it",
		Long:  initDoc,
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := "."
			if len(args) == 1 {
				dir = args[0]
			}
			return runInit(cmd, dir, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.game, "game", ruleset.DefaultGame, "the game: "+diag.OrList(ruleset.Starters()))
	fl.StringVar(&f.lang, "lang", "en,fr", "the languages of the texts (wbtool's games are bilingual: en,fr)")
	fl.StringVar(&f.source, "source", "", "the language the texts are written in first (en or fr), recorded in i18n/translations.lock")
	fl.StringVar(&f.example, "example", "small", "small (a few cards of each kind) or full (the whole starter)")
	fl.BoolVar(&f.force, "force", false, "write into a folder that is not empty, never overwriting a file")
	return cmd
}

func runInit(cmd *cobra.Command, dir string, f initFlags) error {
	st, ok := starterOf(f.game)
	if !ok {
		return usagef("--game %q: expected %s", f.game, diag.OrList(ruleset.Starters()))
	}
	if l := strings.Split(f.lang, ","); len(l) != 2 || !slices.Contains(l, "en") || !slices.Contains(l, "fr") {
		return usagef("--lang %q: wbtool's games are bilingual: every text is written in English and French (--lang en,fr)", f.lang)
	}
	if f.source != "" && f.source != "en" && f.source != "fr" {
		return usagef("--source %q: expected en or fr", f.source)
	}
	if f.example != "small" && f.example != "full" {
		return usagef("--example %q: expected small or full", f.example)
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return usagef("%s is a file: init writes into a new or empty folder", dir)
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 && !f.force {
		return usagef("%s is not empty: init writes into a new or empty folder (--force adds the starter's files, overwriting none)", dir)
	}
	files, err := starterFiles(st, f)
	if err != nil {
		return err
	}
	written, kept := 0, 0
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if _, err := os.Lstat(p); err == nil {
			kept++
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			if f := fileInTheWay(dir, filepath.Dir(p)); f != "" {
				return usagef("%s is a file where the starter has a folder: move it away, or init another folder", filepath.ToSlash(f))
			}
			return err
		}
		if err := os.WriteFile(p, files[name], 0o644); err != nil {
			return err
		}
		written++
	}
	out := cmd.OutOrStdout()
	line := fmt.Sprintf("wrote %s: a %s %s starter", diag.Plural(written, "file"), f.example, st.Title)
	if kept > 0 {
		line += fmt.Sprintf(" (%s already there, kept as they were)", diag.Plural(kept, "file"))
	}
	fmt.Fprintf(out, "%s in %s\n", line, filepath.ToSlash(dir))
	treeDir := filepath.Join(dir, "content")
	if f.source != "" {
		if code := run(cmd.Context(), []string{"i18n", "accept", "--source", f.source, "--content", treeDir}, out, cmd.ErrOrStderr()); code != exitOK {
			return errReported
		}
	}
	if code := run(cmd.Context(), []string{"validate", "--content", treeDir}, out, cmd.ErrOrStderr()); code != exitOK {
		return errReported
	}
	fmt.Fprintln(out, "next:")
	if dir != "." {
		fmt.Fprintf(out, "  cd %s\n", filepath.ToSlash(dir))
	}
	for _, c := range st.Next {
		fmt.Fprintf(out, "  %s\n", c)
	}
	return nil
}

// starterOf is game's starter tree (ruleset.Starter).
func starterOf(game string) (ruleset.StarterTree, bool) {
	rs, ok := ruleset.Lookup(game)
	if !ok {
		return ruleset.StarterTree{}, false
	}
	st, ok := rs.(ruleset.Starter)
	if !ok {
		return ruleset.StarterTree{}, false
	}
	return st.Starter(), true
}

// orList is names in words: "a", "a or b", "a, b or c".

// starterFiles are the files init writes, by slash path under DIR.
func starterFiles(st ruleset.StarterTree, f initFlags) (map[string][]byte, error) {
	files := map[string][]byte{
		".gitignore": []byte("# wbtool's output folder (wbtool build --out)\n/dist/\n"),
	}
	err := fs.WalkDir(st.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if p == translations.LockFile {
			return nil // written by --source only
		}
		keep, small := st.Small[p]
		rules := strings.HasPrefix(p, "rules/") && strings.HasSuffix(p, ".md")
		if f.example == "small" && !small && !rules {
			return nil
		}
		src, err := fs.ReadFile(st.FS, p)
		if err != nil {
			return err
		}
		switch {
		case f.example != "small":
		case rules:
			src = rulesStub(src)
		case keep != nil:
			// the entries left out leave blank lines: formatted as
			// wbtool fmt would
			src = keepEntries(src, keep)
			if out, problems := schema.Format(p, src); len(problems) == 0 {
				src = out
			}
		}
		files["content/"+p] = src
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the embedded starter: %w", err)
	}
	editor, err := editorFiles(f.game)
	if err != nil {
		return nil, err
	}
	maps.Copy(files, editor)
	if _, ok := files["content/"+schema.GameFile]; !ok {
		pkg := strings.ToLower(st.Title)
		files["content/"+schema.GameFile] = []byte(fmt.Sprintf("// This file marks the root of a %s content tree: wbtool finds it from any\n// folder inside, as git finds .git.\npackage %s\n\ngame: %q\n", st.Title, pkg, pkg))
	}
	return files, nil
}

// rulesStub is a rules page of the small starter: its front matter and
// headings (whose anchors the cards and check games name), each followed
// by a line to replace with the rules.
func rulesStub(src []byte) []byte {
	var out bytes.Buffer
	lines := strings.SplitAfter(string(src), "\n")
	i := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i = 1; i < len(lines) && strings.TrimSpace(lines[i]) != "---"; i++ {
		}
		out.WriteString(strings.Join(lines[:min(i+1, len(lines))], ""))
		i++
	}
	for ; i < len(lines); i++ {
		if strings.HasPrefix(lines[i], "#") {
			out.WriteString(lines[i])
			out.WriteString("\nTODO: write this section's rules.\n\n")
		}
	}
	return out.Bytes()
}

// entryStart is the first line of a top-level entry: `kind: "id": {`.
var entryStart = regexp.MustCompile(`^[A-Za-z]+: "?([A-Za-z0-9_-]+)"?: \{$`)

// keepEntries keeps, of a CUE file of the starter, the top-level entries
// whose id is in keep (with the comment lines just above them), and every
// line outside an entry.
func keepEntries(src []byte, keep []string) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	var out bytes.Buffer
	var pending []string // comment lines waiting for the next entry
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "//") {
			pending = append(pending, l)
			continue
		}
		m := entryStart.FindStringSubmatch(strings.TrimRight(l, "\n"))
		if m == nil {
			out.WriteString(strings.Join(pending, ""))
			pending = nil
			out.WriteString(l)
			continue
		}
		end := i
		for end < len(lines) && strings.TrimRight(lines[end], "\n") != "}" {
			end++
		}
		if slices.Contains(keep, m[1]) {
			out.WriteString(strings.Join(pending, ""))
			out.WriteString(strings.Join(lines[i:min(end+1, len(lines))], ""))
		}
		pending = nil
		i = end
	}
	out.WriteString(strings.Join(pending, ""))
	return out.Bytes()
}

// fileInTheWay is the first file on the way from dir down to folder, ""
// when none is.
func fileInTheWay(dir, folder string) string {
	rel, err := filepath.Rel(dir, folder)
	if err != nil {
		return ""
	}
	p := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, part)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}
