package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Exit codes: 0 ok, 1 content errors (or failing checks), 2 usage errors,
// 3 an internal error (a panic: a bug of wbtool, reported in a file).
const (
	exitOK       = 0
	exitContent  = 1
	exitUsage    = 2
	exitInternal = crash.ExitCode
)

// errReported means the diagnostics were already printed: exit 1 quietly.
var errReported = errors.New("errors reported")

// usageError marks a mistake in the command line (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// globalFlags are the flags every content command shares.
type globalFlags struct {
	content string // --content DIR
	out     string // --out DIR
	draft   bool   // --draft
	strict  bool   // --strict
	// Budgets (supervise.go): --timeout (0: the command's default) and
	// --max-memory (MiB).
	timeout   time.Duration
	maxMemory int64
	// The content tree, decided once (tree.go); notice is where it is
	// named, the command's error stream.
	tree   *contentTree
	notice io.Writer
	// Output (format.go): --format of the commands that report
	// diagnostics, the report a json or sarif run writes, and --color;
	// shared by the copies of the flags a command makes (deck, i18n).
	output *outputFlags
}

// Main runs wbtool with os.Args and returns the exit code.
// A one-shot content command runs in a child process under a time and
// memory budget (supervise.go).
func Main() int {
	tuneGC()
	crash.Version = version
	return superviseMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// tuneGC is the process's collector policy, decided once from the
// command's memory budget (--max-memory, budget.DefaultMemory unless the
// command says otherwise): a soft limit of three quarters of it
// (budget.SoftMemoryLimit), unless the user set GOMEMLIMIT. A supervised
// child sets it again from its own budget (budget.LimitSelf, the same
// derivation), and so does a load worker from its request. No limit is
// fixed below what the work needs: the fixed 1 GiB (and 256 MiB for
// validate and check) made the collector run back to back on large
// trees (issue 35). The pace (GOGC) of a one-shot build is oneShotGC's.
func tuneGC() {
	budget.SetSoftMemoryLimit(budget.DefaultMemory)
}

// oneShotLoadGC is the collector's GOGC during a one-shot load (then
// back to the process's): evaluated unit by unit, the load keeps little
// alive, so collecting less often costs little memory. validate of the
// 1,202-card tree, 12 rounds interleaved with GOGC set for the whole
// process (the same as for the load alone in an earlier run), load 11-14:
// GOGC 100 / 125 / 150: CPU 670 / 620 / 605 ms, peak RSS 106 / 113 / 114
// MiB (cue vet -c: 81 MiB); 200: 125 MiB, over the 1.5 times cue vet of
// issue 13. With a CUE context per unit (schema's evalUnit), 10 rounds
// paired, load 14-17: GOGC 100 → 150: 600 → 570 ms, 65 → 72 MiB; 150 →
// 250: 615 → 595 ms, 70 → 92 MiB.
const oneShotLoadGC = 150

// oneShotCheckGC is the collector's GOGC for the whole of a one-shot build
// that makes no output (validate, check), unless GOGC or GOMEMLIMIT is
// set, under the budget's soft memory limit (tuneGC). With the
// plain-data fast path of the schema the load keeps little alive, and the
// collector was a fifth of validate's CPU. validate of the 1,202-card
// tree, 6 rounds interleaved, load 6: GOGC 150 for the load only, then
// 100: 237 ms, 59 MiB; 800 for the whole run: 185 ms, 67 MiB (cue vet -c:
// 81 MiB); without the FreeOSMemory after the load (pipeline.Options.OneShot):
// 185 ms, 121 MiB. 4 rounds, load 5-6, 1,202 cards / starter content
// (whose check games CUE evaluates): 400: 195 / 310 ms, 64 / 77 MiB; 800:
// 202 / 300 ms, 67 / 125 MiB. A fixed limit of 256 MiB beside it made
// validate of 24,000 generated cards cost 7.6 s of CPU (399 MiB peak);
// under the budget's limit alone, 2.9 s (847 MiB; issue 35).
const oneShotCheckGC = 400

// oneShotCheckStart is the memory (bytes) up to which a one-shot build
// that makes no output runs without a collection (collectFrom), before
// collecting at oneShotCheckGC: the load of 1,202 cards leaves 2 MiB live
// of the 43 it allocated, and the checks after it allocate less, so the
// whole verdict fits below it; a larger tree collects from there on as
// before. validate, 7 rounds interleaved, load 19-29, 1,202-card tree /
// Warbound starter (whose check games CUE evaluates): GOGC 400 from the
// start 202 / 371 ms, 67 / 86 MiB; off up to 64 MiB 161 / 357 ms, 74 /
// 88 MiB; 80 MiB 159 / 310 ms, 74 / 95 MiB; 96 MiB 171 / 328 ms, 74 / 109
// MiB; 128 MiB 161 / 331 ms, 74 / 128 MiB (cue vet -c of the tree: 81 MiB).
const oneShotCheckStart = 80 << 20

// oneShotGC sets the collector's pace for the one build of a one-shot
// command with options opts (process policy, kept out of the pipeline):
// a build that makes no output runs whole at oneShotCheckGC, another's
// load at oneShotLoadGC, unless GOGC (or GOMEMLIMIT) is set. It returns
// what to call once the content is loaded (pipeline.Options.Loaded) and
// once the build ends: each puts back what is still changed.
func oneShotGC(opts pipeline.Options) (loaded, done func()) {
	nothing := func() {}
	if opts.Rules != nil { // loaded elsewhere
		return nothing, nothing
	}
	if opts.CheckOnly() && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		return nothing, collectFrom(oneShotCheckStart, oneShotCheckGC)
	}
	if os.Getenv("GOGC") != "" {
		return nothing, nothing
	}
	prev := debug.SetGCPercent(oneShotLoadGC)
	var once sync.Once
	back := func() { once.Do(func() { debug.SetGCPercent(prev) }) }
	return back, back
}

// run executes one wbtool command line; tests call it directly. Every
// byte the command prints goes through the terminal filter
// (termsafe.Writer): a string read from a file — content, a balance
// shard, a game log, a lock file — never reaches the terminal with a
// control character in it. The few outputs that need raw bytes take
// them with termsafe.Raw (the load worker's protocol, progress bars).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out, errw := termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	defer out.Flush()
	defer errw.Flush()
	return runFiltered(ctx, args, out, errw)
}

// runFiltered runs the command line on filtered outputs. A panic — of a
// build stage (pipeline.Run names it), of a load worker, or anywhere else in
// the command — is one diagnostic naming its report file, and exit status
// 3 (package internal/crash).
func runFiltered(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	root, g := newRoot()
	defer func() {
		if v := recover(); v != nil {
			code = reportInternal(stderr, crash.Report(crash.From(commandName(root, args), v)))
		}
	}()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	crash.Trigger("command")
	err := root.ExecuteContext(ctx)
	if werr := writeReport(stdout, g); werr != nil && err == nil {
		err = werr
	}
	var ce *crash.Error
	var cr *crash.Reported
	var me *ruleset.MissingError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errReported):
		return exitContent
	case errors.As(err, &ce):
		return reportInternal(stderr, crash.Report(ce))
	case errors.As(err, &cr):
		return reportInternal(stderr, cr)
	case errors.As(err, &me):
		// the one line naming the command, the game and what it lacks
		fmt.Fprintln(stderr, me)
		return exitUsage
	}
	fmt.Fprintf(stderr, "wbtool: %v\n", err)
	var ue usageError
	var re *dist.RefusedError
	var rq *ruleset.RequestError // a request naming what the content lacks
	if errors.As(err, &ue) || errors.As(err, &re) || errors.As(err, &rq) || isCobraUsage(err) {
		return exitUsage
	}
	return exitContent
}

// reportInternal prints the one diagnostic of an internal error.
func reportInternal(stderr io.Writer, r *crash.Reported) int {
	fmt.Fprintf(stderr, "wbtool: %v\n", r)
	return exitInternal
}

// commandName names the command of args ("build", "deck check"), the
// stage of a panic outside a build's stages.
func commandName(root *cobra.Command, args []string) string {
	if cmd, _, err := root.Find(args); err == nil && cmd != nil && cmd != root {
		return strings.TrimPrefix(cmd.CommandPath(), root.Name()+" ")
	}
	return "wbtool"
}

// isCobraUsage reports whether err comes from cobra's own argument or flag
// parsing, which happens before any command runs.
func isCobraUsage(err error) bool {
	var fe *flagError
	return errors.As(err, &fe)
}

// flagError wraps flag parsing errors so that they exit 2.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }

// flagWords says what a flag's value should be, for the error pflag
// reports with Go's parser in it (`invalid argument "x" for "--seed"
// flag: strconv.ParseUint: parsing "x": invalid syntax`): `--seed "x":
// want a whole number, 0 or more`. Other errors are left as they are.
func flagWords(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	want, ok := map[string]string{
		"int": "a whole number", "int8": "a whole number", "int16": "a whole number", "int32": "a whole number", "int64": "a whole number",
		"uint": "a whole number, 0 or more", "uint8": "a whole number, 0 or more", "uint16": "a whole number, 0 or more",
		"uint32": "a whole number, 0 or more", "uint64": "a whole number, 0 or more",
		"float32": "a number", "float64": "a number",
		"bool":     "true or false",
		"duration": "a duration such as 90s, 10m or 1h30m",
	}[bad.GetFlag().Value.Type()]
	if !ok {
		return err
	}
	var num *strconv.NumError
	if errors.As(err, &num) && errors.Is(num.Err, strconv.ErrRange) {
		want = "a smaller " + strings.TrimPrefix(want, "a ")
	}
	return fmt.Errorf("--%s %q: want %s", bad.GetFlag().Name, bad.GetValue(), want)
}

func newRootCmd() *cobra.Command {
	root, _ := newRoot()
	return root
}

// rootDoc is the root command's help, naming the registered games.
func rootDoc() string {
	var titles []string
	for _, g := range ruleset.Games() {
		titles = append(titles, ruleset.Title(g))
	}
	return fmt.Sprintf(`wbtool turns a tabletop game's content written as CUE text (cards,
profiles, boards, scenarios, check games) into engine data, card sheets and a
bilingual site, and plays the designers' check games.

Games: %s.
A tree's game.cue names its game (none: %s); wbtool init --game
writes a starter tree of each.

Without --content, wbtool looks for the content tree from the current folder
upward, as git finds .git: the first folder holding game.cue (what wbtool init
writes), or a content/ folder (or the folder itself) holding cards/ or
scenarios/. Outside any tree it uses the embedded starter content, and says so.
Every content command names the tree it used on its first line of stderr.`, diag.AndList(titles), ruleset.Title(ruleset.DefaultGame))
}

// newRoot is the root command and the flags its commands share.
func newRoot() (*cobra.Command, *globalFlags) {
	g := &globalFlags{output: &outputFlags{}}
	root := &cobra.Command{
		Use:           "wbtool",
		Short:         "Validate and build a tabletop game's content: engine data, print-and-play PDFs, the site",
		Long:          rootDoc(),
		SilenceErrors: true,
		SilenceUsage:  true,
		// An unknown command is a usage error (exit 2); no command
		// prints the help.
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			cmd.SilenceUsage = true
			if !cmd.Hidden {
				g.notice = cmd.ErrOrStderr()
			}
			return g.output.parse()
		},
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &flagError{fmt.Errorf("%w (run '%s --help' for usage)", flagWords(err), c.CommandPath())}
	})
	pf := root.PersistentFlags()
	pf.StringVar(&g.content, "content", "", "content `DIR` (default: the tree found from here upward, else the embedded starter content)")
	pf.BoolVar(&g.draft, "draft", false, "allow missing translations: render a visible placeholder and list them")
	pf.BoolVar(&g.strict, "strict", false, "treat warnings as errors (for CI)")
	addBudgetFlags(pf, g)
	addColorFlag(pf, g)
	root.AddCommand(
		newVersionCmd(),
		newInitCmd(),
		newValidateCmd(g),
		newBuildCmd(g),
		newDeckCmd(g),
		newI18nCmd(g),
		newPrintCmd(g),
		newExportCmd(g),
		newCheckCmd(g),
		newRulesCmd(g),
		newPlayCmd(g),
		newSimCmd(g),
		newBalanceCmd(g),
		newServeCmd(g),
		newWatchCmd(g),
		newHookCmd(g),
		newDiffCmd(g),
		newDocCmd(g),
		newFmtCmd(g),
	)
	return root, g
}

// openTree opens content folder dir through contentfs (contentSource).
func openTree(dir string) (fs.FS, error) {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usagef("content folder %s does not exist", dir)
	}
	if err != nil {
		return nil, usagef("content folder: %v", err)
	}
	if !st.IsDir() {
		return nil, usagef("content folder %s is not a folder", dir)
	}
	cfs, err := contentfs.Open(dir)
	if err != nil {
		return nil, usagef("content folder: %v", err)
	}
	return cfs, nil
}

// displayRoot is how positions name the content folder: as given when it
// is relative, relative to the working folder when an absolute folder is
// inside it, else by its own name. Positions end up in the site (the check
// games' pages) and in logs shared with others: they never show the build
// machine's absolute paths.
func displayRoot(dir string) string {
	dir = filepath.Clean(dir)
	if filepath.IsAbs(dir) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return filepath.ToSlash(rel)
			}
		}
		return filepath.Base(dir)
	}
	return filepath.ToSlash(dir)
}

func langName(l lang.Lang) string {
	if l == lang.French {
		return "French"
	}
	return "English"
}
