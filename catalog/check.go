package catalog

// CheckGame is a designer's scripted check game (DESIGN.md, "Check games").
//
// PLACEHOLDER: the engine issue owns this type and schema/check.cue.
type CheckGame struct {
	ID  string `json:"id"`
	Pos Pos    `json:"-"`
}
