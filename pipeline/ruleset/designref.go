package ruleset

import "wbtool.dev/wbtool/schema/designref"

// Reference is a game whose reference for designers wbtool makes from its
// schema (schema.DesignRef): `wbtool doc`, the site's pages for
// designers. A capability of the Ruleset: no content is loaded.
type Reference interface {
	Reference() (*designref.Reference, error)
}
