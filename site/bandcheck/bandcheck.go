// Package bandcheck is the Warstuff band builder's checker: the part of a
// Warstuff catalog the band rules read (Data), and Check, which runs the
// catalog's own band rules (warstuff.Catalog.CheckBand, the code the
// loader runs for `wbtool validate`) on a band picked in the browser, in
// the standard format and in a big-game format. It is plain Go (catalog
// and the standard library), so that site/deckwasm can link it in its
// WebAssembly module without CUE.
package bandcheck

import (
	"encoding/json"
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbdeck"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
)

// Data is what the band rules read of a catalog: the limits and each
// profile's id and cost, with its names for the page.
type Data struct {
	Limits   ws.Limits `json:"limits"`
	Profiles []Profile `json:"profiles"`
}

// Profile is a profile as the builder knows it.
type Profile struct {
	ID      string  `json:"id"`
	Name    ws.Text `json:"name"`
	Quality int     `json:"quality"`
	Cost    int     `json:"cost"`
}

// Compact keeps of cat what the builder needs (the invasion's creatures
// are not band figures, WS-INV-14).
func Compact(cat *ws.Catalog) Data {
	d := Data{Limits: cat.Limits, Profiles: []Profile{}}
	for _, p := range cat.Profiles {
		d.Profiles = append(d.Profiles, Profile{ID: p.ID, Name: p.Name, Quality: p.Quality, Cost: p.Cost})
	}
	return d
}

// Catalog rebuilds a catalog the band rules can run on.
func (d Data) Catalog() *ws.Catalog {
	c := &ws.Catalog{Limits: d.Limits}
	for _, p := range d.Profiles {
		c.Profiles = append(c.Profiles, ws.Profile{ID: p.ID, Name: p.Name, Quality: p.Quality, Cost: p.Cost})
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
	Name    string         `json:"name"`
	Format  int            `json:"format"`
	Big     int            `json:"big"`
	Figures []ws.BandEntry `json:"figures"`
}

// Verdict is the band's legality at one format.
type Verdict struct {
	Format     int              `json:"format"`
	MaxFigures int              `json:"maxFigures"`
	Legal      bool             `json:"legal"`
	Problems   []ws.BandProblem `json:"problems"`
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
func Check(c *ws.Catalog, b Band) Result {
	band := ws.Band{ID: Slug(b.Name), Format: b.Format, Figures: b.Figures}
	c.Tally(&band, ws.ByID)
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
			v.Problems = []ws.BandProblem{}
		}
		v.Legal = len(v.Problems) == 0
		r.Verdicts = append(r.Verdicts, v)
	}
	r.CUE = CUE(&band, b.Name)
	return r
}

// Slug makes a band id from its name ("my-band" when nothing is left).
func Slug(name string) string { return wbdeck.SlugOr(name, "my-band") }

// CUE writes b as a Warstuff content file (scenarios/<slug>.cue), its
// name in both languages; strings are written as JSON strings, so a name
// cannot interpolate.
func CUE(b *ws.Band, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = b.ID
	}
	var s strings.Builder
	s.WriteString("package warstuff\n\n")
	fmt.Fprintf(&s, "bands: %s: {\n", quote(b.ID))
	fmt.Fprintf(&s, "\tname: {en: %s, fr: %s}\n", quote(name), quote(name))
	fmt.Fprintf(&s, "\tformat: %d\n", b.Format)
	s.WriteString("\tfigures: [")
	for i, f := range b.Figures {
		if i > 0 {
			s.WriteString(", ")
		}
		fmt.Fprintf(&s, "{profile: %s, count: %d}", quote(f.Profile), f.Count)
	}
	s.WriteString("]\n}\n")
	return s.String()
}

func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}
