package site

import "wbtool.dev/wbtool/lang"

// FrameWords are the words the frame's layout and the search script read
// (the skip link, the language switch, the contents of a rules chapter,
// the search's messages and help), for a game that has no words of its
// own for them: its Frame.Label may fall back on [FrameWord]. French
// puts a no-break space inside « » and before : ; ? (a narrow one before
// ?), as Warbound's words do.
var FrameWords = map[string]lang.Text{
	"lang.name":         {EN: "English", FR: "Français"},
	"lang.switch":       {EN: "Lire en français", FR: "Read in English"},
	"nav.skip":          {EN: "Skip to content", FR: "Aller au contenu"},
	"rules.onPage":      {EN: "On this page", FR: "Sur cette page"},
	"rules.contents":    {EN: "Contents", FR: "Sommaire"},
	"notfound.title":    {EN: "Page not found", FR: "Page introuvable"},
	"search.go":         {EN: "Search", FR: "Chercher"},
	"search.more":       {EN: "Show %s more (%s left)", FR: "Afficher %s de plus (%s restantes)"},
	"search.reset":      {EN: "Clear", FR: "Effacer"},
	"search.sort":       {EN: "Sort by", FR: "Trier par"},
	"sort.relevance":    {EN: "Best match", FR: "Pertinence"},
	"sort.name":         {EN: "Name", FR: "Nom"},
	"sort.type":         {EN: "Type", FR: "Type"},
	"search.err.field":  {EN: "Unknown field “%s”.", FR: "Champ inconnu «\u00a0%s\u00a0»."},
	"search.err.value":  {EN: "No %s is called “%s”. Known: %s.", FR: "Aucune valeur «\u00a0%2$s\u00a0» pour %1$s. Valeurs connues\u00a0: %3$s."},
	"search.err.number": {EN: "%s compares numbers: write for example %s<=2.", FR: "%s compare des nombres\u00a0: écrivez par exemple %s<=2."},
	"search.err.op":     {EN: "%s takes : = or != only.", FR: "%s n’accepte que : = ou !=."},
	"search.err.paren":  {EN: "A parenthesis is not closed or not opened.", FR: "Une parenthèse n’est pas fermée ou pas ouverte."},
	"search.err.empty":  {EN: "“%s” needs a value after it.", FR: "«\u00a0%s\u00a0» attend une valeur."},
	"search.err.colour": {EN: "Unknown colour “%s” after cost.", FR: "Couleur inconnue «\u00a0%s\u00a0» après cost."},
	"search.didyoumean": {EN: "Did you mean “%s”?", FR: "Vouliez-vous dire «\u00a0%s\u00a0»\u202f?"},
	"search.help.link":  {EN: "Fields and syntax", FR: "Champs et syntaxe"},
	"search.help.field": {EN: "Field", FR: "Champ"},
	"search.help.alias": {EN: "Short", FR: "Court"},
	"search.help.what":  {EN: "What it reads", FR: "Ce qu’il lit"},
	"search.help.ops":   {EN: "Numbers compare with = < <= > >= (a colon means =). Words, names and text take a colon (contains, or starts with for a word) or = (exactly); != excludes.", FR: "Les nombres se comparent avec = < <= > >= (les deux-points valent =). Mots, noms et textes prennent les deux-points (contient, ou commence par pour un mot) ou = (exactement)\u00a0; != exclut."},
	"search.help.words": {EN: "Words of the syntax:", FR: "Mots de la syntaxe\u00a0:"},
}

// FrameWord is one of [FrameWords] in l, in English for a language the
// frame has no words in (a third language's draft site: never an empty
// button or heading); false for another key.
func FrameWord(key string, l lang.Lang) (string, bool) {
	t, ok := FrameWords[key]
	return t.Show(l), ok
}
