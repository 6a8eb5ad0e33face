package warstuff

import (
	"fmt"
	"strconv"
	"strings"
)

// BandRule is the rule a band's total and figure count obey.
const BandRule = "WS-BUILD-58"

// MaxFigures is the most figures a band of format points may hold: the
// limits' percentage of the format, rounded down (WS-BUILD-58: 15 at 50
// points, 30 at 100).
func (l Limits) MaxFigures(format int) int {
	if format < 0 {
		return 0
	}
	return format * l.FiguresPercent / 100
}

// BandProblem is one reason a band is not legal, in both languages.
type BandProblem struct {
	// Field is the band's field the problem is about: "total", "count",
	// "format" or "figures" (the loader reports it at bands.<id>.<field>).
	Field string `json:"field"`
	Rule  string `json:"rule"`
	Msg   Text   `json:"msg"`
}

func (p BandProblem) String() string { return fmt.Sprintf("%s (%s)", p.Msg.EN, p.Rule) }

// Tally computes b's Total, Count and MaxFigures from the catalog's
// profiles (the one place they are computed: the loader, the site and the
// band builder call it). Entries naming no profile count as figures but
// cost nothing; CheckBand reports them. It returns the cost lines, one per
// known entry ("4 × dear 56", "medic 6").
func (c *Catalog) Tally(b *Band) []string {
	b.Total, b.Count, b.MaxFigures = 0, 0, c.Limits.MaxFigures(b.Format)
	var lines []string
	for _, f := range b.Figures {
		b.Count += f.Count
		p := c.Profile(f.Profile)
		if p == nil {
			continue
		}
		b.Total += p.Cost * f.Count
		if f.Count > 1 {
			lines = append(lines, fmt.Sprintf("%d × %s %d", f.Count, f.Profile, p.Cost*f.Count))
		} else {
			lines = append(lines, f.Profile+" "+strconv.Itoa(p.Cost))
		}
	}
	return lines
}

// CheckBand tallies b (see Tally) and reports every way it breaks the
// band-building rules (WS-BUILD-58, WS-BIG-1): its format, its profiles,
// its total against the format, its figure count against 30 % of the
// format. Its profiles are the catalog's, already within the per-figure
// limits (WS-BUILD-3, WS-BUILD-59). An empty result means the band is
// legal.
func (c *Catalog) CheckBand(b *Band) []BandProblem {
	var out []BandProblem
	add := func(field, rule, en, fr string, args ...any) {
		out = append(out, BandProblem{Field: field, Rule: rule, Msg: Text{EN: fmt.Sprintf(en, args...), FR: fmt.Sprintf(fr, args...)}})
	}
	lines := c.Tally(b)
	if b.Format < 1 || b.Format > c.Limits.BigMax {
		add("format", "WS-BIG-1", "the format is %d points: a band's format is from 1 to %d points", "le format est de %d points : le format d'une bande va de 1 à %d points", b.Format, c.Limits.BigMax)
		return out
	}
	if len(b.Figures) == 0 {
		add("figures", BandRule, "the band has no figures: add at least one", "la bande n'a aucune figurine : ajoutez-en au moins une")
	}
	for _, f := range b.Figures {
		switch {
		case c.Profile(f.Profile) == nil:
			add("figures", BandRule, "no profile %q", "aucun profil %q", f.Profile)
		case f.Count < 1:
			add("figures", BandRule, "%d figures of %s: a band holds at least one of each profile it names", "%d figurines de %s : une bande compte au moins une figurine de chaque profil qu'elle nomme", f.Count, f.Profile)
		}
	}
	if b.Total > b.Format {
		detail := strings.Join(lines, ", ")
		add("total", BandRule, "the band costs %[1]d points (%[2]s); its format is %[3]d", "la bande coûte %[1]d points (%[2]s) ; son format est de %[3]d", b.Total, detail, b.Format)
	}
	if b.Count > b.MaxFigures {
		add("count", BandRule, "the band has %[1]d figures; a %[2]d-point band may have at most %[3]d", "la bande compte %[1]d figurines ; une bande de %[2]d points en compte au plus %[3]d", b.Count, b.Format, b.MaxFigures)
	}
	return out
}

// CheckBandAs reports whether band b would be legal at format points (the
// band builder shows the standard and the big-game verdicts side by side).
func (c *Catalog) CheckBandAs(b *Band, format int) []BandProblem {
	as := *b
	as.Format = format
	return c.CheckBand(&as)
}
