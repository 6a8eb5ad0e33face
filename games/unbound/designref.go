package unbound

import (
	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/games/unbound/ubschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/schema/designref"
)

var _ ruleset.Reference = Ruleset{}

// Reference is 40k Unbound's reference for designers (`wbtool doc`),
// from its schema, with the starter's values as examples.
func (Ruleset) Reference() (*designref.Reference, error) {
	return schema.DesignRef(schema.RefSource{
		Game: "40k Unbound", Package: ubschema.PackageName, Schema: ubschema.Files(), Examples: ubstarter.FS,
		Order: []string{"orders", "units", "armies", "scenarios", "checks", "specialRules", "glossary"},
	})
}
