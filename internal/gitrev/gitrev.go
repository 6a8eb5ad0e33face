// Package gitrev reads the designer's git repository through the git the
// designer has: the version `git describe` gives the content folder, and
// the content folder as it was at a revision (git archive). It never
// writes to the repository.
package gitrev

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"testing/fstest"
)

// MaxArchive bounds the content read from one revision.
const MaxArchive = 512 << 20

// NoRevisionError is Tree's error when git cannot read the revision
// (no repository, no such revision, no git).
type NoRevisionError struct {
	Rev string
	Git string // what git said
}

func (e *NoRevisionError) Error() string {
	return fmt.Sprintf("git cannot read %s as a revision: %s", e.Rev, e.Git)
}

// Command is git args run in dir ("": the current folder, with the
// variables that name a repository kept) as wbtool runs every git: without
// any command the repository's own configuration names. A content folder
// may come with its .git folder from someone else, and git runs commands
// its configuration names: wbtool must run none of them.
//
//   - core.fsmonitor (any command that reads the index runs it): off.
//   - filter.<driver>.clean, .smudge and .process (git status runs a
//     clean filter to compare a file with the index, git archive and git
//     checkout-index run smudge filters): every driver the repository's
//     configuration (.git/config, config.worktree and what they include)
//     sets is switched off, and not required. Drivers of the user's own
//     global or system configuration still run (git-lfs: art in LFS
//     reads as images, not pointers).
//   - diff.external, diff.<driver>.command and .textconv: no command
//     wbtool runs shows a diff; switched off all the same (the
//     repository's drivers, and diff.external wherever it is set).
//   - Hooks (core.hooksPath): git runs no hook for the read-only
//     commands wbtool runs; post-index-change would run should git
//     write the index, and GIT_OPTIONAL_LOCKS=0 keeps git status from
//     refreshing it. core.hooksPath itself is kept: wbtool hook install
//     asks git where the hooks are.
//   - Transports (core.sshCommand, credential helpers, ext:: remotes, a
//     partial clone's lazy fetch): GIT_ALLOW_PROTOCOL allows none, and
//     GIT_NO_LAZY_FETCH (git 2.45) says not to try; the pager is off.
//
// GIT_CONFIG_NOSYSTEM and GIT_CONFIG_GLOBAL are not set: the system's and
// the user's configuration are the user's own (safe.directory, git-lfs),
// not the content's, and the repository's configuration is read whatever
// they say. It is an error when the repository's configuration names a
// filter or diff driver that a -c option cannot switch off (a name with
// "=").
func Command(dir string, args ...string) (*exec.Cmd, error) {
	off, err := repoCommandsOff(dir)
	if err != nil {
		return nil, err
	}
	return bare(dir, append(off, args...)...), nil
}

// safeArgs are the options before every git subcommand wbtool runs.
var safeArgs = []string{"--no-pager", "-c", "core.fsmonitor=false", "-c", "diff.external="}

// bare is git args run in dir with safeArgs and the environment of
// Command, but with the repository's drivers left as they are: Command
// lists them with it.
func bare(dir string, args ...string) *exec.Cmd {
	var a []string
	if dir != "" {
		a = append(a, "-C", dir)
	}
	a = append(append(a, safeArgs...), args...)
	c := exec.Command("git", a...)
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX":
			// a pre-commit hook sets them: they would point git at
			// another repository than dir's
			if dir != "" {
				continue
			}
		case "GIT_OPTIONAL_LOCKS", "GIT_ALLOW_PROTOCOL", "GIT_NO_LAZY_FETCH", "GIT_TERMINAL_PROMPT":
			continue
		}
		c.Env = append(c.Env, kv)
	}
	c.Env = append(c.Env, "GIT_OPTIONAL_LOCKS=0", "GIT_ALLOW_PROTOCOL=none", "GIT_NO_LAZY_FETCH=1", "GIT_TERMINAL_PROMPT=0")
	return c
}

// driverKeys are the keys of a driver (filter.<name>.<key>, diff.<name>.<key>)
// that name a command, and the value that switches each off.
var driverKeys = map[string]map[string]string{
	"filter": {"clean": "", "smudge": "", "process": "", "required": "false"},
	"diff":   {"command": "", "textconv": ""},
}

// repoCommandsOff are the -c options that switch off the drivers the
// repository's configuration sets (see Command). Outside a repository
// there are none.
func repoCommandsOff(dir string) ([]string, error) {
	var keys []string // the repository's keys (each "key\nvalue")
	if out, err := bare(dir, "config", "--list", "--show-scope", "--includes", "-z").Output(); err == nil {
		f := strings.Split(string(out), "\x00") // scope, key\nvalue, ...
		for i := 0; i+1 < len(f); i += 2 {
			if f[i] == "local" || f[i] == "worktree" {
				keys = append(keys, f[i+1])
			}
		}
	} else if out, err := bare(dir, "config", "--local", "--list", "--includes", "-z").Output(); err == nil {
		// git before 2.26 has no --show-scope: the repository's own file
		// (outside a repository, this fails: there is none)
		keys = strings.Split(string(out), "\x00")
	}
	var off []string
	seen := map[string]bool{}
	for _, kv := range keys {
		key, _, _ := strings.Cut(kv, "\n")
		section, rest, ok := strings.Cut(key, ".")
		driver := driverKeys[section]
		dot := strings.LastIndexByte(rest, '.')
		if !ok || driver == nil || dot < 0 {
			continue
		}
		name := rest[:dot]
		if seen[section+"."+name] {
			continue
		}
		seen[section+"."+name] = true
		if strings.ContainsAny(name, "=\n") {
			return nil, fmt.Errorf("the repository's git configuration names %s driver %q, which wbtool cannot switch off: rename it", section, name)
		}
		for _, k := range slices.Sorted(maps.Keys(driver)) {
			off = append(off, "-c", section+"."+name+"."+k+"="+driver[k])
		}
	}
	return off, nil
}

// git runs git in dir and returns its output, or what it said on error.
func git(dir string, args ...string) ([]byte, error) {
	c, err := Command(dir, args...)
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	return out, nil
}

// Describe is the version git gives the content folder dir: `git describe
// --tags --always` of HEAD (the nearest tag, the commits since and the
// commit: "v0.3-2-g1a2b3c4", or the short commit when there is no tag),
// with "-dirty" when a file of dir differs from HEAD. It is "" when dir
// is not in a git repository, holds no tracked file, or git is missing:
// the version is then the content's own or none.
func Describe(dir string) string {
	files, err := git(dir, "ls-files", "-z", "--", ".")
	if err != nil || len(files) == 0 {
		return ""
	}
	d, err := git(dir, "describe", "--tags", "--always")
	if err != nil {
		return ""
	}
	v := strings.TrimSpace(string(d))
	if st, err := git(dir, "status", "--porcelain", "--untracked-files=no", "--ignore-submodules=all", "--", "."); err == nil && len(bytes.TrimSpace(st)) > 0 {
		v += "-dirty"
	}
	return v
}

// DescribeRev is `git describe --tags --always REV` in dir's repository,
// or rev itself when git cannot describe it.
func DescribeRev(dir, rev string) string {
	if strings.HasPrefix(rev, "-") {
		return rev
	}
	d, err := git(dir, "describe", "--tags", "--always", rev)
	if err != nil {
		return rev
	}
	return strings.TrimSpace(string(d))
}

// TagsAfter lists the tags on the history from rev (excluded) to HEAD, in
// the order of that history, oldest first: one tag per commit (the first
// by name when a commit has several), at most max of them (the newest
// ones). A tag that names no commit is left out. It is empty when rev
// is not a revision of dir's repository (a folder) or git is missing.
func TagsAfter(dir, rev string, max int) []string {
	if strings.HasPrefix(rev, "-") || max <= 0 {
		return nil
	}
	commits, err := git(dir, "rev-list", "--topo-order", "--reverse", rev+"..HEAD")
	if err != nil {
		return nil
	}
	refs, err := git(dir, "for-each-ref", "--sort=refname", "--format=%(objectname) %(*objectname) %(refname:short)", "refs/tags")
	if err != nil {
		return nil
	}
	at := map[string]string{} // commit → its first tag by name
	for _, line := range strings.Split(strings.TrimSpace(string(refs)), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		commit, name := f[0], f[len(f)-1]
		if len(f) == 3 {
			commit = f[1] // an annotated tag: the commit it points to
		}
		if _, ok := at[commit]; !ok {
			at[commit] = name
		}
	}
	var tags []string
	for _, c := range strings.Fields(string(commits)) {
		if t, ok := at[c]; ok {
			tags = append(tags, t)
		}
	}
	if len(tags) > max {
		tags = tags[len(tags)-max:]
	}
	return tags
}

// Tree reads the folder dir as it was at revision rev: git archive of
// the folder's tree at rev, in memory (regular files only, at most
// MaxArchive bytes).
func Tree(dir, rev string) (fs.FS, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, &NoRevisionError{rev, "a revision does not start with -"}
	}
	prefix, err := git(dir, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, &NoRevisionError{rev, err.Error()}
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		// --quiet: git says nothing but its exit status
		return nil, &NoRevisionError{rev, "the repository has no such commit, branch or tag"}
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, &NoRevisionError{rev, err.Error()}
	}
	treeish := rev
	if p := strings.TrimSpace(string(prefix)); p != "" {
		treeish = rev + ":" + strings.TrimSuffix(p, "/")
	}
	// from the top of the work tree: git archive in a subfolder archives
	// only what lies under it, relative to the tree given
	c, err := Command(strings.TrimSpace(string(top)), "archive", "--format=tar", treeish)
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.Start(); err != nil {
		return nil, err
	}
	files, rerr := readTar(io.LimitReader(out, MaxArchive+1))
	io.Copy(io.Discard, out)
	if err := c.Wait(); err != nil {
		return nil, fmt.Errorf("git archive %s: %s", treeish, strings.TrimSpace(stderr.String()))
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
		if total > MaxArchive {
			return nil, fmt.Errorf("the content is larger than %d MiB", MaxArchive>>20)
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
