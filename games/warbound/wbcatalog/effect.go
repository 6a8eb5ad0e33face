package wbcatalog

// Effect is the executable form of a skill's or an Upgrade's text: a small
// declarative vocabulary (trigger, condition, effect) that the engine runs.
// games/warbound/wbschema/cue/effect.cue is its CUE form; the json tags are the CUE field
// names.
//
// An effect says when it applies (Trigger), under which Condition, and
// what it does (Do, in order). Passive effects only Modify statistics or
// set Flags; the others act when their trigger fires, or, for active
// skills, when the player uses them during the Character's activation.
type Effect struct {
	Trigger   Trigger    `json:"trigger"`
	Condition *Condition `json:"condition,omitempty"`
	Do        []Op       `json:"do"`
}

// Trigger is when an effect applies.
type Trigger string

// The triggers.
const (
	TrigPassive         Trigger = "passive"          // always on while the condition holds
	TrigActive          Trigger = "active"           // used by the player once per activation (R-CARD-2)
	TrigLeaderPhase     Trigger = "leader-phase"     // Leader phase, after the Orders (R-TURN-2)
	TrigTurnStart       Trigger = "turn-start"       // Effect phase, before the Hourglass (R-TURN-4)
	TrigActivationStart Trigger = "activation-start" // the Character is activated
	TrigActivationEnd   Trigger = "activation-end"   // its activation ends, before death and panic
	TrigAfterMove       Trigger = "after-move"       // after it moves or runs
	TrigAfterShoot      Trigger = "after-shoot"      // after it shoots (target: the one shot)
	TrigAfterFight      Trigger = "after-fight"      // after it fights (target: the one fought)
	TrigCleanup         Trigger = "cleanup"          // Cleanup phase (R-TURN-6)
	TrigRemovesEnemy    Trigger = "removes-enemy"    // an enemy is removed at the end of this Character's activation
	// TrigEnemyMoves is a reaction: an enemy miniature, moving by any
	// means, steps onto a tile next to this Character from one that is
	// not, or off such a tile onto one that is not. The effect resolves
	// at that point of the move, which then goes on (Names: Opportunist);
	// its target is the enemy moving. A Character's reactions fire at
	// most once per turn (ReactionOncePerTurn) and choose nothing
	// (ReactionAutomatic).
	TrigEnemyMoves Trigger = "enemy-moves"
)

// Triggers lists every trigger.
var Triggers = []Trigger{TrigPassive, TrigActive, TrigLeaderPhase, TrigTurnStart, TrigActivationStart,
	TrigActivationEnd, TrigAfterMove, TrigAfterShoot, TrigAfterFight, TrigCleanup, TrigRemovesEnemy, TrigEnemyMoves}

// Condition restricts when an effect applies. Every field set must hold.
type Condition struct {
	// Action: the activation's space shows this action (R-WORD-1).
	Action Action `json:"action,omitempty"`
	// Panicked: the Character shows (true) or does not show (false) its
	// Panic profile.
	Panicked *bool `json:"panicked,omitempty"`
	// Engaged: an enemy stands (true) or does not stand (false) next to it.
	Engaged *bool `json:"engaged,omitempty"`
	// Wounded: its health pool holds (true) or does not hold (false) a
	// token.
	Wounded *bool `json:"wounded,omitempty"`
	// FriendWithin: another friendly Character stands within N tiles.
	FriendWithin int `json:"friendWithin,omitempty"`
	// EnemyWithin: an enemy Character stands within N tiles.
	EnemyWithin int `json:"enemyWithin,omitempty"`
	// Period: the current Period is at least N.
	Period int `json:"period,omitempty"`
	// Hits: after-shoot / after-fight only: the attack scored at least N
	// hits.
	Hits int `json:"hits,omitempty"`
	// Wounds: after-shoot / after-fight only: the attack added at least N
	// Wound tokens.
	Wounds int `json:"wounds,omitempty"`
	// Did: the activation already did an action of this kind.
	Did Action `json:"did,omitempty"`
	// Attack: the Character is making (or, for defensive effects,
	// receiving) an attack of this kind: "ranged" or "melee".
	Attack string `json:"attack,omitempty"`
	// TargetWounded: the attack's target holds (true) or does not hold
	// (false) a token in its health pool.
	TargetWounded *bool `json:"targetWounded,omitempty"`
	// TargetClosest: the attack's target is (true) or is not (false) a
	// closest target (R-SHOOT-3).
	TargetClosest *bool `json:"targetClosest,omitempty"`
	// TargetFlanked: the attack's target stands next to another of the
	// attacker's Characters.
	TargetFlanked bool `json:"targetFlanked,omitempty"`
	// Hand: the player holds (true) or does not hold (false) the Hand.
	Hand *bool `json:"hand,omitempty"`
	// PeriodStart: the turn is the first of its Period.
	PeriodStart bool `json:"periodStart,omitempty"`
	// Faction: the Character belongs to this faction (Vocations).
	Faction string `json:"faction,omitempty"`
}

// Stat names a statistic an effect modifies.
type Stat string

// The statistics.
const (
	StatSpeed      Stat = "speed"
	StatRun        Stat = "run"
	StatAttack     Stat = "attack"      // lowers the melee X+ (better)
	StatAccuracy   Stat = "accuracy"    // lowers both accuracy X+ (better)
	StatRangedDice Stat = "ranged-dice" // more ranged dice
	StatMeleeDice  Stat = "melee-dice"  // more melee dice
	StatHit        Stat = "hit"         // added to every hit roll
	StatRangedHit  Stat = "ranged-hit"  // added to ranged hit rolls
	StatMeleeHit   Stat = "melee-hit"   // added to melee hit rolls
	StatHealth     Stat = "health"      // more health points
	StatMorale     Stat = "morale"      // more morale points (with a pool)
	StatArmor      Stat = "armor"       // more armour points
	StatSave       Stat = "save"        // added to armour rolls
)

// Stats lists every statistic.
var Stats = []Stat{StatSpeed, StatRun, StatAttack, StatAccuracy, StatRangedDice, StatMeleeDice,
	StatHit, StatRangedHit, StatMeleeHit, StatHealth, StatMorale, StatArmor, StatSave}

// Flag is a rule exception a passive effect grants.
type Flag string

// The flags.
const (
	// FlagSharpShooting: may shoot at a target standing next to a friendly
	// Character (R-SHOOT-1, Sharp shooting).
	FlagSharpShooting Flag = "sharp-shooting"
	// FlagShootEngaged: may shoot with an enemy adjacent.
	FlagShootEngaged Flag = "shoot-engaged"
	// FlagNoReactivationStress: takes no Stress when activated again
	// (R-ACTV-2).
	FlagNoReactivationStress Flag = "no-reactivation-stress"
	// FlagClosestOnly: enemies may shoot this Character only when it is a
	// closest target.
	FlagClosestOnly Flag = "closest-only"
	// FlagProtector: Wounds a shot would add to a friendly Character next
	// to this one go to this one instead (when it has more health left).
	FlagProtector Flag = "protector"
	// FlagPathfinder: at deployment, one Character of the player may be
	// placed up to 2 tiles outside the deployment zone.
	FlagPathfinder Flag = "pathfinder"
)

// Flags lists every flag.
var Flags = []Flag{FlagSharpShooting, FlagShootEngaged, FlagNoReactivationStress, FlagClosestOnly, FlagProtector, FlagPathfinder}

// Who selects the Characters an operation applies to.
type Who string

// The selectors. "friend" and "enemy" are chosen by the player (active
// skills) within Within tiles; "friends" and "enemies" are all of them
// within Within tiles; "target" is the Character attacked (after-shoot,
// after-fight) or chosen.
const (
	WhoSelf    Who = "self"
	WhoTarget  Who = "target"
	WhoFriend  Who = "friend"
	WhoEnemy   Who = "enemy"
	WhoFriends Who = "friends"
	WhoEnemies Who = "enemies"
)

// Op is one operation of an effect; exactly one of its parts is set.
// IfYouDo lists operations done only when this one happened (R-WORD-4).
type Op struct {
	Modify  *Modify   `json:"modify,omitempty"`
	Flag    Flag      `json:"flag,omitempty"`
	Tokens  *TokenOp  `json:"tokens,omitempty"`
	Orders  *OrderOp  `json:"orders,omitempty"`
	Move    *MoveOp   `json:"move,omitempty"`
	Roll    *RollOp   `json:"roll,omitempty"`
	Damage  *DamageOp `json:"damage,omitempty"`
	Armor   *ArmorOp  `json:"armor,omitempty"`
	Spot    *SpotOp   `json:"spot,omitempty"`
	Cancel  *CancelOp `json:"cancel,omitempty"`
	Pull    *PullOp   `json:"pull,omitempty"`
	Boost   *BoostOp  `json:"boost,omitempty"`
	IfYouDo []Op      `json:"ifYouDo,omitempty"`
}

// ArmorOp adds armour points; a Character without armour gets them with
// Save as its armour value (passive).
type ArmorOp struct {
	Points int `json:"points"`
	Save   int `json:"save"`
}

// SpotOp marks a chosen enemy until the end of the turn: the player's
// Characters add Hit to their ranged hit rolls against it.
type SpotOp struct {
	Who    Who  `json:"who"`
	Within int  `json:"within,omitempty"`
	Sight  bool `json:"sight,omitempty"`
	Hit    int  `json:"hit"`
}

// CancelOp (passive, defensive): when the Character takes damage from an
// attack of kind Attack ("melee" or "ranged"), it rolls one die per damage
// before any armour roll; each Target+ cancels one damage.
type CancelOp struct {
	Attack string `json:"attack"`
	Target int    `json:"target"`
}

// PullOp moves the attack's target up to Tiles tiles closer to the
// Character, onto open tiles.
type PullOp struct {
	Tiles int `json:"tiles"`
}

// BoostOp adds Add to a statistic of the selected Characters until the end
// of the turn.
type BoostOp struct {
	Who    Who  `json:"who"`
	Within int  `json:"within,omitempty"`
	Stat   Stat `json:"stat"`
	Add    int  `json:"add"`
}

// Modify adds Add to a statistic: for as long as a passive effect's
// condition holds, or for the rest of the activation otherwise.
type Modify struct {
	Stat Stat `json:"stat"`
	Add  int  `json:"add"`
}

// TokenOp puts N tokens (or takes them off, when N is negative) on the
// selected Characters. Stress needs a morale pool (R-END-3).
type TokenOp struct {
	Token  string `json:"token"` // wound, poison, sacred, stress, break
	N      int    `json:"n"`
	Who    Who    `json:"who"`
	Within int    `json:"within,omitempty"`
	// Sight: only Characters this one can see.
	Sight bool `json:"sight,omitempty"`
	// Max: at most this many Characters ("up to two").
	Max int `json:"max,omitempty"`
	// Min: only Characters holding at least Min tokens of this kind.
	Min int `json:"min,omitempty"`
}

// OrderOp gives the player N Order tokens of a colour (a faction id, or
// "choice": the colour of the player's choice).
type OrderOp struct {
	Colour string `json:"colour"`
	N      int    `json:"n"`
}

// MoveOp moves a selected Character up to Tiles tiles, with the limits of
// R-MOVE (R-MOVE-3); a Formation moves one or both of its miniatures
// (R-FORM-2). The player chooses the destination (and may give the path).
type MoveOp struct {
	Who    Who `json:"who"`
	Within int `json:"within,omitempty"`
	Tiles  int `json:"tiles"`
}

// RollOp rolls Dice dice (not an attack, R-WORD-2); each result at
// Target+ deals one damage (Damage) or puts one token (Token) on the
// selected Character. They are attack dice all the same: the Character
// rolling them loses its Cover (R-HIDE-4).
type RollOp struct {
	Dice   int    `json:"dice"`
	Target int    `json:"target"`
	Who    Who    `json:"who"`
	Within int    `json:"within,omitempty"`
	Damage bool   `json:"damage,omitempty"`
	Token  string `json:"token,omitempty"`
}

// DamageOp deals N damage (armour rolls allowed, R-SHOOT-6) to the
// selected Characters.
type DamageOp struct {
	N      int `json:"n"`
	Who    Who `json:"who"`
	Within int `json:"within,omitempty"`
}
