package wbengine

import (
	"slices"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Scoring kinds of games/warbound/wbschema/cue/boards.cue (#ScoringKind). Each is
// implemented here; "control", "next to" and "interact" are Decisions
// (decisions.go). Scenario scoring counts for both players; an Objective
// card counts for its owner only (R-OBJ-1).
const (
	ScoreControlMarker  = "control-marker"  // end of each turn: VP per marker the player controls (ControlRule)
	ScoreInteractMarker = "interact-marker" // a Character ends its activation next to a marker it has not scanned yet: VP (InteractRule)
	ScoreRemoveEnemy    = "remove-enemy"    // VP each time an enemy Character is removed from play (R-END-1)
	ScoreEnemyZone      = "enemy-zone"      // end of the game: VP per own Character in the enemy deployment zone
	ScorePanicEnemy     = "panic-enemy"     // VP each time an enemy Character enters Panic (R-END-2)
	ScoreKeepAlive      = "keep-alive"      // end of the game: VP per own Character still in play
	ScoreMostMarkers    = "most-markers"    // end of the game: VP if the player controls more markers than the opponent
)

// ScoringKinds lists the kinds the engine implements.
var ScoringKinds = []string{ScoreControlMarker, ScoreInteractMarker, ScoreRemoveEnemy, ScoreEnemyZone,
	ScorePanicEnemy, ScoreKeepAlive, ScoreMostMarkers}

const (
	scoreRemove = iota
	scorePanic
)

// scoringFor calls f with every scoring rule that counts for side.
func (s *State) scoringFor(side int, f func(sc *wbcatalog.Scoring)) {
	g := s.g
	for i := range g.scoring {
		f(&g.scoring[i])
	}
	if !s.objDrawn {
		return // the personal Objectives are not revealed yet (R-OBJ-3)
	}
	for i := range g.fixedObj[side] {
		f(&g.fixedObj[side][i])
	}
	if o := s.objective[side]; o >= 0 {
		for i := range g.objDeck[o] {
			f(&g.objDeck[o][i])
		}
	}
}

// gainVP scores n VP for side by the scoring rule of kind.
func (s *State) gainVP(side, n int, kind string, ev []Event) []Event {
	if n <= 0 {
		return ev
	}
	s.vp[side] += int16(n)
	return append(ev, Event{Kind: EvVP, Side: int8(side), N: int16(n), Cause: int16(1 + slices.Index(ScoringKinds, kind))})
}

// scoreEvent scores the event-driven kinds for side.
func (s *State) scoreEvent(what, side int, ev []Event) []Event {
	s.scoringFor(side, func(sc *wbcatalog.Scoring) {
		if (what == scoreRemove && sc.Kind == ScoreRemoveEnemy) || (what == scorePanic && sc.Kind == ScorePanicEnemy) {
			ev = s.gainVP(side, sc.VP, sc.Kind, ev)
		}
	})
	return ev
}

// markerMatches reports whether a scoring rule naming marker (id or kind;
// empty: all) counts marker m.
func (s *State) markerMatches(marker string, m int) bool {
	return marker == "" || s.g.markers[m].id == marker || s.g.markers[m].kind == marker
}

// nearMarker reports whether a miniature of u stands on marker m's tile or
// next to it (NextToMeansWithinOne).
func (s *State) nearMarker(u, m int) bool {
	for _, t := range s.minis(u) {
		if s.g.grid.Distance(t, s.g.markers[m].tile) <= 1 {
			return true
		}
	}
	return false
}

// controller is the side controlling marker m, or -1 (ControlRule).
func (s *State) controller(m int) int {
	// The marker's tile and those next to it, against every miniature in
	// play of each side (sideTiles: Invariants).
	t := s.g.markers[m].tile
	zone := *s.g.grid.NeighbourMask(t)
	zone.Set(t)
	near := [2]bool{zone.Intersects(&s.sideTiles[0]), zone.Intersects(&s.sideTiles[1])}
	switch {
	case near[0] && !near[1]:
		return 0
	case near[1] && !near[0]:
		return 1
	}
	return -1
}

func (s *State) controlled(marker string) (n [2]int) {
	for m := range s.g.markers {
		if s.markerMatches(marker, m) {
			if c := s.controller(m); c >= 0 {
				n[c]++
			}
		}
	}
	return n
}

// interact scores interact-marker for unit u at the end of its activation
// (InteractRule).
func (s *State) interact(u int, ev []Event) []Event {
	if !s.inPlay(u) {
		return ev
	}
	side := int(s.g.units[u].side)
	s.scoringFor(side, func(sc *wbcatalog.Scoring) {
		if sc.Kind != ScoreInteractMarker {
			return
		}
		for m := range s.g.markers {
			bit := uint16(1) << uint(m)
			if s.scanned[u]&bit == 0 && s.markerMatches(sc.Marker, m) && s.nearMarker(u, m) {
				s.scanned[u] |= bit
				ev = append(ev, Event{Kind: EvMarker, Side: int8(side), Unit: int8(u), Space: int8(m)})
				ev = s.gainVP(side, sc.VP, sc.Kind, ev)
			}
		}
	})
	return ev
}

func (s *State) scoreEndOfTurn(ev []Event) []Event {
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		s.scoringFor(side, func(sc *wbcatalog.Scoring) {
			if sc.Kind == ScoreControlMarker {
				ev = s.gainVP(side, s.controlled(sc.Marker)[side]*sc.VP, sc.Kind, ev)
			}
		})
	}
	return ev
}

func (s *State) scoreEndOfGame(ev []Event) []Event {
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		s.scoringFor(side, func(sc *wbcatalog.Scoring) {
			switch sc.Kind {
			case ScoreKeepAlive, ScoreEnemyZone:
				n := 0
				z := &s.g.zones[1-side]
				for u := range s.g.units {
					if int(s.g.units[u].side) != side || !s.inPlay(u) {
						continue
					}
					if sc.Kind == ScoreKeepAlive {
						n++
						continue
					}
					for _, t := range s.minis(u) {
						if z.Has(t) {
							n++
							break
						}
					}
				}
				ev = s.gainVP(side, n*sc.VP, sc.Kind, ev)
			case ScoreMostMarkers:
				if n := s.controlled(sc.Marker); n[side] > n[1-side] {
					ev = s.gainVP(side, sc.VP, sc.Kind, ev)
				}
			}
		})
	}
	return ev
}

// maintenanceCost: each player loses 1 Victory Point per Maintenance
// marker still on their Characters, never going below 0 (R-TURN-7,
// MaintenanceInPlayOnly).
func (s *State) maintenanceCost(ev []Event) []Event {
	for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
		n := 0
		for u := range s.g.units {
			if int(s.g.units[u].side) == side && s.inPlay(u) && s.maint&(1<<uint(u)) != 0 {
				n++
			}
		}
		n = min(n, int(s.vp[side]))
		if n > 0 {
			s.vp[side] -= int16(n)
			ev = append(ev, Event{Kind: EvVPLost, Side: int8(side), N: int16(n)})
		}
	}
	return ev
}
