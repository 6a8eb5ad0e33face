// Package wsbands is Warstuff's band checker, the band builder's: the
// part of a Warstuff catalog the band rules read (Data), and Check, which
// runs the catalog's own band rules (wscatalog.Catalog.CheckBand, the code
// the loader runs for `wbtool validate`) on a band picked in the browser,
// in the standard format and in a big-game format. It is plain Go
// (catalog and the standard library), so that site/deckwasm can link it in
// its WebAssembly module without CUE.
package wsbands

import (
	"encoding/json"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/plainfmt"
)

// Data is what the band rules read of a catalog: the limits and each
// profile's id and cost, with its names for the page.
type Data struct {
	Limits   wscatalog.Limits `json:"limits"`
	Profiles []Profile        `json:"profiles"`
}

// Profile is a profile as the builder knows it.
type Profile struct {
	ID      string         `json:"id"`
	Name    wscatalog.Text `json:"name"`
	Quality int            `json:"quality"`
	Cost    int            `json:"cost"`
}

// Compact keeps of cat what the builder needs (the invasion's creatures
// are not band figures, WS-INV-14).
func Compact(cat *wscatalog.Catalog) Data {
	d := Data{Limits: cat.Limits, Profiles: []Profile{}}
	for _, p := range cat.Profiles {
		d.Profiles = append(d.Profiles, Profile{ID: p.ID, Name: p.Name, Quality: p.Quality, Cost: p.Cost})
	}
	return d
}

// Catalog rebuilds a catalog the band rules can run on.
func (d Data) Catalog() *wscatalog.Catalog {
	c := &wscatalog.Catalog{Limits: d.Limits}
	for _, p := range d.Profiles {
		c.Profiles = append(c.Profiles, wscatalog.Profile{ID: p.ID, Name: p.Name, Quality: p.Quality, Cost: p.Cost})
	}
	c.Sort()
	return c
}

// JS is the data as a script: window.WB_BAND_DATA, one JSON string (so
// that nothing of the content is ever read as code).
func (d Data) JS() []byte {
	raw, _ := json.Marshal(d)
	str, _ := json.Marshal(string(raw))
	return []byte("window.WB_BAND_DATA = " + string(str) + ";\n")
}

// Band is a band as the builder holds it: its name, the format it is
// exported with, the big-game format it is also checked at, its figures.
type Band struct {
	Name    string                `json:"name"`
	Format  int                   `json:"format"`
	Big     int                   `json:"big"`
	Figures []wscatalog.BandEntry `json:"figures"`
}

// Verdict is the band's legality at one format.
type Verdict struct {
	Format     int                     `json:"format"`
	MaxFigures int                     `json:"maxFigures"`
	Legal      bool                    `json:"legal"`
	Problems   []wscatalog.BandProblem `json:"problems"`
}

// Result is what the builder shows.
type Result struct {
	Total int `json:"total"`
	Count int `json:"count"`
	// FigureMax is the per-figure cap (WS-BUILD-3); Dearest the costliest
	// figure of the band (every catalog profile is within the cap).
	FigureMax int `json:"figureMax"`
	Dearest   int `json:"dearest"`
	// Verdicts: the standard format, then the big-game one.
	Verdicts []Verdict `json:"verdicts"`
	// Slug and CUE: the band as a content file at its own format.
	Slug string `json:"slug"`
	CUE  string `json:"cue"`
}

// Check runs the catalog's band rules on b at the standard format and at
// its big-game format (the limits' largest when b has none), and writes b
// as CUE content.
func Check(c *wscatalog.Catalog, b Band) Result {
	band := wscatalog.Band{ID: Slug(b.Name), Format: b.Format, Figures: b.Figures}
	c.Tally(&band, wscatalog.ByID)
	r := Result{Total: band.Total, Count: band.Count, FigureMax: c.Limits.Figure.Max, Slug: band.ID}
	for _, f := range b.Figures {
		if p := c.Profile(f.Profile); p != nil && f.Count > 0 && p.Cost > r.Dearest {
			r.Dearest = p.Cost
		}
	}
	big := b.Big
	if big <= c.Limits.Standard {
		big = c.Limits.BigMax
	}
	for _, f := range []int{c.Limits.Standard, big} {
		v := Verdict{Format: f, MaxFigures: c.Limits.MaxFigures(f), Problems: c.CheckBandAs(&band, f)}
		if v.Problems == nil {
			v.Problems = []wscatalog.BandProblem{}
		}
		v.Legal = len(v.Problems) == 0
		r.Verdicts = append(r.Verdicts, v)
	}
	r.CUE = CUE(&band, b.Name)
	return r
}

// Slug makes a band id from its name ("my-band" when nothing is left).
func Slug(name string) string { return plainfmt.Slug(name, "my-band") }

// CUE writes b as a Warstuff content file (scenarios/<slug>.cue), its
// name in both languages; strings are written as JSON strings, so a name
// cannot interpolate.
func CUE(b *wscatalog.Band, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = b.ID
	}
	var s strings.Builder
	s.WriteString("package warstuff\n\n")
	s.WriteString("bands: " + plainfmt.JSONString(b.ID) + ": {\n")
	s.WriteString("\tname: {en: " + plainfmt.JSONString(name) + ", fr: " + plainfmt.JSONString(name) + "}\n")
	s.WriteString("\tformat: " + strconv.Itoa(b.Format) + "\n")
	s.WriteString("\tfigures: [")
	for i, f := range b.Figures {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString("{profile: " + plainfmt.JSONString(f.Profile) + ", count: " + strconv.Itoa(f.Count) + "}")
	}
	s.WriteString("]\n}\n")
	return s.String()
}
