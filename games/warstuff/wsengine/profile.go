package wsengine

import (
	"fmt"
	"strings"
)

// Range is a ranged weapon's reach in inches (WS-BUILD-5): 9, 18 or 27,
// RangeFlame for the flame template, 0 for melee only.
type Range int8

// RangeFlame is the flame template (WS-SHOOT-5).
const RangeFlame Range = -1

// AttackRule is an attack special rule (WS-BUILD-6, 14.3).
type AttackRule uint8

// The attack special rules. Variable is not a rule of one weapon but the
// shape of a profile (two weapons, WS-BUILD-19).
const (
	Explosive AttackRule = iota
	Chaining
	Deadly
	Paralysing
	Piercing
	Precise
	Powerful
	Risky
	Scoped
	numAttackRules
)

// AttackRuleIDs are the digest's ids of the attack rules.
var AttackRuleIDs = [numAttackRules]string{"explosive", "chaining", "deadly", "paralysing", "piercing", "precise", "powerful", "risky", "scoped"}

// AttackRules is a set of attack rules.
type AttackRules uint16

// Has reports whether r is in the set.
func (s AttackRules) Has(r AttackRule) bool { return s&(1<<r) != 0 }

// Rule is a general special rule (WS-BUILD-8, 14.5), or a creature rule of
// the invasion scenario (WS-INV-15 to 17).
type Rule uint8

// The general special rules, then the creatures' own rules.
const (
	Agile Rule = iota
	ReinforcedArmour
	HitAndRun
	Camouflage
	Frightening
	Clumsy
	Frenzied
	Furious
	Stealthy
	LargeTarget
	Incapable
	Infiltrator
	Slow
	Medic
	Rallying
	SmallTarget
	Fast
	Regeneration
	Resilient
	Sturdy
	Fearless
	Suicidal
	Tactician
	Teleport
	Terrifying
	VeryFast
	Flying
	Headshot   // zombies: a hero's to-hit 6 eliminates (WS-INV-15)
	Unkillable // zombies: no wound roll (WS-INV-15)
	Sprotch    // zols: a wound makes it one size smaller (WS-INV-16)
	Cunning    // xenomorphs (WS-INV-17)
	// Countless and VariableSize act through the horde: its spawn dice
	// (WS-INV-15) and its merged sizes (WS-INV-16).
	Countless
	VariableSize
	numRules
)

// RuleIDs are the digest's ids of the general and creature rules.
var RuleIDs = [numRules]string{"agile", "reinforced_armour", "hit_and_run", "camouflage", "frightening", "clumsy",
	"frenzied", "furious", "stealthy", "large_target", "incapable", "infiltrator", "slow", "medic", "rallying",
	"small_target", "fast", "regeneration", "resilient", "sturdy", "fearless", "suicidal", "tactician", "teleport",
	"terrifying", "very_fast", "flying", "headshot", "unkillable", "sprotch", "cunning", "countless", "variable_size"}

// Rules is a set of general rules.
type Rules uint64

// Has reports whether r is in the set.
func (s Rules) Has(r Rule) bool { return s&(1<<r) != 0 }

// Power is a psychic power (WS-BUILD-21 to 30).
type Power uint8

// The nine powers.
const (
	MindBlast Power = iota
	Fireball
	Shock
	ConeOfCold
	LightningBolt
	Inspiration
	HandOfFire
	Paralysis
	Healing
	numPowers
)

// PowerSpec is a power's range and difficulty (WS-BUILD-22 to 30).
type PowerSpec struct {
	ID         string
	Range      float64 // 0: the Psyker itself; −1: the flame template
	Difficulty int8
}

// PowerSpecs lists the powers in Power order.
var PowerSpecs = [numPowers]PowerSpec{
	{"mind_blast", 9, 5}, {"fireball", 9, 4}, {"shock", 9, 3}, {"cone_of_cold", -1, 3},
	{"lightning_bolt", 18, 4}, {"inspiration", 6, 4}, {"hand_of_fire", 0, 3}, {"paralysis", 6, 4}, {"healing", 9, 3},
}

// Powers is a set of powers.
type Powers uint16

// Has reports whether p is in the set.
func (s Powers) Has(p Power) bool { return s&(1<<p) != 0 }

// Weapon is one ranged weapon profile.
type Weapon struct {
	Range Range
	Rules AttackRules
}

// Profile is what the engine knows of a figure type: its quality, ranged
// weapon(s), melee rules, powers, general rules, base and cost.
type Profile struct {
	ID       string
	Quality  int8      // N of N+
	Weapons  [2]Weapon // Weapons[:NWeapons]; two for a Variable weapon
	NWeapons int8
	Melee    AttackRules
	Powers   Powers
	Rules    Rules
	Base     float64 // diameter in inches
	Cost     int16
	// Smaller is the profile a zol becomes when wounded (Sprotch), −1 for
	// none (a mini-zol is eliminated).
	Smaller int16
}

// Radius is half the base diameter.
func (p *Profile) Radius() float64 { return p.Base / 2 }

// Ranged reports whether the profile can shoot.
func (p *Profile) Ranged() bool { return p.NWeapons > 0 }

// Speed is the normal move (WS-ACT-8).
func (p *Profile) Speed() float64 {
	switch {
	case p.Rules.Has(Slow):
		return 4
	case p.Rules.Has(VeryFast):
		return 10
	case p.Rules.Has(Fast):
		return 8
	}
	return 6
}

// WeaponSpec is a ranged weapon as content gives it.
type WeaponSpec struct {
	Range string   `json:"range"` // "9", "18", "27" or "flame"
	Rules []string `json:"rules,omitempty"`
}

// ProfileSpec is a profile as content and check games give it: the
// digest's ids (WS-BUILD-1). The catalog's profiles convert into it;
// NewProfile turns it into a Profile.
type ProfileSpec struct {
	ID      string `json:"id,omitempty"`
	Quality int    `json:"quality"`
	// Ranged: none (melee only), one weapon, or two for a Variable weapon.
	Ranged     []WeaponSpec `json:"ranged,omitempty"`
	MeleeRules []string     `json:"meleeRules,omitempty"`
	Powers     []string     `json:"powers,omitempty"`
	Rules      []string     `json:"rules,omitempty"`
	Base       float64      `json:"base,omitempty"` // default 1", 2" with large_target
	Cost       int          `json:"cost,omitempty"` // scored when eliminated, morale
	// Smaller names the profile a Sprotch zol becomes when wounded.
	Smaller string `json:"smaller,omitempty"`
}

func lookup(ids []string, id string) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}

func attackRules(ids []string) (AttackRules, error) {
	var s AttackRules
	for _, id := range ids {
		i := lookup(AttackRuleIDs[:], id)
		if i < 0 {
			return 0, fmt.Errorf("unknown attack rule %q (one of %s)", id, strings.Join(AttackRuleIDs[:], ", "))
		}
		s |= 1 << i
	}
	return s, nil
}

// NewProfile converts a ProfileSpec. Smaller is resolved by the caller
// (it names another profile).
func NewProfile(sp ProfileSpec) (Profile, error) {
	p := Profile{ID: sp.ID, Quality: int8(sp.Quality), Base: sp.Base, Cost: int16(sp.Cost), Smaller: -1}
	if sp.Quality < 2 || sp.Quality > 6 {
		return p, fmt.Errorf("quality %d: a quality is 2 to 6", sp.Quality)
	}
	if len(sp.Ranged) > 2 {
		return p, fmt.Errorf("%d ranged weapons: at most two (a Variable weapon)", len(sp.Ranged))
	}
	for i, w := range sp.Ranged {
		switch w.Range {
		case "9":
			p.Weapons[i].Range = 9
		case "18":
			p.Weapons[i].Range = 18
		case "27":
			p.Weapons[i].Range = 27
		case "flame":
			p.Weapons[i].Range = RangeFlame
		default:
			return p, fmt.Errorf("range %q: one of 9, 18, 27, flame", w.Range)
		}
		r, err := attackRules(w.Rules)
		if err != nil {
			return p, err
		}
		p.Weapons[i].Rules = r
	}
	p.NWeapons = int8(len(sp.Ranged))
	var err error
	if p.Melee, err = attackRules(sp.MeleeRules); err != nil {
		return p, err
	}
	for _, id := range sp.Powers {
		i := -1
		for j := range PowerSpecs {
			if PowerSpecs[j].ID == id {
				i = j
			}
		}
		if i < 0 {
			return p, fmt.Errorf("unknown power %q", id)
		}
		p.Powers |= 1 << i
	}
	for _, id := range sp.Rules {
		i := lookup(RuleIDs[:], id)
		if i < 0 {
			return p, fmt.Errorf("unknown special rule %q", id)
		}
		p.Rules |= 1 << i
	}
	if p.Base == 0 {
		p.Base = 1
		if p.Rules.Has(LargeTarget) {
			p.Base = 2 // WS-GEOM-2
		}
	}
	return p, nil
}

// Profiles converts specs, resolving Smaller, and returns the index of
// each id.
func Profiles(specs []ProfileSpec) ([]Profile, map[string]int16, error) {
	ps := make([]Profile, len(specs))
	idx := make(map[string]int16, len(specs))
	for i, sp := range specs {
		p, err := NewProfile(sp)
		if err != nil {
			return nil, nil, fmt.Errorf("profile %s: %v", sp.ID, err)
		}
		ps[i] = p
		idx[sp.ID] = int16(i)
	}
	for i, sp := range specs {
		if sp.Smaller == "" {
			continue
		}
		j, ok := idx[sp.Smaller]
		if !ok {
			return nil, nil, fmt.Errorf("profile %s: smaller %q is not a profile", sp.ID, sp.Smaller)
		}
		ps[i].Smaller = j
	}
	return ps, idx, nil
}
