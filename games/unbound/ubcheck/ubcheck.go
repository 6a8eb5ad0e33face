// Package ubcheck plays 40k Unbound's check games (forced dice, a script
// of steps, expectations and the `fails:` codes of refused steps) on the
// order engine (package ubengine), with the engine kit's differences and
// trail (package engine/checkkit), on the table package ubtable builds
// from the catalog: the orders a check plays by are the content's.
package ubcheck

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"wbtool.dev/wbtool/engine/checkkit"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/games/unbound/ubengine/ubtable"
)

// Step is one step of a check game, as the schema (ubschema/cue/checks.cue)
// writes it.
type Step struct {
	Give      string   `json:"give"`
	Manifest  string   `json:"manifest"`
	Arrive    []string `json:"arrive"`
	Destroyed []string `json:"destroyed"`
	EndTurn   *struct {
		Locked []string `json:"locked"`
	} `json:"endTurn"`
	Alternate *struct {
		Of       string         `json:"of"`
		First    string         `json:"first"`
		Arriving map[string]int `json:"arriving"`
	} `json:"alternate"`
	InitiativeRoll *struct {
		DeployedFirst string         `json:"deployedFirst"`
		Dice          map[string]int `json:"dice"`
	} `json:"initiativeRoll"`
	Shot *struct {
		Order      string `json:"order"`
		Weapon     string `json:"weapon"`
		Advantages int    `json:"advantages"`
		Handicaps  int    `json:"handicaps"`
		TwinLinked bool   `json:"twinLinked"`
	} `json:"shot"`
	Pools *int `json:"pools"`
	Spend *struct {
		Army string `json:"army"`
		Dice int    `json:"dice"`
		Deny bool   `json:"deny"`
	} `json:"spend"`
	EndDie *struct {
		Turn int `json:"turn"`
		Die  int `json:"die"`
	} `json:"endDie"`
	Expect *Expect `json:"expect"`
	Fails  string  `json:"fails"`
}

// Expect is what a step must lead to.
type Expect struct {
	Phase      *string           `json:"phase"`
	Deciding   *string           `json:"deciding"`
	Turn       *int              `json:"turn"`
	Initiative *string           `json:"initiative"`
	Tokens     map[string]int    `json:"tokens"`
	In         map[string]string `json:"in"`
	Legal      []string          `json:"legal"`
	Illegal    []string          `json:"illegal"`
	Requests   []string          `json:"requests"`
	Sequence   []string          `json:"sequence"`
	Mode       *string           `json:"mode"`
	Ends       *bool             `json:"ends"`
	Pools      map[string]struct {
		Manifest *int `json:"manifest"`
		Deny     *int `json:"deny"`
	} `json:"pools"`
}

// Game is a check game as the content gives it.
type Game struct {
	Rules      []string                  `json:"rules"`
	Armies     []string                  `json:"armies"`
	Initiative string                    `json:"initiative"`
	Turn       int                       `json:"turn"`
	Orders     map[string]map[string]any `json:"orders"`
	Steps      []Step                    `json:"steps"`
}

// Failure is a check that went otherwise than written: at step Step
// (from 0), in its expect (Expect) or its action.
type Failure struct {
	Step   int
	Expect bool
	Msg    string
}

var phases = [...]string{"planning", "reacting", "countering", "melee"}

// Run plays check game g. err is for a check that cannot be set up;
// a step that goes otherwise than written is a Failure.
func Run(cat *ubcatalog.Catalog, c *ubcatalog.Check) (*Failure, error) {
	var g Game
	if err := json.Unmarshal(c.JSON, &g); err != nil {
		return nil, err
	}
	t, err := ubtable.NewTable(cat, g.Armies)
	if err != nil {
		return nil, err
	}
	if t.Orders, err = ubtable.Orders(cat, g.Orders); err != nil {
		return nil, err
	}
	init := 0
	if g.Initiative != "" {
		init = t.Side(g.Initiative)
	}
	s, err := ubengine.New(len(g.Armies), t.Units, init)
	if err != nil {
		return nil, err
	}
	s = s.WithOrders(t.Orders)
	s.Turn = max(g.Turn, 1)
	r := &run{t: t, s: s, pools: make([]ubengine.Pool, len(g.Armies))}
	for i := range g.Steps {
		if f := r.step(i, &g.Steps[i]); f != nil {
			f.Msg += r.trail.Before()
			return f, nil
		}
	}
	return nil, nil
}

type run struct {
	t        *ubtable.Table
	s        ubengine.State
	requests []string
	sequence []string
	mode     string
	ends     *bool
	pools    []ubengine.Pool
	init     string
	trail    checkkit.Trail
}

// step plays step i: its action, then its fails or its expect.
func (r *run) step(i int, st *Step) *Failure {
	did, err := r.act(st)
	if err != nil && st.Fails == "" {
		if _, setup := err.(setupError); setup {
			return &Failure{Step: i, Msg: fmt.Sprintf("step %d: %v", i+1, err)}
		}
		return &Failure{Step: i, Msg: fmt.Sprintf("step %d: %q refused: %v", i+1, did, err)}
	}
	if st.Fails != "" {
		var ref *ubengine.Refusal
		got := ""
		if e, ok := err.(*ubengine.Refusal); ok {
			ref = e
			got = ref.Code
		}
		if got != st.Fails {
			msg := "accepted"
			if err != nil {
				msg = err.Error()
			}
			return &Failure{Step: i, Msg: fmt.Sprintf("step %d: %q: expected refusal %s, got %s", i+1, did, st.Fails, msg)}
		}
	}
	if st.Expect != nil {
		var d checkkit.Diffs
		r.expect(&d, st.Expect)
		if len(d) > 0 {
			return &Failure{Step: i, Expect: true, Msg: fmt.Sprintf("step %d: %s", i+1, d.String())}
		}
	}
	r.trail.Add(i+1, did, r.requests)
	return nil
}

// setupError is a step that names something the game lacks.
type setupError struct{ error }

func (r *run) ids(names []string) ([]int, error) {
	var out []int
	for _, n := range names {
		id, ok := r.t.IDs[n]
		if !ok {
			return nil, setupError{fmt.Errorf("no unit %q in this game%s", n, ubtable.Hint(n, r.t.Names))}
		}
		out = append(out, id)
	}
	return out, nil
}

func (r *run) side(army string) (int, error) {
	if s := r.t.Side(army); s >= 0 {
		return s, nil
	}
	return 0, setupError{fmt.Errorf("no army %q in this game", army)}
}

// act plays a step's action; did is its words.
func (r *run) act(st *Step) (did string, err error) {
	switch {
	case st.Give != "":
		o, err := r.t.Parse(st.Give)
		if _, refused := err.(*ubengine.Refusal); refused {
			return st.Give, err
		} else if err != nil {
			return st.Give, setupError{err}
		}
		n, reqs, err := r.s.Apply(o)
		if err == nil {
			r.s = n
			if reqs != nil {
				r.requests = r.requests[:0]
				for _, q := range reqs {
					r.requests = append(r.requests, r.t.FormatRequest(q))
				}
			}
		}
		return st.Give, err
	case st.Manifest != "":
		ids, err := r.ids([]string{st.Manifest})
		if err != nil {
			return "manifest " + st.Manifest, err
		}
		n, err := r.s.ManifestAtStart(r.t.Units[ids[0]-1].Side, ids[0])
		if err == nil {
			r.s = n
		}
		return "manifest " + st.Manifest, err
	case st.Arrive != nil:
		ids, err := r.ids(st.Arrive)
		if err == nil {
			var n ubengine.State
			if n, err = r.s.Arrive(ids...); err == nil {
				r.s = n
			}
		}
		return "arrive " + strings.Join(st.Arrive, " "), err
	case st.Destroyed != nil:
		ids, err := r.ids(st.Destroyed)
		if err == nil {
			var n ubengine.State
			if n, err = r.s.Destroyed(ids...); err == nil {
				r.s = n
			}
		}
		return "destroyed " + strings.Join(st.Destroyed, " "), err
	case st.EndTurn != nil:
		ids, err := r.ids(st.EndTurn.Locked)
		if err == nil {
			var n ubengine.State
			if n, err = r.s.NextTurn(ids); err == nil {
				r.s = n
			}
		}
		return "end turn, locked " + strings.Join(st.EndTurn.Locked, " "), err
	case st.Alternate != nil:
		return r.alternate(st)
	case st.InitiativeRoll != nil:
		return r.initiative(st)
	case st.Shot != nil:
		k, ok := ubengine.KindOf(st.Shot.Order)
		if !ok {
			return "shot", setupError{fmt.Errorf("no order %q%s", st.Shot.Order, ubtable.Hint(st.Shot.Order, ubcatalog.OrderIDs))}
		}
		adv := st.Shot.Advantages
		if st.Shot.TwinLinked {
			adv++ // U-RULE-5
		}
		rule := r.s.Orders[k]
		switch {
		case k == ubengine.Assault && st.Shot.Weapon != "assault" && st.Shot.Weapon != "pistol":
			// the preliminary shot: assault weapons and pistols only
			// (U-ORDER-5, U-RULE-7; assault-type powers, U-PSY-5)
			r.mode = ubengine.NoShot.String()
		case k != ubengine.Assault && !rule.Shoots:
			r.mode = ubengine.NoShot.String() // U-PSY-5: the order lets the unit shoot or not
		default:
			r.mode = ubengine.Ladder(adv, st.Shot.Handicaps+rule.Handicaps).String()
		}
		return "shot under " + st.Shot.Order, nil
	case st.Pools != nil:
		charges := make([]int, len(r.t.Armies))
		for i, a := range r.t.Armies {
			charges[i] = a.WarpCharges
		}
		r.pools = ubengine.Pools(*st.Pools, charges)
		return fmt.Sprintf("psychic die %d", *st.Pools), nil
	case st.Spend != nil:
		side, err := r.side(st.Spend.Army)
		if err != nil {
			return "spend", err
		}
		p, err := r.pools[side].Spend(st.Spend.Dice, st.Spend.Deny)
		if err == nil {
			r.pools[side] = p
		}
		return fmt.Sprintf("%s spends %d", st.Spend.Army, st.Spend.Dice), err
	case st.EndDie != nil:
		e := ubengine.GameEnds(st.EndDie.Turn, st.EndDie.Die)
		r.ends = &e
		return fmt.Sprintf("end die %d after turn %d", st.EndDie.Die, st.EndDie.Turn), nil
	}
	return "expect", nil
}

// counts are each army's placements in alternation of.
func (r *run) counts(of string, arriving map[string]int) ([]int, error) {
	out := make([]int, len(r.t.Armies))
	for i, a := range r.t.Armies {
		if of == "reserves" {
			out[i] = arriving[a.ID]
			continue
		}
		for _, e := range a.Entries {
			u := r.t.Cat.Unit(e.Unit)
			if u == nil || e.Reserve || e.Joins != "" || e.In != "" { // U-DEPLOY-3, U-DEPLOY-4
				continue
			}
			switch {
			case of == "deploy",
				of == "infiltrate" && u.Has("infiltrate"),
				of == "scout" && u.Has("scout"):
				out[i]++
			}
		}
	}
	for a := range arriving {
		if r.t.Side(a) < 0 {
			return nil, setupError{fmt.Errorf("no army %q in this game", a)}
		}
	}
	return out, nil
}

func (r *run) alternate(st *Step) (string, error) {
	a := st.Alternate
	did := "alternate " + a.Of + " from " + a.First
	first, err := r.side(a.First)
	if err != nil {
		return did, err
	}
	counts, err := r.counts(a.Of, a.Arriving)
	if err != nil {
		return did, err
	}
	r.sequence = r.sequence[:0]
	for _, side := range ubengine.Alternation(first, counts) {
		r.sequence = append(r.sequence, r.t.Armies[side].ID)
	}
	return did, nil
}

func (r *run) initiative(st *Step) (string, error) {
	a := st.InitiativeRoll
	did := "initiative roll"
	first, err := r.side(a.DeployedFirst)
	if err != nil {
		return did, err
	}
	counts, _ := r.counts("deploy", nil)
	rolls := make([]int, len(r.t.Armies))
	for army, die := range a.Dice {
		side, err := r.side(army)
		if err != nil {
			return did, err
		}
		rolls[side] = die
	}
	side, ok := ubengine.Initiative(rolls, ubengine.FirstToFinish(first, counts))
	if !ok {
		return did, &ubengine.Refusal{Code: "tie", Rule: "U-DEPLOY-7", Msg: "a tie for the highest total: roll again"}
	}
	r.init = r.t.Armies[side].ID
	return did, nil
}

func (r *run) expect(d *checkkit.Diffs, e *Expect) {
	s := r.s
	checkkit.Opt(d, "phase", e.Phase, phases[s.Phase])
	if e.Deciding != nil {
		d.Want("deciding", *e.Deciding, r.t.Armies[s.Deciding].ID)
	}
	checkkit.Opt(d, "turn", e.Turn, s.Turn)
	if e.Initiative != nil {
		got := r.init
		if got == "" {
			got = r.t.Armies[s.Initiative].ID
		}
		d.Want("initiative", *e.Initiative, got)
	}
	for _, name := range sortedKeys(e.Tokens) {
		id, ok := r.t.IDs[name]
		if !ok {
			d.Add("tokens: no unit %q in this game", name)
			continue
		}
		d.Want(name+" tokens", e.Tokens[name], s.Units[id-1].Tokens)
	}
	for _, name := range sortedKeys(e.In) {
		id, ok := r.t.IDs[name]
		if !ok {
			d.Add("in: no unit %q in this game", name)
			continue
		}
		got := ""
		if in := s.Units[id-1].In; in != 0 {
			got = r.t.Names[in-1]
		}
		d.Want(name+" in", e.In[name], got)
	}
	var legal []string
	for _, o := range s.Legal() {
		legal = append(legal, r.t.Format(o))
	}
	for _, o := range e.Legal {
		if !slices.Contains(legal, o) {
			d.Add("legal: %q is not open (open: %s)", o, short(legal))
		}
	}
	for _, o := range e.Illegal {
		if slices.Contains(legal, o) {
			d.Add("illegal: %q is open", o)
		}
	}
	if e.Requests != nil {
		d.Want("requests", "["+strings.Join(e.Requests, "; ")+"]", "["+strings.Join(r.requests, "; ")+"]")
	}
	if e.Sequence != nil {
		d.Want("sequence", strings.Join(e.Sequence, " "), strings.Join(r.sequence, " "))
	}
	checkkit.Opt(d, "mode", e.Mode, r.mode)
	if e.Ends != nil {
		got := "not rolled"
		if r.ends != nil {
			got = fmt.Sprint(*r.ends)
		}
		d.Want("ends", *e.Ends, got)
	}
	for _, army := range sortedKeys(e.Pools) {
		side := r.t.Side(army)
		if side < 0 {
			d.Add("pools: no army %q in this game", army)
			continue
		}
		p := e.Pools[army]
		checkkit.Opt(d, army+" manifest pool", p.Manifest, r.pools[side].Manifest)
		checkkit.Opt(d, army+" deny pool", p.Deny, r.pools[side].Deny)
	}
}

func short(s []string) string {
	if len(s) > 8 {
		return strings.Join(s[:8], ", ") + fmt.Sprintf(", … %d more", len(s)-8)
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
