package warstuff

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

// alwaysRiposte: a charged figure that may riposte always does
// (WS-MELEE-3); a riposte never costs the defender anything.
const alwaysRiposte = true

// alwaysFurious: a Furious charger always makes its second attack when it
// may (WS-MELEE-4).
const alwaysFurious = true

// bestRallying: a figure within 9" of friendly Rallying figures tests
// morale against the best current quality among them and its own
// (WS-QUAL-8, WS-BUILD-45: the controller's choice, taken for it).
const bestRallying = true

// Orders the engine fixes (the digest leaves them to a player), each done
// by walking figures in figure order where the rule is implemented:
//
//   - several figures hit at once (templates, Explosive, Suicidal) are
//     resolved in figure order (WS-SHOOT-7: the attacking side's choice);
//   - a band's morale tests are taken in figure order (WS-MORALE-4);
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
