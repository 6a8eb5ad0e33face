package wbengine

import (
	"fmt"
	"io"
	"strings"
)

// WriteAccount writes the game of log l in words, turn by turn: who
// activated which Character on which space, what it did, the dice and
// their results, the Victory Points. It reads the log's decisions and
// events (Event.Format), so it says what the log says, and is as
// deterministic as the log.
func (l *Log) WriteAccount(w io.Writer) {
	h := l.Header
	fmt.Fprintf(w, "%s vs %s on %s, seed %d\n", h.Decks[0], h.Decks[1], h.Scenario, h.Seed)
	a := account{w: w, sides: h.Decks}
	fmt.Fprintln(w, "Deployment")
	for _, st := range l.Steps {
		a.step(st)
	}
}

// account is the state of writeAccount between steps.
type account struct {
	w     io.Writer
	sides [2]string
	actor string // the Character activated, while its activation lasts
}

// splitSide cuts a decision text into its side and the rest.
func (a *account) splitSide(text string) (side, rest string) {
	for _, s := range a.sides {
		if r, ok := strings.CutPrefix(text, s+" "); ok {
			return s, r
		}
		if text == s {
			return s, ""
		}
	}
	return "", text
}

// step writes one decision: a line for the decision, what its events did
// after a colon; turns, Orders and scores on their own lines.
func (a *account) step(st LogStep) {
	side, rest := a.splitSide(st.Text)
	verb, arg, _ := strings.Cut(rest, " ")
	var line string
	indent := "  "
	switch verb {
	case "deploy":
		line = fmt.Sprintf("%s deploys %s", side, strings.Replace(arg, ",", " and ", 1))
	case "activate":
		line = side + " activates " + arg
	case "hourglass":
		line = side + " places the Hourglass " + arg
	case "pass":
		line = side + " passes"
	case "end":
		line = ""
	case "move":
		indent = "    "
		if r, ok := strings.CutPrefix(arg, "(run) "); ok {
			line = a.actor + " runs " + r
		} else {
			line = a.actor + " moves " + arg
		}
	case "shoot", "fight":
		indent = "    "
		line = a.actor + " " + verb + "s " + arg
	case "hide":
		indent = "    "
		line = a.actor + " hides"
	case "skill":
		indent = "    "
		line = a.actor + " uses a skill (slot " + strings.Replace(arg, " ", ") ", 1)
		if !strings.Contains(arg, " ") {
			line += ")"
		}
	case "exchange":
		line = side + " exchanges " + strings.ReplaceAll(arg, "+", " and ")
	case "keep":
		line = side + " keeps a " + arg + " Order token"
	case "swap":
		if arg == "true" {
			line = side + " gives the Hourglass for the Hand"
		} else {
			line = side + " keeps the Hourglass"
		}
	default:
		line = strings.TrimSpace(side + " " + rest)
		if a.actor != "" {
			indent = "    "
		}
	}
	var did []string
	var after []string // lines after the decision's own
	phase := false     // a new phase started: what follows is its own
	var orders []string
	// note adds what an event did: to the decision's line, or on its own
	// line once a new phase started. Tokens of one target in a row join.
	note := func(s string) {
		if phase {
			after = append(after, "  "+s)
			return
		}
		if n := len(did); n > 0 {
			if who, _, ok := strings.Cut(s, " takes "); ok && strings.HasPrefix(did[n-1], who+" takes ") {
				did[n-1] += " and " + strings.TrimPrefix(s, who+" takes ")
				return
			}
		}
		did = append(did, s)
	}
	for _, e := range st.Events {
		kind, args, _ := strings.Cut(e, " ")
		f := strings.Fields(args)
		if kind != "orders" && len(orders) > 0 {
			after = append(after, "  Orders: "+strings.Join(orders, ", "))
			orders = nil
		}
		switch kind {
		case "turn":
			phase = true
			after = append(after, "Turn "+args)
		case "phase":
			phase = true
		case "orders":
			if len(f) == 3 {
				orders = append(orders, fmt.Sprintf("%s %s %s", f[0], f[1], f[2]))
			}
		case "activate":
			if len(f) > 0 {
				a.actor = f[0]
			}
		case "pay":
			if len(f) == 3 {
				note(fmt.Sprintf("pays %s %s", f[1], f[2]))
			}
		case "end":
			a.actor = ""
		case "roll":
			if who, dice, ok := strings.Cut(args, ": "); ok {
				purpose := ""
				if p := strings.Fields(who); len(p) == 2 {
					purpose = rollPurpose[p[1]]
					who = p[0]
				}
				if who == a.actor && !phase {
					note(fmt.Sprintf("rolls %s%s", dice, purpose))
				} else {
					note(fmt.Sprintf("%s rolls %s%s", who, dice, purpose))
				}
			}
		case "hits":
			if len(f) == 2 {
				note(fmt.Sprintf("%s on %s", plural(f[1], "hit"), f[0]))
			}
		case "token":
			if len(f) == 3 {
				note(fmt.Sprintf("%s takes %s", f[0], plural(f[1], f[2])))
			}
		case "token-off":
			if len(f) == 3 {
				note(fmt.Sprintf("%s loses %s", f[0], plural(f[1], f[2])))
			}
		case "removed":
			note(args + " is removed from play")
		case "panic":
			note(args + " panics")
		case "cover":
			note(args + " takes Cover")
		case "cover-lost":
			note(args + " loses Cover")
		case "maintenance":
			note(args + "'s Maintenance marker is removed")
		case "reaction":
			note(strings.Replace(args, " to ", " reacts to ", 1))
		case "vp":
			if len(f) == 2 {
				after = append(after, fmt.Sprintf("  %s scores %s", f[0], plural(strings.TrimPrefix(f[1], "+"), "VP")))
			}
		case "vp-lost":
			if len(f) == 2 {
				after = append(after, fmt.Sprintf("  %s loses %s", f[0], plural(strings.TrimPrefix(f[1], "-"), "VP")))
			}
		case "marker":
			if m, by, ok := strings.Cut(args, " by "); ok {
				after = append(after, fmt.Sprintf("  %s takes the marker %s", by, m))
			}
		case "objective":
			if len(f) == 2 {
				after = append(after, fmt.Sprintf("  %s draws Objective card %s", f[0], f[1]))
			}
		case "discard":
			if len(f) == 2 && f[1] != "0" {
				after = append(after, fmt.Sprintf("  %s discards %s", f[0], plural(f[1], "Order token")))
			}
		case "hand":
			if len(f) > 0 {
				after = append(after, fmt.Sprintf("  %s takes the Hand", f[0]))
			}
		}
	}
	if len(orders) > 0 {
		after = append(after, "  Orders: "+strings.Join(orders, ", "))
	}
	if line != "" || len(did) > 0 {
		if line == "" {
			line = strings.TrimSpace(side + " " + rest)
		}
		if len(did) > 0 {
			line += ": " + strings.Join(did, ", ")
		}
		fmt.Fprintln(a.w, indent+line)
	}
	for _, s := range after {
		fmt.Fprintln(a.w, s)
	}
}

// rollPurpose names what a roll was for (RollRanged...).
var rollPurpose = map[string]string{
	"1": " (ranged)", "2": " (melee)", "3": " (armour)", "4": " (effect)",
}

// plural writes a count read from the log with its noun: "1 hit",
// "2 hits"; a noun already ending in s stays ("2 stress").
func plural(n, noun string) string {
	if n == "1" || strings.HasSuffix(noun, "s") || noun == "VP" {
		return n + " " + noun
	}
	return n + " " + noun + "s"
}
