package warstuff

import (
	"wbtool.dev/wbtool/build/ruleset"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
)

// Layout lays out every profile card and band sheet in both languages.
func (c *Content) Layout() diag.List { return nil }

// Site builds the Warstuff rules site.
func (c *Content) Site(opts ruleset.SiteOptions) (dist.Files, error) { return nil, nil }

// Print makes the print-and-play sheets.
func (c *Content) Print(opts ruleset.PrintOptions) (dist.Files, error) { return nil, nil }
