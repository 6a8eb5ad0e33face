// Package warstuff puts the Warstuff rules behind the ruleset seam
// (package pipeline/ruleset): its schema and catalog (games/warstuff/wsschema,
// games/warstuff/wscatalog), its profile cards and band sheets, its site chapters
// and its check-game runner. Importing it registers the game.
package warstuff

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

func init() { ruleset.Register(Ruleset{}) }

// Ruleset is Warstuff's [ruleset.Ruleset].
type Ruleset struct{}

// Game is "warstuff".
func (Ruleset) Game() string { return wscatalog.Game }

// DataVersion is the schema version of Warstuff's engine data.
func (Ruleset) DataVersion() int { return wscatalog.SchemaVersion }

// Load loads a Warstuff tree with its schema.
func (Ruleset) Load(fsys fs.FS, opts ruleset.LoadOptions) (ruleset.Content, error) {
	positions := map[string]diag.Pos{}
	var langs []string
	cat, err := wsschema.Load(fsys, wsschema.Options{Root: opts.Root, Extra: opts.Extra, Draft: opts.Draft, Cache: opts.Cache, TextPositions: positions, Languages: &langs})
	if err != nil {
		return nil, err
	}
	c := &Content{Catalog: cat, textPositions: positions, since: opts.Since, versions: opts.Versions, setVersion: opts.SetVersion, draft: opts.Draft}
	if err := c.readDrafts(fsys, opts.Root, langs); err != nil {
		return nil, err
	}
	c.publishDrafts()
	c.lock = lockReport(c, fsys, opts.Root)
	return c, nil
}

// Marshal encodes loaded content for another process (watch's budgeted
// worker, package internal/budget): the whole catalog.
func (Ruleset) Marshal(c ruleset.Content) ([]byte, error) {
	wc, ok := c.(*Content)
	if !ok {
		return nil, fmt.Errorf("not Warstuff content: %T", c)
	}
	return budget.Marshal(wc.Catalog)
}

// Unmarshal decodes what Marshal encoded.
func (Ruleset) Unmarshal(b []byte) (ruleset.Content, error) {
	cat := &wscatalog.Catalog{}
	if err := budget.Unmarshal(b, cat); err != nil {
		return nil, err
	}
	return &Content{Catalog: cat}, nil
}

// Content is a loaded Warstuff tree.
type Content struct {
	Catalog *wscatalog.Catalog
	// Changes are the changes since an earlier version, when the build
	// was asked for them (set by the errata stage, errata.go).
	Changes *changes.Errata

	// textPositions are the texts' positions per language (i18n.go);
	// content loaded elsewhere (Unmarshal) has none.
	textPositions map[string]diag.Pos
	lock          *translations.LockReport // nil: no content tree to read the lock from
	// drafts are the declared languages beyond en and fr, extra their
	// texts by lang.TextKey (i18n.go)
	drafts     []lang.Lang
	extra      map[string]string
	draft      bool              // loaded in draft mode: the outputs publish the drafts (langs)
	since      string            // ruleset.LoadOptions.Since
	versions   *ruleset.Versions // ruleset.LoadOptions.Versions
	setVersion string            // ruleset.LoadOptions.SetVersion: this version
}

// Summary counts what the tree holds.
func (c *Content) Summary() string {
	cat := c.Catalog
	n := func(k int, one string) string { return diag.Plural(k, one) }
	return strings.Join([]string{
		n(len(cat.Profiles), "profile"),
		n(len(cat.Creatures), "creature"),
		n(len(cat.Hordes), "horde"),
		n(len(cat.Bands), "band"),
		n(len(cat.Scenarios), "scenario"),
		n(len(cat.Rules), "special rule"),
		n(len(cat.Glossary), "glossary term"),
		n(len(cat.Pages), "rules page"),
		n(len(cat.Checks), "check game"),
	}, ", ")
}

// Warnings are the load's warnings.
func (c *Content) Warnings() diag.List { return c.Catalog.Warnings }

// Drafts are the texts a draft load filled with a placeholder.
func (c *Content) Drafts() []lang.MissingText { return c.Catalog.Draft }

// Data is data/catalog.json: the catalog with every computed cost.
func (c *Content) Data() (dist.Files, error) {
	b, err := json.MarshalIndent(c.Catalog, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode the catalog: %w", err)
	}
	return dist.Files{pipeline.CatalogFile: append(b, '\n')}, nil
}
