package wscatalog

import (
	"fmt"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/internal/plainfmt"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
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
	// Msg names profiles by id, as the band's file does (what validate
	// prints, next to the band's file:line:col); Named is the same
	// sentence naming them by their names in each language, for players
	// (what the band builder shows).
	Msg   Text `json:"msg"`
	Named Text `json:"named"`
	// Entry is 1 + the index of the figures entry at fault (an unknown
	// profile), 0 when the problem is the band's: the loader reports it at
	// that entry's profile.
	Entry int `json:"-"`
}

func (p BandProblem) String() string { return fmt.Sprintf("%s (%s)", p.Msg.EN, p.Rule) }

// Tally computes b's Total, Count and MaxFigures from the catalog's
// profiles (the one place they are computed: the loader, the site and the
// band builder call it). Entries naming no profile count as figures but
// cost nothing; CheckBand reports them. It returns the cost lines, one per
// known entry ("4 × dear 56", "medic 6"), naming each profile as name
// does.
func (c *Catalog) Tally(b *Band, name func(*Profile) string) []string {
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
			lines = append(lines, strconv.Itoa(f.Count)+" × "+name(p)+" "+strconv.Itoa(p.Cost*f.Count))
		} else {
			lines = append(lines, name(p)+" "+strconv.Itoa(p.Cost))
		}
	}
	return lines
}

// ByID names a profile by its id (Tally's naming for validate's messages).
func ByID(p *Profile) string { return p.ID }

// twoWays is a part of a band problem that names profiles: by id in Msg
// (a profile, or the band's cost lines), by name in each language in
// Named.
type twoWays struct {
	id   string
	name Text
}

// ref names profile id in a band problem (an unknown id is its own name).
func (c *Catalog) ref(id string) twoWays {
	if p := c.Profile(id); p != nil {
		return twoWays{id, p.Name}
	}
	return twoWays{id, Text{EN: id, FR: id}}
}

// CheckBand tallies b (see Tally) and reports every way it breaks the
// band-building rules (WS-BUILD-58, WS-BIG-1): its format, its profiles,
// its total against the format, its figure count against 30 % of the
// format. Its profiles are the catalog's, already within the per-figure
// limits (WS-BUILD-3, WS-BUILD-59). An empty result means the band is
// legal.
func (c *Catalog) CheckBand(b *Band) []BandProblem {
	var out []BandProblem
	// One sentence per problem, written twice: naming profiles by id
	// (Msg) and by name (Named).
	add := func(field, rule, en, fr string, args ...any) {
		by := func(l Lang, named bool) []any {
			as := make([]any, len(args))
			for i, a := range args {
				as[i] = a
				if w, ok := a.(twoWays); ok {
					as[i] = w.id
					if named {
						as[i] = w.name.In(l)
					}
				}
			}
			return as
		}
		out = append(out, BandProblem{Field: field, Rule: rule,
			Msg:   Text{EN: plainfmt.Sprintf(en, by(lang.English, false)...), FR: plainfmt.Sprintf(fr, by(lang.French, false)...)},
			Named: Text{EN: plainfmt.Sprintf(en, by(lang.English, true)...), FR: plainfmt.Sprintf(fr, by(lang.French, true)...)}})
	}
	ids := strings.Join(c.Tally(b, ByID), ", ")
	if b.Format < 1 || b.Format > c.Limits.BigMax {
		add("format", "WS-BIG-1", "the format is %d points: a band's format is from 1 to %d points", "le format est de %d points : le format d'une bande va de 1 à %d points", b.Format, c.Limits.BigMax)
		return out
	}
	if len(b.Figures) == 0 {
		add("figures", BandRule, "the band has no figures: add at least one", "la bande n'a aucune figurine : ajoutez-en au moins une")
	}
	for i, f := range b.Figures {
		switch {
		case c.Profile(f.Profile) == nil:
			c.unknownProfile(f.Profile, add)
			out[len(out)-1].Entry = i + 1
		case f.Count < 1:
			add("figures", BandRule, "%d figures of %s: a band holds at least one of each profile it names", "%d figurines du profil %s : une bande compte au moins une figurine de chaque profil qu'elle nomme", f.Count, c.ref(f.Profile))
		}
	}
	if b.Total > b.Format {
		// the cost lines by name too (tallied again only here)
		named := func(l Lang) string {
			return strings.Join(c.Tally(b, func(p *Profile) string { return p.Name.In(l) }), ", ")
		}
		lines := twoWays{ids, Text{EN: named(lang.English), FR: named(lang.French)}}
		add("total", BandRule, "the band costs %[1]d points (%[2]s); its format is %[3]d", "la bande coûte %[1]d points (%[2]s) ; son format est de %[3]d", b.Total, lines, b.Format)
	}
	if b.Count > b.MaxFigures {
		add("count", BandRule, "the band has %[1]d figures; a %[2]d-point band may have at most %[3]d", "la bande compte %[1]d figurines ; une bande de %[2]d points en compte au plus %[3]d", b.Count, b.Format, b.MaxFigures)
	}
	return out
}

// unknownProfile reports a band entry naming no profile, with the
// closest id ("did you mean") and the profiles to choose from.
func (c *Catalog) unknownProfile(id string, add func(field, rule, en, fr string, args ...any)) {
	ids := make([]string, len(c.Profiles))
	for i := range c.Profiles {
		ids[i] = c.Profiles[i].ID
	}
	if len(ids) == 0 {
		add("figures", BandRule, "no profile %q: no profile is declared yet: add one under `profiles`", "aucun profil %q : aucun profil n'est encore déclaré : ajoutez-en un sous `profiles`", id)
		return
	}
	en, fr := "", ""
	if near := suggest.Closest(id, ids); near != "" {
		en, fr = " (did you mean "+strconv.Quote(near)+"?)", " (vouliez-vous dire "+strconv.Quote(near)+" ?)"
	}
	list := strings.Join(ids, ", ")
	add("figures", BandRule, "no profile %[1]q%[2]s: declare it under `profiles`, or use one of %[4]s", "aucun profil %[1]q%[3]s : déclarez-le sous `profiles`, ou utilisez l'un de %[4]s", id, en, fr, list)
}

// CheckBandAs reports whether band b would be legal at format points (the
// band builder shows the standard and the big-game verdicts side by side).
func (c *Catalog) CheckBandAs(b *Band, format int) []BandProblem {
	as := *b
	as.Format = format
	return c.CheckBand(&as)
}
