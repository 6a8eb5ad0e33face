package bandcheck_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/diag"
	wscontent "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsbands"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	wsschema "wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/schema"
)

// compacted is the starter catalog as the browser gets it: through the
// JSON string of band-data.js.
func compacted(t *testing.T, cat *ws.Catalog) *ws.Catalog {
	t.Helper()
	js := string(wsbands.Compact(cat).JS())
	var quoted string
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(js, "window.WB_BAND_DATA = "), ";\n")), &quoted); err != nil {
		t.Fatalf("band-data.js is not one quoted JSON string: %v", err)
	}
	var d wsbands.Data
	if err := json.Unmarshal([]byte(quoted), &d); err != nil {
		t.Fatal(err)
	}
	return d.Catalog()
}

// cli is what `wbtool validate` says of the starter tree with file added:
// the messages about bands.<id>, with their positions.
func cli(t *testing.T, id, file string) (msgs []string, at []diag.Pos) {
	t.Helper()
	_, err := wsschema.Load(wscontent.FS, wsschema.Options{Root: "content", Extra: []schema.File{{Name: "content/scenarios/built.cue", Src: []byte(file)}}})
	if err == nil {
		return nil, nil
	}
	list, ok := err.(diag.List)
	if !ok {
		t.Fatalf("load: %v", err)
	}
	for _, d := range list {
		if d.Path != "bands."+id && !strings.HasPrefix(d.Path, "bands."+id+".") {
			t.Errorf("the exported band breaks something else: %s", d)
			continue
		}
		msgs, at = append(msgs, d.Msg), append(at, d.Pos)
	}
	return msgs, at
}

// TestSameVerdictAsCLI: every sample band of the starter, and bands made
// illegal on purpose, get from Check (on the compact catalog the browser
// gets) the verdict `wbtool validate` gives when the band Check exports as
// CUE is added to the starter tree: the same messages (validate orders them by path); a legal band
// loads. The exported CUE is therefore content that validates.
func TestSameVerdictAsCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	full, err := wsschema.Load(wscontent.FS, wsschema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	cat := compacted(t, full)
	byCost := slices.Clone(full.Profiles)
	slices.SortStableFunc(byCost, func(a, b ws.Profile) int { return a.Cost - b.Cost })
	cheap, dear := byCost[0].ID, byCost[len(byCost)-1].ID
	type tc struct {
		name   string
		format int
		fig    []ws.BandEntry
		want   []string // the fields at fault
	}
	var cases []tc
	for _, b := range full.Bands {
		cases = append(cases, tc{"starter " + b.ID, b.Format, b.Figures, nil})
		if b.Total > 50 || b.Count > 15 {
			var want []string
			if b.Total > 50 {
				want = append(want, "total")
			}
			if b.Count > 15 {
				want = append(want, "count")
			}
			cases = append(cases, tc{"starter " + b.ID + " at 50", 50, b.Figures, want})
		}
	}
	cases = append(cases,
		tc{"16 figures at 50", 50, []ws.BandEntry{{Profile: cheap, Count: 16}}, []string{"count"}},
		tc{"15 figures at 50", 50, []ws.BandEntry{{Profile: cheap, Count: 15}}, nil},
		tc{"over 50", 50, []ws.BandEntry{{Profile: dear, Count: 50/byCost[len(byCost)-1].Cost + 1}}, []string{"total"}},
		tc{"both", 50, []ws.BandEntry{{Profile: dear, Count: 3}, {Profile: cheap, Count: 13}}, []string{"total", "count"}},
		tc{"31 figures at 100", 100, []ws.BandEntry{{Profile: cheap, Count: 31}}, []string{"count"}},
		tc{"23 figures at 75", 75, []ws.BandEntry{{Profile: cheap, Count: 23}}, []string{"count"}},
		tc{"22 figures at 75", 75, []ws.BandEntry{{Profile: cheap, Count: 22}}, nil},
	)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			band := wsbands.Band{Name: "Built " + c.name, Format: c.format, Big: c.format, Figures: c.fig}
			r := wsbands.Check(cat, band)
			v := r.Verdicts[1]
			if c.format == 50 {
				v = r.Verdicts[0]
			}
			if v.Format != c.format {
				t.Fatalf("verdict at %d, want %d", v.Format, c.format)
			}
			var got, fields []string
			for _, p := range v.Problems {
				got, fields = append(got, p.String()), append(fields, p.Field)
			}
			if !slices.Equal(fields, c.want) {
				t.Errorf("problems %q, want the fields %q", got, c.want)
			}
			want, at := cli(t, r.Slug, r.CUE)
			// validate orders them by place then path (count before total).
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("builder says\n  %q\nvalidate says\n  %q\nof\n%s", got, want, r.CUE)
			}
			for _, p := range at {
				if p.File != "content/scenarios/built.cue" || p.Line != 3 {
					t.Errorf("not at the band: %s", p)
				}
			}
			if v.Legal != (len(want) == 0) {
				t.Errorf("legal %v, CLI %q", v.Legal, want)
			}
		})
	}
}

// TestCheckShowsBothFormats: the standard verdict, then the big game's
// (the largest when the band names none), the tally and the costliest
// figure against the cap.
func TestCheckShowsBothFormats(t *testing.T) {
	c := &ws.Catalog{Profiles: []ws.Profile{{ID: "one", Cost: 1}, {ID: "ten", Cost: 10}}}
	c.Limits.FiguresPercent, c.Limits.Standard, c.Limits.BigMax, c.Limits.Figure.Max = 30, 50, 100, 25
	r := wsbands.Check(c, wsbands.Band{Name: "Fumée & Co", Format: 50, Figures: []ws.BandEntry{{Profile: "ten", Count: 6}, {Profile: "one", Count: 2}}})
	got := fmt.Sprintf("%d %d %d %d %s", r.Total, r.Count, r.Dearest, r.FigureMax, r.Slug)
	if got != "62 8 10 25 fumee-co" {
		t.Errorf("tally %s", got)
	}
	if len(r.Verdicts) != 2 || r.Verdicts[0].Legal || r.Verdicts[0].Format != 50 || !r.Verdicts[1].Legal || r.Verdicts[1].Format != 100 || r.Verdicts[1].MaxFigures != 30 {
		t.Errorf("verdicts %+v", r.Verdicts)
	}
	if fr := r.Verdicts[0].Problems[0].Msg.FR; !strings.HasPrefix(fr, "la bande coûte 62 points") {
		t.Errorf("French: %s", fr)
	}
	if s := wsbands.Slug("  "); s != "my-band" {
		t.Errorf("empty slug %q", s)
	}
	if !strings.Contains(wsbands.CUE(&ws.Band{ID: "x", Format: 50}, `"\(x)`), `name: {en: "\"\\(x)", fr: "\"\\(x)"}`) {
		t.Errorf("name not quoted: %s", wsbands.CUE(&ws.Band{ID: "x", Format: 50}, `"\(x)`))
	}
}
