package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// contentDir is the content folder on disk, or "" for the embedded starter
// content (the same choice as contentSource).
func contentDir(g *globalFlags) string {
	return resolveTree(g).dir
}

// openOut opens the --out folder for writing: it refuses an output folder
// that overlaps the content folder or is a link, and finishes a build a
// killed process left half swapped in.
func openOut(g *globalFlags) (*dist.Dir, error) {
	return dist.Open(g.out, contentDir(g))
}

// readArgFile reads a file named on the command line (check games, a deck
// file, a game log) as the loader reads content: a regular file only — a
// named pipe or a device would block or never end — and at most
// schema.MaxFileSize bytes, through a limited reader.
func readArgFile(name string) ([]byte, error) {
	st, err := statArg(name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%v): give a file", name, st.Mode().Type())
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, schema.MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > schema.MaxFileSize {
		return nil, fmt.Errorf("%s is too large (more than %d bytes)", name, schema.MaxFileSize)
	}
	return b, nil
}

// statArg stats a file or folder named on the command line; one that
// does not exist says so in words, not os.Stat's.
func statArg(name string) (fs.FileInfo, error) {
	st, err := os.Stat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s does not exist", name)
	}
	return st, err
}

// writeLogOf writes log l to file, when file is given.
func writeLogOf(file string, l interface{ MarshalJSONL() ([]byte, error) }) error {
	if file == "" {
		return nil
	}
	data, err := l.MarshalJSONL()
	if err != nil {
		return err
	}
	return writeLog(file, data)
}

// writeLog writes a game log, replacing only an earlier game log: a file
// that is not one (a content file given by mistake) is left alone.
func writeLog(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && len(old) > 0 {
		if !isLog(old) {
			return usagef("--log %s: the file exists and is not a wbtool game log; wbtool will not overwrite it (choose another name)", name)
		}
	}
	return dist.WriteFile(name, data)
}

// isLog reports whether data is a game log of any game's engine.
func isLog(data []byte) bool {
	for _, game := range ruleset.Games() {
		r, _ := ruleset.Lookup(game)
		if mr, ok := r.(ruleset.MatchRules); ok && mr.IsLog(data) {
			return true
		}
	}
	return false
}

// printLine prints one line made of format and args, every character
// that could drive the terminal written as a visible escape — a newline
// in a string read from a file (a game log's step, a balance shard's
// deck) included, so that it cannot forge a line of its own.
func printLine(w io.Writer, format string, args ...any) {
	fmt.Fprintln(w, termsafe.String(fmt.Sprintf(format, args...)))
}

// fileError is err met in the file named on the command line, on one
// line: its text may quote the file (a game log's step), and a newline
// in it would forge a line of wbtool's own.
func fileError(name string, err error) error {
	return fmt.Errorf("%s: %s", name, termsafe.String(err.Error()))
}
