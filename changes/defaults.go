package changes

import "wbtool.dev/wbtool/lang"

// ErrataWords are the errata's words every game shares, by label key, in
// English and French: the phrase keys above, the words of a value's
// change, and the page's own words (since, nothing changed, and the four
// kinds of change, "errata."+Change). A game's own table overrides a key
// whose words differ (Warbound's interface strings say "New", not "new");
// Word reads them.
var ErrataWords = map[string]lang.Text{
	"errata.since":       {EN: "What changed since the version", FR: "Ce qui a changé depuis la version"},
	"errata.none":        {EN: "Nothing changed.", FR: "Rien n’a changé."},
	"errata." + Added:    {EN: "new", FR: "nouveau"},
	"errata." + Removed:  {EN: "removed", FR: "retiré"},
	"errata." + Renamed:  {EN: "renamed", FR: "renommé"},
	"errata." + Changed:  {EN: "changed", FR: "modifié"},
	PhraseNewPicture:     {EN: "New picture", FR: "Nouvelle image"},
	PhrasePictureRemoved: {EN: "Picture removed", FR: "Image retirée"},
	PhrasePictureCredit:  {EN: "Picture credit changed", FR: "Crédit de l’image modifié"},
	PhraseHowItPlays:     {EN: "How it works in play changed", FR: "Fonctionnement en jeu modifié"},
	PhraseOther:          {EN: "Other detail", FR: "Autre détail"},
	WordChanged:          {EN: "changed", FR: "modifié"},
	WordAdded:            {EN: "added", FR: "ajouté"},
	WordRemoved:          {EN: "removed", FR: "retiré"},
	WordYes:              {EN: "now yes", FR: "désormais oui"},
	WordNo:               {EN: "now no", FR: "désormais non"},
}

// Word is key's words in l: own's (the game's table) when it has them,
// else the shared ErrataWords (in English for a language they lack);
// false when neither has the key.
func Word(key string, l lang.Lang, own func(key string) (string, bool)) (string, bool) {
	if own != nil {
		if s, ok := own(key); ok {
			return s, true
		}
	}
	t, ok := ErrataWords[key]
	if !ok || t.Show(l) == "" {
		return "", false
	}
	return t.Show(l), true // English for a third language
}
