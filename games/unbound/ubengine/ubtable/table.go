// Package ubtable is the battle a 40k Unbound check game or bot game
// plays: the engine's units built from the catalog's armies, named by
// their army entries, the orders' rules read from the content, and the
// words orders and resolution requests are written in (checks and logs).
// It is plain data over ubengine and ubcatalog.
package ubtable

import (
	"encoding/json"
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/games/unbound/ubengine"
	"wbtool.dev/wbtool/internal/suggest"
)

// Table is the battle a check or a match plays: the engine's units
// named by their army entries, the sides' armies.
type Table struct {
	Cat    *ubcatalog.Catalog
	Armies []*ubcatalog.Army
	Names  []string       // engine unit id-1 → entry id
	IDs    map[string]int // entry id → engine unit id
	Units  []ubengine.Unit
	Orders ubengine.Orders
}

// NewTable builds the units of armies (side i is armies[i]): entries in
// id order, characters that join a unit left out (U-UNIT-3, U-TOKEN-3).
func NewTable(cat *ubcatalog.Catalog, armies []string) (*Table, error) {
	t := &Table{Cat: cat, IDs: map[string]int{}}
	for side, id := range armies {
		a := cat.Army(id)
		if a == nil {
			return nil, fmt.Errorf("no army %q", id)
		}
		t.Armies = append(t.Armies, a)
		for _, e := range a.Entries {
			u := cat.Unit(e.Unit)
			if u == nil || e.Joins != "" {
				continue
			}
			typ, _ := ubengine.TypeOf(u.Type)
			t.Names = append(t.Names, e.ID)
			t.IDs[e.ID] = len(t.Names)
			t.Units = append(t.Units, ubengine.Unit{ID: len(t.Names), Side: side, Name: e.ID, Type: typ, Size: u.Size,
				Capacity: u.Capacity, MayEmbark: u.MayEmbark, MayCharge: u.MayCharge, AssaultVehicle: u.AssaultVehicle,
				MustMove: u.MustMove, Reserve: e.Reserve})
		}
	}
	for side, a := range t.Armies {
		for _, e := range a.Entries {
			if e.In != "" && e.Joins == "" {
				if id, ok := t.IDs[e.ID]; ok {
					t.Units[id-1].In = t.IDs[e.In]
				}
			}
		}
		_ = side
	}
	o, err := Orders(cat, nil)
	t.Orders = o
	return t, err
}

// Orders are the engine's orders read from the content's, with a
// check's changes over them.
func Orders(cat *ubcatalog.Catalog, changes map[string]map[string]any) (ubengine.Orders, error) {
	out := ubengine.DefaultOrders()
	for _, o := range cat.Orders {
		k, ok := ubengine.KindOf(o.ID)
		if !ok {
			continue
		}
		if ch, ok := changes[o.ID]; ok {
			b, _ := json.Marshal(ch)
			if err := json.Unmarshal(b, &o); err != nil {
				return out, fmt.Errorf("orders.%s: %v", o.ID, err)
			}
		}
		r := ubengine.Rule{Kind: k, ID: o.Rule, FromTransport: o.FromTransport, Condition: ubengine.Condition(o.Condition),
			Timing: ubengine.Timing(o.Timing), Handicaps: o.Handicaps, Shoots: o.Shoots, Charges: o.Charges}
		for _, name := range o.Types {
			if t, ok := ubengine.TypeOf(name); ok {
				r.Types = append(r.Types, t)
			}
		}
		out[k] = r
	}
	for id := range changes {
		if _, ok := ubengine.KindOf(id); !ok || id == "no-reaction" {
			return out, fmt.Errorf("orders: no order %q to change%s", id, Hint(id, ubcatalog.OrderIDs))
		}
	}
	return out, nil
}

// Hint is ` (did you mean "x"?)` for the closest of ids, or "".
func Hint(s string, ids []string) string {
	if c := suggest.Closest(s, ids); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// Side is the side of army id, -1 for none.
func (t *Table) Side(id string) int {
	for i, a := range t.Armies {
		if a.ID == id {
			return i
		}
	}
	return -1
}

// Format writes an order as checks and logs write it.
func (t *Table) Format(o ubengine.Order) string {
	if o.Kind == ubengine.NoReaction {
		return t.Armies[o.Side].ID + " no-reaction"
	}
	s := t.Names[o.Unit-1] + " " + o.Kind.String()
	if o.Target != 0 {
		s += " " + t.Names[o.Target-1]
	}
	if o.Moved {
		s += " move"
	}
	return s
}

// Parse reads an order written as Format writes it.
func (t *Table) Parse(s string) (ubengine.Order, error) {
	f := strings.Fields(s)
	if len(f) == 2 && f[1] == "no-reaction" {
		side := t.Side(f[0])
		if side < 0 {
			return ubengine.Order{}, fmt.Errorf("%q: no army %q in this game", s, f[0])
		}
		return ubengine.Order{Kind: ubengine.NoReaction, Side: side}, nil
	}
	if len(f) < 2 || len(f) > 4 {
		return ubengine.Order{}, fmt.Errorf("%q: expected \"UNIT ORDER [TARGET] [move]\" or \"ARMY no-reaction\"", s)
	}
	id, ok := t.IDs[f[0]]
	if !ok {
		return ubengine.Order{}, fmt.Errorf("%q: no unit %q%s", s, f[0], Hint(f[0], t.Names))
	}
	k, ok := ubengine.KindOf(f[1])
	if !ok || k == ubengine.NoReaction {
		return ubengine.Order{}, &ubengine.Refusal{Code: "unknown-order", Rule: "U-REACT-15",
			Msg: fmt.Sprintf("no order %q%s: the 13 orders are %s", f[1], Hint(f[1], ubcatalog.OrderIDs), strings.Join(ubcatalog.OrderIDs, ", "))}
	}
	o := ubengine.Order{Kind: k, Side: t.Units[id-1].Side, Unit: id}
	for _, w := range f[2:] {
		switch {
		case w == "move":
			o.Moved = true
		case o.Target == 0 && t.IDs[w] != 0:
			o.Target = t.IDs[w]
		default:
			return ubengine.Order{}, fmt.Errorf("%q: %q is neither a unit of this game nor \"move\"", s, w)
		}
	}
	return o, nil
}

// FormatRequest writes a resolution request: "STEP ORDER UNIT[>TARGET]
// [h1] [together]".
func (t *Table) FormatRequest(q ubengine.Request) string {
	s := string(q.Step) + " " + q.Kind.String() + " " + t.Names[q.Unit-1]
	if q.Target != 0 {
		s += ">" + t.Names[q.Target-1]
	}
	if q.Handicaps > 0 {
		s += fmt.Sprintf(" h%d", q.Handicaps)
	}
	if q.Together {
		s += " together"
	}
	return s
}
