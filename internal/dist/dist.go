// Package dist writes wbtool's outputs under the output folder (dist/ by
// default), atomically: a reader sees either the previous output or the new
// one, never a half-written file or folder, and a failed build leaves the
// previous outputs intact.
package dist

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// tmpPrefix marks the temporary files and folders of a write in progress;
// a later write sweeps any left behind by an interrupted run.
const tmpPrefix = ".wbtool-tmp-"

// Files is a set of output files by slash path relative to a folder.
type Files map[string][]byte

// checkRel rejects paths that would leave the output folder.
func checkRel(rel string) error {
	if rel == "" || path.IsAbs(rel) || strings.Contains(rel, `\`) || path.Clean(rel) != rel ||
		rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, ".") {
		return fmt.Errorf("refusing to write %q: output paths must stay inside the output folder", rel)
	}
	return nil
}

// WriteFile writes one file atomically: a temporary file in the same folder,
// synced, then renamed over the old one.
func WriteFile(root, rel string, data []byte) error {
	if err := checkRel(rel); err != nil {
		return err
	}
	dst := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", dst, err)
	}
	f, err := os.CreateTemp(filepath.Dir(dst), tmpPrefix+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", dst, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", dst, err)
	}
	return nil
}

// ReplaceDir replaces the folder root/sub with exactly files: the new tree
// is written next to it, then swapped in with two renames, so a reader never
// sees a mix of old and new files and stale files disappear.
func ReplaceDir(root, sub string, files Files) error {
	if err := checkRel(sub); err != nil {
		return err
	}
	for rel := range files {
		if err := checkRel(rel); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", root, err)
	}
	sweep(root)
	final := filepath.Join(root, filepath.FromSlash(sub))
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(final), err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), tmpPrefix+"new-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", final, err)
	}
	names := make([]string, 0, len(files))
	for rel := range files {
		names = append(names, rel)
	}
	sort.Strings(names)
	for _, rel := range names {
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("write %s: %w", final, err)
		}
		if err := os.WriteFile(p, files[rel], 0o644); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("write %s: %w", final, err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("write %s: %w", final, err)
	}
	old := ""
	if _, err := os.Stat(final); err == nil {
		old = filepath.Join(filepath.Dir(final), tmpPrefix+"old-"+filepath.Base(tmp))
		if err := os.Rename(final, old); err != nil {
			os.RemoveAll(tmp)
			return fmt.Errorf("replace %s: %w", final, err)
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		if old != "" {
			os.Rename(old, final)
		}
		os.RemoveAll(tmp)
		return fmt.Errorf("replace %s: %w", final, err)
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// sweep removes temporaries left by an interrupted write under root (one
// level deep, where ReplaceDir and WriteFile put them).
func sweep(root string) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			os.RemoveAll(filepath.Join(root, e.Name()))
		}
	}
}
