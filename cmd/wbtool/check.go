package main

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

const checkDoc = `Check plays the designers' check games with the rules engine: the
content's (scenarios/checks) plus those in the files and folders given. Like
validate, it runs every other check of a build too, so it never passes
content that build refuses.
Each failing check prints one line with its file:line, the step, and what
was expected against what happened; the last line is "N passed, M failed".

With --coverage, check also lists the card texts the engine cannot execute
and the cards no check game exercises.

Exit status: 0 when every check passes, 1 when one fails or the content
has errors, 2 on a usage error.

Examples:
  wbtool check                          # the content's check games
  wbtool check my-checks.cue more/      # plus these files and folders
  wbtool check --coverage               # and the coverage report
  wbtool check --run armor              # only checks whose id contains "armor"`

func newCheckCmd(g *globalFlags) *cobra.Command {
	var coverage bool
	var run string
	cmd := &cobra.Command{
		Use:   "check [FILES|DIRS]",
		Short: "Play the check games and report the ones that fail",
		Long:  checkDoc,
		RunE: func(cmd *cobra.Command, args []string) error {
			extra, err := checkFiles(args)
			if err != nil {
				return err
			}
			// The whole verdict, as validate and build give it: a check run
			// never passes content that build refuses.
			opts := pipeline.Options{Stages: pipeline.Verdict, Extra: extra, CheckSite: true}
			if run != "" {
				opts.CheckFilter = func(id string) bool { return strings.Contains(id, run) }
			}
			res, err := runBuild(cmd, g, opts)
			if res == nil || res.Content == nil {
				return err
			}
			if cov, ok := res.Content.(ruleset.Coverage); coverage && ok {
				errw := cmd.ErrOrStderr()
				untested, summary := cov.Coverage()
				for _, u := range untested {
					fmt.Fprintln(errw, termsafe.String(u))
				}
				fmt.Fprintln(errw, summary)
			}
			passed, failed := res.CheckCounts()
			say(cmd, g, "%d passed, %d failed", passed, failed)
			return err
		},
	}
	addFormatFlag(cmd, g)
	cmd.Flags().BoolVar(&coverage, "coverage", false, "list card texts the engine cannot execute and cards without a check game")
	cmd.Flags().StringVar(&run, "run", "", "only run check games whose id contains `TEXT`")
	return cmd
}

// checkFiles reads the .cue files given on the command line, walking
// folders.
func checkFiles(args []string) ([]schema.File, error) {
	var out []schema.File
	for _, a := range args {
		st, err := statArg(a)
		if err != nil {
			return nil, usagef("check: %v", err)
		}
		if !st.IsDir() {
			src, err := readArgFile(a)
			if err != nil {
				return nil, usagef("check: %v", err)
			}
			out = append(out, schema.File{Name: filepath.ToSlash(a), Src: src})
			continue
		}
		var names []string
		err = filepath.WalkDir(a, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(p, ".cue") {
				names = append(names, p)
			}
			return nil
		})
		if err != nil {
			return nil, usagef("check: %v", err)
		}
		sort.Strings(names)
		for _, p := range names {
			src, err := readArgFile(p)
			if err != nil {
				return nil, usagef("check: %v", err)
			}
			out = append(out, schema.File{Name: filepath.ToSlash(p), Src: src})
		}
	}
	return out, nil
}
