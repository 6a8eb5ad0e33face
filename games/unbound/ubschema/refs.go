package ubschema

import (
	"fmt"
	"sort"
	"strings"
	"wbtool.dev/wbtool/schema"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
)

// references checks what the schema cannot: every id names something
// declared, transports carry no more than their capacity, characters
// join units of their own army.
func (l *loader) references(cat *ubcatalog.Catalog) {
	var rules, units, armies []string
	for _, r := range cat.SpecialRules {
		rules = append(rules, r.ID)
	}
	for _, u := range cat.Units {
		units = append(units, u.ID)
	}
	for _, a := range cat.Armies {
		armies = append(armies, a.ID)
	}
	unknown := func(p, what, id string, ids []string, section string) {
		l.errorf(l.at(p), p, "unknown %s %q%s: declare it under `%s` first", what, id, schema.Hint(id, ids), section)
	}
	has := func(ids []string, id string) bool {
		i := sort.SearchStrings(ids, id)
		return i < len(ids) && ids[i] == id
	}
	for _, u := range cat.Units {
		for i, r := range u.Rules {
			if !has(rules, r) {
				unknown(fmt.Sprintf("units.%s.rules.%d", u.ID, i), "special rule", r, rules, "specialRules")
			}
		}
		for w, wp := range u.Weapons {
			for i, r := range wp.Rules {
				if !has(rules, r) {
					unknown(fmt.Sprintf("units.%s.weapons.%d.rules.%d", u.ID, w, i), "special rule", r, rules, "specialRules")
				}
			}
		}
	}
	for _, a := range cat.Armies {
		entries := map[string]*ubcatalog.Entry{}
		var ids []string
		for i := range a.Entries {
			entries[a.Entries[i].ID] = &a.Entries[i]
			ids = append(ids, a.Entries[i].ID)
		}
		load := map[string]int{}
		for _, e := range a.Entries {
			p := "armies." + a.ID + ".units." + e.ID
			u := cat.Unit(e.Unit)
			if u == nil {
				unknown(p+".unit", "unit", e.Unit, units, "units")
				continue
			}
			if e.In != "" {
				t := entries[e.In]
				switch {
				case t == nil:
					l.errorf(l.at(p+".in"), p+".in", "no unit %q in army %s%s", e.In, a.ID, schema.Hint(e.In, ids))
				case cat.Unit(t.Unit) == nil:
				case cat.Unit(t.Unit).Capacity == 0:
					l.errorf(l.at(p+".in"), p+".in", "%s (%s) carries nobody: it has no capacity (U-UNIT-2)", e.In, t.Unit)
				case !u.MayEmbark:
					l.errorf(l.at(p+".in"), p+".in", "%s (%s) may not ride in transports (U-ORDER-7)", e.ID, e.Unit)
				default:
					load[e.In] += u.Size
				}
			}
			if e.Joins != "" {
				t := entries[e.Joins]
				switch {
				case t == nil:
					l.errorf(l.at(p+".joins"), p+".joins", "no unit %q in army %s%s", e.Joins, a.ID, schema.Hint(e.Joins, ids))
				case !u.Character:
					l.errorf(l.at(p+".joins"), p+".joins", "%s (%s) is not an independent character: only characters join units (U-UNIT-3)", e.ID, e.Unit)
				case t.Joins != "":
					l.errorf(l.at(p+".joins"), p+".joins", "%s joins %s, itself a character with a unit", e.ID, e.Joins)
				}
			}
		}
		for _, id := range ids {
			e := entries[id]
			if n := load[id]; n > 0 && cat.Unit(e.Unit) != nil && n > cat.Unit(e.Unit).Capacity {
				p := "armies." + a.ID + ".units." + id
				l.errorf(l.at(p), p, "%s carries %d places of units, more than its capacity of %d (U-ORDER-7)", id, n, cat.Unit(e.Unit).Capacity)
			}
		}
	}
	for _, s := range cat.Scenarios {
		p := "scenarios." + s.ID
		for i, a := range s.Armies {
			if !has(armies, a) {
				unknown(fmt.Sprintf("%s.armies.%d", p, i), "army", a, armies, "armies")
			}
		}
		if len(s.Zones) != len(s.Armies) {
			l.errorf(l.at(p+".zones"), p+".zones", "%d deployment zones for %d armies: give one per army (U-DEPLOY-2)", len(s.Zones), len(s.Armies))
		}
	}
	for _, c := range cat.Checks {
		l.checkArmies(cat, c, armies, unknown)
	}
}

// checkArmies: a check's armies exist and no unit id is in two of them
// (steps name units by id).
func (l *loader) checkArmies(cat *ubcatalog.Catalog, c ubcatalog.Check, armies []string, unknown func(p, what, id string, ids []string, section string)) {
	var head struct {
		Armies     []string `json:"armies"`
		Initiative string   `json:"initiative"`
	}
	if err := jsonUnmarshal(c.JSON, &head); err != nil {
		return
	}
	p := "checks." + c.ID
	owner := map[string]string{}
	named := map[string]bool{}
	for i, id := range head.Armies {
		a := cat.Army(id)
		if a == nil {
			unknown(fmt.Sprintf("%s.armies.%d", p, i), "army", id, armies, "armies")
			continue
		}
		if named[id] {
			l.errorf(l.at(fmt.Sprintf("%s.armies.%d", p, i)), p+".armies", "army %s is named twice: each side fields its own army", id)
			continue
		}
		named[id] = true
		for _, e := range a.Entries {
			if o, dup := owner[e.ID]; dup && o != id {
				l.errorf(l.at(fmt.Sprintf("%s.armies.%d", p, i)), p+".armies", "unit %q is in armies %s and %s: a check names units by id, so each must be in one army", e.ID, o, id)
			}
			owner[e.ID] = id
		}
	}
	if head.Initiative != "" && !strings.Contains(","+strings.Join(head.Armies, ",")+",", ","+head.Initiative+",") {
		l.errorf(l.at(p+".initiative"), p+".initiative", "initiative %q is not one of the check's armies (%s)", head.Initiative, strings.Join(head.Armies, ", "))
	}
}
