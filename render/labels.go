package render

import "wbtool.dev/wbtool/catalog"

// Interface labels come from the catalog's strings (content/i18n); these
// built-in texts are the fallback when a key is missing, so a card never
// shows a raw key. Every key render uses is listed here.
var defaultLabels = map[string]catalog.Text{
	"stat.attack":                 {EN: "Attack", FR: "Attaque"},
	"stat.speed":                  {EN: "Speed", FR: "Vitesse"},
	"stat.run":                    {EN: "Run", FR: "Course"},
	"stat.accuracy":               {EN: "Accuracy", FR: "Précision"},
	"stat.health":                 {EN: "Health", FR: "Santé"},
	"stat.morale":                 {EN: "Morale", FR: "Moral"},
	"stat.armor":                  {EN: "Armour", FR: "Armure"},
	"gear.ranged":                 {EN: "Ranged", FR: "Tir"},
	"gear.melee":                  {EN: "Melee", FR: "Corps à corps"},
	"gear.armor":                  {EN: "Armour", FR: "Armure"},
	"card.kind.character":         {EN: "Character", FR: "Personnage"},
	"card.kind.leader":            {EN: "Leader", FR: "Chef"},
	"card.kind.equipment":         {EN: "Equipment", FR: "Équipement"},
	"card.kind.formation":         {EN: "Formation", FR: "Formation"},
	"card.kind.vocation":          {EN: "Vocation", FR: "Vocation"},
	"card.kind.reference":         {EN: "Reference card", FR: "Carte de référence"},
	"card.kind.objective":         {EN: "Objective", FR: "Objectif"},
	"card.panic":                  {EN: "Panic", FR: "Panique"},
	"card.back":                   {EN: "Back", FR: "Verso"},
	"card.neutral":                {EN: "Neutral", FR: "Neutre"},
	"leader.orders":               {EN: "Order tokens per Period", FR: "Jetons Ordre par Période"},
	"leader.side.exploration":     {EN: "Exploration side", FR: "Face Exploration"},
	"leader.side.confrontation":   {EN: "Confrontation side", FR: "Face Confrontation"},
	"period":                      {EN: "Period", FR: "Période"},
	"format.exploration":          {EN: "Exploration", FR: "Exploration"},
	"format.confrontation":        {EN: "Confrontation", FR: "Confrontation"},
	"formation.bonus.cost":        {EN: "Cost", FR: "Coût"},
	"formation.bonus.hit":         {EN: "To hit", FR: "Pour toucher"},
	"formation.bonus.ranged-dice": {EN: "Ranged die", FR: "Dé de tir"},
	"formation.bonus.melee-dice":  {EN: "Melee die", FR: "Dé de combat"},
	"formation.bonus.health":      {EN: "Health", FR: "Santé"},
	"objective.vp":                {EN: "VP", FR: "PV"},
	"print.title":                 {EN: "Warbound print and play", FR: "Warbound à imprimer"},
	"print.backs":                 {EN: "Card backs", FR: "Dos des cartes"},
	"print.page":                  {EN: "Page", FR: "Page"},
	"print.cut":                   {EN: "Cut along the crop marks", FR: "Découpez en suivant les traits de coupe"},
	"print.cards":                 {EN: "cards", FR: "cartes"},
	"print.duplex":                {EN: "Print double-sided, flip on long edge", FR: "Imprimez en recto verso, retournement sur le bord long"},
	"print.calibrate.title":       {EN: "Duplex calibration", FR: "Calibrage recto verso"},
	"print.calibrate.front":       {EN: "Print this page double-sided (flip on long edge), at 100 % scale. Cut along the two solid lines, or hold the sheet up to the light: each line falls on the scale printed on the back.", FR: "Imprimez cette page en recto verso (retournement sur le bord long), à l’échelle 100 %. Découpez le long des deux traits pleins, ou regardez la feuille à contre-jour : chaque trait tombe sur la graduation imprimée au verso."},
	"print.calibrate.back":        {EN: "Read where the front's line falls on each scale, in millimetres: X on the horizontal scale, Y on the vertical one. Then print with --back-offset X,Y. Reading 0,0 means the backs are aligned.", FR: "Lisez en millimètres où tombe le trait du recto sur chaque graduation : X sur la graduation horizontale, Y sur la verticale. Imprimez ensuite avec --back-offset X,Y. Une lecture 0,0 signifie que les dos sont alignés."},
}

// label returns the interface string key in language l: the catalog's, or
// the built-in fallback, or the key itself.
func label(cat *catalog.Catalog, key string, l catalog.Lang) string {
	if cat != nil {
		if s := cat.String(key, l); s != key && s != "" {
			return s
		}
	}
	if t, ok := defaultLabels[key]; ok {
		return t.In(l)
	}
	return key
}

// LabelKeys lists the interface string keys the card layout and the sheets
// use, sorted (for the content helper and the i18n coverage report).
func LabelKeys() []string {
	keys := make([]string, 0, len(defaultLabels))
	for k := range defaultLabels {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}
