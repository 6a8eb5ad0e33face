package wbcards

import (
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// CardPos is where card id is declared in the content, and its content
// path ("characters.copp"), for diagnostics about the card as a whole.
func CardPos(cat *wbcatalog.Catalog, id string) (diag.Pos, string) {
	switch cat.KindOf(id) {
	case wbcatalog.KindCharacter:
		return cat.Character(id).Pos, "characters." + id
	case wbcatalog.KindLeader:
		return cat.Leader(id).Pos, "leaders." + id
	case wbcatalog.KindEquipment:
		return cat.EquipmentCard(id).Pos, "equipment." + id
	case wbcatalog.KindFormation:
		return cat.Formation(id).Pos, "formations." + id
	case wbcatalog.KindVocation:
		return cat.Vocation(id).Pos, "vocations." + id
	case wbcatalog.KindReference:
		return cat.Reference(id).Pos, "references." + id
	case wbcatalog.KindObjective:
		return cat.Objective(id).Pos, "objectives." + id
	}
	return diag.Pos{}, ""
}
