package warstuff

import (
	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/internal/dist"
)

// Site builds the Warstuff rules site.
func (c *Content) Site(opts ruleset.SiteOptions) (dist.Files, error) { return nil, nil }
