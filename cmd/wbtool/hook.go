package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/internal/gitrev"
)

const hookDoc = `Hook installs a git pre-commit hook in the repository of the current folder.
Before each commit the hook validates the content as staged for the commit
(not the files on disk) and plays the check games; when either fails, the
commit is refused and the problems are printed with their file:line:col.
(git commit --no-verify skips the hook for one commit.)

The hook calls the wbtool that installed it (or the one on the PATH if that
one is gone) on the content folder: --content DIR, else the content tree
found from the current folder upward (the folder of its game.cue); with
--draft at install, missing translations do not block commits.

install refuses to replace a pre-commit hook that wbtool did not write,
unless --force is given; the replaced hook is kept next to it as
pre-commit.before-wbtool, and uninstall puts it back.

Examples:
  wbtool hook install
  wbtool hook install --content my-cards --force
  wbtool hook uninstall`

// hookMarker identifies a hook written by wbtool.
const hookMarker = "# wbtool pre-commit hook"

// hookBackupName keeps a foreign hook replaced with --force.
const hookBackupName = "pre-commit.before-wbtool"

func newHookCmd(g *globalFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hook",
		Short: "Install or remove the git pre-commit hook that validates the content and plays the check games",
		Long:  hookDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usagef("hook needs a subcommand: install or uninstall")
		},
	}
	var force bool
	install := &cobra.Command{
		Use:   "install",
		Short: "Install the pre-commit hook in the current git repository",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return installHook(cmd, g, force)
		},
	}
	install.Flags().BoolVar(&force, "force", false, "replace a pre-commit hook that wbtool did not write (it is kept as "+hookBackupName+")")
	uninstall := &cobra.Command{
		Use:   "uninstall",
		Short: "Remove the pre-commit hook that wbtool installed",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return uninstallHook(cmd)
		},
	}
	cmd.AddCommand(install, uninstall)
	return cmd
}

// git runs git in the current folder and returns its trimmed output, as
// wbtool runs every git: without the repository's commands (gitrev.Command).
func git(args ...string) (string, error) {
	c, err := gitrev.Command("", args...)
	if err != nil {
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	out, err := c.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			msg := strings.TrimSpace(string(ee.Stderr))
			return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
		}
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// hookPath finds the pre-commit hook of the repository of the current
// folder (core.hooksPath and worktrees respected) and its top folder.
func hookPath() (hook, top string, err error) {
	if _, err := exec.LookPath("git"); err != nil {
		return "", "", usagef("hook: git is not installed (or not on the PATH)")
	}
	top, err = git("rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", usagef("hook: not inside a git repository (%v)", err)
	}
	dir, err := git("rev-parse", "--git-path", "hooks")
	if err != nil {
		return "", "", err
	}
	if !filepath.IsAbs(dir) {
		wd, err := os.Getwd()
		if err != nil {
			return "", "", err
		}
		dir = filepath.Join(wd, dir)
	}
	return filepath.Join(dir, "pre-commit"), top, nil
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// hookScript is the pre-commit hook. It copies the staged content out of
// the index (GIT_INDEX_FILE, so partial commits check what they commit)
// into a temporary folder and runs wbtool there, so positions read
// "content/cards/x.cue:3:4".
func hookScript(wbtool, content string, draft bool) string {
	flags := ""
	if draft {
		flags = " --draft"
	}
	return `#!/bin/sh
` + hookMarker + `: installed by "wbtool hook install", removed by "wbtool hook uninstall".
# It validates the content as staged for this commit and plays the check
# games; a problem blocks the commit ("git commit --no-verify" skips it).
wbtool=` + shellQuote(wbtool) + `
content=` + shellQuote(content) + `
[ -x "$wbtool" ] || wbtool=wbtool
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wbtool-hook.XXXXXX") || exit 1
# Whatever ends the hook (the end, an error, Ctrl-C, a kill), the running
# wbtool is stopped (it stops its own child) and the temporary folder goes.
pid=
cleanup() {
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
# wbtool runs in the background and the hook waits for it: a shell waiting
# for a foreground program runs its traps only once the program is done,
# while "wait" returns at once on a signal.
run() {
	"$wbtool" "$@" &
	pid=$!
	wait "$pid"
	status=$?
	pid=
	return "$status"
}
if [ -z "$(git ls-files --cached -- "$content" | head -n 1)" ]; then
	echo "wbtool: no content under $content in this commit; nothing to check" >&2
	exit 0
fi
` + hookStagedCopy + `top=$(pwd)
cd "$tmp" || exit 1
run validate` + flags + ` --content "$content" && run check` + flags + ` --content "$content"
verdict=$?
if [ "$verdict" -ne 0 ]; then
` + hookUnstaged(flags) + `	echo "wbtool: commit blocked: fix the content problems above (git commit --no-verify skips this check)" >&2
fi
exit "$verdict"
`
}

// hookStagedCopy is the part of the hook that copies the staged content
// into "$tmp": regular files only (modes 100644 and 100755). A staged
// symbolic link (mode 120000) would be recreated by checkout-index and
// could lead out of the copy or to a named pipe, so the hook refuses the
// commit instead, naming each link; the only other mode, a submodule
// (160000), is checked out as an empty folder. git ls-files writes paths
// from the top of the repository, where git runs the hook. These git
// commands run inside the designer's own git commit, which has already run
// whatever the repository configures (its fsmonitor, its clean filters):
// they are not run through gitrev.Command, and the smudge filters (git-lfs)
// give the art as committed.
const hookStagedCopy = `links=$(git ls-files --stage -- "$content" | awk -F '\t' '$1 ~ /^120000 / { print $2 }')
if [ -n "$links" ]; then
	printf '%s\n' "$links" | while IFS= read -r link; do
		echo "$link: staged as a symbolic link: content files must be regular files (commit the file itself, not a link to it)" >&2
	done
	echo "wbtool: commit blocked: fix the content problems above (git commit --no-verify skips this check)" >&2
	exit 1
fi
git ls-files -z --cached -- "$content" | git checkout-index -z --stdin --prefix="$tmp/" || exit 1
`

// hookUnstaged is the part of a blocked hook that looks for a fix left
// out of the commit: content files changed on disk but not staged (or
// not tracked yet) while the content on disk passes. It names them and
// asks whether a "git add" was forgotten; quietly nothing otherwise. It
// runs from the top of the repository, where git runs the hook.
func hookUnstaged(flags string) string {
	return `	cd "$top" || exit "$verdict"
	unstaged=$( { git diff --name-only -- "$content"; git ls-files --others --exclude-standard -- "$content"; } | sort -u)
	if [ -n "$unstaged" ] && run validate` + flags + ` --content "$content" >/dev/null 2>&1 && run check` + flags + ` --content "$content" >/dev/null 2>&1; then
		printf '%s\n' "$unstaged" | while IFS= read -r f; do
			echo "$f: changed on disk but not staged for this commit" >&2
		done
		echo "wbtool: the content on disk passes, the staged content does not: did you forget \` + "`" + `git add\` + "`" + `?" >&2
	fi
`
}

// hookProgram is the wbtool the hook should call: this one, by the path
// it was started with (a link keeps its name, so a multi-call binary
// still dispatches to wbtool).
func hookProgram() string {
	arg0 := os.Args[0]
	if !strings.ContainsRune(arg0, filepath.Separator) {
		if p, err := exec.LookPath(arg0); err == nil {
			arg0 = p
		}
	}
	if abs, err := filepath.Abs(arg0); err == nil {
		if _, err := os.Stat(abs); err == nil {
			return abs
		}
	}
	if exe, err := os.Executable(); err == nil {
		return exe
	}
	return "wbtool"
}

func isOurHook(b []byte) bool { return bytes.Contains(b, []byte(hookMarker)) }

func installHook(cmd *cobra.Command, g *globalFlags, force bool) error {
	hook, top, err := hookPath()
	if err != nil {
		return err
	}
	// --content, else the tree found from the current folder upward
	// (internal/contentroot), as every content command finds it.
	content := resolveTree(g).dir
	if content == "" {
		return usagef("hook: no content tree here (no game.cue in this folder or above it; wbtool init makes one): pass --content DIR")
	}
	abs, err := filepath.Abs(content)
	if err != nil {
		return err
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return usagef("hook: content folder %s not found: pass --content DIR", content)
	}
	realTop, err := filepath.EvalSymlinks(top)
	if err != nil {
		return err
	}
	realAbs, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(realTop, realAbs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return usagef("hook: the content folder %s is outside the repository %s", content, top)
	}
	rel = filepath.ToSlash(rel)

	old, err := os.ReadFile(hook)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("hook: %w", err)
	case !isOurHook(old):
		if !force {
			return usagef("hook: %s already exists and was not written by wbtool; use --force to replace it (it will be kept as %s)", hook, hookBackupName)
		}
		backup := filepath.Join(filepath.Dir(hook), hookBackupName)
		if err := os.Rename(hook, backup); err != nil {
			return fmt.Errorf("hook: keep the old hook: %w", err)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "kept the previous hook as %s\n", backup)
	}
	if err := os.MkdirAll(filepath.Dir(hook), 0o755); err != nil {
		return fmt.Errorf("hook: %w", err)
	}
	if err := writeExecutable(hook, []byte(hookScript(hookProgram(), rel, g.draft))); err != nil {
		return fmt.Errorf("hook: %w", err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "installed the pre-commit hook %s: commits must pass wbtool validate and wbtool check on %s\n", hook, rel)
	return nil
}

// writeExecutable writes an executable file atomically.
func writeExecutable(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), ".wbtool-hook-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o755)
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func uninstallHook(cmd *cobra.Command) error {
	hook, _, err := hookPath()
	if err != nil {
		return err
	}
	old, err := os.ReadFile(hook)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(cmd.OutOrStdout(), "no pre-commit hook to remove\n")
		return nil
	}
	if err != nil {
		return fmt.Errorf("hook: %w", err)
	}
	if !isOurHook(old) {
		return usagef("hook: %s was not written by wbtool; leaving it alone", hook)
	}
	if err := os.Remove(hook); err != nil {
		return fmt.Errorf("hook: %w", err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "removed the pre-commit hook %s\n", hook)
	backup := filepath.Join(filepath.Dir(hook), hookBackupName)
	if _, err := os.Stat(backup); err == nil {
		if err := os.Rename(backup, hook); err != nil {
			return fmt.Errorf("hook: restore the previous hook: %w", err)
		}
		fmt.Fprintf(cmd.OutOrStdout(), "restored the previous hook from %s\n", backup)
	}
	return nil
}
