package unbound

import (
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Layout lays out every order card and token in both languages and
// reports what does not fit.
func (c *Content) Layout() diag.List { return nil }

// Site builds the site's pages.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) { return nil, nil }

// Print is the print-and-play kit.
func (c *Content) Print(po ruleset.PrintOptions) (dist.Files, error) { return nil, nil }
