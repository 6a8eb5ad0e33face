package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/termsafe"
)

// outputFlags say how a command writes for people and machines.
//
// --format (validate, build, check, deck check): text prints the
// diagnostics on stderr and the command's lines on stdout, as always;
// json and sarif print the same diagnostics on stderr, and one document
// on stdout instead of the command's lines (diag.Report): a CI job keeps
// a readable log and a file for the machine. Exit codes do not change.
//
// --color (every command): the diagnostics' labels in colour when stderr
// is a terminal and NO_COLOR is empty (auto), always, or never.
type outputFlags struct {
	formatFlag string // "" for a command without --format
	format     diag.Format
	color      string
	// report is what a json or sarif run writes on stdout when the
	// command returns (writeReport); nil until the content is checked.
	report *diag.Report
}

// The --color values.
const (
	colorAuto   = "auto"
	colorAlways = "always"
	colorNever  = "never"
)

// addFormatFlag gives cmd the --format flag.
func addFormatFlag(cmd *cobra.Command, g *globalFlags) {
	cmd.Flags().StringVar(&g.output.formatFlag, "format", string(diag.FormatText),
		"output `FORMAT`: text; json (one JSON document of every diagnostic on stdout) or sarif (a SARIF 2.1.0 log, for GitHub code scanning)")
}

// addColorFlag defines --color on the root command, for every command.
func addColorFlag(pf *pflag.FlagSet, g *globalFlags) {
	pf.StringVar(&g.output.color, "color", colorAuto, "colour the diagnostics: auto (when stderr is a terminal and NO_COLOR is unset), always or never")
}

// parse checks --format and --color (exit 2 on a value they do not
// take).
func (o *outputFlags) parse() error {
	o.format = diag.FormatText
	if o.formatFlag != "" {
		f, err := diag.ParseFormat(o.formatFlag)
		if err != nil {
			return usagef("--format: %v", err)
		}
		o.format = f
	}
	switch o.color {
	case colorAuto, colorAlways, colorNever:
		return nil
	}
	return usagef("--color: unknown value %q: expected auto, always or never", o.color)
}

// machine reports whether the command writes a document on stdout (o
// is nil for flags made in Go, as tests make them: text).
func (o *outputFlags) machine() bool {
	return o != nil && (o.format == diag.FormatJSON || o.format == diag.FormatSARIF)
}

// colorOn reports whether diagnostics written to w are coloured.
func (o *outputFlags) colorOn(w io.Writer) bool {
	mode := colorAuto
	if o != nil {
		mode = o.color
	}
	return useColor(mode, os.Getenv("NO_COLOR"), termsafe.IsTerminal(w))
}

// useColor decides colour: --color always or never wins; auto colours a
// terminal unless NO_COLOR has a value (https://no-color.org).
func useColor(mode, noColor string, terminal bool) bool {
	switch mode {
	case colorAlways:
		return true
	case colorNever:
		return false
	}
	return noColor == "" && terminal
}

// printDiagnostics writes the content's diagnostics on the command's
// error stream, in colour when colorOn; with --format json or sarif it
// also keeps them for the document (writeReport), with the check games'
// counts when they were played.
func printDiagnostics(w io.Writer, g *globalFlags, l diag.List, checks *diag.CheckCounts) {
	l.Fprint(w, g.output.colorOn(w))
	if g.output.machine() {
		r := g.output.reportOf()
		r.Diagnostics, r.Checks = withStrays(g, l), checks
	}
}

// reportOf is the document of a json or sarif run, begun at first use.
func (o *outputFlags) reportOf() *diag.Report {
	if o.report == nil {
		o.report = &diag.Report{Version: version}
	}
	return o.report
}

// say prints one line of the command's own output on stdout; with
// --format json or sarif the line goes into the document instead.
func say(cmd *cobra.Command, g *globalFlags, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if g.output.machine() {
		r := g.output.reportOf()
		r.Output = append(r.Output, line)
		return
	}
	fmt.Fprintln(cmd.OutOrStdout(), line)
}

// writeReport writes the json or sarif document of the command, when it
// checked content, on stdout.
func writeReport(stdout io.Writer, g *globalFlags) error {
	if !g.output.machine() || g.output.report == nil {
		return nil
	}
	return g.output.report.Write(stdout, g.output.format)
}
