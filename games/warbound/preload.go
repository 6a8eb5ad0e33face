package warbound

import (
	"fmt"
	"io/fs"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Preload evaluates a Warbound tree in watch's and serve's budgeted child
// process (ruleset.Preloader) and encodes the catalog whole: positions,
// rules sources and draft list, which JSON would drop (budget.Marshal).
// Load finishes it in the process that builds (preloaded): the set's
// version, the art files and the translations lock are read there, with
// that process's options, as a one-shot command reads them.
func (rules) Preload(fsys fs.FS, lo ruleset.LoadOptions) ([]byte, error) {
	cat, err := wbschema.Load(fsys, wbschema.Options{Root: lo.Root, Draft: lo.Draft, Cache: lo.Cache})
	if err != nil {
		return nil, err
	}
	return budget.Marshal(cat)
}

// preloaded decodes what Preload encoded. The catalog has no art reader:
// Load gives it the content folder's.
func preloaded(b []byte) (*wbcatalog.Catalog, error) {
	cat := &wbcatalog.Catalog{}
	if err := budget.Unmarshal(b, cat); err != nil {
		return nil, fmt.Errorf("read the evaluation result: %w", err)
	}
	return cat, nil
}

var _ ruleset.Preloader = rules{}
