package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSARIFLog checks the SARIF log of validate --format sarif against
// what the SARIF 2.1.0 schema requires and GitHub code scanning reads:
// version and $schema, runs[].tool.driver.name, a rule for every
// result's ruleId, results[].message.text, a level, and one location
// whose artifactLocation.uri is relative and whose region starts at the
// diagnostic's line and column.
func TestSARIFLog(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "content")
	if err := copyTree("testdata/base", dir); err != nil {
		t.Fatal(err)
	}
	bad := `package warbound

decks: "bad-deck": {
	name: {en: "Bad deck", fr: "Mauvais deck"}
	format: "exploration"
	cards: ["vanta", "copp", "copp", "jammer", "scrapper", "howler", "scope", "stim-shot"]
	attachments: [{upgrade: "scope", to: "scrapper"}, {upgrade: "stim-shot", to: "jammer"}]
}
`
	if err := os.WriteFile(filepath.Join(dir, "scenarios", "bad.cue"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"validate", "--content", dir, "--format", "sarif"}, &stdout, &stderr)
	if code != exitContent {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitContent, stderr.String())
	}
	if !strings.Contains(stderr.String(), "content/scenarios/bad.cue:3:8: ") {
		t.Errorf("stderr lost the text diagnostics:\n%s", stderr.String())
	}
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name    string `json:"name"`
					Version string `json:"version"`
					Rules   []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string                 `json:"ruleId"`
				RuleIndex *int                   `json:"ruleIndex"`
				Level     string                 `json:"level"`
				Message   *struct{ Text string } `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&log); err != nil {
		t.Fatalf("stdout is not one SARIF log: %v", err)
	}
	if dec.More() {
		t.Fatal("stdout holds more than one document")
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") {
		t.Errorf("version %q, $schema %q", log.Version, log.Schema)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	r := log.Runs[0]
	if r.Tool.Driver.Name != "wbtool" || r.Tool.Driver.Version == "" {
		t.Errorf("driver %q %q", r.Tool.Driver.Name, r.Tool.Driver.Version)
	}
	if len(r.Results) != 1 {
		t.Fatalf("%d results, want 1", len(r.Results))
	}
	for _, res := range r.Results {
		if res.Message == nil || res.Message.Text == "" {
			t.Errorf("result without message.text: %+v", res)
		}
		if res.Level != "error" && res.Level != "warning" {
			t.Errorf("level %q", res.Level)
		}
		if res.RuleIndex == nil || *res.RuleIndex >= len(r.Tool.Driver.Rules) || r.Tool.Driver.Rules[*res.RuleIndex].ID != res.RuleID {
			t.Errorf("ruleId %q has no rule at ruleIndex %v", res.RuleID, res.RuleIndex)
		}
		if len(res.Locations) != 1 {
			t.Fatalf("%d locations, want 1", len(res.Locations))
		}
		pl := res.Locations[0].PhysicalLocation
		if uri := pl.ArtifactLocation.URI; uri == "" || strings.HasPrefix(uri, "/") || strings.Contains(uri, "://") {
			t.Errorf("uri %q is not relative", uri)
		}
		if pl.Region == nil || pl.Region.StartLine < 1 {
			t.Errorf("region %+v", pl.Region)
		}
	}
	res := r.Results[0]
	pl := res.Locations[0].PhysicalLocation
	if res.RuleID != "R-DECK-2" || res.Level != "error" || pl.ArtifactLocation.URI != "content/scenarios/bad.cue" || pl.Region.StartLine != 3 || pl.Region.StartColumn != 8 {
		t.Errorf("result: rule %q, level %q at %s:%+v", res.RuleID, res.Level, pl.ArtifactLocation.URI, *pl.Region)
	}
	if !strings.HasPrefix(res.Message.Text, `decks."bad-deck": deck is not legal: "copp" is in the deck more than once`) {
		t.Errorf("message %q", res.Message.Text)
	}
}

// TestUseColor: --color always and never win; auto colours a terminal
// unless NO_COLOR has a value.
func TestUseColor(t *testing.T) {
	for _, c := range []struct {
		mode, noColor  string
		terminal, want bool
	}{
		{colorAuto, "", true, true},
		{colorAuto, "", false, false},
		{colorAuto, "1", true, false},
		{colorAuto, "0", true, false}, // any value
		{colorAlways, "1", false, true},
		{colorNever, "", true, false},
	} {
		if got := useColor(c.mode, c.noColor, c.terminal); got != c.want {
			t.Errorf("useColor(%q, NO_COLOR=%q, terminal %v) = %v, want %v", c.mode, c.noColor, c.terminal, got, c.want)
		}
	}
}
