package warstuff

import ws "wbtool.dev/wbtool/games/warstuff/wscatalog"

// pageWords are the words of Warstuff's errata page and card histories,
// reprint sheets, designers' reference, check games' page, search and
// field names that neither its labels (wscatalog.Labels), the site
// frame's words (site.FrameWords) nor the errata's shared words
// (changes.ErrataWords) give, worded as Warbound words them but for the
// reference's link (Warstuff's has no effect vocabulary nor card markup).
// A content tree's `strings` override them (label).
var pageWords = map[string]ws.Text{
	"checks.kicker":            {EN: "For designers", FR: "Pour les concepteurs"},
	"checks.reference":         {EN: "The reference for designers: every field of every kind of entry, and the definitions the fields use", FR: "La référence pour les concepteurs : chaque champ de chaque sorte d’entrée, et les définitions qu’utilisent les champs"},
	"designers.english":        {EN: "This reference is written in English, as the schema it is made from.", FR: "Cette référence est écrite en anglais, comme le schéma dont elle est tirée."},
	"designers.title":          {EN: "Reference for designers", FR: "Référence pour les concepteurs"},
	"errata.added":             {EN: "New", FR: "Nouveauté"},
	"errata.card":              {EN: "card", FR: "carte"},
	"errata.cards":             {EN: "cards", FR: "cartes"},
	"errata.changed":           {EN: "Changed", FR: "Modification"},
	"errata.field.blocksSight": {EN: "Blocks sight", FR: "Bloque la vue"},
	"errata.field.cover":       {EN: "Cover", FR: "Couvert"},
	"errata.field.definition":  {EN: "Definition", FR: "Définition"},
	"errata.field.figures":     {EN: "Figures", FR: "Figurines"},
	"errata.field.height":      {EN: "Height", FR: "Hauteur"},
	"errata.field.kind":        {EN: "Kind", FR: "Type"},
	"errata.field.name":        {EN: "Name", FR: "Nom"},
	"errata.field.objectives":  {EN: "Objectives", FR: "Objectifs"},
	"errata.field.reminder":    {EN: "Reminder", FR: "Rappel"},
	"errata.field.shape":       {EN: "Shape", FR: "Forme"},
	"errata.field.term":        {EN: "Term", FR: "Terme"},
	"errata.field.terrain":     {EN: "Terrain", FR: "Décor"},
	"errata.field.x":           {EN: "Position across", FR: "Position en largeur"},
	"errata.field.y":           {EN: "Position in depth", FR: "Position en profondeur"},
	"errata.link":              {EN: "Errata since", FR: "Errata depuis"},
	"errata.none":              {EN: "Nothing changed since this version.", FR: "Rien n’a changé depuis cette version."},
	"errata.other-language":    {EN: "text changed in the other language", FR: "texte modifié dans l’autre langue"},
	"errata.removed":           {EN: "Removed", FR: "Retrait"},
	"errata.renamed":           {EN: "Renamed, was", FR: "Renommage, anciennement"},
	"errata.reprint-none":      {EN: "No card to reprint in this language.", FR: "Aucune carte à réimprimer dans cette langue."},
	"errata.reprinted":         {EN: "to reprint", FR: "à réimprimer"},
	"errata.since":             {EN: "Since", FR: "Depuis"},
	"errata.title":             {EN: "Errata", FR: "Errata"},
	"footer.designers":         {EN: "For designers:", FR: "Pour les concepteurs\u00a0:"},
	"history.title":            {EN: "History", FR: "Historique"},
	"objective.vp":             {EN: "VP", FR: "PV"},
	"print.reprint":            {EN: "Reprint: the cards changed since", FR: "Réimpression : les cartes modifiées depuis"},
	"scenario":                 {EN: "Scenario", FR: "Scénario"},
	"sort.cost":                {EN: "Cost", FR: "Coût"},
	"turn":                     {EN: "Turn", FR: "Tour"},
}
