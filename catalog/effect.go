package catalog

// Effect is the executable form of a skill's or an Upgrade's text: a small
// declarative vocabulary (trigger, condition, effect) that the engine runs.
//
// PLACEHOLDER: the engine issue owns this type and schema/effect.cue.
type Effect struct {
	Trigger string `json:"trigger"`
}
