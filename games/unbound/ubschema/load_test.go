package ubschema

import (
	"strings"
	"testing"
	"testing/fstest"

	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/internal/testtool"
)

// TestBadInput is the schema's bad-input corpus: each edit of the
// starter is refused with its message at its file.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, file, old, new, want string
	}{
		{"unknown section", "units/units.cue", "specialRules: {", "specialRule: {", `units/units.cue:89:1: unknown section "specialRule" (did you mean "specialRules"?)`},
		{"unknown field", "units/units.cue", "\t\tsize: 5\n", "\t\tsise: 5\n", `units.warden-line.sise: unknown field "sise"`},
		// a misspelling beside another mistake of the same unit, which
		// stops CUE before it reaches the misspelling; each reported
		{"misspelt field beside a wrong type", "units/units.cue", "\t\ttype: \"infantry\"\n\t\tsize: 5\n", "\t\ttpye: \"infantry\"\n\t\tsize: \"five\"\n", `units/units.cue:10:3: units.warden-line.tpye: unknown field "tpye" (did you mean "type"?): check its spelling against RULES.md`},
		{"a number in quotes", "units/units.cue", "\t\tsize: 5\n", "\t\tsize: \"five\"\n", `units/units.cue:11:3: units.warden-line.size: wrong type: found "five" (a text in quotes), expected a whole number`},
		{"unknown unit type", "units/units.cue", `type:  "bike"`, `type:  "bicycle"`, `units.outriders.type: found "bicycle": expected one of "artillery", "bike", "flyer", "infantry", "jetbike", "monstrous", "super-heavy", "vehicle"`},
		{"an order missing", "orders/orders.cue", "\trun: {", "\trunning: {", `orders.running: unknown field "running"`},
		{"an immediate order without condition", "orders/orders.cue", "\t\tcondition: \"shot-at\"\n\t\ttiming:    \"before\"\n", "\t\ttiming:    \"before\"\n", `orders.go-to-ground.condition: missing field "condition": add it`},
		{"an unknown condition", "orders/orders.cue", `condition: "assaulted"`, `condition: "charged"`, `orders.counter-charge.condition: found "charged": expected one of "assaulted", "enemy-assaults", "enemy-order", "shot-at"`},
		{"a bad rule number", "orders/orders.cue", `rule: "U-ORDER-4"`, `rule: "R-ORDER-4"`, `orders.run.rule: invalid value "R-ORDER-4"`},
		{"an unknown special rule", "units/units.cue", `rules: ["scout"]`, `rules: ["scuot"]`, `unknown special rule "scuot" (did you mean "scout"?)`},
		{"a transport over capacity", "units/units.cue", "capacity: 10", "capacity: 4", "armies/armies.cue:12:4: armies.wardens.units.carrier: carrier carries 5 places of units, more than its capacity of 4 (U-ORDER-7)"},
		{"a bike in a transport", "armies/armies.cue", `outriders: {unit: "outriders"}`, `outriders: {unit: "outriders", in: "carrier"}`, "outriders (outriders) may not ride in transports (U-ORDER-7)"},
		{"a transport that carries nobody", "armies/armies.cue", `riders: {unit: "ash-walkers", in: "ferry"}`, `riders: {unit: "ash-walkers", in: "shades"}`, "shades (ash-stalkers) carries nobody"},
		{"a unit joining a unit", "armies/armies.cue", `oracle: {unit: "warden-oracle", joins: "line-a"}`, `oracle: {unit: "warden-line", joins: "line-a"}`, "only characters join units (U-UNIT-3)"},
		{"zones and armies", "scenarios/scenarios.cue", "\t\t\t{en: \"The centre, 6\\\" around it\", fr: \"Le centre, sur 6\\\" autour\"},\n", "", "2 deployment zones for 3 armies"},
		{"a check's unknown army", "checks/shoot.cue", `armies: ["wardens", "ash-court"]
		steps: [
			// overwatch`, `armies: ["wardens", "ash-cort"]
		steps: [
			// overwatch`, `unknown army "ash-cort" (did you mean "ash-court"?)`},
		{"a check with one unit in two armies", "checks/shoot.cue", `armies: ["wardens", "ash-court"]
		steps: [
			// overwatch`, `armies: ["wardens", "wardens"]
		steps: [
			// overwatch`, `army wardens is named twice`},
		{"a syntax error", "units/units.cue", "\t\tsize: 5\n", "\t\tsize: 5,,\n", "units/units.cue:11:11: syntax error: two commas in a row"},
		{"another package", "units/units.cue", "package unbound", "package warstuff", "expected `package unbound` at the top of the file"},
		{"an empty file", "units/units.cue", "", "", "file is empty"},
		{"a missing French text", "units/units.cue", `name: {en: "Outriders", fr: "Éclaireurs montés"}`, `name: {en: "Outriders"}`, "units.outriders.name.fr: missing French text"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := testtool.CopyFS(t, ubstarter.FS)
			src := string(fsys[tc.file].Data)
			if tc.old == "" {
				src = ""
			} else if !strings.Contains(src, tc.old) {
				t.Fatalf("%s does not hold %q", tc.file, tc.old)
			}
			src = strings.Replace(src, tc.old, tc.new, 1)
			fsys[tc.file] = &fstest.MapFile{Data: []byte(src)}
			_, err := Load(fsys, Options{})
			if err == nil {
				t.Fatalf("accepted, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), ".cue:") {
				t.Errorf("got\n%v\nwant %q at %s", err, tc.want, tc.file)
			}
		})
	}
}
