package changes

import (
	"strings"

	"wbtool.dev/wbtool/lang"
)

// What the errata pages tell players (issue 36 item 5): every changed
// field in their words, never a value as JSON. A field is said in one of
// three ways: a phrase of its own (a new picture, a picture credit, how a
// card plays), its label and its values in words (numbers, words,
// texts), or its label and "changed" / "added" / "removed" when its value
// is made of several values (said by its parts elsewhere).

// Phrase keys: the games' label tables hold them in every language.
const (
	PhraseNewPicture     = "errata.picture.new"     // "new picture"
	PhrasePictureRemoved = "errata.picture.removed" // "picture removed"
	PhrasePictureCredit  = "errata.picture.credit"  // "picture credit changed"
	PhraseHowItPlays     = "errata.plays"           // "how it plays in a game"
	// PhraseOther is the label of a field that has no label of its own.
	PhraseOther = "errata.other"
	// WordChanged, WordAdded and WordRemoved stand for a value made of
	// several values.
	WordChanged = "errata.value.changed"
	WordAdded   = "errata.value.added"
	WordRemoved = "errata.value.removed"
	// WordYes and WordNo say a yes-or-no field's new value.
	WordYes = "errata.value.yes"
	WordNo  = "errata.value.no"
)

// Said is a field's change as players read it.
type Said struct {
	// Phrase, when set, is the label key of the whole change: the field
	// is said by it alone (and said once per entity).
	Phrase string
	// Path is the field's path, to label (the games' field labels).
	Path string
	// Old and New are the values in words, "" when absent or made of
	// several values.
	Old, New string
	// Word, when set, is the label key that says what happened to a
	// value made of several values (WordChanged, WordAdded, WordRemoved).
	Word string
}

// Say tells f's change in players' words, in language l: a card's picture (its file or
// its framing, "art…") is a new picture and its credit a credit; the
// engine's data of a rule ("effect…"), which players read in the card's
// text, is how the card plays; other values are words, or, made of
// several values, a word for what happened to them.
func Say(f Field, l lang.Lang) Said {
	segs := strings.Split(f.Path, ".")
	for i, s := range segs {
		switch {
		case s == "art" || strings.HasPrefix(s, "art["):
			rest := segs[i+1:]
			switch {
			case len(rest) > 0 && rest[0] == "credit":
				return Said{Phrase: PhrasePictureCredit}
			case len(rest) == 0 && f.New == nil:
				return Said{Phrase: PhrasePictureRemoved}
			}
			return Said{Phrase: PhraseNewPicture}
		case s == "effect" || strings.HasPrefix(s, "effect["):
			return Said{Phrase: PhraseHowItPlays}
		}
	}
	s := Said{Path: f.Path}
	_, oldBool := f.Old.(bool)
	nb, newBool := f.New.(bool)
	if oldBool || newBool {
		s.Word = WordNo
		if nb {
			s.Word = WordYes
		}
		return s
	}
	old, okOld := Plain(f.Old, l)
	nw, okNew := Plain(f.New, l)
	if okOld && okNew {
		s.Old, s.New = old, nw
		return s
	}
	switch {
	case f.Old != nil && f.New != nil:
		s.Word = WordChanged
	case f.New != nil:
		s.Word = WordAdded
	default:
		s.Word = WordRemoved
	}
	return s
}

// Plain is v in words in language l when it is one value (a number, a
// word, a text, a list of words), and false when it is made of several
// values (an object, a list of objects) or is a yes or no. nil is "".
func Plain(v any, l lang.Lang) (string, bool) {
	switch x := v.(type) {
	case nil:
		return "", true
	case string, float64:
		return Show(v), true
	case []any:
		if s, ok := strs(x); ok {
			return strings.Join(s, ", "), true
		}
		return "", false
	}
	if t, ok := isText(v); ok {
		return t.In(l), true
	}
	return "", false
}

// Label says a field's path in words: the parts of the path that word
// names — a pair of parts first ("accuracy.near", "cost.raiders"), then
// one part — joined by " — ", the others (an entity's id, a list's index)
// left out: "scoring[0].vp" is word("scoring") — word("vp"). It is "" when
// word names no part (the games then say PhraseOther, never the path).
func Label(path string, word func(part string) (string, bool)) string {
	var segs []string
	for _, s := range strings.Split(path, ".") {
		if head, _, ok := strings.Cut(s, "["); ok { // "scoring[0]", "polygon[3][1]"
			s = head
		}
		if s != "" {
			segs = append(segs, s)
		}
	}
	var parts []string
	for i := 0; i < len(segs); i++ {
		if i+1 < len(segs) {
			if w, ok := word(segs[i] + "." + segs[i+1]); ok {
				parts = append(parts, w)
				i++
				continue
			}
		}
		if w, ok := word(segs[i]); ok {
			parts = append(parts, w)
		}
	}
	return strings.Join(parts, " — ")
}

// Told is f's change as one line of plain text for players in l (for a
// game whose errata page is a plain list): the phrase alone, or the
// field's name then its values in words ("Cost: 3 → 4"), the items added
// and removed, or a word for a value made of several values ("Weapons
// changed") — never a value as JSON. word reads a label key; field names
// a path (changes.Label, or the games' "Other detail"). phrase is the
// phrase's key when the line is a phrase (said once per entity), else "".
func Told(f Field, l lang.Lang, word func(key string) string, field func(path string) string) (line, phrase string) {
	switch {
	case f.Added != nil || f.Removed != nil:
		var parts []string
		if len(f.Added) > 0 {
			parts = append(parts, "+ "+strings.Join(f.Added, ", "))
		}
		if len(f.Removed) > 0 {
			parts = append(parts, "− "+strings.Join(f.Removed, ", "))
		}
		return field(f.Path) + ": " + strings.Join(parts, "; "), ""
	}
	s := Say(f, l)
	switch {
	case s.Phrase != "":
		return word(s.Phrase), s.Phrase
	case s.Word == WordYes || s.Word == WordNo:
		return field(f.Path) + ": " + word(s.Word), ""
	case s.Word != "":
		return field(f.Path) + " " + word(s.Word), ""
	case s.Old == "":
		return field(f.Path) + ": " + s.New, ""
	case s.New == "":
		return field(f.Path) + " " + word(WordRemoved), ""
	}
	return field(f.Path) + ": " + s.Old + " → " + s.New, ""
}
