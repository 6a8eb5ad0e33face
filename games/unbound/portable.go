package unbound

import (
	"fmt"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Marshal encodes loaded content for another process (watch's and
// serve's budgeted worker, package internal/budget): the whole catalog,
// positions, warnings, draft list, rules pages and check games' sources
// included. Without it, watch and serve refused every 40k Unbound tree
// ("unbound content cannot be loaded in the evaluation process").
func (Ruleset) Marshal(c ruleset.Content) ([]byte, error) {
	uc, ok := c.(*Content)
	if !ok {
		return nil, fmt.Errorf("not 40k Unbound content: %T", c)
	}
	return budget.Marshal(uc.Catalog)
}

// Unmarshal decodes what Marshal encoded.
func (Ruleset) Unmarshal(b []byte) (ruleset.Content, error) {
	cat := &ubcatalog.Catalog{}
	if err := budget.Unmarshal(b, cat); err != nil {
		return nil, err
	}
	return &Content{Catalog: cat}, nil
}

var _ ruleset.Portable = Ruleset{}
