package warstuff

import (
	wscontent "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/schema/designref"
)

var _ ruleset.Reference = Ruleset{}

// Reference is Warstuff's reference for designers, from its schema, with
// the starter's values as examples.
func (Ruleset) Reference() (*designref.Reference, error) {
	return schema.DesignRef(schema.RefSource{
		Game: "Warstuff", Package: wsschema.PackageName, Schema: wsschema.Files(), Examples: wscontent.FS,
		Order: []string{"profiles", "creatures", "hordes", "bands", "scenarios", "checks", "reminders", "glossary", "strings"},
	})
}
