package convicted

import (
	"fmt"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// portable is what travels between processes: the whole catalog
// (positions, check games' sources, placeholders and draft list
// included) and the load's warnings. The engine is made again from the
// catalog.
type portable struct {
	Catalog  *cvcatalog.Catalog
	Problems diag.List
}

// Marshal encodes loaded content for another process (watch's and
// serve's budgeted worker, package internal/budget). Without it, watch
// and serve refused every tree of The Convicted ("convicted content
// cannot be loaded in the evaluation process").
func (Ruleset) Marshal(c ruleset.Content) ([]byte, error) {
	cc, ok := c.(*Content)
	if !ok {
		return nil, fmt.Errorf("not The Convicted's content: %T", c)
	}
	return budget.Marshal(portable{Catalog: cc.Catalog, Problems: cc.Problems})
}

// Unmarshal decodes what Marshal encoded.
func (Ruleset) Unmarshal(b []byte) (ruleset.Content, error) {
	var p portable
	if err := budget.Unmarshal(b, &p); err != nil {
		return nil, err
	}
	if p.Catalog == nil {
		return nil, fmt.Errorf("no catalog in The Convicted's content")
	}
	c, err := newContent(p.Catalog, p.Problems)
	if err != nil {
		return nil, err
	}
	return c, nil
}

var _ ruleset.Portable = Ruleset{}
