package wscatalog

import "strconv"

// Labels are the interface words of Warstuff's cards, sheets and site, in
// both languages; a content tree's `strings` override them.
var Labels = map[string]Text{
	"quality":       {EN: "Quality", FR: "Qualité"},
	"range":         {EN: "Range", FR: "Portée"},
	"melee":         {EN: "Melee", FR: "Corps-à-corps"},
	"melee-only":    {EN: "melee only", FR: "corps-à-corps uniquement"},
	"powers":        {EN: "Psychic powers", FR: "Pouvoirs psychiques"},
	"rules":         {EN: "Special rules", FR: "Règles spéciales"},
	"points":        {EN: "pts", FR: "pts"},
	"point":         {EN: "pt", FR: "pt"},
	"cost":          {EN: "Cost", FR: "Coût"},
	"base":          {EN: "base", FR: "socle"},
	"variable":      {EN: "Variable", FR: "Variable"},
	"profile":       {EN: "Profile", FR: "Profil"},
	"count":         {EN: "Figures", FR: "Figurines"},
	"each":          {EN: "Each", FR: "Unité"},
	"subtotal":      {EN: "Subtotal", FR: "Sous-total"},
	"total":         {EN: "Total", FR: "Total"},
	"format":        {EN: "Format", FR: "Format"},
	"band":          {EN: "Band", FR: "Bande"},
	"bands":         {EN: "Warstuff bands", FR: "Bandes Warstuff"},
	"cards":         {EN: "Warstuff profile cards", FR: "Cartes de profil Warstuff"},
	"creature":      {EN: "Creature", FR: "Créature"},
	"traits":        {EN: "Creature rules", FR: "Règles de créature"},
	"figures-max":   {EN: "figures, at most", FR: "figurines, au plus"},
	"legal":         {EN: "legal", FR: "réglementaire"},
	"page":          {EN: "page", FR: "page"},
	"cut":           {EN: "cut along the lines", FR: "découper le long des traits"},
	"site.title":    {EN: "Warstuff", FR: "Warstuff"},
	"site.profiles": {EN: "Profiles", FR: "Profils"},
	"site.glossary": {EN: "Special rules", FR: "Règles spéciales"},
	"site.bands":    {EN: "Bands", FR: "Bandes"},
	"site.rules":    {EN: "Rules", FR: "Règles"},
	"site.search":   {EN: "Search profiles and rules", FR: "Chercher profils et règles"},
	"site.other":    {EN: "Français", FR: "English"},
}

// Label is the interface word key in l, with the content's override.
func (c *Catalog) Label(key string, l Lang) string {
	for _, s := range c.Strings {
		if s.ID == key {
			return s.Text.Show(l)
		}
	}
	return Labels[key].Show(l)
}

// Points is n points in l, the noun agreeing with n from the label
// table: "1 pt", "2 pts"; in French 0 and 1 take the singular ("0 pt").
func (c *Catalog) Points(n int, l Lang) string {
	key := "points"
	if n == 1 || n == 0 && l == "fr" {
		key = "point"
	}
	return strconv.Itoa(n) + " " + c.Label(key, l)
}

func init() {
	for k, v := range map[string]Text{
		"scenarios":     {EN: "Scenarios", FR: "Scénarios"},
		"kind.attack":   {EN: "attack rule", FR: "règle d’attaque"},
		"kind.variable": {EN: "weapon rule", FR: "règle d’arme"},
		"kind.psyker":   {EN: "psyker", FR: "psyker"},
		"kind.power":    {EN: "psychic power", FR: "pouvoir psychique"},
		"kind.general":  {EN: "special rule", FR: "règle spéciale"},
		"kind.creature": {EN: "creature rule", FR: "règle de créature"},
	} {
		Labels[k] = v
	}
}
