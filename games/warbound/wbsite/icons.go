package wbsite

import (
	"regexp"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
)

// iconPaths holds the drawing of every fixed icon: SVG elements in a
// 24 × 24 box, drawn with currentColor (the dice in their own colours).
// They are constants of this package and of render, never content, so
// writing them unescaped is safe.
var iconPaths = map[string]string{
	markup.IconMove:  `<path d="M3 12h13M11 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`,
	markup.IconRun:   `<path d="M3 6l6 6-6 6M11 6l6 6-6 6M19 6v12" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`,
	markup.IconFight: `<path d="M4 4l11 11M20 4L9 15M13 17l4-4M11 17l-4-4M16 16l4 4M8 16l-4 4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>`,
	markup.IconShoot: `<g fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><circle cx="12" cy="12" r="7"/><path d="M12 2v5M12 17v5M2 12h5M17 12h5"/></g><circle cx="12" cy="12" r="1.8" fill="currentColor"/>`,
	markup.IconAim:   `<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><circle cx="12" cy="12" r="3.2" fill="currentColor"/>`,
	markup.IconHide:  `<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M4 20L20 4" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>`,
	markup.IconOrder: `<path d="M12 2l8.7 5v10L12 22l-8.7-5V7z" fill="currentColor"/>`,
	// dice: the cards' own drawing (a d12 face in the rulebooks' colour)
	markup.IconRangedDie: render.IconSVG(markup.IconRangedDie),
	markup.IconMeleeDie:  render.IconSVG(markup.IconMeleeDie),
	markup.IconAnyDie:    render.IconSVG(markup.IconAnyDie),
	markup.IconActive:    `<path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="currentColor"/>`,
	// Gear icons of R-CARD-1 (not card-text icons).
	"gear-ranged": `<g fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><circle cx="12" cy="12" r="6"/><path d="M12 3v5M12 16v5M3 12h5M16 12h5"/></g>`,
	"gear-melee":  `<path d="M19 3l-9.5 9.5M15 3h4v4M7 13l4 4M5 19l3.5-3.5" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`,
	"gear-armor":  `<path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linejoin="round"/>`,
}

// iconKeys names each icon for screen readers and tooltips: the key of
// its name in the table of interface strings (wbcatalog.Label).
var iconKeys = map[string]string{
	markup.IconMove:      "action.move",
	markup.IconRun:       "action.run",
	markup.IconFight:     "action.fight",
	markup.IconShoot:     "action.shoot",
	markup.IconAim:       "action.aim",
	markup.IconHide:      "action.hide",
	markup.IconOrder:     "icon.order",
	markup.IconRangedDie: "die.ranged",
	markup.IconMeleeDie:  "die.melee",
	markup.IconAnyDie:    "die.any",
	markup.IconActive:    "icon.active",
	"gear-ranged":        "gear.ranged",
	"gear-melee":         "gear.melee",
	"gear-armor":         "gear.armor",
}

// iconLabels are the built-in names of the icons, for the code that has no
// catalog at hand; read from the one table.
var iconLabels = func() map[string]wbcatalog.Text {
	m := map[string]wbcatalog.Text{}
	for name, key := range iconKeys {
		m[name] = labels[key]
	}
	return m
}()

// iconLabelText is an icon's English name in plain text (a title, an
// image's alt text), "" for none.
func iconLabelText(name string) string {
	if t, ok := iconLabels[name]; ok {
		return t.EN
	}
	return ""
}

// safeColour matches a #rrggbb colour.
var safeColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// iconSVG returns the inline SVG of icon name in language l, and whether
// the icon exists. Faction Order tokens "order-<faction>" exist for the
// factions of the catalog and are coloured by the faction's class.
func (b *builder) iconSVG(name string, l wbcatalog.Lang) (string, bool) {
	drawing, ok := iconPaths[name]
	var label string
	if ok {
		label = b.label(iconKeys[name], l)
	}
	class := "icon icon-" + name
	if !ok {
		f, isOrder := markup.OrderFaction(name)
		fac := b.cat.Faction(f)
		if !isOrder || fac == nil || !site.SafeClass.MatchString(f) {
			return "", false
		}
		drawing = iconPaths[markup.IconOrder]
		label = b.label(iconKeys[markup.IconOrder], l) + " " + fac.Name.In(l)
		class = "icon icon-order fc-" + f
	}
	var sb strings.Builder
	sb.WriteString(`<svg class="`)
	sb.WriteString(class)
	sb.WriteString(`" viewBox="0 0 24 24" role="img" aria-label="`)
	sb.WriteString(site.EscapeHTML(label))
	sb.WriteString(`"><title>`)
	sb.WriteString(site.EscapeHTML(label))
	sb.WriteString(`</title>`)
	sb.WriteString(drawing)
	sb.WriteString(`</svg>`)
	return sb.String(), true
}
