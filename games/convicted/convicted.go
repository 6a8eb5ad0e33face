// Package convicted puts The Convicted, a cooperative siege campaign for 1
// to 4 players (games/convicted/RULES.md), behind the ruleset seam
// (package pipeline/ruleset): its schema (cvschema), catalog (cvcatalog),
// engine and check games (cvengine), and the rules-coverage report every
// command can show (`wbtool check --coverage`, the site's coverage page,
// the first line of `sim`). Importing it registers the game.
package convicted

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/games/convicted/cvengine"
	"wbtool.dev/wbtool/games/convicted/cvschema"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Game is the name its trees declare in game.cue.
const Game = "convicted"

func init() { ruleset.Register(Ruleset{}) }

// Ruleset is The Convicted's [ruleset.Ruleset].
type Ruleset struct{}

// Game is "convicted".
func (Ruleset) Game() string { return Game }

// Title is the game's name (ruleset.Titled).
func (Ruleset) Title() string { return "The Convicted" }

// DataVersion is the schema version of the engine data.
func (Ruleset) DataVersion() int { return cvcatalog.SchemaVersion }

// Load loads a tree with the game's schema.
func (Ruleset) Load(fsys fs.FS, opts ruleset.LoadOptions) (ruleset.Content, error) {
	cat, warns, err := cvschema.Load(fsys, cvschema.Options{Root: opts.Root, Extra: opts.Extra, Draft: opts.Draft})
	if err != nil {
		return nil, err
	}
	c, err := newContent(cat, warns)
	if err != nil {
		return nil, err
	}
	c.since, c.versions, c.setVersion = opts.Since, opts.Versions, opts.SetVersion
	return c, nil
}

func newContent(cat *cvcatalog.Catalog, warns diag.List) (*Content, error) {
	r, err := cvengine.New(cat)
	if err != nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: "game.cue"}, "", "the engine cannot play this content: %v", err)}
	}
	return &Content{Catalog: cat, Problems: warns, rules: r}, nil
}

// Content is a loaded tree.
type Content struct {
	Catalog  *cvcatalog.Catalog
	Problems diag.List
	rules    *cvengine.Rules
	// formatGiven: play's or sim's --format was given (Refuse).
	formatGiven bool

	since    string            // ruleset.LoadOptions.Since
	versions *ruleset.Versions // ruleset.LoadOptions.Versions
	// setVersion is ruleset.LoadOptions.SetVersion: the version when the
	// content names none (git's).
	setVersion string
	errata     *changes.Report // the errata stage's changes (exports.go)
	since0     string          // the name of the version --since names
	// reprint are the kit's cards whose entry changed since --since, per
	// language: the reprint sheets.
	reprint map[lang.Lang][]string
}

// Summary counts what the tree holds, and the rules by state.
func (c *Content) Summary() string {
	cat := c.Catalog
	d, dd, tbd := cat.Counts()
	return strings.Join([]string{
		plural(len(cat.Heroes), "hero", "heroes"),
		diag.Plural(len(cat.Buildings), "building"),
		plural(len(cat.Technologies), "technology", "technologies"),
		diag.Plural(len(cat.Units), "unit type"),
		diag.Plural(len(cat.Enemies), "enemy unit"),
		diag.Plural(len(cat.Scenarios), "scenario"),
		diag.Plural(len(cat.Saves), "save sheet"),
		diag.Plural(len(cat.Checks), "check game"),
		fmt.Sprintf("%s (%d defined, %d decided, %d to be defined)", diag.Plural(len(cat.Rules), "rule"), d, dd, tbd),
	}, ", ")
}

// Warnings are the load's warnings.
func (c *Content) Warnings() diag.List { return c.Problems }

// Drafts are the texts a draft load filled with a placeholder.
func (c *Content) Drafts() []lang.MissingText { return c.Catalog.Draft }

// Checks plays the check games that keep; a failure is an error at the
// failing step.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	var rep ruleset.CheckReport
	for i := range c.Catalog.Checks {
		ch := &c.Catalog.Checks[i]
		if keep != nil && !keep(ch.ID) {
			continue
		}
		res := c.rules.RunCheck(ch)
		if res.OK {
			rep.Passed++
			continue
		}
		rep.Failed++
		pos := ch.Pos
		if res.Step > 0 && res.Step <= len(ch.StepPos) && ch.StepPos[res.Step-1].File != "" {
			pos = ch.StepPos[res.Step-1]
		}
		rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(pos, "checks."+ch.ID, "check %s: step %d: %s", ch.ID, res.Step, res.Msg))
	}
	return rep
}

// Data is data/catalog.json (the catalog) and data/coverage.json (every
// rule's state and the check games that pin it).
func (c *Content) Data() (dist.Files, error) {
	b, err := json.MarshalIndent(c.Catalog, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the catalog: %w", err)
	}
	cov, err := json.MarshalIndent(c.Report(), "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the coverage: %w", err)
	}
	return dist.Files{pipeline.CatalogFile: append(b, '\n'), "coverage.json": append(cov, '\n')}, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
