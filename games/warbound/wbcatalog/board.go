package wbcatalog

// Action is an action kind shown on an Action space (R-ACT-4).
type Action string

// The action kinds.
const (
	ActMove  Action = "move"
	ActRun   Action = "run"
	ActFight Action = "fight"
	ActShoot Action = "shoot"
	ActAim   Action = "aim"
	ActHide  Action = "hide"
)

// Modifier is an Action space modifier (R-ACT-6).
type Modifier string

// The space modifiers.
const (
	ModCostReduction Modifier = "cost-reduction"
	ModMultiple      Modifier = "multiple"
	ModTemporisation Modifier = "temporisation"
	ModExtraDie      Modifier = "extra-die"
)

// ActionBoard is the shared Action Board of a format (R-ACT-1, R-ACT-8).
type ActionBoard struct {
	ID     string `json:"id"`
	Name   Text   `json:"name"`
	Format Format `json:"format"`
	Turns  int    `json:"turns"`
	// Periods holds the number of turns in each Period, in order.
	Periods []int         `json:"periods"`
	Spaces  []ActionSpace `json:"spaces"`
	Pos     Pos           `json:"-"`
}

// PeriodOf returns the 1-based Period of a 1-based turn, or 0 when the turn
// is outside the board's timeline.
func (b *ActionBoard) PeriodOf(turn int) int {
	end := 0
	for i, n := range b.Periods {
		end += n
		if turn >= 1 && turn <= end {
			return i + 1
		}
	}
	return 0
}

// Space returns the Action space with the given id, or nil.
func (b *ActionBoard) Space(id string) *ActionSpace {
	for i := range b.Spaces {
		if b.Spaces[i].ID == id {
			return &b.Spaces[i]
		}
	}
	return nil
}

// ActionSpace is one hexagonal space of the Action Board. A space with
// several actions is composite (R-ACT-5).
type ActionSpace struct {
	ID        string     `json:"id"`
	Period    int        `json:"period"`
	Actions   []Action   `json:"actions"`
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Pos       Pos        `json:"-"`
}

// Has reports whether the space shows action a.
func (s *ActionSpace) Has(a Action) bool {
	for _, x := range s.Actions {
		if x == a {
			return true
		}
	}
	return false
}

// HasModifier reports whether the space carries modifier m.
func (s *ActionSpace) HasModifier(m Modifier) bool {
	for _, x := range s.Modifiers {
		if x == m {
			return true
		}
	}
	return false
}

// BoardSize is the size of a hex board in tiles.
type BoardSize struct {
	Cols int `json:"cols"`
	Rows int `json:"rows"`
}

// Terrain is a terrain tile; whether it blocks movement and sight is data
// (R-BOARD-3). A board lists each tile at most once: the loader refuses a
// second entry for a tile, even an identical one.
type Terrain struct {
	At          string `json:"at"` // tile name, e.g. "G12"
	BlocksMove  bool   `json:"blocksMove"`
	BlocksSight bool   `json:"blocksSight"`
	Pos         Pos    `json:"-"`
}

// Marker is a scenario marker (e.g. a Scan marker) on a tile.
type Marker struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	At   string `json:"at"`
	Pos  Pos    `json:"-"`
}

// Zone is a deployment zone: the rectangle of tiles between two corner
// tiles, for player 1 or 2. From is the top-left corner and To the
// bottom-right one; the two players' zones share no tile (the loader
// checks both).
type Zone struct {
	Player int    `json:"player"`
	From   string `json:"from"`
	To     string `json:"to"`
	Pos    Pos    `json:"-"`
}

// Scoring is one way to score Victory Points, from a scenario or an
// Objective card. Kind names the rule; the engine implements each kind.
type Scoring struct {
	Kind   string `json:"kind"`
	VP     int    `json:"vp"`
	Marker string `json:"marker,omitempty"` // marker id or kind, for marker rules
	Text   *Text  `json:"text,omitempty"`
	Pos    Pos    `json:"-"`
}

// Scenario gives the board, terrain, markers, deployment and scoring of a
// game (R-OBJ-1, R-OBJ-2). Its tiles are all on the board and its marker
// ids are unique (schema, checkBoard: the same checks as a check game's
// inline board).
type Scenario struct {
	ID         string    `json:"id"`
	Name       Text      `json:"name"`
	Format     Format    `json:"format"`
	Text       Text      `json:"text"`
	Board      BoardSize `json:"board"`
	Terrain    []Terrain `json:"terrain"`
	Markers    []Marker  `json:"markers"`
	Deployment []Zone    `json:"deployment"`
	Scoring    []Scoring `json:"scoring"`
	// Objectives is the scenario's Objective card deck (card ids).
	Objectives []string `json:"objectives"`
	// ActionBoard names the board to play on; empty means the format's.
	ActionBoard string `json:"actionBoard,omitempty"`
	Pos         Pos    `json:"-"`
}

// ObjectiveCard is an Objective card: a way to score (R-OBJ-1, R-OBJ-3).
type ObjectiveCard struct {
	ID      string    `json:"id"`
	Name    Text      `json:"name"`
	Art     *Art      `json:"art,omitempty"`
	Format  Format    `json:"format"`
	Text    Text      `json:"text"`
	Scoring []Scoring `json:"scoring"`
	Pos     Pos       `json:"-"`
}

// Deck is a deck list: its cards (the Leaders included) and which Upgrade
// is attached to which card (R-DECK-1..6).
type Deck struct {
	ID          string       `json:"id"`
	Name        Text         `json:"name"`
	Format      Format       `json:"format"`
	Description *Text        `json:"description,omitempty"`
	Cards       []string     `json:"cards"`
	Attachments []Attachment `json:"attachments"`
	Pos         Pos          `json:"-"`
	// CardPos are the positions of the entries of Cards, where the loader
	// found them (a deck from elsewhere has none: its problems are at Pos).
	CardPos []Pos `json:"-"`
}

// cardPos is where entry i of the card list is written, or the deck's
// position.
func (d *Deck) cardPos(i int) Pos {
	if i < len(d.CardPos) && d.CardPos[i].File != "" {
		return d.CardPos[i]
	}
	return d.Pos
}

// Attachment attaches the Upgrade card Upgrade to the card To of the same
// deck (R-DECK-4).
type Attachment struct {
	Upgrade string `json:"upgrade"`
	To      string `json:"to"`
	Pos     Pos    `json:"-"`
}
