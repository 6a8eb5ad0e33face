package catalog

// Art is a card's picture: an image file of the content tree. The loader
// reads and checks it (it exists, is a regular file inside the content
// folder, decodes as PNG or JPEG) and keeps its bytes; the layouts place
// it in the card's art slot, cropped around Focus.
type Art struct {
	// File is the image's path from the content folder, as written.
	File string `json:"file"`
	// Focus is the point of the image (0 to 1 across and down) that stays
	// in view when the slot crops it; nil: the centre.
	Focus *Focus `json:"focus,omitempty"`
	// Credit names who made the image (the site prints it).
	Credit string `json:"credit,omitempty"`

	// Filled by the loader once the file is read and decoded.

	// Data are the image file's bytes, "png" or "jpeg" as Format says
	// (a PNG that PDF writers cannot embed as it is, 16-bit or
	// interlaced, is re-encoded as an 8-bit PNG).
	Data   []byte `json:"-"`
	Format string `json:"-"`
	// Width and Height are the image's size in pixels.
	Width  int `json:"-"`
	Height int `json:"-"`
	// Hash is a short hash of Data: cards sharing an image share it, and
	// a PDF embeds each image once.
	Hash string `json:"-"`
	Pos  Pos    `json:"-"`
}

// Focus is a point of an image, 0 to 1 across (X) and down (Y).
type Focus struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// FocusPoint is the art's focus, the centre when none is given.
func (a *Art) FocusPoint() (x, y float64) {
	if a.Focus == nil {
		return 0.5, 0.5
	}
	return a.Focus.X, a.Focus.Y
}

// CardArt returns the art of card id, or nil when it has none.
func (c *Catalog) CardArt(id string) *Art {
	switch c.KindOf(id) {
	case KindCharacter:
		return c.Character(id).Art
	case KindLeader:
		return c.Leader(id).Art
	case KindEquipment:
		return c.EquipmentCard(id).Art
	case KindFormation:
		return c.Formation(id).Art
	case KindVocation:
		return c.Vocation(id).Art
	case KindReference:
		return c.Reference(id).Art
	case KindObjective:
		return c.Objective(id).Art
	}
	return nil
}

// ArtFields are the art fields of every card, in card kind then id order:
// the loader fills them.
func (c *Catalog) ArtFields() []**Art {
	var out []**Art
	for i := range c.Characters {
		out = append(out, &c.Characters[i].Art)
	}
	for i := range c.Leaders {
		out = append(out, &c.Leaders[i].Art)
	}
	for i := range c.Equipment {
		out = append(out, &c.Equipment[i].Art)
	}
	for i := range c.Formations {
		out = append(out, &c.Formations[i].Art)
	}
	for i := range c.Vocations {
		out = append(out, &c.Vocations[i].Art)
	}
	for i := range c.References {
		out = append(out, &c.References[i].Art)
	}
	for i := range c.Objectives {
		out = append(out, &c.Objectives[i].Art)
	}
	return out
}
