package ubengine

import "slices"

// Step names one thing a resolver must settle on the table.
type Step string

const (
	StepBaseMove    Step = "base-move"        // U-ORDER-2
	StepOrder       Step = "order"            // the planned order itself
	StepPreliminary Step = "preliminary-shot" // U-ORDER-5: assault weapons only
	StepCharge      Step = "charge"           // U-ORDER-5
	StepReaction    Step = "reaction"         // U-REACT-7 … U-REACT-12
	StepCounter     Step = "counter"          // U-REACT-4
	StepDisembark   Step = "disembark-fire"   // U-ORDER-8: the vehicle may fire
	StepDropped     Step = "planned-replaced" // U-REACT-5: nothing to resolve
)

// Request is one resolution request, in the order the engine asks for
// them (Decision U-REACT-13). The engine never resolves: a resolver
// (scripted, stand-in table, or a person) answers it (U-SCOPE-2).
type Request struct {
	Step      Step
	Kind      Kind
	Side      int
	Unit      int
	Target    int
	Handicaps int  // shooting handicaps the order itself gives (U-SHOOT-1)
	Together  bool // resolved simultaneously with the previous request
	Rule      string
}

// Apply gives o and returns the next state and, when o closes a
// reaction window, the resolution requests of that planned order in
// order. The receiver is not changed. A refused order returns the
// receiver and a *Refusal.
func (s State) Apply(o Order) (State, []Request, error) {
	if r := s.Check(o); r != nil {
		return s, nil, r
	}
	n := s.clone()
	switch n.Phase {
	case Planning:
		n.Window = &Window{Planned: o}
		for k := 1; k < n.Sides; k++ {
			n.Window.asked = append(n.Window.asked, (o.Side+k)%n.Sides)
		}
		n.Phase = Reacting
	case Reacting:
		n.Window.Reactions = append(n.Window.Reactions, o)
		n.Window.asked = n.Window.asked[1:]
	case Countering:
		n.Window.Counter = &o
		return n.close()
	}
	return n.nextInWindow()
}

// nextInWindow asks the next side that has a reaction open; a side with
// nothing but "no reaction" declines without being asked (U-REACT-3).
// When every side has declared, the active side counters if anyone
// reacted (U-REACT-4); otherwise the window closes.
func (n State) nextInWindow() (State, []Request, error) {
	w := n.Window
	for len(w.asked) > 0 {
		side := w.asked[0]
		if len(n.immediates(side, false)) > 0 {
			n.Phase, n.Deciding = Reacting, side
			return n, nil, nil
		}
		w.Reactions = append(w.Reactions, Order{Kind: NoReaction, Side: side})
		w.asked = w.asked[1:]
	}
	if reacted(w) && len(n.immediates(n.Active, true)) > 0 {
		n.Phase, n.Deciding = Countering, n.Active
		return n, nil, nil
	}
	return n.close()
}

func reacted(w *Window) bool {
	return slices.ContainsFunc(w.Reactions, func(r Order) bool { return r.Kind != NoReaction })
}

// close resolves the window: tokens off (U-TOKEN-5), the orders'
// protocol effects, the requests in order, then the next side plans.
func (n State) close() (State, []Request, error) {
	w := n.Window
	p := w.Planned
	replaced := w.Counter != nil && w.Counter.Kind != NoReaction && w.Counter.Unit == p.Unit
	acting := []Order{}
	if !replaced {
		acting = append(acting, p)
	}
	for _, r := range w.Reactions {
		if r.Kind != NoReaction {
			acting = append(acting, r)
		}
	}
	if w.Counter != nil && w.Counter.Kind != NoReaction {
		acting = append(acting, *w.Counter)
	}
	n.unit(p.Unit).Tokens = 0 // U-TOKEN-6: a replaced planned order spends it too
	for _, o := range acting {
		u := n.unit(o.Unit)
		u.Tokens = 0
		u.Cover = o.Kind == TakeCover || o.Kind == GoToGround // U-ORDER-6, U-REACT-8
		switch o.Kind {
		case Embark:
			u.In = o.Target
			n.unit(o.Target).NoThrottle = true
		case Disembark:
			c := n.unit(o.Target)
			c.In, c.LeftTransport = 0, true
			c.TransportMoved = o.Moved && !u.AssaultVehicle
		}
	}
	reqs := n.requests(w, replaced)
	n.Window = nil
	n.Given++
	n.advance((n.Active + 1) % n.Sides)
	return n, reqs, nil
}

// timing ranks the requests (Decision U-REACT-13): 0 before the planned
// order, 1 the move (and an assault's preliminary shot), 2 the shot with
// Return Fire, or the assault's reactions, 3 the charge.
func timing(r Rule) int {
	switch r.Timing {
	case Before:
		return 0
	case Together, After:
		return 2
	}
	return 1
}

func (n *State) requests(w *Window, replaced bool) []Request {
	type ranked struct {
		rank int
		req  Request
	}
	var rs []ranked
	add := func(rank int, q Request) { rs = append(rs, ranked{rank, q}) }
	var reactionRank = map[int]int{} // reacting unit → rank
	for _, r := range w.Reactions {
		if r.Kind == NoReaction {
			continue
		}
		rule := n.rule(r.Kind)
		rank := timing(rule)
		reactionRank[r.Unit] = rank
		add(rank, Request{Step: StepReaction, Kind: r.Kind, Side: r.Side, Unit: r.Unit, Target: r.Target,
			Handicaps: rule.Handicaps, Together: rule.Timing == Together, Rule: "U-REACT-13"})
	}
	p := w.Planned
	if replaced {
		add(0, Request{Step: StepDropped, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-REACT-5"})
	} else {
		if p.Moved {
			add(1, Request{Step: StepBaseMove, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Rule: "U-ORDER-2"})
		}
		switch p.Kind {
		case Assault:
			add(1, Request{Step: StepPreliminary, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-ORDER-5"})
			add(3, Request{Step: StepCharge, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-ORDER-5"})
		case Shoot:
			add(2, Request{Step: StepOrder, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-ORDER-3"})
		case Disembark:
			add(1, Request{Step: StepOrder, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-ORDER-8"})
			add(1, Request{Step: StepDisembark, Kind: Shoot, Side: p.Side, Unit: p.Unit, Rule: "U-ORDER-8"})
		default:
			add(1, Request{Step: StepOrder, Kind: p.Kind, Side: p.Side, Unit: p.Unit, Target: p.Target, Rule: "U-ORDER-1"})
		}
	}
	if c := w.Counter; c != nil && c.Kind != NoReaction {
		// The counter resolves with the reaction it answers, just after it
		// (just before it for a counter whose timing is "before").
		add(reactionRank[c.Target], Request{Step: StepCounter, Kind: c.Kind, Side: c.Side, Unit: c.Unit, Target: c.Target,
			Handicaps: n.rule(c.Kind).Handicaps, Together: n.rule(c.Kind).Timing == Together, Rule: "U-REACT-13"})
	}
	// Shoot with Return Fire: the planned shot comes first in rank 2 and
	// Return Fire is marked Together with it.
	slices.SortStableFunc(rs, func(a, b ranked) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return order(a.req) - order(b.req)
	})
	out := make([]Request, len(rs))
	for i, r := range rs {
		out[i] = r.req
	}
	if c := w.Counter; c != nil && c.Kind != NoReaction && n.rule(c.Kind).Timing == Before {
		out = counterBefore(out)
	}
	return out
}

// counterBefore moves a counter whose timing is "before" to just before
// the reaction it answers (Decision U-REACT-13: its own timing against
// what it answers), or before the request that reaction is resolved
// together with.
func counterBefore(out []Request) []Request {
	ci := slices.IndexFunc(out, func(q Request) bool { return q.Step == StepCounter })
	c := out[ci]
	out = slices.Delete(out, ci, ci+1)
	ri := slices.IndexFunc(out, func(q Request) bool { return q.Step == StepReaction && q.Unit == c.Target })
	if ri < 0 {
		return slices.Insert(out, ci, c)
	}
	for ri > 0 && out[ri].Together {
		ri--
	}
	return slices.Insert(out, ri, c)
}

// order breaks ties within a rank: the planned order's own step, then
// reactions (seat order kept by the stable sort), then the counter,
// then the note that the planned order was dropped.
func order(q Request) int {
	switch q.Step {
	case StepReaction:
		return 1
	case StepCounter:
		return 2
	case StepDropped:
		return 3
	}
	return 0
}
