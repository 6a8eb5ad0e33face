package wsengine

import (
	"errors"

	"wbtool.dev/wbtool/games/warstuff/wsengine/geom"
)

// Kind is the kind of a decision.
type Kind int8

// The decisions.
const (
	Pass          Kind = iota // pass the go (WS-ACT-3), or end the heroes' phase (WS-INV-10)
	Activate                  // activate a figure with an option
	First                     // the initiative winner names the first player (WS-ACT-2)
	Interrupt                 // an Overwatch figure shoots the mover at a point (WS-ALERT-2)
	NoInterrupt               // let the mover go on
	PostMove                  // the 2" move after a combat, or none (empty path)
	Device                    // the hero who tries the device (WS-INV-11)
	Riposte                   // the charged figure ripostes (WS-MELEE-3)
	FuriousAttack             // the Furious charger attacks again (WS-MELEE-4)
	Decline                   // no riposte, or no second Furious attack
	MoraleTest                // the next end-of-turn morale test (WS-MORALE-4), and the Rallying figure used (WS-QUAL-8)
	Attacker                  // the roll-off's winner names the attacker, Choice (WS-SCEN-2)
	Corner                    // a player's corner, Choice 0 to 3 (CornerNames; WS-SCEN-3, WS-BIG-5, WS-INV-3)
	Deploy                    // place Fig at Path.W[0] within 9" of its corner (WS-SCEN-4)
	Infiltrate                // place an Infiltrator more than 9" from every enemy (WS-BUILD-42)
	Reserve                   // keep a Teleport figure in reserve (WS-BUILD-54)
)

var kindNames = [...]string{"pass", "activate", "first", "interrupt", "no-interrupt", "post-move", "device",
	"riposte", "furious", "decline", "morale", "attacker", "corner", "deploy", "infiltrate", "reserve"}

func (k Kind) String() string { return kindNames[k] }

// Option is an activation option (WS-ACT-7) or a special activation.
type Option int8

// The options.
const (
	NoOption Option = iota
	MoveShoot
	AimedShot
	TakeCover
	MoveOverwatch
	Run
	Charge
	Sabotage // WS-INV-10
	Arrive   // Teleport arrival (WS-BUILD-54)
	creature // a creature's automatic activation (WS-INV-7)
)

// OptionIDs name the options in check games and logs.
var OptionIDs = [...]string{"", "move-shoot", "aimed-shot", "take-cover", "move-overwatch", "run", "charge", "sabotage", "arrive", "creature"}

// NoFig is "no figure" in a decision.
const NoFig int8 = -1

// Decision is one choice of a player (section 19 of the digest).
type Decision struct {
	Kind   Kind
	Side   int8
	Fig    int8
	Option Option
	Path   Path     // the move; Arrive: W[0] is where it appears
	Target int8     // the shot's or the charge's target, NoFig for none
	Weapon int8     // Variable: which of the two weapons
	Axis   geom.Vec // flame template direction
	// Chain lists Chaining follow-up targets in order (NoFig ends it).
	Chain [3]int8
	Heal  int8 // Medic: the patient instead of the shot (WS-BUILD-44)
	// Suicide: blow itself up instead of the shot or attack (WS-BUILD-52).
	Suicide bool
	// Power: 1 + the power used, 0 none; PowerLate: at the end.
	Power       int8
	PowerLate   bool
	PowerTarget int8
	PowerAxis   geom.Vec
	// MorePowers: how many powers the decision names besides Power; the
	// rules allow none (WS-BUILD-21: one power per activation), so a
	// decision naming several is refused (ErrOnePower).
	MorePowers int8
	// NoAttack: the charger does not attack once in contact (the rulebook:
	// it *may* attack, WS-MELEE-2); the combat goes on with the riposte.
	NoAttack bool
	// Choice: First's first player, Attacker's attacker, Corner's corner
	// (0 to 3, CornerNames); Dir: the direction of play around the table
	// in a multiplayer game, +1 clockwise or −1 (WS-BIG-6).
	Choice int8
	Dir    int8
	// At: Interrupt's distance along the rest of the move.
	At float64
	// After: the Hit and Run move (WS-BUILD-33).
	After Path
	// Order: the figures whose hits the player resolves first, in this
	// order, when its side's attack hits several at once (WS-SHOOT-7);
	// the others follow in figure order. NoFig ends the list.
	Order [4]int8
}

// NewDecision returns a decision of kind k with every figure field set to
// NoFig.
func NewDecision(k Kind, side, fig int8) Decision {
	return Decision{Kind: k, Side: side, Fig: fig, Target: NoFig, Heal: NoFig, PowerTarget: NoFig,
		Chain: [3]int8{NoFig, NoFig, NoFig}, Order: [4]int8{NoFig, NoFig, NoFig, NoFig}}
}

// activation stages.
const (
	stIdle = iota
	stMove
	stAction
	stPostMove
	stEnd
)

// activation is the activation in progress (resumable across Overwatch
// and post-combat decisions).
type activation struct {
	d       Decision
	fig     int8
	stage   int8
	way     int8
	begun   bool  // steps (a) to (e) are done
	asked   uint8 // the sides that answered the Overwatch question "no" for this move
	ended   bool  // the figure was Stunned or eliminated: it ends at once
	combat  [2]int8
	postFig int8
	// extra is the move after the combat in progress (exPost: the 2"
	// move of postFig along post; exAfter: the Hit and Run move along
	// d.After), walked from waypoint pway; Overwatch may interrupt it
	// (WS-ALERT-2).
	extra int8
	post  Path
	pway  int8
	// cstep is how far the combat got (combatOn); scare the Frightening
	// and Terrifying tests' results of the charger and the charged.
	cstep int8
	scare [2]int8
	free  bool // Inspiration's free activation
	spawn bool // a creature appearing (WS-INV-8)
}

// hurt records that t was Stunned or eliminated.
func (a *activation) hurt(t int8) {
	if a.fig < 0 {
		return
	}
	if t == a.fig {
		a.ended = true
	}
}

// Error codes of illegal decisions (check games' `fails:`).
const (
	ErrNotYourTurn  = "not-your-turn"
	ErrUnknownFig   = "unknown-figure"
	ErrActivated    = "already-activated"
	ErrNotInPlay    = "not-in-play"
	ErrFirstPass    = "first-go-pass"
	ErrNoShot       = "no-shot"
	ErrNoSight      = "no-line-of-sight"
	ErrOutOfRange   = "out-of-range"
	ErrNotEnemy     = "not-an-enemy"
	ErrStunned      = "stunned"
	ErrNoRanged     = "melee-only"
	ErrMustCharge   = "must-charge"
	ErrNoPower      = "no-such-power"
	ErrBadTarget    = "bad-target"
	ErrNoMove       = "no-move"
	ErrNotNow       = "not-now"
	ErrIncapable    = "incapable"
	ErrNoObjective  = "no-objective"
	ErrNearEnemy    = "near-enemy"
	ErrNotInReserve = "not-in-reserve"
	ErrBadOption    = "bad-option"
	ErrNoRally      = "not-rallying"
	ErrNoPass       = "no-pass"
	ErrOnePower     = "one-power-per-activation"
)

// IllegalError is a decision the rules forbid; Code is stable.
type IllegalError struct{ Code string }

func (e *IllegalError) Error() string { return e.Code }

func illegal(code string) error { return &IllegalError{Code: code} }

// Code returns the code of an illegal decision, "" for other errors.
func Code(err error) string {
	var ie *IllegalError
	if errors.As(err, &ie) {
		return ie.Code
	}
	return ""
}

// allowance is the movement an option gives (WS-ACT-7, WS-ACT-8).
func (s *State) allowance(f int8, o Option) float64 {
	v := s.prof(f).Speed()
	switch o {
	case MoveShoot, MoveOverwatch:
		return v
	case Run:
		return 2 * v
	case Charge, creature:
		return 1.5 * v
	}
	return 0
}

// canShoot checks a shot of a at t with weapon w from point p (WS-SHOOT-1);
// "" when legal.
func (s *State) canShoot(a, t int8, w int8, p geom.Vec) string {
	pr := s.prof(a)
	if !pr.Ranged() {
		return ErrNoRanged
	}
	if w < 0 || w >= pr.NWeapons {
		return ErrNoShot
	}
	if t < 0 || t >= s.n || !s.inPlay(t) {
		return ErrNotInPlay
	}
	if !s.enemies(a, t) {
		return ErrNotEnemy
	}
	if s.figs[a].has(fStunned) {
		return ErrStunned
	}
	rg := pr.Weapons[w].Range
	if rg == RangeFlame {
		return ErrBadTarget // the template is aimed with an axis
	}
	ra, q, rt := s.radius(a), s.figs[t].P, s.radius(t)
	if !geom.Within(p, ra, q, rt, float64(rg)) && geom.Gap(p, ra, q, rt) > float64(rg)+1e-9 {
		return ErrOutOfRange
	}
	if !s.seesFrom(a, p, t) {
		return ErrNoSight
	}
	return ""
}

// underTemplate lists the figures under a flame template of a along axis
// that a sees (WS-GEOM-9), and whether one of them is an enemy.
func (s *State) underTemplate(a int8, axis geom.Vec, buf []int8) ([]int8, bool) {
	return s.underTemplateFrom(a, s.figs[a].P, axis, buf)
}

// underTemplateFrom is underTemplate with a standing at p.
func (s *State) underTemplateFrom(a int8, p, axis geom.Vec, buf []int8) ([]int8, bool) {
	tp := geom.FlameTemplate(p, s.radius(a), axis)
	enemy := false
	for i := range s.n {
		if i == a || !s.inPlay(i) || tp.Gap(s.figs[i].P, s.radius(i)) > 0 || !s.seesFrom(a, p, i) {
			continue
		}
		buf = append(buf, i)
		enemy = enemy || s.enemies(a, i)
	}
	return buf, enemy
}

// canCharge checks a charge of f at t along its path (WS-MELEE-1).
func (s *State) canCharge(f, t int8, pa *Path) string {
	if t < 0 || t >= s.n || !s.inPlay(t) {
		return ErrNotInPlay
	}
	if !s.enemies(f, t) {
		return ErrNotEnemy
	}
	if !s.sees(f, t) {
		return ErrNoSight
	}
	return s.checkPath(f, pa, s.allowance(f, Charge), t)
}

// checkActivation validates an Activate decision before anything happens.
func (s *State) checkActivation(d *Decision) error {
	f := d.Fig
	if f < 0 || f >= s.n {
		return illegal(ErrUnknownFig)
	}
	if d.MorePowers != 0 {
		return illegal(ErrOnePower) // WS-BUILD-21: one power per activation
	}
	fig := &s.figs[f]
	if fig.Side != s.toAct {
		return illegal(ErrNotYourTurn)
	}
	if s.pend == pendFree {
		if f != s.free {
			return illegal(ErrBadTarget)
		}
	} else if fig.has(fActivated) {
		return illegal(ErrActivated)
	}
	if fig.has(fReserve) {
		if d.Option != Arrive {
			return illegal(ErrNotInReserve)
		}
		return s.checkArrive(f, d.Path.End(fig.P))
	}
	if !fig.has(fInPlay) {
		return illegal(ErrNotInPlay)
	}
	if fig.has(fStunned) {
		return nil // it does nothing (WS-ACT-6 c): the option is ignored
	}
	if d.Option < MoveShoot || d.Option > Sabotage {
		return illegal(ErrBadOption)
	}
	if s.has(f, Frenzied) && d.Option != Charge && s.frenzyTarget(f) { // WS-BUILD-37
		return illegal(ErrMustCharge)
	}
	switch d.Option {
	case AimedShot, TakeCover, Sabotage:
		if d.Path.N > 0 {
			return illegal(ErrNoMove)
		}
	case MoveShoot, MoveOverwatch, Run:
		if c := s.checkPath(f, &d.Path, s.allowance(f, d.Option), NoFig); c != "" {
			return illegal(c)
		}
	case Charge:
		if c := s.canCharge(f, d.Target, &d.Path); c != "" {
			return illegal(c)
		}
	}
	if d.Option == Sabotage {
		if s.g.Scenario != Invasion {
			return illegal(ErrBadOption)
		}
		if s.has(f, Incapable) {
			return illegal(ErrIncapable)
		}
		if s.touchedObjective(f) < 0 {
			return illegal(ErrNoObjective)
		}
	}
	end := d.Path.End(fig.P)
	shoots := d.Option == MoveShoot || d.Option == AimedShot || d.Option == TakeCover
	if !shoots && (d.Target >= 0 && d.Option != Charge || d.Heal >= 0 || d.Axis != (geom.Vec{})) {
		return illegal(ErrNoShot)
	}
	if d.Suicide && !s.has(f, Suicidal) {
		return illegal(ErrBadOption)
	}
	if shoots && !d.Suicide {
		if err := s.checkShot(f, d, end); err != nil {
			return err
		}
	}
	if d.NoAttack && (d.Option != Charge || d.Suicide || d.After.N > 0) {
		return illegal(ErrBadOption)
	}
	if d.Power > 0 {
		// WS-BUILD-21: from where the Psyker stands when it uses the
		// power: before its move at the start, where it ends at the end
		at := fig.P
		if d.PowerLate {
			at = end
		}
		if err := s.checkPower(f, d, at); err != nil {
			return err
		}
	}
	if d.After.N > 0 && (d.Option != Charge || !s.has(f, HitAndRun)) {
		return illegal(ErrNoMove)
	}
	return nil
}

// checkShot validates the shot (or the Medic heal) of options 1–3, from
// the end of the move. A shot at a visible target is checked now; what the
// move may change (Overwatch, falls) is checked again when it is taken.
func (s *State) checkShot(f int8, d *Decision, end geom.Vec) error {
	if d.Heal >= 0 {
		if !s.has(f, Medic) || d.Target >= 0 {
			return illegal(ErrBadOption)
		}
		if d.Heal >= s.n || d.Heal == f || !s.inPlay(d.Heal) || s.enemies(f, d.Heal) {
			return illegal(ErrBadTarget)
		}
		if geom.Gap(end, s.radius(f), s.figs[d.Heal].P, s.radius(d.Heal)) > geom.Contact {
			return illegal(ErrNotInContact)
		}
		return nil
	}
	pr := s.prof(f)
	if d.Target < 0 && d.Axis == (geom.Vec{}) {
		return nil // no shot
	}
	if d.Weapon < 0 || d.Weapon >= max(pr.NWeapons, 1) {
		return illegal(ErrNoShot)
	}
	if !pr.Ranged() {
		return illegal(ErrNoRanged)
	}
	if pr.Weapons[d.Weapon].Range == RangeFlame {
		if d.Target >= 0 || d.Axis == (geom.Vec{}) {
			return illegal(ErrBadTarget)
		}
		if d.Path.N == 0 {
			var buf [MaxFigs]int8
			if _, enemy := s.underTemplate(f, d.Axis, buf[:0]); !enemy {
				return illegal(ErrBadTarget) // WS-SHOOT-5
			}
		}
		return nil
	}
	if c := s.canShoot(f, d.Target, d.Weapon, end); c != "" {
		return illegal(c)
	}
	return nil
}

// Do applies a decision: it validates it first (an illegal decision
// returns an *IllegalError and leaves the state unchanged), then resolves
// it and runs the game on to the next decision, appending events to ev.
func (s *State) Do(d Decision, dice *Dice, ev []Event) ([]Event, error) {
	saved := *s
	s.dec = d
	x := &ctx{dice: dice, ev: ev, dec: &s.dec}
	err := s.do(x, &s.dec)
	if err == nil {
		err = x.err
	}
	if err != nil {
		*s = saved
		return ev, err
	}
	return x.ev, nil
}

func (s *State) do(x *ctx, d *Decision) error {
	if s.pend == pendOver {
		return illegal(ErrNotNow)
	}
	for _, o := range d.Order {
		if o < NoFig || o >= s.n {
			return illegal(ErrUnknownFig)
		}
	}
	switch d.Kind {
	case Pass:
		return s.pass(x, d)
	case Activate:
		if s.pend != pendGo && s.pend != pendFree {
			return illegal(ErrNotNow)
		}
		if err := s.checkActivation(d); err != nil {
			return err
		}
		s.passes = 0
		s.goes++
		s.startActivation(x, d)
		if err := s.run(x); err != nil {
			return err
		}
	case First:
		if s.pend != pendFirst {
			return illegal(ErrNotNow)
		}
		if d.Side != s.toAct {
			return illegal(ErrNotYourTurn) // the initiative winner chooses (WS-ACT-2, WS-BIG-6)
		}
		if d.Choice < 0 || d.Choice >= s.g.sides() || d.Dir < -1 || d.Dir > 1 {
			return illegal(ErrBadTarget)
		}
		s.first, s.toAct, s.dir = d.Choice, d.Choice, 1
		if d.Dir < 0 {
			s.dir = -1
		}
		x.note(EvFirst, -1, -1, int16(d.Choice), "")
		s.pend = pendNone
		if err := s.openGo(x); err != nil {
			return err
		}
		return s.advance(x)
	case Interrupt, NoInterrupt:
		if s.pend != pendOverwatch {
			return illegal(ErrNotNow)
		}
		if err := s.interrupt(x, d); err != nil {
			return err
		}
		if err := s.run(x); err != nil {
			return err
		}
	case PostMove:
		if s.pend != pendPostMove {
			return illegal(ErrNotNow)
		}
		if err := s.postMove(x, d); err != nil {
			return err
		}
		if err := s.run(x); err != nil {
			return err
		}
	case Device:
		return s.device(x, d)
	case Riposte, FuriousAttack, Decline:
		if err := s.strikeBack(x, d); err != nil {
			return err
		}
		if err := s.run(x); err != nil {
			return err
		}
	case MoraleTest:
		if err := s.moraleTest(x, d); err != nil {
			return err
		}
	case Attacker, Corner, Deploy, Infiltrate, Reserve:
		return s.setupDecision(x, d)
	default:
		return illegal(ErrBadOption)
	}
	return s.advance(x)
}

// startActivation is WS-ACT-6 (a) to (c).
func (s *State) startActivation(x *ctx, d *Decision) {
	f := d.Fig
	fig := &s.figs[f]
	free := s.pend == pendFree
	s.pend = pendNone
	s.act = activation{d: *d, fig: f, stage: stMove, combat: [2]int8{NoFig, NoFig}, postFig: NoFig, free: free}
	if !free {
		fig.Flags |= fActivated
	}
	s.free = NoFig
	x.note(EvActivate, f, -1, 0, OptionIDs[d.Option])
	fig.Flags &^= fCover | fOverwatch // (a): WS-COVER-3, WS-ALERT-3
}

// run carries the activation on until it ends or waits for a decision.
func (s *State) run(x *ctx) error {
	a := &s.act
	for a.fig >= 0 && s.pend == pendNone && x.err == nil {
		var err error
		switch a.stage {
		case stMove:
			err = s.stageStart(x)
		case stAction:
			err = s.stageAction(x)
		case stPostMove:
			err = s.extraMove(x)
		case stEnd:
			err = s.stageEnd(x)
		}
		if err != nil {
			return err
		}
	}
	return x.err
}

// stageStart: regeneration, Stunned, the early power and the move.
func (s *State) stageStart(x *ctx) error {
	a := &s.act
	f := a.fig
	fig := &s.figs[f]
	d := &a.d
	if !a.begun {
		a.begun = true
		if fig.has(fReserve) {
			return s.arrive(x)
		}
		if s.has(f, Regeneration) && fig.Wounds > 0 { // (b) WS-BUILD-48
			ok, err := s.fixed(x, RollRegen, f, 4, 0)
			if err != nil {
				return err
			}
			if ok {
				fig.Wounds--
				x.note(EvHeal, f, -1, 1, "regeneration")
			}
		}
		if fig.has(fStunned) { // (c)
			fig.Flags &^= fStunned
			x.note(EvUnstunned, f, -1, 0, "")
			a.stage = stEnd
			a.ended = true
			return nil
		}
		if d.Option == Charge {
			ok, err := s.stealthyOK(x, f, d.Target, fig.P) // WS-MELEE-1
			if err != nil {
				return err
			}
			if !ok {
				a.ended = true
				a.stage = stEnd
				return nil
			}
		}
		if d.Power > 0 && !d.PowerLate { // (e)
			if err := s.usePower(x); err != nil {
				return err
			}
			if a.ended {
				a.stage = stEnd
				return nil
			}
		}
	}
	if a.spawn {
		if s.askOverwatch(x) {
			return nil
		}
		a.stage = stAction
		return nil
	}
	if a.way < d.Path.N {
		if s.askOverwatch(x) {
			return nil
		}
		ok, err := s.walk(x, f, &d.Path, &a.way, 1e9)
		if err != nil {
			return err
		}
		if !ok || a.ended {
			a.ended = true
			a.stage = stEnd
			return nil
		}
		if s.has(f, Flying) {
			if err := s.flyingLanding(x, f); err != nil {
				return err
			}
		}
		x.note(EvMove, f, -1, 0, "")
	}
	a.stage = stAction
	return nil
}

// flyingLanding: a flyer tests dangerous terrain only where it ends its
// move (WS-BUILD-57).
func (s *State) flyingLanding(x *ctx, f int8) error {
	for k := range s.g.Pieces {
		if s.g.Pieces[k].Dangerous && s.standsIn(f, k) {
			return s.danger(x, f)
		}
	}
	s.figs[f].Z = s.elevationAt(s.figs[f].P)
	return nil
}

// stageAction: the shot, charge attack, Cover or Overwatch of the option.
func (s *State) stageAction(x *ctx) error {
	a := &s.act
	f, d := a.fig, &a.d
	a.stage = stPostMove
	if a.ended || !s.inPlay(f) {
		a.stage = stEnd
		return nil
	}
	switch d.Option {
	case TakeCover:
		s.figs[f].Flags |= fCover
		x.note(EvCover, f, -1, 0, "")
		return s.shotOrHeal(x)
	case MoveShoot, AimedShot:
		return s.shotOrHeal(x)
	case MoveOverwatch:
		s.figs[f].Flags |= fOverwatch // WS-ALERT-1
		x.note(EvOverwatch, f, -1, 0, "")
	case Charge:
		return s.combat(x, f, d.Target, true)
	case Sabotage:
		return s.sabotage(x, f)
	case creature:
		return s.creatureStrike(x, f)
	}
	return nil
}

// stageEnd: the late power, then the end of the activation.
func (s *State) stageEnd(x *ctx) error {
	a := &s.act
	f, d := a.fig, &a.d
	if !a.ended && s.inPlay(f) && d.Power > 0 && d.PowerLate { // (g)
		if err := s.usePower(x); err != nil {
			return err
		}
	}
	side := s.figs[f].Side
	s.act = activation{fig: NoFig}
	// the go was side's, even if an Overwatch or post-combat decision of
	// the other side came up meanwhile: the alternation goes on from it
	s.toAct = side
	if s.free >= 0 { // WS-BUILD-27: the free activation comes right after
		s.pend, s.toAct = pendFree, side
	}
	return nil
}

// shotOrHeal is the shot of options 1–3, or what replaces it (WS-ACT-10).
func (s *State) shotOrHeal(x *ctx) error {
	a := &s.act
	f, d := a.fig, &a.d
	switch {
	case d.Suicide:
		x.note(EvEliminated, f, -1, 0, "suicide")
		s.eliminate(x, f)
		return nil
	case d.Heal >= 0:
		return s.heal(x, f, d.Heal)
	case d.Axis != (geom.Vec{}):
		return s.flame(x, f, d.Weapon, d.Axis)
	case d.Target >= 0:
		if s.canShoot(f, d.Target, d.Weapon, s.figs[f].P) != "" {
			x.note(EvMiss, f, d.Target, 0, "no-shot")
			return nil // the move changed what it sees: the shot is lost
		}
		return s.shoot(x, f, d.Target, d.Weapon, d.Option == AimedShot, false, d.Chain)
	}
	return nil
}

// heal is the Medic's heal (WS-BUILD-44).
func (s *State) heal(x *ctx, f, t int8) error {
	ok, err := s.fixed(x, RollHeal, f, 3, 0)
	if err != nil || !ok {
		return err
	}
	v, err := s.roll(x, RollHeal, f, 0, 0)
	if err != nil {
		return err
	}
	n := min(d3(v), s.figs[t].Wounds)
	s.figs[t].Wounds -= n
	x.note(EvHeal, t, f, int16(n), "")
	return nil
}

// shoot is one shot and its Chaining follow-ups (WS-SHOOT, WS-BUILD-12).
func (s *State) shoot(x *ctx, a, t int8, w int8, aimed, overwatch bool, chain [3]int8) error {
	ok, err := s.stealthyOK(x, a, t, s.figs[a].P)
	if err != nil || !ok {
		return err
	}
	rules := s.prof(a).Weapons[w].Rules
	x.note(EvShot, a, t, 0, "")
	k := attack{rules: rules, shot: true, aimed: aimed, token: overwatch}
	if aimed && !overwatch {
		k.db = 1
	}
	hit, err := s.strike(x, a, t, k)
	if err != nil || !hit || !rules.Has(Chaining) {
		return err
	}
	prev := t
	for i, next := range chain {
		if next < 0 || next == prev || !s.inPlay(a) || s.figs[a].has(fStunned) {
			break
		}
		if s.canShoot(a, next, w, s.figs[a].P) != "" || !s.figs[prev].has(fInPlay|fEliminated) ||
			geom.Gap(s.figs[prev].P, s.radius(prev), s.figs[next].P, s.radius(next)) > 2 {
			break
		}
		ok, err := s.stealthyOK(x, a, next, s.figs[a].P)
		if err != nil || !ok {
			return err
		}
		x.note(EvShot, a, next, int16(i+1), "chaining")
		k := attack{rules: rules, shot: true, noDB: true, mod: -(i + 1)}
		hit, err := s.strike(x, a, next, k)
		if err != nil || !hit {
			return err
		}
		prev = next
	}
	return nil
}

// flame is a template shot (WS-SHOOT-5): an automatic hit on every figure
// under it that the shooter sees.
func (s *State) flame(x *ctx, a int8, w int8, axis geom.Vec) error {
	return s.flameShot(x, a, w, axis, NoFig)
}

// flameShot is a template shot; watched, when not NoFig, is the mover an
// Overwatch template was laid on: it alone counts as having a Cover token
// (WS-ALERT-2, WS-ALERT-5).
func (s *State) flameShot(x *ctx, a int8, w int8, axis geom.Vec, watched int8) error {
	var buf [MaxFigs]int8
	under, enemy := s.underTemplate(a, axis, buf[:0])
	if !enemy {
		x.note(EvMiss, a, -1, 0, "no-shot")
		return nil
	}
	rules := s.prof(a).Weapons[w].Rules
	s.hitOrder(x, a, under)
	x.note(EvShot, a, -1, int16(len(under)), "flame")
	for _, t := range under {
		if err := s.hit(x, t, hitOpts{rules: rules, src: a, aggressor: a, shot: true, token: t == watched}); err != nil {
			return err
		}
	}
	return nil
}
