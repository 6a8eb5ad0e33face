package engine

// Scoring kinds of schema/cue/boards.cue (#ScoringKind). Each is
// implemented here; the rules of marker control, interaction and the enemy
// zone are Decisions (decisions.go).
const (
	ScoreControlMarker  = "control-marker"  // end of each turn: VP per marker the player controls (ControlRule)
	ScoreInteractMarker = "interact-marker" // a Character ends its activation on or next to the marker: VP once, marker removed (InteractRule)
	ScoreRemoveEnemy    = "remove-enemy"    // VP each time an enemy Character is removed from play (R-END-1)
	ScoreEnemyZone      = "enemy-zone"      // end of each turn: VP once if a Character stands in the enemy deployment zone (EnemyZoneRule)
	ScorePanicEnemy     = "panic-enemy"     // VP each time an enemy Character enters Panic (R-END-2)
	ScoreKeepAlive      = "keep-alive"      // end of the game: VP per own Character still in play
	ScoreMostMarkers    = "most-markers"    // end of the game: VP to the player controlling more markers (none on a tie)
)

// ScoringKinds lists the kinds the engine implements.
var ScoringKinds = []string{ScoreControlMarker, ScoreInteractMarker, ScoreRemoveEnemy, ScoreEnemyZone,
	ScorePanicEnemy, ScoreKeepAlive, ScoreMostMarkers}

const (
	scoreRemove = iota
	scorePanic
)

func (s *State) gainVP(side, n int, ev []Event) []Event {
	if n <= 0 {
		return ev
	}
	s.vp[side] += int16(n)
	return append(ev, Event{Kind: EvVP, Side: int8(side), N: int16(n)})
}

// scoreEvent scores the event-driven kinds for side.
func (s *State) scoreEvent(what, side int, ev []Event) []Event {
	for i := range s.g.scoring {
		sc := &s.g.scoring[i]
		switch {
		case what == scoreRemove && sc.Kind == ScoreRemoveEnemy,
			what == scorePanic && sc.Kind == ScorePanicEnemy:
			ev = s.gainVP(side, sc.VP, ev)
		}
	}
	return ev
}

// markerMatches reports whether scoring rule sc counts marker m (no marker
// named: all of them; else by id or kind).
func (s *State) markerMatches(sc string, m int) bool {
	return sc == "" || s.g.markers[m].id == sc || s.g.markers[m].kind == sc
}

// nearMarker reports whether a miniature of u stands on marker m's tile or
// next to it.
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
	if s.markerGone&(1<<uint(m)) != 0 {
		return -1
	}
	var near [2]bool
	for u := range s.g.units {
		if s.inPlay(u) && s.nearMarker(u, m) {
			near[s.g.units[u].side] = true
		}
	}
	switch {
	case near[0] && !near[1]:
		return 0
	case near[1] && !near[0]:
		return 1
	}
	return -1
}

// interact scores interact-marker for unit u at the end of its activation
// (InteractRule).
func (s *State) interact(u int, ev []Event) []Event {
	side := int(s.g.units[u].side)
	for i := range s.g.scoring {
		sc := &s.g.scoring[i]
		if sc.Kind != ScoreInteractMarker || !s.inPlay(u) {
			continue
		}
		for m := range s.g.markers {
			if s.markerGone&(1<<uint(m)) == 0 && s.markerMatches(sc.Marker, m) && s.nearMarker(u, m) {
				s.markerGone |= 1 << uint(m)
				ev = append(ev, Event{Kind: EvMarker, Side: int8(side), Unit: int8(u), Space: int8(m)})
				ev = s.gainVP(side, sc.VP, ev)
			}
		}
	}
	return ev
}

func (s *State) scoreEndOfTurn(ev []Event) []Event {
	for i := range s.g.scoring {
		sc := &s.g.scoring[i]
		switch sc.Kind {
		case ScoreControlMarker:
			var n [2]int
			for m := range s.g.markers {
				if s.markerMatches(sc.Marker, m) {
					if c := s.controller(m); c >= 0 {
						n[c]++
					}
				}
			}
			for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
				ev = s.gainVP(side, n[side]*sc.VP, ev)
			}
		case ScoreEnemyZone:
			for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
				z := &s.g.zones[1-side]
				in := false
				for u := range s.g.units {
					if int(s.g.units[u].side) == side && s.inPlay(u) {
						for _, t := range s.minis(u) {
							in = in || z.Has(t)
						}
					}
				}
				if in {
					ev = s.gainVP(side, sc.VP, ev)
				}
			}
		}
	}
	return ev
}

func (s *State) scoreEndOfGame(ev []Event) []Event {
	for i := range s.g.scoring {
		sc := &s.g.scoring[i]
		switch sc.Kind {
		case ScoreKeepAlive:
			var n [2]int
			for u := range s.g.units {
				if s.inPlay(u) {
					n[s.g.units[u].side]++
				}
			}
			for _, side := range [2]int{int(s.hand), 1 - int(s.hand)} {
				ev = s.gainVP(side, n[side]*sc.VP, ev)
			}
		case ScoreMostMarkers:
			var n [2]int
			for m := range s.g.markers {
				if s.markerMatches(sc.Marker, m) {
					if c := s.controller(m); c >= 0 {
						n[c]++
					}
				}
			}
			switch {
			case n[0] > n[1]:
				ev = s.gainVP(0, sc.VP, ev)
			case n[1] > n[0]:
				ev = s.gainVP(1, sc.VP, ev)
			}
		}
	}
	return ev
}
