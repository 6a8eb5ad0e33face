package unbound

import (
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Layout lays out every order card and the kit's pages in both
// languages and reports what does not fit: an order's text at the order,
// the kit's at the tree.
func (c *Content) Layout() diag.List {
	var d diag.List
	for _, l := range lang.Langs {
		for i := range c.Catalog.Orders {
			o := &c.Catalog.Orders[i]
			if _, err := orderFace(o, l); err != nil {
				d = append(d, diag.Errorf(o.Pos, "orders."+o.ID, "%v", err))
			}
		}
		if _, err := c.kit(render.SheetOptions{Lang: l, Paper: "a4"}, c.allArmies()); err != nil {
			pos := diag.Pos{File: "."}
			if len(c.Catalog.Armies) > 0 {
				pos = c.Catalog.Armies[0].Pos
			}
			d = append(d, diag.Errorf(pos, "armies", "%v", err))
		}
	}
	return d
}
