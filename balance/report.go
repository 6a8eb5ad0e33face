package balance

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// Report writes the HTML report of a finished result (Finish): one page,
// no JavaScript, charts as inline SVG, printable.
func Report(w io.Writer, r *Result) error {
	s := r.Summary
	if s == nil {
		s = r.Finish(DefaultThresholds)
	}
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;color:#222;margin:0 auto;max-width:62rem;padding:1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:1px solid #ccc;margin-top:2rem}h3{font-size:1.05rem}
.settings{color:#555}.alerts li{margin:.2rem 0}.alert{color:#8a1c00}.ok{color:#1b5e20}
table{border-collapse:collapse;font-size:.85rem;margin:.5rem 0}th,td{padding:.2rem .45rem;border-bottom:1px solid #e3e3e3;text-align:right}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}
.figs{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}.figs figure{margin:0}
figcaption{font-size:.8rem;color:#555;max-width:28rem}svg{max-width:100%;height:auto}svg text{font-family:system-ui,sans-serif}
.figs figure{max-width:100%}
.scroll{overflow-x:auto}
@media print{body{max-width:none}h2{break-before:page}}
.scroll:focus-visible{outline:2px solid #1a4f8a;outline-offset:2px}
</style></head><body><main>
<h1>Balance report</h1>
`)
	bots := r.Settings.Bot + " bots on both sides"
	if b := r.Settings.SeatBots(); b[0] != b[1] || b[0] != r.Settings.Bot {
		bots = botLabel(r.Settings) + " bots"
	}
	fmt.Fprintf(&b, "<p class=\"settings\">%s: %d games per matchup and seat order, seeds from %d, %s; %d games in all. Content %s, engine %s.",
		esc(formatList(r)), r.Settings.Games, r.Settings.Seed, esc(bots), s.Games, esc(r.Content), esc(r.Engine))
	if r.Settings.Maintenance {
		b.WriteString(" Confrontation with the Maintenance option.")
	}
	b.WriteString(" Shares are of decisive games (draws apart), with 95&nbsp;% Wilson intervals.</p>\n")
	if miss := r.Missing(); len(miss) > 0 {
		fmt.Fprintf(&b, "<p class=\"alert\">Partial result: %d of %d shards merged (missing:", len(r.Shards), r.Shards[0].N)
		for _, m := range miss {
			fmt.Fprintf(&b, " %d/%d", m.I, m.N)
		}
		b.WriteString(").</p>\n")
	}
	if r.Settings.SPRT != nil {
		sequentialTable(&b, r)
	}
	if len(r.Playtests) > 0 || r.PlaytestsAside > 0 {
		playtestTable(&b, r, s)
	}
	b.WriteString("<h2 id=\"alerts\">Alerts</h2>\n")
	fmt.Fprintf(&b, "<p class=\"settings\">Flagged when the whole 95&nbsp;%% interval lies beyond the threshold: first seat outside %g–%g&nbsp;%%, a matchup beyond %g/%g, a card's effect beyond %g points.</p>\n",
		s.Thresholds.SeatLo, s.Thresholds.SeatHi, s.Thresholds.Matchup, 100-s.Thresholds.Matchup, s.Thresholds.Card)
	if len(s.Alerts) == 0 {
		b.WriteString("<p class=\"ok\">No alert.</p>\n")
	} else {
		b.WriteString("<ul class=\"alerts\">\n")
		for _, a := range s.Alerts {
			fmt.Fprintf(&b, "<li class=\"alert\"><b>%s</b> %s</li>\n", esc(a.Kind), esc(a.Text))
		}
		b.WriteString("</ul>\n")
	}
	variants := map[string][]VariantSummary{} // by scenario
	for _, v := range s.Variants {
		variants[v.Scenario] = append(variants[v.Scenario], v)
	}
	for _, sc := range s.Scenarios {
		fmt.Fprintf(&b, "<h2 id=\"%s\">%s <small>(%s)</small></h2>\n", esc(sc.Scenario), esc(sc.Scenario), esc(string(sc.Format)))
		seat := "First seat"
		if sc.OneSided {
			seat = "The decks against their opponents"
		}
		fmt.Fprintf(&b, "<p>%d games. %s: %s decisive games. Draws: %s. Completion: %s. Length: %.1f decisions (sd %.1f).</p>\n",
			sc.Games, seat, esc(sc.FirstSeat.String()), esc(sc.Draws.String()), esc(sc.Completion.String()), sc.MeanSteps, sc.SDSteps)
		b.WriteString("<div class=\"figs\">\n<figure class=\"scroll\" tabindex=\"0\">")
		heatMap(&b, sc)
		b.WriteString("<figcaption>Matchups: the row deck's share of the decisive games against the column deck, both seat orders; 95&nbsp;% interval below.</figcaption></figure>\n<figure>")
		rateBars(&b, []namedRate{{"first seat", sc.FirstSeat}, {"draws", sc.Draws}, {"completion", sc.Completion}}, s.Thresholds.SeatLo, s.Thresholds.SeatHi)
		b.WriteString("<figcaption>Seat advantage (first seat's share of decisive games; the band is the alert threshold), draws and completion, with 95&nbsp;% intervals.</figcaption></figure>\n<figure>")
		histogram(&b, sc.Lengths)
		b.WriteString("<figcaption>Game length: games per number of decisions.</figcaption></figure>\n</div>\n")
		if vs := variants[sc.Scenario]; len(vs) > 0 {
			fmt.Fprintf(&b, "<h3>Card effects on %s</h3>\n<figure class=\"scroll\" tabindex=\"0\">", esc(sc.Scenario))
			effects(&b, vs, s.Thresholds.Card)
			b.WriteString("<figcaption>Each card's effect on its deck: the deck's share of decisive games with the card minus without it (same opponents, seats and seeds), in points, with Newcombe's 95&nbsp;% interval; the band is the alert threshold.</figcaption></figure>\n")
		}
	}
	if len(r.Components) > 0 {
		componentTable(&b, r.Components, s.Thresholds.Scarcity)
	}
	if len(s.Cards) > 0 {
		b.WriteString("<h2 id=\"cards\">Cards</h2>\n<p class=\"settings\">Per game of its deck (variants apart). Damage: Wound and Poison tokens. VP share: the side's Victory Points scored during the card's activations. A win rate when it acts against when it does not says as much about the games it gets to act in as about the card.</p>\n")
		b.WriteString("<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"cards\"><table><thead><tr><th>deck</th><th>card</th><th>games</th><th>activations</th><th>damage dealt</th><th>damage taken</th><th>survival</th><th>VP share</th><th>wins when it acts</th><th>wins when idle</th></tr></thead><tbody>\n")
		for _, c := range s.Cards {
			fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%.2f</td><td>%.2f</td><td>%.2f</td><td>%s</td><td>%.1f&nbsp;%%</td><td>%s</td><td>%s</td></tr>\n",
				esc(c.Deck), esc(c.Card), c.Games, c.Activations, c.Dealt, c.Taken, pct(c.Survival), c.VPShare, pct(c.WhenActs), pct(c.WhenIdle))
		}
		b.WriteString("</tbody></table></div>\n")
	}
	b.WriteString("</main></body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// title is a format's name as a heading: "Exploration".
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func esc(s string) string { return html.EscapeString(s) }

func formatList(r *Result) string {
	var f []string
	for _, x := range r.Settings.Formats {
		f = append(f, title(x))
	}
	return strings.Join(f, " and ")
}

// pct writes a rate for a table cell: "55.0 % [48.1–61.7]", or "–".
func pct(r Rate) string {
	if r.N == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f&nbsp;%% <small>[%.0f–%.0f]</small>", r.Pct, r.Lo, r.Hi)
}

// heatColour is a diverging blue–white–orange colour for a share in
// percent: white at 50, blue above, orange below.
func heatColour(p float64) string {
	t := math.Min(1, math.Abs(p-50)/30)
	r0, g0, b0 := 33.0, 102.0, 172.0 // blue
	if p < 50 {
		r0, g0, b0 = 214, 96, 77 // orange
	}
	mix := func(c float64) int { return int(math.Round(255 + (c-255)*t)) }
	return fmt.Sprintf("#%02x%02x%02x", mix(r0), mix(g0), mix(b0))
}

func heatMap(b *strings.Builder, sc ScenarioSummary) {
	const cell, label = 96, 130
	n := len(sc.Decks)
	w, h := label+n*cell, 40+n*cell
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="matchup heat map">`, w, h, w, h)
	for j, d := range sc.Decks {
		fmt.Fprintf(b, `<text x="%d" y="28" font-size="11" text-anchor="middle">%s</text>`, label+j*cell+cell/2, esc(d))
	}
	cells := make(map[[2]string]Cell, len(sc.Matrix))
	for _, c := range sc.Matrix {
		cells[[2]string{c.Row, c.Col}] = c
	}
	for i, row := range sc.Decks {
		y := 40 + i*cell
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>`, label-6, y+cell/2+4, esc(row))
		for j, col := range sc.Decks {
			x := label + j*cell
			if i == j {
				fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#eee" stroke="#fff"/>`, x, y, cell, cell)
				continue
			}
			if c, ok := cells[[2]string{row, col}]; ok {
				fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff"><title>%s vs %s: %s decisive games, %d draws</title></rect>`,
					x, y, cell, cell, heatColour(c.Share.Pct), esc(row), esc(col), esc(c.Share.String()), c.Draws)
				ink := "#111" // dark text on light cells, white on dark ones
				if math.Abs(c.Share.Pct-50) > 18 {
					ink = "#fff"
				}
				fmt.Fprintf(b, `<g fill="%s" text-anchor="middle"><text x="%d" y="%d" font-size="17" font-weight="600">%.0f %%</text>`, ink, x+cell/2, y+cell/2, c.Share.Pct)
				fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11">[%.0f–%.0f]</text>`, x+cell/2, y+cell/2+17, c.Share.Lo, c.Share.Hi)
				fmt.Fprintf(b, `<text x="%d" y="%d" font-size="10">n=%d</text></g>`, x+cell/2, y+cell/2+31, c.Share.N)
			}
		}
	}
	b.WriteString("</svg>")
}

type namedRate struct {
	name string
	r    Rate
}

// rateBars draws rates on a 0–100 % axis as a point with its interval;
// the first one gets the band [lo, hi].
func rateBars(b *strings.Builder, rs []namedRate, lo, hi float64) {
	const left, width, row = 84, 220, 34
	h := 30 + len(rs)*row
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="seat advantage, draws, completion">`, left+width+60, h, left+width+60, h)
	x := func(p float64) float64 { return left + p*width/100 }
	for _, t := range []float64{0, 50, 100} {
		fmt.Fprintf(b, `<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#ccc"/><text x="%.1f" y="%d" font-size="10" text-anchor="middle">%g %%</text>`, x(t), x(t), h-14, x(t), h-2, t)
	}
	for i, nr := range rs {
		y := 22 + i*row
		if i == 0 {
			fmt.Fprintf(b, `<rect x="%.1f" y="%d" width="%.1f" height="18" fill="#dcefdc"/>`, x(lo), y-9, x(hi)-x(lo))
		}
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>`, left-6, y+4, esc(nr.name))
		if nr.r.N == 0 {
			continue
		}
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#333" stroke-width="2"/>`, x(nr.r.Lo), y, x(nr.r.Hi), y)
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%d" r="4.5" fill="#2166ac"><title>%s: %s</title></circle>`, x(nr.r.Pct), y, esc(nr.name), esc(nr.r.String()))
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11">%.1f %%</text>`, left+width+6, y+4, nr.r.Pct)
	}
	b.WriteString("</svg>")
}

// histogram draws the game-length bins.
func histogram(b *strings.Builder, bins []int) {
	const left, width, height = 36, 300, 120
	peak := 1
	for _, n := range bins {
		peak = max(peak, n)
	}
	bw := float64(width) / float64(len(bins))
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="game length histogram">`, left+width+10, height+40, left+width+10, height+40)
	fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`, left, height+10, left+width, height+10)
	fmt.Fprintf(b, `<text x="%d" y="18" font-size="10" text-anchor="end">%d</text>`, left-4, peak)
	for i, n := range bins {
		hh := float64(n) * height / float64(peak)
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#4393c3"><title>%d–%d decisions: %d games</title></rect>`,
			left+float64(i)*bw+1, height+10-hh, bw-2, hh, i*LengthBin, (i+1)*LengthBin-1, n)
		if i%4 == 0 {
			fmt.Fprintf(b, `<text x="%.1f" y="%d" font-size="10" text-anchor="middle">%d</text>`, left+float64(i)*bw, height+24, i*LengthBin)
		}
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="10" text-anchor="middle">decisions per game</text>`, left+width/2, height+37)
	b.WriteString("</svg>")
}

// effects draws each card's effect in points with its interval, on a
// symmetric axis, with the ±threshold band.
func effects(b *strings.Builder, vs []VariantSummary, th float64) {
	const left, width, row = 230, 320, 22
	span := 2 * th
	for _, v := range vs {
		span = max(span, math.Abs(v.Lo), math.Abs(v.Hi))
	}
	span = math.Ceil(span/10) * 10
	h := 30 + len(vs)*row
	x := func(p float64) float64 { return left + (p+span)*width/(2*span) }
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="card effects">`, left+width+70, h, left+width+70, h)
	fmt.Fprintf(b, `<rect x="%.1f" y="6" width="%.1f" height="%d" fill="#dcefdc"/>`, x(-th), x(th)-x(-th), h-26)
	for _, t := range []float64{-span, 0, span} {
		fmt.Fprintf(b, `<line x1="%.1f" y1="6" x2="%.1f" y2="%d" stroke="#bbb"/><text x="%.1f" y="%d" font-size="10" text-anchor="middle">%s</text>`, x(t), x(t), h-20, x(t), h-8, signed(t))
	}
	for i, v := range vs {
		y := 18 + i*row
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11" text-anchor="end">%s: %s</text>`, left-6, y+4, esc(v.Deck), esc(v.Card))
		colour := "#555"
		if v.Lo > th || v.Hi < -th {
			colour = "#b2182b"
		}
		fmt.Fprintf(b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2"/>`, x(v.Lo), y, x(v.Hi), y, colour)
		fmt.Fprintf(b, `<circle cx="%.1f" cy="%d" r="4" fill="%s"><title>%s in %s: %+.1f points [%+.1f, %+.1f]</title></circle>`, x(v.Effect), y, colour, esc(v.Card), esc(v.Deck), v.Effect, v.Lo, v.Hi)
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="11">%+.1f</text>`, left+width+8, y+4, v.Effect)
	}
	b.WriteString("</svg>")
}

// signed writes a number of points with its sign, 0 without.
func signed(x float64) string {
	if x == 0 {
		return "0"
	}
	return fmt.Sprintf("%+g", x)
}

// sequentialTable is a sequential run's tests: per pair of decks, the
// games it took, the first deck's score and why it stopped.
func sequentialTable(b *strings.Builder, r *Result) {
	b.WriteString("<h2 id=\"sequential\">Sequential tests</h2>\n")
	fmt.Fprintf(b, "<p class=\"settings\">%s.</p>\n", esc(sprtLine(r)))
	b.WriteString("<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"sequential\"><table><thead><tr><th>Decks</th><th>Scenario</th><th>Decision</th><th>Games</th><th>First deck's score</th><th>Why it stopped</th></tr></thead><tbody>\n")
	for _, q := range r.Sequential {
		fmt.Fprintf(b, "<tr><td>%s vs %s</td><td>%s</td><td>%s</td><td>%d</td><td>%.1f&nbsp;%%</td><td style=\"text-align:left\">%s</td></tr>\n",
			esc(q.Decks[0]), esc(q.Decks[1]), esc(q.Scenario), esc(q.Decision), q.Games, q.Score, esc(q.Why))
	}
	b.WriteString("</tbody></table></div>\n")
}

// playtestTable sets the people's results beside the bots'.
func playtestTable(b *strings.Builder, r *Result, s *Summary) {
	b.WriteString("<h2 id=\"playtests\">Playtests beside the bots</h2>\n")
	fmt.Fprintf(b, "<p class=\"settings\">%s. The first deck's share of decisive games; flagged when the two 95&nbsp;%% intervals do not overlap.</p>\n", esc(playtestLine(r)))
	b.WriteString("<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-labelledby=\"playtests\"><table><thead><tr><th>Decks</th><th>Scenario</th><th>Players</th><th>Bots</th><th>Agree</th></tr></thead><tbody>\n")
	for _, p := range s.Playtests {
		agree := "yes"
		if p.Disagree {
			agree = "<span class=\"alert\">no</span>"
		}
		fmt.Fprintf(b, "<tr><td>%s vs %s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			esc(p.Decks[0]), esc(p.Decks[1]), esc(p.Scenario), esc(p.People.String()), esc(p.Bots.String()), agree)
	}
	b.WriteString("</tbody></table></div>\n")
}

// componentTable is the counted components' peak use against the printed
// counts, a scarce one flagged.
func componentTable(b *strings.Builder, ts []ComponentTally, th float64) {
	b.WriteString("<h2 id=\"components\">Components</h2>\n")
	fmt.Fprintf(b, "<p class=\"settings\">The most of each counted component in use at once in one game, against the printed count, and the games in which none was left; flagged when it runs out in more than %g&nbsp;%% of %d games.</p>\n", th, ts[0].Games)
	b.WriteString("<div class=\"scroll\"><table><thead><tr><th>Component</th><th>Rule</th><th>Printed</th><th>Peak</th><th>Ran out</th></tr></thead><tbody>\n")
	for _, t := range ts {
		out := "all in use by the rules"
		if !t.Always {
			r := NewRate(t.RanOut, t.Games)
			out = fmt.Sprintf("%d games, %s", t.RanOut, pct(r))
		}
		if t.Scarce(th) {
			out = "<span class=\"alert\">" + out + "</span>"
		}
		fmt.Fprintf(b, "<tr><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%s</td></tr>\n", esc(t.Name), esc(t.Rule), t.Printed, t.Peak, out)
	}
	b.WriteString("</tbody></table></div>\n")
}
