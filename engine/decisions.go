package engine

import "wbtool.dev/wbtool/catalog"

// This file holds every Decision of the rules digest: the points where the
// rulebooks are silent or ambiguous and the engine chooses. Each one is a
// named constant or function, commented with its rule number, and is the
// only place the engine encodes that choice.

// DeckUpgradesAttached: every Upgrade in a deck must be attached to a card
// of that deck (R-DECK-4). The Decision lives in the catalog's deck
// legality; the engine only reads attachments.
const DeckUpgradesAttached = catalog.EveryUpgradeAttached

// ReferenceCardsNotInDecks: Reference cards are not deck cards (R-DECK-7).
// The Decision lives in the catalog; the engine never builds a unit or a
// Leader from one.
const ReferenceCardsNotInDecks = catalog.ReferenceCardsAreNotDeckCards

// TerrainIsData: each terrain tile says whether it blocks movement and
// whether it blocks sight (R-BOARD-3); the engine reads the two flags and
// nothing else.
const TerrainIsData = true

// CompositeSpaceValid: a composite space is valid for a Character when at
// least one of its actions is (R-ACT-3).
func CompositeSpaceValid(partValid []bool) bool {
	for _, v := range partValid {
		if v {
			return true
		}
	}
	return false
}

// ActionBoardIsContent: the layout of each Action Board is content (R-ACT-8);
// the engine compiles it from catalog.ActionBoard.
const ActionBoardIsContent = true

// PassIsFinal: a player may pass instead of activating; a pass is final for
// the rest of the Action phase, the other player keeps activating alone
// until they pass too, and the phase ends when both have passed. A player
// who cannot activate anything passes (R-TURN-5).
const PassIsFinal = true

// DeathBeforePanic: at the end of an activation, death is checked before
// panic (R-END-2), for every Character in play.
const DeathBeforePanic = true

// SightRule: sight exists when at least one straight segment from a point
// of the shooter's hexagon to a point of the target's hexagon passes
// through the interior of no sight-blocking hexagon; touching an edge or a
// corner does not block (R-SHOOT-2, revised Decision). The geometry is
// hex.Grid.Sight, exact.
const SightRule = "a segment between the hexagons through no blocking interior"

// FormationDistance: distances from a Formation are measured from its
// nearer miniature, and distances to a Formation to its nearer miniature
// (R-FORM-3).
func FormationDistance(dists []int) int {
	best := -1
	for _, d := range dists {
		if best < 0 || d < best {
			best = d
		}
	}
	return best
}

// EqualPointsDraw: at the end of the last turn, equal Victory Points is a
// draw (R-WIN-1).
const EqualPointsDraw = true

// AimDroppedDieNoStress: with Aim, one extra die is rolled and the lowest is
// dropped before anything else (R-ACT-4); the dropped die is not "rolled"
// for the Stress of R-SHOOT-5: it gives no Stress. (The rulebooks do not
// say; ours.)
const AimDroppedDieNoStress = true

// HandAtRandom: the Hand is given at random when a game starts from a
// seed (R-INIT-1): the first draw of the game's generator, even → player 1.
func HandAtRandom(draw uint64) int {
	return int(draw & 1)
}

// DeploymentOrder: players deploy one unit at a time, alternating, player
// 1 first (as the Exploration scenario says); a player with nothing left to
// deploy lets the other finish. Each unit goes on a free tile of its
// player's zone; a Formation's second miniature on a free tile adjacent to
// the first (Legal offers it inside the zone when possible). (Ours: the
// rulebooks leave deployment to the scenario.)
const DeploymentOrder = "alternate, player 1 first"

// DefaultPayment: when a decision does not say which tokens pay the
// colourless part of a cost, they are taken from the colour held in the
// largest number, ties broken by colour order (faction id). (Ours.)
const DefaultPayment = "largest pile first"

// ExchangeWhenToAct: the 2-for-1 exchange of R-TURN-3 ("at any time") is
// offered to the player whose decision it is during the Action phase,
// before an activation or during one (Legal lists it before activations
// only, where it matters: it can make an activation affordable).
const ExchangeWhenToAct = true

// KeepOrderChoice: at Cleanup a player holding tokens of more than one
// colour chooses the one to keep (R-TURN-6); the Hand holder chooses first.
const KeepOrderChoice = true

// ActionRequired: an activation ends only after at least one of the
// space's actions was done, unless none can be done any more (R-ACT-5:
// "any order, or only one of them" — at least one).
const ActionRequired = true

// FormationMoveOrder: the two miniatures of a Formation move one after the
// other (R-FORM-2); the engine tries the first miniature first, then the
// other order, so that either may clear the way for its twin.
const FormationMoveOrder = "first then second, else second then first"

// ArmourNaturalResults: an armour roll is an X+ test, so a natural [1]
// never saves and a natural [10] always does (R-DICE-2, R-SHOOT-7).
const ArmourNaturalResults = true

// ScreeningIncludesShooter: a target standing next to any of the shooter's
// own Characters is screened (R-SHOOT-1); next to the shooter itself the
// shooter is engaged and cannot shoot at all.
const ScreeningIncludesShooter = true

// ControlRule: a player controls a marker when one of their Characters
// stands on its tile or next to it and no enemy Character does (scoring
// kinds control-marker and most-markers). (Ours.)
const ControlRule = "on or adjacent, unopposed"

// InteractRule: a Character scans a marker by ending its activation on the
// marker's tile or next to it; each Character scores each marker once, and
// the marker stays (scoring kind interact-marker). (Ours.)
const InteractRule = "end activation on or adjacent; once per Character and marker"

// NextToMeansWithinOne: "next to a marker" means on its tile or on an
// adjacent tile, since miniatures may stand on markers (R-BOARD-3).
const NextToMeansWithinOne = true

// PanicNoMoralePool: a Character without a morale pool (panicked) takes no
// Stress; an effect worded "if you do" that needs such a token does not
// happen (R-END-3, R-WORD-4).
const PanicNoMoralePool = true

// ReactivationStressFirst: the Stress of a second activation (R-ACTV-2) is
// taken when the Character is activated, before its actions.
const ReactivationStressFirst = true

// AutomaticChoices: choices inside effects that resolve outside a
// decision (Leader-phase skills, triggered effects) are made by fixed
// rules, so that the game needs no extra decision for them:
//
//   - UpToChoice: "up to N" Characters are those holding the most tokens
//     of the kind removed, else the nearest; ties by unit order.
//   - ChoiceColour: "an Order token of your choice" is the colour your
//     Characters in play need most; ties by colour order.
//   - PullChoice: a target pulled closer goes to the first open tile, in
//     board order, one tile closer to the puller.
//   - ProtectorChoice: Protector takes a shot's Wounds when it has more
//     health left than the Character shot.
//   - OneFriendChoice: "one of your Characters" chosen by a triggered or
//     Leader effect is the nearest (Leader: the first in deck order).
//
// Active skills (R-CARD-2) are decisions: their targets and tiles are
// chosen by the player.
const AutomaticChoices = "up-to: most tokens/nearest; colour: most needed; pull: first open tile; protector: more health left"

// PathfinderZone: the Pathfinder vocation lets one Character deploy on a
// free tile up to 2 tiles outside the zone; the first such placement uses
// it up.
const PathfinderZone = 2

// ZeroCostTakesSpace: an activation that pays no token (a colourless cost
// on a cost-reduction space) still takes its space for the rest of the
// turn (R-ACT-2): "taken" is the space being used, not only holding
// tokens.
const ZeroCostTakesSpace = true

// LeaderPhaseChoicesAutomatic: choices inside Leader skills and triggered
// effects follow AutomaticChoices rather than asking the player; only
// active skills are decisions.
const LeaderPhaseChoicesAutomatic = true

// ---- Confrontation ----

// ObjectiveTurn: in Confrontation the personal Objectives are drawn at the
// end of the Cleanup phase of turn 3 (R-OBJ-3), the turn the Action
// Board's timeline marks "Objective" between its first and second Period
// (R-ACT-7). The engine reads the turn from the board: the last turn of
// Period 1 (turn 3 on the Confrontation board), so that an inline board
// of a check game moves it with its Periods. 0: a board of one Period
// draws as the game starts.
func ObjectiveTurn(b interface{ PeriodOf(int) int }) int {
	t := 0
	for turn := 1; turn <= MaxTurns && b.PeriodOf(turn) == 1; turn++ {
		t = turn
	}
	if b.PeriodOf(t+1) == 0 {
		return 0
	}
	return t
}

// ObjectiveDrawOrder: both players draw from one shuffled Objective deck,
// player 1 first, without replacement: the two players never hold the
// same card unless the deck has one card (R-OBJ-1, R-OBJ-3). The deck is
// shuffled as the game starts (the first draws of the game's seeded
// generator), so the cards drawn do not depend on the dice rolled before;
// in Confrontation they are revealed, and start to score, at the end of
// turn 3's Cleanup. (Ours: the rulebooks say "each player draws".)
const ObjectiveDrawOrder = "player 1 then player 2, one deck, no replacement"

// MultipleBothValid: on a Multiple space (R-ACT-6) both Characters must be
// valid for the space (R-ACT-3) and the sum of their costs paid when the
// activation is chosen; the first one named resolves its activation
// completely, then the second one. If the second has nothing left to do
// when its turn comes (ActionRequired), its activation ends at once. The
// order is part of the decision (Legal lists both orders). (Ours.)
const MultipleBothValid = true

// MultipleOneSpace: a Multiple activation takes its one space once, with
// the tokens of both costs on it; each Character counts one activation
// (R-ACTV-2 Stress on a second activation applies to each). Taking the
// Hourglass space takes the Hourglass once (R-INIT-2).
const MultipleOneSpace = true

// HideNeedsNoCover: a Character holds at most one Cover token (R-HIDE-1),
// so the Hide action is valid only for a Character without Cover; a Hide
// space is invalid for a covered Character (R-ACT-3) and a Hide by one
// fails with the code cover-held. (Ours.)
const HideNeedsNoCover = true

// CoverTerrain: "adjacent to terrain" (R-HIDE-3) means next to a terrain
// tile of the scenario, whether it blocks movement, sight or both; a
// miniature standing on a terrain tile that can be entered counts too.
// (Ours: the rulebooks do not say which terrain.)
func CoverTerrain(adjacentOrOnTerrain []bool) bool {
	if len(adjacentOrOnTerrain) == 0 {
		return false
	}
	for _, v := range adjacentOrOnTerrain {
		if !v {
			return false // a Formation needs both miniatures (R-HIDE-3)
		}
	}
	return true
}

// CoverDiceOrder: against Cover by terrain the shooter rolls one extra die
// and drops the highest before any reroll (R-HIDE-3); with Aim too
// (R-ACT-4) two extra dice are rolled, the lowest and the highest of all
// dropped. Dropped dice give no Stress (as AimDroppedDieNoStress).
const CoverDiceOrder = "roll all, drop lowest (aim) and highest (cover)"

// CoverLostOnAttackDice: Cover is lost when the Character rolls melee or
// ranged dice (R-HIDE-4): a Fight or a Shoot of its own. Dice rolled by
// card effects ("Roll X", R-WORD-2) and armour rolls are not melee or
// ranged attack rolls and leave Cover. Cover is lost when moved by any
// means (R-HIDE-4): a Move, a Run, or an effect that moves it. Otherwise
// Cover lasts from turn to turn; it goes with the Character when removed
// from play. (Ours.)
const CoverLostOnAttackDice = true

// MaintenanceInPlayOnly: at the end of the Cleanup of turn 5 (R-TURN-7)
// only the Maintenance markers of Characters still in play cost Victory
// Points; a Character removed from play takes its marker with it. (Ours.)
const MaintenanceInPlayOnly = true

// MaintenanceTurn is the turn at the end of whose Cleanup Maintenance
// markers cost Victory Points (R-TURN-7).
const MaintenanceTurn = 5
