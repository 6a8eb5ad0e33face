package main

import (
	"context"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/internal/watch"
	"wbtool.dev/wbtool/internal/watch/livereload"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/site"
)

const watchDoc = `Watch rebuilds after every save in the content folder. Each time a file
changes it validates the content, plays the check games the change can
affect, rebuilds the outputs the change affects under the output folder, and
prints a short report:

  [3] cards/raiders.cue
    ok: 16 Characters, 4 Leaders, 13 Upgrades, 16 Objectives, ...
    checks: 99 passed, 0 failed (8 played, 91 unchanged)
    outputs: data/catalog.json, print/cards-en.pdf, site (2 of 398 files)
    card images: 1 rendered, 101 reused
    time: load 420ms, index 6ms, checks 2.0ms, data 3.0ms, site 180ms, print 230ms, write 12ms; checked in 430ms, done in 690ms

The lines up to "checks" show as soon as the check games are played; the
outputs follow. Only what the change affects is redone: the images of the
changed cards, the check games that use them (all of them when the action
boards or factions change), the sheets holding them; unchanged files are
not rewritten. Card images are kept in <out>/.wbtool/cache for the next session,
in a folder of this wbtool version (other versions' folders are removed).

The outputs are build's: the set's version is what git describes of the
content folder when the content gives none, and --since REV (or the
content's set.errataSince) adds the errata page, each card's history and
the reprint sheets (see wbtool build --help); the earlier version is read
once per session.

A broken save prints its errors with file:line:col and keeps the outputs of
the last good build; watch keeps running, and the next good save rebuilds.

Each rebuild runs in a separate process, every step of it — the
evaluation, the earlier version and the check games, the outputs — with a
time budget (--timeout, by default 10s for each of those three steps:
smaller than a one-shot command's 60s, so that a stuck rebuild does not
hold up the next save) and a memory budget for that process and those it
starts (--max-memory, MiB, by default 2048): content that would make a
rebuild run for minutes is stopped and reported ("evaluation took too
long", with the step), the outputs of the last good build stay, and watch
carries on. Ctrl-C stops watching (exit 130).

Examples:
  wbtool watch                          # ./content into dist/
  wbtool watch --content ~/my-cards --out preview
  wbtool watch --outputs data,site      # skip the PDF sheets`

type watchFlags struct {
	since    string
	debounce time.Duration
	outputs  string
	times    bool
}

func newWatchCmd(g *globalFlags) *cobra.Command {
	var f watchFlags
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "Rebuild, validate and play the check games on every save in the content folder",
		Long:  watchDoc,
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatch(cmd.Context(), cmd, g, f)
		},
	}
	fl := cmd.Flags()
	fl.DurationVar(&f.debounce, "debounce", watch.DefaultDebounce, "quiet time after a save before rebuilding")
	fl.StringVar(&f.outputs, "outputs", "data,site,print", "outputs to rebuild: any of data, site, print, comma-separated")
	fl.BoolVar(&f.times, "times", true, "print the time each stage took")
	fl.StringVar(&f.since, "since", "", "add the errata and reprint sheets since `REV` (a git revision or a folder), as build does")
	addOutFlag(cmd, g)
	cmd.AddCommand(newLoadCmd(), newSessionCmd(g))
	return cmd
}

// loadCmdName is the hidden subcommand that evaluates the content in the
// child process (internal/budget).
const loadCmdName = "__load"

func newLoadCmd() *cobra.Command {
	return &cobra.Command{
		Use:                loadCmdName,
		Hidden:             true,
		DisableFlagParsing: true,
		Short:              "Evaluate the content for watch and serve (internal)",
		RunE: func(cmd *cobra.Command, args []string) error {
			req, err := budget.ParseArgs(args)
			if err != nil {
				return usagef("%s: %v", loadCmdName, err)
			}
			// The protocol is bytes, not text: past the terminal filter.
			return budget.Main(cmd.InOrStdin(), termsafe.Raw(cmd.OutOrStdout()), req)
		},
	}
}

func parseOutputs(s string) (watch.Outputs, error) {
	var o watch.Outputs
	for _, name := range strings.Split(s, ",") {
		switch strings.TrimSpace(name) {
		case "data":
			o.Data = true
		case "site":
			o.Site = true
		case "print":
			o.Print = true
		case "":
		default:
			return o, usagef("--outputs %q: want data, site or print, comma-separated", s)
		}
	}
	return o, nil
}

// watchedFolder returns the content folder to watch: --content or the
// tree found from here (resolveTree). The embedded starter content never
// changes, so there is nothing to watch without a folder.
func watchedFolder(g *globalFlags) (dir, root string, err error) {
	t := resolveTree(g)
	if t.dir == "" {
		return "", "", usagef("watch needs a content folder: run it inside a content tree (wbtool init makes one), or pass --content DIR")
	}
	fsys, err := openTree(t.dir)
	if err != nil {
		return "", "", err
	}
	announceTree(g, fsys, t)
	return t.dir, t.root, nil
}

// selfExecutable is the program to run as the evaluation child: this
// very binary. When it runs under another name than its file's (a link,
// as the test harness makes), the name on the command line is what
// dispatches to wbtool, so that is what the child runs. A Go test binary
// running wbtool in-process has no wbtool of its own: the test harness
// puts one on the PATH. testing.Testing, not the name go test gives it
// (pkg.test): `go test -c -o NAME` and debuggers (__debug_bin…) name it
// otherwise, and the child then ran the whole test suite instead of
// wbtool, past watch's time budget.
func selfExecutable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the wbtool program: %w", err)
	}
	arg0 := os.Args[0]
	name := filepath.Base(arg0)
	if name == filepath.Base(exe) && testing.Testing() {
		name = "wbtool"
	} else if name == filepath.Base(exe) {
		return exe, nil
	} else {
		name = arg0
	}
	if p, err := exec.LookPath(name); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs, nil
		}
	}
	return exe, nil
}

// buildSalt tells apart two builds of the same version string ("dev"):
// the module sums and VCS stamp, and the executable's size and time.
func buildSalt(exe string) string {
	var b strings.Builder
	if bi, ok := debug.ReadBuildInfo(); ok {
		b.WriteString(bi.GoVersion)
		for _, s := range bi.Settings {
			if strings.HasPrefix(s.Key, "vcs.") {
				fmt.Fprintf(&b, "|%s=%s", s.Key, s.Value)
			}
		}
		for _, d := range bi.Deps {
			fmt.Fprintf(&b, "|%s@%s", d.Path, d.Version)
		}
	}
	if st, err := os.Stat(exe); err == nil {
		fmt.Fprintf(&b, "|%d|%d", st.Size(), st.ModTime().UnixNano())
	}
	return b.String()
}

func runWatch(ctx context.Context, cmd *cobra.Command, g *globalFlags, f watchFlags) error {
	dir, root, err := watchedFolder(g)
	if err != nil {
		return err
	}
	if _, err := parseOutputs(f.outputs); err != nil {
		return err
	}
	// The global --timeout and --max-memory, for each step of a rebuild;
	// no --timeout means budget.DefaultTime (10s).
	limits, err := loadLimits(g)
	if err != nil {
		return err
	}
	if _, err := render.SourceDateEpoch(os.Getenv("SOURCE_DATE_EPOCH")); err != nil {
		return usagef("%v", err)
	}
	// The same refusals as build, before watching anything.
	if _, err := openOut(g); err != nil {
		return err
	}
	exe, err := selfExecutable()
	if err != nil {
		return err
	}
	runner := &budget.Runner{Exe: exe, Limits: limits}
	out, errw := cmd.OutOrStdout(), cmd.ErrOrStderr()
	// The rebuilds run in a worker process under the budget, every step
	// of them (ServeSession); this process watches and reports.
	remote := &watch.Remote{
		W: sessionWorker(runner, g, dir, "--out", g.out, "--outputs", f.outputs, "--since", f.since),
		// The check results show as soon as they are known; the outputs
		// follow.
		OnChecked: func(r *watch.Report) {
			if !r.Canceled {
				r.FormatHead(out)
			}
		},
	}
	defer remote.Close()
	var skip []string
	if abs, err := filepath.Abs(g.out); err == nil {
		skip = append(skip, abs)
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "watching %s (Ctrl-C to stop)\n", root)
	err = watch.Run(ctx, absDir, watch.Options{
		Debounce: f.debounce,
		Skip:     skip,
		OnError:  func(err error) { fmt.Fprintf(errw, "watch: %v\n", err) },
	}, func(ctx context.Context, changed []string) {
		r := remote.Rebuild(ctx, changed)
		r.FormatTail(out, f.times)
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "stopped watching")
	return nil
}

// previewOptions tune previewWatch; the zero value is what `wbtool serve`
// wants.
type previewOptions struct {
	runner   *budget.Runner // nil: this program, under --timeout and --max-memory
	debounce time.Duration
	// ready, when set, is closed once the first build is done (or has
	// failed), so that serve announces its address with a site to show.
	ready chan<- struct{}
	// since is serve's --since: the errata, as build makes them.
	since string
}

// previewWatch keeps a preview server's site current, for `wbtool serve`:
// it watches the content folder (--content or ./content), rebuilds the
// site on every save with the content evaluated in a worker process under
// a time and memory budget, swaps each good build into set with the
// live-reload script added, shows a failed build's report on every page
// through lr, and makes open pages reload. The first build runs at once.
// Reports go to logw. It returns when ctx is done.
//
// serve uses it with site/serve's handler:
//
//	lr := livereload.New()
//	h := &serve.Handler{}
//	srv := &http.Server{Handler: lr.Wrap(h), ReadHeaderTimeout: 10 * time.Second}
//	srv.RegisterOnShutdown(lr.Close)
//	ready := make(chan struct{})
//	go previewWatch(ctx, g, lr, h.Set, errw, previewOptions{ready: ready})
//	<-ready // then listen and print the address
func previewWatch(ctx context.Context, g *globalFlags, lr *livereload.Broker, set func(site.Files), logw io.Writer, o previewOptions) error {
	dir, _, err := watchedFolder(g)
	if err != nil {
		return err
	}
	runner := o.runner
	if runner == nil {
		limits, err := loadLimits(g)
		if err != nil {
			return err
		}
		exe, err := selfExecutable()
		if err != nil {
			return err
		}
		runner = &budget.Runner{Exe: exe, Limits: limits}
	}
	remote := &watch.Remote{W: sessionWorker(runner, g, dir, "--serve", "--since", o.since)}
	defer remote.Close()
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	var first sync.Once
	firstDone := func() {
		if o.ready != nil {
			first.Do(func() { close(o.ready) })
		}
	}
	defer firstDone()
	return watch.Run(ctx, absDir, watch.Options{
		Debounce: o.debounce,
		OnError:  func(err error) { fmt.Fprintf(logw, "watch: %v\n", err) },
	}, func(ctx context.Context, changed []string) {
		defer firstDone()
		r := remote.Rebuild(ctx, changed)
		if r.Canceled {
			return
		}
		r.Format(logw, false)
		lr.Apply(r, set)
	})
}

// sessionCmdName is the hidden subcommand that runs the rebuilds of
// watch and serve in the worker process (watch.ServeSession).
const sessionCmdName = "__session"

// sessionWorker is the worker process that runs the rebuilds of watch and
// serve for the content folder dir, under runner's budget: this program's
// `watch __session` with the global flags and extra.
func sessionWorker(runner *budget.Runner, g *globalFlags, dir string, extra ...string) *budget.Worker {
	args := []string{"watch", sessionCmdName, "--content", dir,
		"--max-memory", strconv.FormatInt(runner.Limits.Memory>>20, 10)}
	if g.draft {
		args = append(args, "--draft")
	}
	return &budget.Worker{Runner: runner, Args: append(args, extra...)}
}

type sessionFlags struct {
	outputs, since string
	serve          bool
}

func newSessionCmd(g *globalFlags) *cobra.Command {
	var f sessionFlags
	cmd := &cobra.Command{
		Use:    sessionCmdName,
		Hidden: true,
		Short:  "Run the rebuilds of watch and serve (internal)",
		Args:   noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSession(cmd, g, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.outputs, "outputs", "data,site,print", "outputs to rebuild")
	fl.StringVar(&f.since, "since", "", "errata since `REV`")
	fl.BoolVar(&f.serve, "serve", false, "serve's rebuilds: the preview site, in memory")
	addOutFlag(cmd, g)
	return cmd
}

// runSession is the worker process of watch and serve: the session of
// rebuilds, as watch and serve configure it, answering the rebuild
// requests on its standard input (watch.ServeSession).
func runSession(cmd *cobra.Command, g *globalFlags, f sessionFlags) error {
	dir, root, err := watchedFolder(g)
	if err != nil {
		return err
	}
	exe, err := selfExecutable()
	if err != nil {
		return err
	}
	cfg := watch.Config{
		// The translations lock and other non-CUE content, read through
		// the same rules as the loader (a nil tree skips those checks).
		ContentFS: openContentFS(dir),
		Root:      root,
		Version:   version,
		Salt:      buildSalt(exe),
		// The set's version and the errata as build makes them.
		SetVersion: gitVersion(g),
		Since:      f.since,
		Versions:   versions(g, f.since),
		Draft:      g.draft,
	}
	if f.serve {
		// In memory only: wbtool writes nowhere but the output folder,
		// and serve has none (no disk cache either). The preview has no
		// sheets to link to.
		cfg.Outputs, cfg.Preview = watch.Outputs{Site: true}, true
	} else {
		if cfg.Outputs, err = parseOutputs(f.outputs); err != nil {
			return err
		}
		// The same outputs as `wbtool build` writes.
		if cfg.Date, err = render.SourceDateEpoch(os.Getenv("SOURCE_DATE_EPOCH")); err != nil {
			return usagef("%v", err)
		}
		outDir, err := openOut(g)
		if err != nil {
			return err
		}
		cfg.Out, cfg.Content, cfg.CacheDir = g.out, contentDir(g), outDir.StatePath("cache")
	}
	req := budget.Request{Dir: dir, Root: root, Draft: g.draft}
	cache := schema.NewCache() // each file's evaluation, kept between loads
	// The protocol is bytes, not text: past the terminal filter.
	return watch.ServeSession(cmd.InOrStdin(), termsafe.Raw(cmd.OutOrStdout()), g.maxMemory<<20, cfg,
		func() (budget.Loaded, error) { return budget.LoadHere(req, cache) })
}

// openContentFS is the content folder as the pipeline reads it besides
// the CUE files; nil when it cannot be opened (the load reports why).
func openContentFS(dir string) iofs.FS {
	cfs, err := contentfs.Open(dir)
	if err != nil {
		return nil
	}
	return cfs
}
