package wsschema

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warstuff/wsgen"
)

func TestLeanSchemaBuilt(t *testing.T) {
	if leanSchemaFS == nil {
		t.Fatalf("profiles.cue no longer declares %q once: the fast path is off; update leanProfile", fullProfile)
	}
	if _, err := parseLean(); err != nil {
		t.Fatal(err)
	}
}

// TestFastCostEqualsCUE: the catalog, diagnostics and draft texts of a
// load with the fast path (profiles' costs computed in Go) equal CUE's
// (the full schema), on the starter, a generated tree and mutants of
// both, in draft mode and not (-short: draft mode on the mutants made
// for it and the additions); the fast path must be taken on the valid
// trees.
func TestFastCostEqualsCUE(t *testing.T) {
	starter := starterFiles(t)
	generated := wsgen.Tree(100)
	type mutant struct {
		name, file, old, new string
		fast                 bool // the fast path must give the load
		// inDraft: in draft mode, "fast" the fast path must give the
		// load, "full" it must not, "" as fast says
		inDraft string
	}
	const sp, gp = "cards/profiles.cue", "cards/profiles-00.cue"
	mutants := []mutant{
		{"starter", sp, "", "", true, ""},
		{"generated", gp, "", "", true, ""},
		{"quality", sp, "quality: 3", "quality: 4", true, ""},
		{"quality out of table", sp, "quality: 3", "quality: 7", false, ""},
		{"cost over the limit", sp, `rules: ["agile", "slow"]`, `rules: ["agile", "slow", "regeneration", "resilient", "very_fast", "terrifying"]`, false, ""},
		{"unknown rule", sp, `rules: ["agile", "slow"]`, `rules: ["agile", "slowish"]`, false, ""},
		{"rule twice", sp, `rules: ["agile", "slow"]`, `rules: ["agile", "agile"]`, false, ""},
		{"power twice", sp, `powers: ["lightning_bolt", "healing"]`, `powers: ["healing", "healing"]`, false, ""},
		{"one power", sp, `powers: ["lightning_bolt", "healing"]`, `powers: ["healing"]`, true, ""},
		{"unknown power", sp, `powers: ["lightning_bolt", "healing"]`, `powers: ["healing", "telekinesis"]`, false, ""},
		{"exclusive", sp, `rules: ["agile", "slow"]`, `rules: ["fast", "slow"]`, false, ""},
		{"large target", sp, `rules: ["agile", "slow"]`, `rules: ["large_target", "slow"]`, true, ""},
		{"large target base 1", sp, `rules: ["agile", "slow"]`, `rules: ["agile", "large_target"], base: 1`, false, ""},
		{"base 2", sp, `rules: ["agile", "slow"]`, `rules: ["agile", "slow"], base: 2`, true, ""},
		{"ranged only in melee", sp, `melee: ["powerful"]`, `melee: ["scoped"]`, false, ""},
		{"variable in melee", sp, `melee: ["powerful"]`, `melee: ["variable"]`, false, ""},
		{"variable on a weapon", sp, `rules: ["precise", "piercing"]`, `rules: ["precise", "variable"]`, false, ""},
		{"weapon rule twice", sp, `rules: ["precise", "piercing"]`, `rules: ["precise", "precise"]`, false, ""},
		{"flame explosive", sp, `range: "flame", rules: ["powerful"]`, `range: "flame", rules: ["explosive"]`, false, ""},
		{"flame", sp, `range: 18, rules: ["precise", "piercing"]`, `range: "flame", rules: ["piercing"]`, true, ""},
		{"bad range", sp, `range: 18,`, `range: 12,`, false, ""},
		{"ranged and variable", sp, `quality: 4`, `quality: 4, ranged: range: 9`, false, ""},
		{"cost written", sp, `quality: 3`, `quality: 3, cost: 19`, false, ""},
		{"cost written wrong", sp, `quality: 3`, `quality: 3, cost: 18`, false, ""},
		{"traits on a profile", sp, `quality: 3`, `quality: 3, traits: ["headshot"]`, false, ""},
		{"smaller on a profile", sp, `quality: 3`, `quality: 3, smaller: "zol"`, false, ""},
		{"table entry added", "game.cue", "", "\ntables: general: steady: {cost: 1, name: {en: \"Steady\", fr: \"Stable\"}}\nreminders: steady: {en: \"Steady.\", fr: \"Stable.\"}\nprofiles: \"steady-one\": {name: {en: \"Steady One\", fr: \"Le Stable\"}, quality: 4, rules: [\"steady\"]}\n", true, ""},
		{"quality added to the table", "game.cue", "", "\ntables: quality: \"7\": 0\nprofiles: seven: {name: {en: \"Seven\", fr: \"Sept\"}, quality: 7, rules: [\"resilient\"]}\n", false, ""},
		{"range added to the table", "game.cue", "", "\ntables: range: \"12\": {cost: 2, name: {en: \"12\\\"\", fr: \"12\\\"\"}}\nprofiles: twelve: {name: {en: \"Twelve\", fr: \"Douze\"}, quality: 4, ranged: range: 12}\n", false, ""},
		{"float quality", sp, "quality: 3", "quality: 3.0", false, ""},
		{"table cost changed", "game.cue", "", "\ntables: general: agile: cost: 2\n", false, ""},
		{"minimum", "game.cue", "", "\nprofiles: cheap: {name: {en: \"Cheap\", fr: \"Pas cher\"}, quality: 6}\n", false, ""},
		{"missing name", sp, `name: {en: "Storm Seer", fr: "Devin des orages"}`, `name: {en: "Storm Seer"}`, false, "fast"},
		{"missing English name", sp, `name: {en: "Storm Seer", fr: "Devin des orages"}`, `name: {fr: "Devin des orages"}`, false, "fast"},
		{"reminder without French", "game.cue", "", "\ntables: general: steady: {cost: 1, name: {en: \"Steady\", fr: \"Stable\"}}\nreminders: steady: {en: \"Steady.\"}\nprofiles: \"steady-one\": {name: {en: \"Steady One\", fr: \"Le Stable\"}, quality: 4, rules: [\"steady\"]}\n", false, "fast"},
		{"table name without French", "game.cue", "", "\ntables: general: steady: {cost: 1, name: {en: \"Steady\"}}\nreminders: steady: {en: \"Steady.\", fr: \"Stable.\"}\nprofiles: \"steady-one\": {name: {en: \"Steady One\", fr: \"Le Stable\"}, quality: 4, rules: [\"steady\"]}\n", false, "full"},
		{"table name without English", "game.cue", "", "\ntables: general: steady: {cost: 1, name: {fr: \"Stable\"}}\nreminders: steady: {en: \"Steady.\", fr: \"Stable.\"}\nprofiles: \"steady-one\": {name: {en: \"Steady One\", fr: \"Le Stable\"}, quality: 4, rules: [\"steady\"]}\n", false, "full"},
		{"generated unknown", gp, `"agile"`, `"agil"`, false, ""},
	}
	// -short: the mutants that find the fast path's known defects (each
	// once re-introduced): the fast path not taken (starter), Large
	// Target's base not set (large target), quality or range not checked
	// against the schema's own keys (added to the table), one refusal
	// (unknown rule); in draft mode the starter and the mutants made for
	// it. The others in the full suite.
	shortMutants := map[string]bool{"starter": true, "unknown rule": true, "large target": true,
		"quality added to the table": true, "range added to the table": true}
	// refusalWitness: the refused mutants whose load is also compared
	// with a load without the fast path (the others' fallback is that
	// same evaluation); each mode and each refusal point: CUE's errors,
	// the costs, the draft texts.
	refusalWitness := map[string]bool{"unknown rule": true, "unknown rule (draft)": true,
		"cost over the limit": true, "cost written": true, "table name without French (draft)": true}
	for _, m := range mutants {
		for _, draft := range []bool{false, true} {
			name, fast := m.name, m.fast
			if testing.Short() && (!draft && !shortMutants[m.name] || draft && m.inDraft == "" && m.name != "starter") {
				continue
			}
			if draft {
				name += " (draft)"
				fast = m.inDraft == "fast" || m.fast && m.inDraft == ""
			}
			t.Run(name, func(t *testing.T) {
				base := starter
				if m.file == gp {
					base = generated
				}
				files := map[string][]byte{}
				for k, v := range base {
					files[k] = v
				}
				src := string(files[m.file])
				switch {
				case m.old == "":
					src += m.new
				case !strings.Contains(src, m.old):
					t.Fatalf("%s holds no %s", m.file, m.old)
				default:
					src = strings.Replace(src, m.old, m.new, 1)
				}
				files[m.file] = []byte(src)
				defer func(on bool) { fastProfiles = on }(fastProfiles)
				fastProfiles = true
				before, beforeFull := fastLoads.Load(), fullLoads.Load()
				got, gotErr := Load(mapFS(files), Options{Root: "content", Draft: draft})
				// where the fast path refuses, the load must be the
				// full schema's own evaluation (the fallback), so CUE's
				// "want" is that value, not a second evaluation; the
				// witnesses evaluate it again without the fast path
				// (a refused lean evaluation leaking into the fallback)
				if full := fullLoads.Load() > beforeFull; full == fast {
					t.Errorf("evaluated with the full schema %v, want %v (error: %v)", full, !fast, gotErr)
				}
				want, wantErr := got, gotErr
				if fast || refusalWitness[name] {
					fastProfiles = false
					want, wantErr = Load(mapFS(files), Options{Root: "content", Draft: draft})
				}
				if fast && wantErr != nil { // the catalogs must be compared
					t.Fatalf("the mutant must be valid: %v", wantErr)
				}
				if d := outcomeDiff(want, wantErr, got, gotErr); d != "" {
					t.Fatal(d)
				}
				if draft && m.inDraft != "" && len(want.Draft) == 0 {
					t.Errorf("no draft text: the mutant tests nothing of draft mode")
				}
				if taken := fastLoads.Load() > before; taken != fast {
					t.Errorf("fast path taken %v, want %v (error: %v)", taken, fast, wantErr)
				}
			})
		}
	}
}
