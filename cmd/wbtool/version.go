package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

// version is set at link time (-ldflags "-X main.version=v1.2.3").
var version = "dev"

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print wbtool's version, the CUE version and each game's catalog schema version",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			cueVersion := "unknown"
			if bi, ok := debug.ReadBuildInfo(); ok {
				for _, d := range bi.Deps {
					if d.Path == "cuelang.org/go" {
						cueVersion = d.Version
					}
				}
			}
			var schemas []string
			for _, g := range ruleset.Games() {
				if r, ok := ruleset.Lookup(g); ok {
					if dv, ok := r.(ruleset.DataVersioner); ok {
						schemas = append(schemas, fmt.Sprintf("%s %d", g, dv.DataVersion()))
					}
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wbtool %s (CUE %s; catalog schema: %s)\n", version, cueVersion, strings.Join(schemas, ", "))
			return nil
		},
	}
}

// noArgs rejects positional arguments as a usage error (exit 2). For a
// command with subcommands (wbtool, deck, hook) an argument is an unknown
// command.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 && cmd.HasSubCommands() {
		hint := ""
		if cmd.SuggestionsMinimumDistance <= 0 {
			cmd.SuggestionsMinimumDistance = 2
		}
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			hint = fmt.Sprintf(": did you mean %q?", s[0])
		}
		return usagef("unknown command %q for %q%s (run '%s --help' for usage)", args[0], cmd.CommandPath(), hint, cmd.CommandPath())
	}
	if len(args) > 0 {
		return usagef("%s takes no arguments, got %q", cmd.CommandPath(), args)
	}
	return nil
}

// exactArgs wants exactly n positional arguments (exit 2 otherwise).
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return usagef("%s needs %s", cmd.CommandPath(), what)
		}
		return nil
	}
}
