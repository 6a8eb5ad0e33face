package wscatalog

import (
	"strings"
	"testing"
)

// TestCheckBand: totals and figure counts against the format
// (WS-BUILD-58, WS-BIG-1), with both languages' messages.
func TestCheckBand(t *testing.T) {
	c := &Catalog{Profiles: []Profile{{ID: "one", Cost: 1}, {ID: "ten", Cost: 10}}}
	c.Limits.FiguresPercent, c.Limits.Standard, c.Limits.BigMax = 30, 50, 100
	tests := []struct {
		name   string
		format int
		fig    []BandEntry
		total  int
		count  int
		max    int
		en, fr string // the problems, joined by " | "; "" when legal
	}{
		{"exactly 50", 50, []BandEntry{{"ten", 5}}, 50, 5, 15, "", ""},
		{"51 points", 50, []BandEntry{{"ten", 5}, {"one", 1}}, 51, 6, 15,
			"the band costs 51 points (5 × ten 50, one 1); its format is 50 (WS-BUILD-58)",
			"la bande coûte 51 points (5 × ten 50, one 1) ; son format est de 50"},
		{"15 figures at 50", 50, []BandEntry{{"one", 15}}, 15, 15, 15, "", ""},
		{"16 figures at 50", 50, []BandEntry{{"one", 16}}, 16, 16, 15,
			"the band has 16 figures; a 50-point band may have at most 15 (WS-BUILD-58)",
			"la bande compte 16 figurines ; une bande de 50 points en compte au plus 15"},
		{"both at 50", 50, []BandEntry{{"ten", 5}, {"one", 11}}, 61, 16, 15,
			"the band costs 61 points (5 × ten 50, 11 × one 11); its format is 50 (WS-BUILD-58) | the band has 16 figures; a 50-point band may have at most 15 (WS-BUILD-58)",
			"la bande coûte 61 points (5 × ten 50, 11 × one 11) ; son format est de 50 | la bande compte 16 figurines ; une bande de 50 points en compte au plus 15"},
		{"30 figures at 100", 100, []BandEntry{{"one", 30}}, 30, 30, 30, "", ""},
		{"31 figures at 100", 100, []BandEntry{{"one", 31}}, 31, 31, 30,
			"the band has 31 figures; a 100-point band may have at most 30 (WS-BUILD-58)", "une bande de 100 points en compte au plus 30"},
		{"23 figures at 75", 75, []BandEntry{{"one", 23}}, 23, 23, 22,
			"a 75-point band may have at most 22", "une bande de 75 points en compte au plus 22"},
		{"100 points", 100, []BandEntry{{"ten", 10}}, 100, 10, 30, "", ""},
		{"format above 100", 101, []BandEntry{{"one", 1}}, 1, 1, 30,
			"the format is 101 points: a band's format is from 1 to 100 points (WS-BIG-1)", "le format d'une bande va de 1 à 100 points"},
		{"format 0", 0, []BandEntry{{"one", 1}}, 1, 1, 0, "a band's format is from 1 to 100", "de 1 à 100"},
		{"unknown profile", 50, []BandEntry{{"elevn", 1}}, 0, 1, 15, `no profile "elevn": declare it under ` + "`profiles`" + `, or use one of one, ten (WS-BUILD-58)`, `aucun profil "elevn" : déclarez-le sous ` + "`profiles`" + `, ou utilisez l'un de one, ten`},
		{"misspelt profile", 50, []BandEntry{{"tenn", 1}}, 0, 1, 15, `no profile "tenn" (did you mean "ten"?): declare it under ` + "`profiles`" + `, or use one of one, ten (WS-BUILD-58)`, `aucun profil "tenn" (vouliez-vous dire "ten" ?) : déclarez-le sous ` + "`profiles`" + `, ou utilisez l'un de one, ten`},
		{"no figures", 50, nil, 0, 0, 15, "the band has no figures", "la bande n'a aucune figurine"},
		{"zero of a profile", 50, []BandEntry{{"one", 0}}, 0, 0, 15, "0 figures of one", "0 figurines du profil one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &Band{ID: "b", Format: tt.format, Figures: tt.fig}
			var en, fr []string
			for _, p := range c.CheckBand(b) {
				en, fr = append(en, p.String()), append(fr, p.Msg.FR)
			}
			if b.Total != tt.total || b.Count != tt.count || b.MaxFigures != tt.max {
				t.Errorf("tally %d points, %d figures of %d; want %d, %d of %d", b.Total, b.Count, b.MaxFigures, tt.total, tt.count, tt.max)
			}
			gotEN, gotFR := strings.Join(en, " | "), strings.Join(fr, " | ")
			if tt.en == "" {
				if gotEN != "" {
					t.Errorf("legal band refused: %s", gotEN)
				}
				return
			}
			if !strings.Contains(gotEN, tt.en) || !strings.Contains(gotFR, tt.fr) {
				t.Errorf("problems\n got %s\n     %s\nwant %s\n     %s", gotEN, gotFR, tt.en, tt.fr)
			}
		})
	}
	// CheckBandAs leaves the band as it is.
	b := &Band{Format: 100, Figures: []BandEntry{{"one", 20}}}
	if p := c.CheckBandAs(b, 50); len(p) != 1 || p[0].Field != "count" || b.Format != 100 {
		t.Errorf("CheckBandAs(50): %v, format now %d", p, b.Format)
	}
}

// TestBandProblemNames: each problem is one sentence written twice, naming
// profiles by id for validate (Msg) and by name in each language for the
// band builder (Named).
func TestBandProblemNames(t *testing.T) {
	c := &Catalog{Profiles: []Profile{
		{ID: "storm-seer", Cost: 19, Name: Text{EN: "Storm Seer", FR: "Voyant des tempêtes"}},
		{ID: "scout", Cost: 3, Name: Text{EN: "Scout", FR: "Éclaireur"}},
	}}
	c.Sort()
	c.Limits.FiguresPercent, c.Limits.Standard, c.Limits.BigMax = 30, 50, 100
	tests := []struct {
		name string
		fig  []BandEntry
		want [4]string // Msg.EN, Msg.FR, Named.EN, Named.FR
	}{
		{"over", []BandEntry{{"storm-seer", 3}, {"scout", 1}}, [4]string{
			"the band costs 60 points (3 × storm-seer 57, scout 3); its format is 50",
			"la bande coûte 60 points (3 × storm-seer 57, scout 3) ; son format est de 50",
			"the band costs 60 points (3 × Storm Seer 57, Scout 3); its format is 50",
			"la bande coûte 60 points (3 × Voyant des tempêtes 57, Éclaireur 3) ; son format est de 50"}},
		{"none of a profile", []BandEntry{{"scout", 0}}, [4]string{
			"0 figures of scout: ", "0 figurines du profil scout : ", "0 figures of Scout: ", "0 figurines du profil Éclaireur : "}},
		{"unknown", []BandEntry{{"sout", 1}}, [4]string{
			`no profile "sout"`, `aucun profil "sout"`, `no profile "sout"`, `aucun profil "sout"`}},
		{"count", []BandEntry{{"scout", 16}}, [4]string{
			"the band has 16 figures", "la bande compte 16 figurines", "the band has 16 figures", "la bande compte 16 figurines"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps := c.CheckBand(&Band{ID: "b", Format: 50, Figures: tt.fig})
			if len(ps) != 1 {
				t.Fatalf("%d problems, want 1: %v", len(ps), ps)
			}
			p := ps[0]
			for i, got := range []string{p.Msg.EN, p.Msg.FR, p.Named.EN, p.Named.FR} {
				if !strings.HasPrefix(got, tt.want[i]) {
					t.Errorf("message %d:\n got %s\nwant %s…", i, got, tt.want[i])
				}
			}
		})
	}
}
