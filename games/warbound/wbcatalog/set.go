package wbcatalog

// Set names the card set the content makes and its version: printed on
// every card, in the sheets' metadata, the site's footer and catalog.json.
// The content gives it in a `set` section; when the content gives no
// version, the build takes the version git describes (package pipeline).
type Set struct {
	Name    Text   `json:"name"`
	Version string `json:"version"`
	// ErrataSince, when set, is the version the errata and the reprint
	// sheets list the changes since: a git revision of the repository
	// that holds the content, or a folder inside the content folder
	// (`wbtool build --since` overrides it).
	ErrataSince string `json:"errataSince,omitempty"`
	Pos         Pos    `json:"-"`
	// ErrataSincePos is where the content gives ErrataSince.
	ErrataSincePos Pos `json:"-"`
	// VersionPos is where the content gives Version.
	VersionPos Pos `json:"-"`
	// Components are the printed kit's counted tokens (set.components);
	// nil when the content counts none. They are not engine data
	// (catalog.json): sim and balance read them.
	Components *Components `json:"-"`
}

// IsZero reports whether the set is not given (every field empty).
func (s Set) IsZero() bool {
	return s.Name.IsZero() && s.Version == "" && s.ErrataSince == "" && s.Pos == (Pos{}) &&
		s.ErrataSincePos == (Pos{}) && s.VersionPos == (Pos{}) && s.Components == nil
}

// Components are the printed kit's counted tokens, each nil when the
// content gives no count.
type Components struct {
	WoundTokens  *Count `json:"woundTokens,omitempty"`
	PoisonTokens *Count `json:"poisonTokens,omitempty"`
	SacredTokens *Count `json:"sacredTokens,omitempty"`
	StressTokens *Count `json:"stressTokens,omitempty"`
	BreakTokens  *Count `json:"breakTokens,omitempty"`
	CoverTokens  *Count `json:"coverTokens,omitempty"`
}

// Count is how many of a token the printed kit holds, and the rule that
// defines the token.
type Count struct {
	Printed int    `json:"printed"`
	Rule    string `json:"rule,omitempty"`
}

// SetName is the set's name in language l, or fallback when the content
// names no set.
func (c *Catalog) SetName(l Lang, fallback string) string {
	if n := c.Set.Name.In(l); n != "" {
		return n
	}
	return fallback
}
