package site

import "wbtool.dev/wbtool/render"

// SetVersion is the footer's line naming the set and its version, the
// version printed on the cards: "Warbound starter set · v0.1".
func (p *page) SetVersion() string {
	return p.b.cat.SetName(p.Lang, p.T("site.title")) + " · " + render.VersionLabel(p.b.cat.Set.Version)
}
