// Package wbengine is the Warbound rules engine: both formats of the rules
// digest (shared/rules/warbound-rules.md), pure and deterministic, with
// no I/O. Exploration (R-FMT-1, R-FMT-2) and Confrontation (R-FMT-1: a
// 16 × 16 board, 6 turns in 3 Periods, two Leaders a side, the Action
// Board's Multiple, Temporisation and Extra die spaces, Hide and Cover
// (hide.go), the personal Objectives revealed after turn 3 and the
// optional Maintenance rule) are the same engine: the format's numbers
// come from the content (board, Action Board, Leader sides), and the few
// rules proper to Confrontation are switched on by Game.Format.
//
// A game is a State, a plain value. Legal lists the decisions the player to
// act may take; Apply returns the state after one decision and the events
// it caused; nothing else changes a State. Randomness comes only from the
// seeded generator carried in the State (math/rand/v2 PCG) or from forced
// dice handed to Apply, so the same seed and the same decisions give the
// same events, byte for byte.
//
// Every Decision of the digest (the points where the rulebooks are silent
// and the engine chooses) lives in decisions.go, one named function or
// constant per decision, each citing its rule.
//
// Around the rules: Compile turns a Setup (a scenario and two decks, see
// ScenarioSetup, or a check game) into an immutable Game; RunCheck plays a
// designer's check game (wbcatalog.CheckGame) and reports the first step
// that goes otherwise than scripted; card effects are the vocabulary of
// wbcatalog.Effect, run by effects.go; Play, the bots, Log and Replay give
// self-play and byte-identical game logs; Invariants is what the property
// and fuzz tests check after every decision.
//
// The package imports only Warbound's catalog (wbcatalog), the engine
// kit (engine/botkit, engine/checkkit, engine/hex) and the standard
// library (minus os, time and io/fs); a test pins that (internal/deps).
package wbengine
