package ubmatch

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"wbtool.dev/wbtool/engine/botkit"
	"wbtool.dev/wbtool/games/unbound/ubengine"
)

// weapons says which of a unit's weapons matter to the stand-in: an
// assault weapon or pistol (the preliminary shot), a twin-linked one (an
// advantage, U-RULE-5).
func (g *game) weapons(id int) (assault, twin bool) {
	a := g.t.Armies[g.s.Units[id-1].Side]
	for _, e := range a.Entries {
		if e.ID != g.name(id) {
			continue
		}
		if u := g.m.Cat.Unit(e.Unit); u != nil {
			for _, w := range u.Weapons {
				assault = assault || w.Type == "assault" || w.Type == "pistol"
				twin = twin || slices.Contains(w.Rules, "twin-linked")
			}
		}
	}
	return assault, twin
}

// killChance is the stand-in's chance in 36ths that a shot of mode
// destroys an uncovered target.
func killChance(m ubengine.ShotMode) int {
	switch m {
	case ubengine.RerollMisses:
		return 12 // 5+
	case ubengine.Normal:
		return 6 // 6
	case ubengine.RerollHits:
		return 3 // a 6, then a 4+
	}
	return 0
}

// shot resolves one shot of unit at target with the stand-in table.
func (g *game) shot(unit, target, handicaps int, preliminary bool, gone map[int]bool) {
	if target == 0 || g.s.Units[target-1].Gone || gone[target] {
		return
	}
	assault, twin := g.weapons(unit)
	if preliminary && !assault {
		g.say("    stand-in: %s has no assault weapon or pistol: no preliminary shot (U-ORDER-5)", g.name(unit))
		return
	}
	adv := 0
	if twin {
		adv = 1
	}
	mode := ubengine.Ladder(adv, handicaps)
	if mode == ubengine.NoShot {
		g.say("    stand-in: %s: %s (U-SHOOT-2)", g.name(unit), mode)
		return
	}
	roll := g.d6()
	hit := false
	switch mode {
	case ubengine.RerollMisses:
		hit = roll >= 5
	case ubengine.Normal:
		hit = roll == 6
	case ubengine.RerollHits:
		hit = roll == 6 && g.d6() >= 4
	}
	if hit && g.cover[target] {
		if save := g.d6(); save >= 4 {
			g.say("    stand-in: %s at %s, %s: roll %d, saved by cover on %d", g.name(unit), g.name(target), mode, roll, save)
			return
		}
	}
	if !hit {
		g.say("    stand-in: %s at %s, %s: roll %d, no effect", g.name(unit), g.name(target), mode, roll)
		return
	}
	g.say("    stand-in: %s at %s, %s: roll %d: %s destroyed", g.name(unit), g.name(target), mode, roll, g.name(target))
	gone[target] = true
	g.vp[g.s.Units[unit-1].Side]++
	g.lost[g.s.Units[target-1].Side]++
}

func (g *game) lock(a, b int) {
	for _, p := range g.locked {
		if p == [2]int{a, b} || p == [2]int{b, a} {
			return
		}
	}
	g.locked = append(g.locked, [2]int{a, b})
}

// resolve answers a closed window's requests in order (U-REACT-13) with
// the stand-in table, then records the units destroyed (U-TOKEN-6).
func (g *game) resolve(reqs []ubengine.Request) error {
	gone := map[int]bool{}
	met := map[int]bool{} // assaulters met by a counter-charge
	for i, q := range reqs {
		together := i+1 < len(reqs) && reqs[i+1].Together
		acting := !gone[q.Unit] || q.Together
		if !acting {
			continue
		}
		rule := g.s.Orders[q.Kind]
		switch {
		case q.Step == ubengine.StepOrder && q.Kind == ubengine.Shoot,
			(q.Step == ubengine.StepReaction || q.Step == ubengine.StepCounter) && rule.Shoots:
			g.shot(q.Unit, q.Target, q.Handicaps, false, gone)
		case q.Step == ubengine.StepPreliminary:
			g.shot(q.Unit, q.Target, 0, true, gone)
		case q.Kind == ubengine.CounterCharge && (q.Step == ubengine.StepReaction || q.Step == ubengine.StepCounter):
			if !gone[q.Target] {
				g.lock(q.Unit, q.Target)
				met[q.Target] = true
				g.say("    stand-in: %s meets %s's assault: locked (U-REACT-9)", g.name(q.Unit), g.name(q.Target))
			}
		case q.Kind == ubengine.Interception:
			if !gone[q.Target] {
				a, b := g.d6(), g.d6()
				if a+b >= 7 {
					g.lock(q.Unit, q.Target)
					g.say("    stand-in: %s intercepts %s: %d+%d, locked (U-REACT-12)", g.name(q.Unit), g.name(q.Target), a, b)
				} else {
					g.say("    stand-in: %s fails to intercept: %d+%d", g.name(q.Unit), a, b)
				}
			}
		case q.Step == ubengine.StepCharge:
			if gone[q.Target] || gone[q.Unit] || g.s.Units[q.Target-1].Gone {
				continue
			}
			if met[q.Unit] {
				continue
			}
			a, b := g.d6(), g.d6()
			if a+b >= 7 {
				g.lock(q.Unit, q.Target)
				g.say("    stand-in: charge %d+%d: %s locked with %s", a, b, g.name(q.Unit), g.name(q.Target))
			} else {
				g.say("    stand-in: charge %d+%d: %s falls short", a, b, g.name(q.Unit))
			}
		}
		_ = together
	}
	if len(gone) == 0 {
		return nil
	}
	var ids []int
	for id := range gone {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	n, err := g.s.Destroyed(ids...)
	if err != nil {
		return err
	}
	g.s = n
	g.locked = slices.DeleteFunc(g.locked, func(p [2]int) bool { return gone[p[0]] || gone[p[1]] })
	return nil
}

// melee resolves the combats in the stand-in's way (U-MELEE-1): the
// lower die loses, destroyed when it lost by 3 or more.
func (g *game) melee() {
	var keep [][2]int
	for _, p := range g.locked {
		a, b := p[0], p[1]
		if g.s.Units[a-1].Gone || g.s.Units[b-1].Gone {
			continue
		}
		ra, rb := g.d6(), g.d6()
		loser, by := 0, 0
		switch {
		case ra > rb:
			loser, by = b, ra-rb
		case rb > ra:
			loser, by = a, rb-ra
		}
		if loser != 0 && by >= 3 {
			winner := a + b - loser
			g.say("  close combat (stand-in): %s %d, %s %d: %s destroyed", g.name(a), ra, g.name(b), rb, g.name(loser))
			if n, err := g.s.Destroyed(loser); err == nil {
				g.s = n
				g.vp[g.s.Units[winner-1].Side]++
				g.lost[g.s.Units[loser-1].Side]++
			}
			continue
		}
		g.say("  close combat (stand-in): %s %d, %s %d: still locked", g.name(a), ra, g.name(b), rb)
		keep = append(keep, p)
	}
	g.locked = keep
}

// bot chooses among the legal orders.
type bot interface {
	choose(g *game, legal []ubengine.Order) int
}

func newBot(name string, seed uint64) bot {
	if lv, ok := botkit.ParseSearch(name); ok {
		return newSearchBot(lv, seed)
	}
	if name == "random" {
		return randomBot{botkit.NewRand(seed, botkit.RandomStream)}
	}
	return greedyBot{}
}

type randomBot struct{ r *rand.Rand }

func (b randomBot) choose(_ *game, legal []ubengine.Order) int { return b.r.IntN(len(legal)) }

// greedyBot scores each legal order by what the stand-in table expects
// of it: destroying an enemy unit is worth 36, a shot its chance in 36ths;
// a charge locks; keeping a token for later is worth a little.
type greedyBot struct{}

func (greedyBot) choose(g *game, legal []ubengine.Order) int {
	return botkit.Greedy(len(legal), func(i int) (int, bool) { return score(g, legal[i]), true })
}

func score(g *game, o ubengine.Order) int {
	rule := g.s.Orders[o.Kind]
	shoots := func(handicaps int) int {
		_, twin := g.weapons(o.Unit)
		adv := 0
		if twin {
			adv = 1
		}
		v := killChance(ubengine.Ladder(adv, handicaps+rule.Handicaps))
		if o.Target != 0 && g.s.Units[o.Target-1].Tokens > 0 {
			v += 2 // an enemy that has not acted yet
		}
		if o.Target != 0 && g.cover[o.Target] {
			v /= 2
		}
		return v
	}
	switch o.Kind {
	case ubengine.NoReaction:
		return 3
	case ubengine.Shoot, ubengine.ReturnFire, ubengine.OverwatchFire, ubengine.CoveringFire:
		v := shoots(0)
		if o.Moved {
			v--
		}
		return v
	case ubengine.Assault:
		assault, _ := g.weapons(o.Unit)
		v := 8
		if assault {
			v += 3
		}
		return v
	case ubengine.CounterCharge:
		return 7
	case ubengine.Interception:
		return 4
	case ubengine.GoToGround, ubengine.TakeCover:
		return 2
	case ubengine.Disembark:
		return 5
	}
	return 1
}

// account helpers

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func joinSides(names []string, vp []int) string {
	var parts []string
	for i, n := range names {
		parts = append(parts, fmt.Sprintf("%s %s", n, plural(vp[i], "VP", "VP")))
	}
	return strings.Join(parts, ", ")
}
