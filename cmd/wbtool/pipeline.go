package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/gitrev"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// runBuild runs the build pipeline on the command's content for the
// given options (stages, check filter, outputs), and prints its
// diagnostics: every command reports problems here, the same way. It
// returns errReported when the content has errors (or warnings, with
// --strict).
//
// The options the games take (opts.Game: hex size, exports) are the
// caller's; the errata's earlier versions are read from the command's
// content folder (loadSince, versionsAfter).
func runBuild(cmd *cobra.Command, g *globalFlags, opts pipeline.Options) (*pipeline.Result, error) {
	fsys, root, err := contentSource(g)
	if err != nil {
		return nil, err
	}
	opts.Content, opts.Root, opts.Draft, opts.Strict = fsys, root, g.draft, g.strict
	opts.OneShot = true // a one-shot command: one build per process
	if opts.Version == "" {
		opts.Version = version
	}
	if v := gitVersion(g); v != nil {
		// the set's version when the content gives none
		opts.SetVersion = v()
	}
	opts.Versions = versions(g, opts.Since)
	loaded, done := oneShotGC(opts)
	// after the diagnostics are printed: putting back a pace set for the
	// build starts a collection at once (the last one marked a few MiB)
	defer done()
	opts.Loaded = loaded
	res, err := pipeline.Run(cmd.Context(), opts)
	if me := (*ruleset.MissingError)(nil); errors.As(err, &me) && (me.Command == "" || strings.HasPrefix(me.Command, "-")) {
		// a stage refused the command (print, export) or an option
		// (--since, --export): name the command
		me.Command = strings.TrimSpace(cmd.CommandPath() + " " + me.Command)
	}
	if err != nil {
		return nil, err
	}
	w := cmd.ErrOrStderr()
	var checks *diag.CheckCounts
	if opts.Stages == nil || slices.Contains(opts.Stages, pipeline.Checks) {
		passed, failed := res.CheckCounts()
		checks = &diag.CheckCounts{Passed: passed, Failed: failed}
	}
	printDiagnostics(w, g, res.Diagnostics, checks)
	if all := withStrays(g, res.Diagnostics); all.HasErrors(g.strict) {
		fmt.Fprintln(w, all.Summary())
		return res, errReported
	}
	if drafts := res.Drafts(); g.draft && len(drafts) > 0 && (opts.Stages == nil || len(opts.Stages) > 1) {
		printDraft(w, drafts)
	}
	return res, nil
}

// gitVersion returns what git describes of the content folder, asked
// again at each call (watch asks at every rebuild: a commit or a save
// changes it); nil for the embedded starter content.
func gitVersion(g *globalFlags) func() string {
	dir := contentDir(g)
	if dir == "" {
		return nil
	}
	return func() string { return gitrev.Describe(dir) }
}

// printDraft lists the missing translations a draft build shows as
// placeholders.
func printDraft(w io.Writer, drafts []lang.MissingText) {
	fmt.Fprintf(w, "draft: %s, shown as placeholders:\n", diag.Plural(len(drafts), "missing translation"))
	for _, m := range drafts {
		fmt.Fprintln(w, termsafe.String(fmt.Sprintf("  %s: %s: missing %s text", m.Pos, m.Path, langName(m.Lang))))
	}
}
