package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/gitrev"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// runBuild runs the build pipeline on the command's content for the
// given options (stages, check filter, outputs), and prints its
// diagnostics: every command reports problems here, the same way. It
// returns errReported when the content has errors (or warnings, with
// --strict).
func runBuild(cmd *cobra.Command, g *globalFlags, opts pipeline.Options) (*pipeline.Result, error) {
	return runBuildWith(cmd, g, opts, warbound.Options{})
}

// runBuildWith is runBuild with Warbound's own options (hex size,
// exports) for a Warbound tree; the errata's earlier versions are read
// from the command's content folder (versions).
func runBuildWith(cmd *cobra.Command, g *globalFlags, opts pipeline.Options, wb warbound.Options) (*pipeline.Result, error) {
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
	opts.Games = append(opts.Games, warbound.New(wb))
	loaded, done := oneShotGC(opts)
	opts.Loaded = loaded
	res, err := pipeline.Run(cmd.Context(), opts)
	done()
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

// sinceLoader is warbound.Options.LoadSince for watch and serve, whose
// sessions keep what it read: the earlier versions of versions(g, flag).
func sinceLoader(g *globalFlags, flag string) func(rev string) (*warbound.Since, error) {
	return warbound.SinceLoader(versions(g, flag))
}

// loadCatalog loads and validates the content (the load stage only), for
// the commands that read Warbound's catalog without building (i18n,
// balance): what they do is the capability c, which every other game
// lacks for now (contentLacks).
func loadCatalog(cmd *cobra.Command, g *globalFlags, c ruleset.Capability) (*wbcatalog.Catalog, error) {
	if err := contentLacks(cmd.CommandPath(), c, g); err != nil {
		return nil, err
	}
	res, err := runBuild(cmd, g, pipeline.Options{Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		return nil, err
	}
	return warbound.Of(res).Catalog, nil
}

// lacks refuses command on a tree whose game (its game.cue, package
// pipeline/ruleset) lacks capability c, before anything loads, with the one
// line of ruleset.Missing. The commands behind print, export, i18n, diff
// and balance are still Warbound's own code here, not interfaces of the
// seam, so every other game lacks their capability. Problems of game.cue
// itself, and a game wbtool does not know, are left to the load, which
// reports them.
func lacks(command string, c ruleset.Capability, fsys fs.FS, root string) error {
	game, _, err := ruleset.GameOf(fsys, root)
	if err != nil || game == ruleset.DefaultGame {
		return nil
	}
	if _, known := ruleset.Lookup(game); !known {
		return nil
	}
	return ruleset.Missing(command, game, c)
}

// contentLacks is lacks on the command's content folder.
func contentLacks(command string, c ruleset.Capability, g *globalFlags) error {
	fsys, root, err := contentSource(g)
	if err != nil {
		return err
	}
	return lacks(command, c, fsys, root)
}

// printDraft lists the missing translations a draft build shows as
// placeholders.
func printDraft(w io.Writer, drafts []wbcatalog.MissingText) {
	fmt.Fprintf(w, "draft: %s, shown as placeholders:\n", diag.Plural(len(drafts), "missing translation"))
	for _, m := range drafts {
		fmt.Fprintln(w, termsafe.String(fmt.Sprintf("  %s: %s: missing %s text", m.Pos, m.Path, langName(m.Lang))))
	}
}
