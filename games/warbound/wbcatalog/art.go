package wbcatalog

import "fmt"

// Art is a card's picture: an image file of the content tree, by
// reference. The loader checks it (it exists, is a regular file inside the
// content folder, decodes as PNG or JPEG) and notes its size, format and
// hash; the catalog never carries the image's bytes (a set of a thousand
// pictures would not fit in memory, nor cross the pipe of the budgeted
// child). The drawers read the file when they draw it (Catalog.ReadArt),
// and the layouts place it in the card's art slot, cropped around Focus.
type Art struct {
	// File is the image's path from the content folder, as written.
	File string `json:"file"`
	// Focus is the point of the image (0 to 1 across and down) that stays
	// in view when the slot crops it; nil: the centre.
	Focus *Focus `json:"focus,omitempty"`
	// Credit names who made the image (the site prints it).
	Credit string `json:"credit,omitempty"`

	// Filled by the loader once the file is read and checked.

	// Format is "png" or "jpeg".
	Format string `json:"-"`
	// Width and Height are the image's size in pixels.
	Width  int `json:"-"`
	Height int `json:"-"`
	// Hash is a short SHA-256 of the file's bytes: cards sharing an image
	// share it, a PDF embeds each image once, and ReadArt checks that the
	// file is still the one the loader checked. Empty: not checked (the
	// card shows its placeholder).
	Hash string `json:"-"`
	Pos  Pos    `json:"-"`
}

// ArtReader reads the image files of a catalog's art: the content folder
// the catalog was loaded from (wbschema.ArtFiles). Kept outside the catalog's
// data: no encoding carries it, and a catalog that crossed a process
// boundary has none until its receiver sets it again.
type ArtReader interface {
	// ReadArt returns the bytes of a's image file, the file the loader
	// checked (an error if it changed since).
	ReadArt(a *Art) ([]byte, error)
}

// SetArtReader says where the catalog's art files are read from (the
// loader sets it).
func (c *Catalog) SetArtReader(r ArtReader) { c.art = r }

// HasArtReader reports whether the catalog knows where its art files are.
func (c *Catalog) HasArtReader() bool { return c.art != nil }

// ReadArt reads art a's image file (see ArtReader).
func (c *Catalog) ReadArt(a *Art) ([]byte, error) {
	if c.art == nil {
		return nil, fmt.Errorf("art %s: the catalog does not know its content folder", a.File)
	}
	return c.art.ReadArt(a)
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
	if f := c.artField(c.KindOf(id), id); f != nil {
		return *f
	}
	return nil
}

// ArtFields are the art fields of every card, in card kind then id order:
// the loader fills them.
func (c *Catalog) ArtFields() []**Art {
	var out []**Art
	for _, k := range Kinds {
		for _, id := range c.CardIDs(k) {
			if f := c.artField(k, id); f != nil {
				out = append(out, f)
			}
		}
	}
	return out
}

// artField is the art field of card id of kind k, nil when there is no
// such card.
func (c *Catalog) artField(k Kind, id string) **Art {
	switch k {
	case KindCharacter:
		return artOf(c.Character(id), func(x *Character) **Art { return &x.Art })
	case KindLeader:
		return artOf(c.Leader(id), func(x *Leader) **Art { return &x.Art })
	case KindEquipment:
		return artOf(c.EquipmentCard(id), func(x *Equipment) **Art { return &x.Art })
	case KindFormation:
		return artOf(c.Formation(id), func(x *Formation) **Art { return &x.Art })
	case KindVocation:
		return artOf(c.Vocation(id), func(x *Vocation) **Art { return &x.Art })
	case KindReference:
		return artOf(c.Reference(id), func(x *ReferenceCard) **Art { return &x.Art })
	case KindObjective:
		return artOf(c.Objective(id), func(x *ObjectiveCard) **Art { return &x.Art })
	}
	return nil
}

// artOf is field(card), nil when there is no card.
func artOf[T any](card *T, field func(*T) **Art) **Art {
	if card == nil {
		return nil
	}
	return field(card)
}
