package wsengine

// The engine's own choices where the digest leaves one to the players (its
// section 19) or to the table: each lives here, named, citing its rule, so
// it can be revised in one place. The digest's own Decisions (section 20)
// are implemented where their rule is, citing it.

// coverFireOver: terrain within this distance of the shooter's base edge
// does not protect the target: the shooter fires over it (WS-GEOM-8 b).
const coverFireOver = 1.0

// placeGap is the gap the engine leaves between two bases it places in
// contact (a creature's move or spawn, WS-INV-7, WS-INV-8): inside the
// contact tolerance of WS-GEOM-4, never overlapping.
const placeGap = 0.05

// bestRallying: a morale test taken in the middle of an attack (a
// Frightening or Terrifying test, Mind Blast) uses the best current quality
// among the figure's own and its Rallying friends' within 9" (WS-QUAL-8,
// WS-BUILD-45): the controller's choice, taken for it, as the best is never
// worse. At the end of the turn the player names the Rallying figure
// (MoraleTest).
const bestRallying = true

// Player decisions the engine asks for only when they can matter:
//
//   - the riposte (WS-MELEE-3) and Furious' second attack (WS-MELEE-4) are
//     asked every time they are allowed (Riposte, FuriousAttack, Decline),
//     but the invasion's creatures always take them (decides);
//   - end-of-turn morale (WS-MORALE-4, WS-QUAL-8): the player names the
//     next figure to test and the Rallying figure it uses when a Rallying
//     friend is near one that rolls, or when two or more test and one of
//     them is Suicidal or Rallying; otherwise the tests go in figure order,
//     each with the best quality it may use.

// Decisions of ours where the rulebook is silent, recorded here as the
// digest (read-only for this project) has no line for them yet:
//
//   - WS-MELEE-2, the charger may decline its attack (the rulebook says it
//     *may* attack; Decision.NoAttack): the combat goes on as usual: the
//     target may still riposte (WS-MELEE-3), then the end of the combat
//     (WS-MELEE-5); declining also gives up Hit and Run's move, the
//     target riposting as against any charger (WS-BUILD-33, WS-MELEE-6).
//     Bots never decline.
//   - WS-INV-3, the invasion's corners: the hero players choose them one
//     after the other in band order (the source names no order nor
//     roll-off); WS-SCEN-4 and WS-BIG-5: a player places its figures one
//     by one in any order, and a Teleport figure kept in reserve is
//     declared in its player's placing turn (deploy.go).

// Orders the engine fixes (the digest leaves them to a player), each done
// by walking figures in figure order where the rule is implemented:
//
//   - several figures hit at once (templates, Explosive, Suicidal) are
//     resolved in the order the attacking side's decision gives
//     (Decision.Order, WS-SHOOT-7), the figures it does not name in
//     figure order; a Suicidal explosion of the other side's figure in
//     figure order;
//   - creatures' ties (nearest hero, activation order, the hero a spawning
//     creature touches) go to the lowest figure number (WS-INV-6, 7, 9).

// maxFigsSpawn: when the state holds MaxFigs figures, further creatures do
// not spawn (a bound of the engine, not of the rules: WS-INV-4 says
// unlimited).
const maxFigsSpawn = MaxFigs

// invasionTurnLimit bounds an invasion game played by bots when the game
// gives no MaxTurns (WS-INV-12 has no limit; a bot game must end).
const invasionTurnLimit = 30

// A path that leaves a high piece climbs down unless its waypoint says
// drop or jump (WS-SPECIAL-MOVE-2, 3): Way.Drop, Way.Jump.
