package ubengine

// Check tells whether o may be given now, and if not, why (a Refusal
// with its code and rule).
func (s State) Check(o Order) *Refusal {
	if s.Phase == Melee {
		return refuse("no-tokens", "U-MELEE-1", "no unit holds a token: the order step is over")
	}
	if o.Side != s.Deciding {
		return refuse("not-your-go", "U-TURN-2", "side %d is to decide, not side %d", s.Deciding, o.Side)
	}
	switch s.Phase {
	case Planning:
		return s.checkPlanned(o)
	case Reacting:
		return s.checkImmediate(o, false)
	default:
		return s.checkImmediate(o, true)
	}
}

// ownTokenUnit checks that o's unit exists, is o.Side's and holds a token.
func (s *State) ownTokenUnit(o Order) (*Unit, *Refusal) {
	u := s.unit(o.Unit)
	if u == nil {
		return nil, refuse("unknown-unit", "U-UNIT-1", "no unit %d", o.Unit)
	}
	if u.Gone {
		return nil, refuse("gone", "U-TOKEN-6", "unit %q is no longer on the battlefield", u.Name)
	}
	if u.Side != o.Side {
		return nil, refuse("not-your-unit", "U-ORDER-1", "unit %q is side %d's", u.Name, u.Side)
	}
	if u.Tokens <= 0 {
		return nil, refuse("no-token", "U-TOKEN-5", "unit %q holds no activation token", u.Name)
	}
	return u, nil
}

// enemyOnTable checks a Shoot or Assault target (U-ORDER-1, U-ORDER-10).
func (s *State) enemyOnTable(u *Unit, id int) *Refusal {
	t := s.unit(id)
	if t == nil {
		return refuse("no-target", "U-ORDER-1", "the order names no target unit")
	}
	if t.Gone {
		return refuse("target-gone", "U-TOKEN-6", "unit %q is no longer on the battlefield", t.Name)
	}
	if t.Side == u.Side {
		return refuse("target-not-enemy", "U-ORDER-1", "unit %q is a friend of %q", t.Name, u.Name)
	}
	if t.Reserve {
		return refuse("target-in-reserve", "U-RES-4", "unit %q is in reserve, not on the battlefield", t.Name)
	}
	if t.In != 0 {
		return refuse("target-embarked", "U-ORDER-10", "unit %q is inside a transport", t.Name)
	}
	return nil
}

func (s *State) checkPlanned(o Order) *Refusal {
	if !o.Kind.Planned() {
		return refuse("not-planned", "U-ORDER-1", "%s is not a planned order", o.Kind)
	}
	u, r := s.ownTokenUnit(o)
	if r != nil {
		return r
	}
	rule := s.rule(o.Kind)
	if !rule.allows(u.Type) {
		return refuse("unit-type", rule.ID, "unit %q (%s) may not take %s", u.Name, u.Type, o.Kind)
	}
	if u.In != 0 {
		if !rule.FromTransport {
			return refuse("embarked", "U-ORDER-10", "unit %q is inside a transport and may not take %s", u.Name, o.Kind)
		}
		if o.Moved {
			return refuse("embarked-move", "U-ORDER-10", "unit %q is inside a transport and makes no base move", u.Name)
		}
	} else if u.MustMove && !o.Moved {
		return refuse("must-move", "U-ORDER-2", "unit %q must make its base move", u.Name)
	}
	switch o.Kind {
	case Shoot:
		return s.enemyOnTable(u, o.Target)
	case Assault:
		if !u.MayCharge {
			return refuse("unit-type", "U-ORDER-5", "unit %q may not charge", u.Name)
		}
		if u.LeftTransport && u.TransportMoved {
			return refuse("after-disembark", "U-ORDER-5", "unit %q left a moving, non-assault transport this turn", u.Name)
		}
		return s.enemyOnTable(u, o.Target)
	case TakeCover:
	case Embark:
		t := s.unit(o.Target)
		switch {
		case !u.MayEmbark:
			return refuse("unit-type", "U-ORDER-7", "unit %q may not ride in transports", u.Name)
		case t == nil || t.Capacity == 0:
			return refuse("not-transport", "U-ORDER-7", "the order names no transport")
		case t.Side != u.Side || t.In != 0 || t.Gone:
			return refuse("not-transport", "U-ORDER-7", "unit %q is not a friendly transport on the table", t.Name)
		case s.load(t.ID)+u.Size > t.Capacity:
			return refuse("capacity", "U-ORDER-7", "transport %q has %d places left, unit %q needs %d", t.Name, t.Capacity-s.load(t.ID), u.Name, u.Size)
		}
	case Disembark:
		t := s.unit(o.Target)
		if u.Capacity == 0 {
			return refuse("unit-type", "U-ORDER-8", "unit %q carries nobody", u.Name)
		}
		if t == nil || t.In != u.ID {
			return refuse("not-carried", "U-ORDER-8", "the order names no unit carried by %q", u.Name)
		}
	case FullThrottle:
		if u.NoThrottle {
			return refuse("after-embark", "U-ORDER-9", "a unit embarked into %q this turn", u.Name)
		}
	}
	if o.Kind != Shoot && o.Kind != Assault && o.Kind != Embark && o.Kind != Disembark && o.Target != 0 {
		return refuse("stray-target", "U-ORDER-1", "%s names no target", o.Kind)
	}
	return nil
}

// load is the number of places taken in transport id.
func (s *State) load(id int) int {
	n := 0
	for _, u := range s.Units {
		if u.In == id {
			n += u.Size
		}
	}
	return n
}

// checkImmediate checks a reaction (U-REACT-3) or the counter-order
// (U-REACT-4 … U-REACT-6). Declining is always open.
func (s *State) checkImmediate(o Order, counter bool) *Refusal {
	if o.Kind == NoReaction {
		if o.Unit != 0 || o.Target != 0 || o.Moved {
			return refuse("stray-unit", "U-REACT-3", "no reaction names no unit and makes no move")
		}
		return nil
	}
	if !o.Kind.Immediate() {
		return refuse("not-immediate", "U-REACT-1", "%s is not an immediate order", o.Kind)
	}
	if o.Moved {
		return refuse("immediate-move", "U-REACT-2", "a unit makes no move before an immediate order")
	}
	u, r := s.ownTokenUnit(o)
	if r != nil {
		return r
	}
	rule := s.rule(o.Kind)
	if !rule.allows(u.Type) {
		return refuse("unit-type", rule.ID, "unit %q (%s) may not take %s", u.Name, u.Type, o.Kind)
	}
	if u.In != 0 && !rule.FromTransport {
		return refuse("embarked", "U-ORDER-10", "unit %q is inside a transport and may not take %s", u.Name, o.Kind)
	}
	if rule.Charges && !u.MayCharge {
		return refuse("unit-type", "U-ORDER-5", "unit %q may not charge", u.Name)
	}
	if counter {
		return s.counterCondition(u, o)
	}
	return s.reactionCondition(u, o)
}

// reactionCondition: each immediate order's condition against the
// planned order (U-REACT-7 … U-REACT-12); every reaction acts on the
// unit that received the planned order.
func (s *State) reactionCondition(u *Unit, o Order) *Refusal {
	p := s.Window.Planned
	if o.Target != p.Unit {
		return refuse("wrong-target", "U-REACT-1", "a reaction acts on the unit given the planned order (%d), not %d", p.Unit, o.Target)
	}
	rule := s.rule(o.Kind)
	switch rule.Condition {
	case WhenShotAt:
		if p.Kind != Shoot || p.Target != u.ID {
			return refuse("condition", rule.ID, "%s needs a planned shoot at unit %q", o.Kind, u.Name)
		}
	case WhenAssaulted:
		if p.Kind != Assault || p.Target != u.ID {
			return refuse("condition", rule.ID, "%s needs a planned assault on unit %q", o.Kind, u.Name)
		}
	case WhenEnemyAssaults:
		if p.Kind != Assault {
			return refuse("condition", rule.ID, "%s needs a planned assault", o.Kind)
		}
		if p.Target == u.ID {
			return refuse("target-intercepts", "U-REACT-12", "the assault's target counter-charges; it does not intercept")
		}
	case WhenEnemyOrder:
	}
	return nil
}

// counterCondition reads the conditions against the reactions declared
// (Decision U-REACT-6): the counter acts on one reacting unit.
func (s *State) counterCondition(u *Unit, o Order) *Refusal {
	var by *Order
	for i, r := range s.Window.Reactions {
		if r.Kind != NoReaction && r.Unit == o.Target {
			by = &s.Window.Reactions[i]
		}
	}
	if by == nil {
		return refuse("wrong-target", "U-REACT-6", "the counter-order acts on a unit that reacted")
	}
	a := s.Window.Planned.Unit
	rule, byRule := s.rule(o.Kind), s.rule(by.Kind)
	switch rule.Condition {
	case WhenShotAt:
		if !byRule.Shoots || by.Target != u.ID {
			return refuse("condition", "U-REACT-6", "%s needs unit %q shot at by a reaction", o.Kind, u.Name)
		}
	case WhenAssaulted:
		if !byRule.Charges || by.Target != u.ID {
			return refuse("condition", "U-REACT-6", "%s needs unit %q charged by a reaction", o.Kind, u.Name)
		}
	case WhenEnemyAssaults:
		if !byRule.Charges {
			return refuse("condition", "U-REACT-6", "%s needs a charging reaction", o.Kind)
		}
		if by.Target == u.ID || u.ID == a {
			return refuse("target-intercepts", "U-REACT-12", "the charged unit counter-charges; it does not intercept")
		}
	case WhenEnemyOrder:
	}
	return nil
}

// Legal lists every order side s.Deciding may give now: planned orders
// with every target and base-move choice, or the immediate orders open
// and "no reaction". Empty once the order step is over.
func (s State) Legal() []Order {
	if s.Phase == Melee {
		return nil
	}
	var out []Order
	side := s.Deciding
	if s.Phase == Planning {
		for _, u := range s.Units {
			if u.Side != side || u.Tokens <= 0 {
				continue
			}
			for k := Shoot; k <= FullThrottle; k++ {
				targets := noTarget
				if k == Shoot || k == Assault || k == Embark || k == Disembark {
					targets = s.allUnits()
				}
				for _, t := range targets {
					if !s.mayTarget(u, k, t) {
						continue
					}
					for _, m := range []bool{false, true} {
						o := Order{Kind: k, Side: side, Unit: u.ID, Target: t, Moved: m}
						if s.checkPlanned(o) == nil {
							out = append(out, o)
						}
					}
				}
			}
		}
		return out
	}
	out = append(out, Order{Kind: NoReaction, Side: side})
	return append(out, s.immediates(side, s.Phase == Countering)...)
}

// mayTarget is a first sieve of Legal's planned orders, without a
// Refusal made for each: false only when checkPlanned refuses o's target
// whatever else o says (the orders left are checked in full).
func (s *State) mayTarget(u Unit, k Kind, id int) bool {
	t := s.unit(id)
	switch k {
	case Shoot, Assault:
		return t != nil && !t.Gone && t.Side != u.Side && !t.Reserve && t.In == 0
	case Embark:
		return t != nil && t.Capacity != 0 && t.Side == u.Side && t.In == 0 && !t.Gone
	case Disembark:
		return t != nil && t.In == u.ID
	}
	return true
}

// immediates lists the immediate orders side may give in the window.
func (s *State) immediates(side int, counter bool) []Order {
	var out []Order
	for _, u := range s.Units {
		if u.Side != side || u.Tokens <= 0 {
			continue
		}
		for k := ReturnFire; k <= Interception; k++ {
			for _, t := range s.actedOn(counter) {
				o := Order{Kind: k, Side: side, Unit: u.ID, Target: t}
				if s.checkImmediate(o, counter) == nil {
					out = append(out, o)
				}
			}
		}
	}
	return out
}

var noTarget = []int{0}

// allUnits are every unit's id.
func (s *State) allUnits() []int {
	out := make([]int, len(s.Units))
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// actedOn are the units an immediate order may act on in the window:
// the unit given the planned order (U-REACT-1), or for the counter the
// units that reacted (Decision U-REACT-6). Legal tries only these.
func (s *State) actedOn(counter bool) []int {
	if !counter {
		return []int{s.Window.Planned.Unit}
	}
	var out []int
	for _, r := range s.Window.Reactions {
		if r.Kind != NoReaction {
			out = append(out, r.Unit)
		}
	}
	return out
}
