// Package unbound puts 40k Unbound behind the ruleset seam (package
// pipeline/ruleset): an order protocol laid over another wargame's core
// rules (RULES.md). Its schema and catalog (ubschema, ubcatalog), its
// pure order engine (ubengine), its check-game runner (ubcheck), its order
// cards and quick reference, its site. Importing it registers the game.
package unbound

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubcheck"
	"wbtool.dev/wbtool/games/unbound/ubschema"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

func init() { ruleset.Register(Ruleset{}) }

// Ruleset is 40k Unbound's [ruleset.Ruleset].
type Ruleset struct{}

// Game is "unbound".
func (Ruleset) Game() string { return ubcatalog.Game }

// Title is the game's name (ruleset.Titled).
func (Ruleset) Title() string { return "40k Unbound" }

// DataVersion is the schema version of the engine data.
func (Ruleset) DataVersion() int { return ubcatalog.SchemaVersion }

// Load loads an Unbound tree with its schema.
func (Ruleset) Load(fsys fs.FS, opts ruleset.LoadOptions) (ruleset.Content, error) {
	cat, err := ubschema.Load(fsys, ubschema.Options{Root: opts.Root, Extra: opts.Extra, Draft: opts.Draft})
	if err != nil {
		return nil, err
	}
	return &Content{Catalog: cat, since: opts.Since, versions: opts.Versions, setVersion: opts.SetVersion}, nil
}

// Content is a loaded Unbound tree.
type Content struct {
	Catalog *ubcatalog.Catalog

	since    string            // ruleset.LoadOptions.Since
	versions *ruleset.Versions // ruleset.LoadOptions.Versions
	// setVersion is ruleset.LoadOptions.SetVersion: the version when the
	// content names none (git's).
	setVersion string
	errata     *changes.Report // the errata stage's changes (exports.go)
	since0     string          // the name of the version --since names
	// reprint are the order cards whose face changed since --since, per
	// language: the reprint sheets.
	reprint map[lang.Lang][]string
}

// Summary counts what the tree holds.
func (c *Content) Summary() string {
	cat := c.Catalog
	n := diag.Plural
	return strings.Join([]string{
		n(len(cat.Orders), "order"),
		n(len(cat.Units), "unit"),
		armies(len(cat.Armies)),
		n(len(cat.Scenarios), "scenario"),
		n(len(cat.SpecialRules), "special rule"),
		n(len(cat.Glossary), "glossary term"),
		n(len(cat.Pages), "rules page"),
		n(len(cat.Checks), "check game"),
	}, ", ")
}

// Warnings are the load's warnings.
func (c *Content) Warnings() diag.List { return c.Catalog.Warnings }

// Drafts are the texts a draft load filled with a placeholder.
func (c *Content) Drafts() []lang.MissingText { return c.Catalog.Draft }

// Data is data/catalog.json: the catalog, orders first.
func (c *Content) Data() (dist.Files, error) {
	b, err := json.MarshalIndent(c.Catalog, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the catalog: %w", err)
	}
	return dist.Files{pipeline.CatalogFile: append(b, '\n')}, nil
}

// Checks plays the check games that keep (nil: all); a failure is an
// error at the failing step's expect or fails, or at the step.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	var rep ruleset.CheckReport
	for i := range c.Catalog.Checks {
		g := &c.Catalog.Checks[i]
		if keep != nil && !keep(g.ID) {
			continue
		}
		f, err := ubcheck.Run(c.Catalog, g)
		switch {
		case err != nil:
			rep.Failed++
			rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(g.Pos, "checks."+g.ID, "check %s: %v", g.ID, err))
		case f != nil:
			rep.Failed++
			rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(g.StepPos(f.Step, f.Expect), "checks."+g.ID, "check %s: %s", g.ID, f.Msg))
		default:
			rep.Passed++
		}
	}
	return rep
}

func armies(n int) string {
	if n == 1 {
		return "1 army"
	}
	return fmt.Sprintf("%d armies", n)
}

var _ ruleset.Incremental = (*Content)(nil)
