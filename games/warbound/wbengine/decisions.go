package wbengine

import (
	"slices"
	"strings"
)

// This file holds every Decision of the rules digest and every other
// interpretation the engine makes where the rulebooks are silent or
// ambiguous: one table, Decisions, with the rule, what the engine does and
// the check games that pin it. The engine's code names the entry where it
// applies it (e.g. "// SightRule" in activation.go); TestDecisionTable
// checks that every entry is named in the code, that its check games exist
// in the starter content and cite its rule, and that every Decision of
// the digest has an entry. The few decisions that are values the code
// computes with (HandAtRandom, PathfinderZone, ObjectiveTurn, CoverTerrain)
// are functions and constants below, named by their entries.

// RuleDecision is one interpretation of the rules.
type RuleDecision struct {
	// ID names the decision where the code applies it.
	ID string
	// Rule is the rule id of the digest it interprets.
	Rule string
	// Text says what the engine does, in plain words.
	Text string
	// Checks are the ids of the starter check games that pin it.
	Checks []string
	// Elsewhere names what pins it when no check game can (a decision
	// of deck building, enforced by the catalog).
	Elsewhere string
}

// Decisions returns the table of the engine's interpretations, in rule
// order. The result is a copy.
func Decisions() []RuleDecision {
	out := slices.Clone(decisions)
	for i := range out {
		out[i].Checks = slices.Clone(out[i].Checks)
	}
	return out
}

// DecisionsMarkdown renders the table as a Markdown table (rule, decision,
// check games), for the site or a report.
func DecisionsMarkdown() string {
	var b strings.Builder
	b.WriteString("| rule | decision | pinned by |\n| --- | --- | --- |\n")
	for _, d := range decisions {
		pin := strings.Join(d.Checks, ", ")
		if d.Elsewhere != "" {
			pin = d.Elsewhere
		}
		b.WriteString("| " + d.Rule + " | **" + d.ID + "**: " + strings.ReplaceAll(d.Text, "|", "\\|") + " | " + pin + " |\n")
	}
	return b.String()
}

var decisions = []RuleDecision{
	{ID: "DeckUpgradesAttached", Rule: "R-DECK-4",
		Text:      "Every Upgrade in a deck must be attached to a card of that deck; the engine only reads attachments.",
		Elsewhere: "catalog deck legality (catalog.EveryUpgradeAttached)"},
	{ID: "ReferenceCardsNotInDecks", Rule: "R-DECK-7",
		Text:      "Reference cards are not deck cards: the engine never builds a unit or a Leader from one.",
		Elsewhere: "catalog deck legality (catalog.ReferenceCardsAreNotDeckCards)"},
	{ID: "TerrainIsData", Rule: "R-BOARD-3",
		Text:   "Each terrain tile of a scenario or check game says whether it blocks movement and whether it blocks sight; the engine reads the two flags and nothing else.",
		Checks: []string{"move-blocked-paths", "shoot-line-of-sight"}},
	{ID: "CompositeSpaceValid", Rule: "R-ACT-3",
		Text:   "A composite space is valid for a Character when at least one of its actions is.",
		Checks: []string{"act-fight-space-invalid-without-adjacent-enemy", "shoot-without-accuracy"}},
	{ID: "AimDroppedDieNoStress", Rule: "R-ACT-4",
		Text:   "With Aim the lowest die is dropped before anything else: the dropped die gives no Stress.",
		Checks: []string{"act-aim-drops-the-lowest"}},
	{ID: "ActionRequired", Rule: "R-ACT-5",
		Text:   "An activation ends only after at least one of the space's actions was done, unless none can be done any more.",
		Checks: []string{"act-activation-must-act"}},
	{ID: "MultipleBothValid", Rule: "R-ACT-6",
		Text:   "On a Multiple space both Characters must be valid for the space and the sum of their costs is paid when the activation is chosen; the first named resolves completely, then the second (whose activation ends at once if it has nothing left to do). The space is taken once, with both costs on it; each Character counts one activation; taking the Hourglass space takes the Hourglass once.",
		Checks: []string{"confrontation-multiple"}},
	{ID: "ActionBoardIsContent", Rule: "R-ACT-8",
		Text:      "The layout of each Action Board is content: the engine compiles it from the catalog.",
		Elsewhere: "the boards of content/scenarios/boards.cue, played by every check game"},
	{ID: "ZeroCostTakesSpace", Rule: "R-ACT-2",
		Text:   "An activation that pays no token still takes its space for the rest of the turn: \"taken\" is the space being used.",
		Checks: []string{"act-space-taken-for-both-players"}},
	{ID: "DefaultPayment", Rule: "R-ACTV-1",
		Text:   "When a decision does not say which tokens pay the colourless part of a cost, they come from the colour held in the largest number, ties by colour order.",
		Checks: []string{"actv-pay-the-cost", "actv-choose-colourless-payment"}},
	{ID: "ReactivationStressFirst", Rule: "R-ACTV-2",
		Text:   "The Stress of a second activation is taken when the Character is activated, before its actions.",
		Checks: []string{"actv-second-activation-stress"}},
	{ID: "ExchangeWhenToAct", Rule: "R-TURN-3",
		Text:   "The 2-for-1 exchange is offered to the player whose decision it is during the Action phase, before an activation (where it can make one affordable) or during one.",
		Checks: []string{"turn-exchange-two-for-one"}},
	{ID: "PassIsFinal", Rule: "R-TURN-5",
		Text:   "A player may pass instead of activating; a pass is final for the rest of the Action phase, the other player keeps activating alone until they pass too. A player who cannot activate anything passes.",
		Checks: []string{"turn-pass-is-final"}},
	{ID: "KeepOrderChoice", Rule: "R-TURN-6",
		Text:   "At Cleanup a player holding tokens of more than one colour chooses the one to keep; the Hand holder chooses first.",
		Checks: []string{"turn-cleanup-swap-and-keep-one"}},
	{ID: "AutomaticChoices", Rule: "R-TURN-2",
		Text:   "Choices inside effects that resolve outside a decision follow fixed rules: \"up to N\" Characters are those holding the most tokens of the kind removed, else the nearest; \"an Order token of your choice\" is the colour your Characters need most; a pulled target goes to the first open tile one tile closer; Protector takes the Wounds when it has more health left; \"one of your Characters\" is the nearest (Leader: the first in deck order). Ties by unit or colour order. Active skills are decisions.",
		Checks: []string{"leader-loot-share-and-omen"}},
	{ID: "LeaderPhaseChoicesAutomatic", Rule: "R-TURN-2",
		Text:   "Choices inside Leader skills and triggered effects follow AutomaticChoices rather than asking the player; only active skills are decisions.",
		Checks: []string{"leader-loot-share-and-omen"}},
	{ID: "MaintenanceInPlayOnly", Rule: "R-TURN-7",
		Text:   "At the end of the Cleanup of turn 5 only the Maintenance markers of Characters still in play cost Victory Points.",
		Checks: []string{"confrontation-maintenance"}},
	{ID: "HandAtRandom", Rule: "R-INIT-1",
		Text:   "The Hand is given by the first draw of the game's seeded generator: even, player 1.",
		Checks: []string{"deploy-salvage-field"}},
	{ID: "DeathBeforePanic", Rule: "R-END-2",
		Text:   "At the end of an activation, death is checked before panic, for every Character in play.",
		Checks: []string{"end-death-before-panic"}},
	{ID: "PanicNoMoralePool", Rule: "R-END-3",
		Text:   "A Character without a morale pool takes no Stress; an effect worded \"if you do\" that needs such a token does not happen.",
		Checks: []string{"end-panicked-takes-no-stress"}},
	{ID: "ScreeningIncludesShooter", Rule: "R-SHOOT-1",
		Text:   "A target next to any of the shooter's own Characters is screened; next to the shooter itself the shooter is engaged and cannot shoot at all.",
		Checks: []string{"shoot-target-screened", "shoot-engaged-shooter"}},
	{ID: "SightRule", Rule: "R-SHOOT-2",
		Text:   "Sight exists when at least one straight segment from a point of the shooter's hexagon to a point of the target's hexagon passes through the interior of no sight-blocking hexagon; touching an edge or a corner does not block. Decided exactly (hex.Grid.Sight).",
		Checks: []string{"sight-c5-does-not-hide-c6-from-c3", "sight-c4-and-c5-hide-c6-from-c3", "sight-along-the-border-of-two-walls", "sight-touching-a-corner", "sight-corner-closed-on-both-sides"}},
	{ID: "ArmourNaturalResults", Rule: "R-SHOOT-7",
		Text:   "An armour roll is an X+ test: a natural [1] never saves, a natural [10] always does.",
		Checks: []string{"dice-natural-10-always-succeeds"}},
	{ID: "FormationDistance", Rule: "R-FORM-3",
		Text:   "Distances from a Formation are measured from its nearer miniature, distances to a Formation to its nearer miniature.",
		Checks: []string{"form-closest-from-nearer-miniature"}},
	{ID: "FormationMoveOrder", Rule: "R-FORM-2",
		Text:   "The two miniatures of a Formation move one after the other; the engine tries the first miniature first, then the other order, so that either may clear the way for its twin.",
		Checks: []string{"form-move-stays-adjacent"}},
	{ID: "DeploymentOrder", Rule: "R-OBJ-1",
		Text:   "Players deploy one unit at a time, alternating, player 1 first; a player with nothing left to deploy lets the other finish. Each unit goes on a free tile of its player's zone; a Formation's second miniature on a free tile of the zone next to the first (R-FORM-1).",
		Checks: []string{"deploy-salvage-field"}},
	{ID: "PathfinderZone", Rule: "R-OBJ-1",
		Text:      "The Pathfinder vocation lets one Character deploy on a free tile up to 2 tiles outside its zone; the first such placement uses it up.",
		Elsewhere: "check game vocation-pathfinder (a card's check: it cites no rule)"},
	{ID: "ControlRule", Rule: "R-OBJ-1",
		Text:   "A player controls a marker when one of their Characters stands on its tile or next to it and no enemy Character does.",
		Checks: []string{"score-control-contested"}},
	{ID: "InteractRule", Rule: "R-OBJ-1",
		Text:   "A Character scans a marker by ending its activation on the marker's tile or next to it; each Character scores each marker once, and the marker stays.",
		Checks: []string{"score-interact-marker"}},
	{ID: "NextToMeansWithinOne", Rule: "R-OBJ-1",
		Text:   "\"Next to a marker\" means on its tile or on an adjacent tile, since miniatures may stand on markers.",
		Checks: []string{"score-control-contested"}},
	{ID: "ObjectiveTurn", Rule: "R-OBJ-3",
		Text:   "Personal Objectives are drawn at the end of the Cleanup of the last turn of Period 1 of the Action Board (turn 3 on the Confrontation board), so an inline board moves it with its Periods.",
		Checks: []string{"confrontation-objectives-drawn-after-turn-3", "confrontation-objective-mark-follows-the-board"}},
	{ID: "ObjectiveDrawOrder", Rule: "R-OBJ-3",
		Text:   "Both players draw from one Objective deck, shuffled as the game starts, player 1 first, without replacement.",
		Checks: []string{"confrontation-objectives-drawn-after-turn-3"}},
	{ID: "HideNeedsNoCover", Rule: "R-HIDE-1",
		Text:   "The Hide action is valid only for a Character without Cover; a Hide by one fails with cover-held.",
		Checks: []string{"confrontation-hide-one-cover"}},
	{ID: "CoverTerrain", Rule: "R-HIDE-3",
		Text:   "\"Adjacent to terrain\" means next to a terrain tile of the scenario, whether it blocks movement, sight or both (standing on an enterable terrain tile counts); a Formation needs both miniatures.",
		Checks: []string{"confrontation-cover-terrain", "confrontation-cover-terrain-formation-half"}},
	{ID: "CoverDiceOrder", Rule: "R-HIDE-3",
		Text:   "Against Cover by terrain the shooter rolls one extra die and drops the highest before any reroll; with Aim too, two extra dice are rolled and the lowest and the highest dropped. Dropped dice give no Stress.",
		Checks: []string{"confrontation-cover-terrain"}},
	{ID: "CoverLostOnAttackDice", Rule: "R-HIDE-4",
		Text:   "Cover is lost when the Character is moved by any means or rolls melee or ranged attack dice (a Fight, a Shoot, or a skill's \"Roll X\"); armour rolls leave it. Otherwise Cover lasts from turn to turn.",
		Checks: []string{"confrontation-cover-lost"}},
	{ID: "EqualPointsDraw", Rule: "R-WIN-1",
		Text:   "At the end of the last turn, equal Victory Points is a draw.",
		Checks: []string{"win-equal-points-draw"}},
	{ID: "DefaultShortestPath", Rule: "R-MOVE-1",
		Text:   "A move given without its path takes the engine's shortest one: from each tile, the first neighbour one step nearer, in the order E, NE, NW, W, SW, SE. Paths matter only where a reaction could fire.",
		Checks: []string{"reaction-opportunist-default-path"}},
	{ID: "BotPathChoice", Rule: "R-MOVE-1",
		Text:      "Bots give each destination the path that sets off the fewest enemy reactions.",
		Elsewhere: "the bots only (wbengine/path.go; the random bot's short cut is tested against Legal)"},
	{ID: "ReactionAutomatic", Rule: "R-MOVE-2",
		Text:   "A reaction (Opportunist) is the one thing that happens during a move: when an enemy miniature steps next to the reacting Character or away from it, the move pauses, the reaction resolves against that enemy with no choice to make, then the move goes on.",
		Checks: []string{"reaction-opportunist-mid-move"}},
	{ID: "ReactionOncePerTurn", Rule: "R-CARD-2",
		Text:   "A Character reacts at most once per turn.",
		Checks: []string{"reaction-opportunist-path-around"}},
}

// HandAtRandom: the Hand is given at random when a game starts from a
// seed (R-INIT-1): the first draw of the game's generator, even → player 1.
func HandAtRandom(draw uint64) int {
	return int(draw & 1)
}

// PathfinderZone: the Pathfinder vocation lets one Character deploy on a
// free tile up to 2 tiles outside the zone; the first such placement uses
// it up.
const PathfinderZone = 2

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

// MaintenanceTurn is the turn at the end of whose Cleanup Maintenance
// markers cost Victory Points (R-TURN-7).
const MaintenanceTurn = 5
