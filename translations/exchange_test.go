package translations

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// boxLayout is a card layout whose every text fits up to max characters
// (0: the text prints on no card).
type boxLayout map[string]int

func (b boxLayout) Cards(key string) []string {
	if b[key] == 0 {
		return nil
	}
	return []string{"card-" + strings.ReplaceAll(key, "/", "-")}
}

// Fits counts a W as two characters: wider than average letters.
func (b boxLayout) Fits(key, text string, _ []string) bool {
	return Length(text)+strings.Count(text, "W") <= b[key]
}

func TestMaxLength(t *testing.T) {
	for _, max := range []int{1, 2, 63, 64, 65, 127, 1000, LimitCap - 1, LimitCap} {
		ly := boxLayout{"k": max}
		got := MaxLength(ly, "k")
		want := max
		if max >= LimitCap {
			want = 0 // fits at the cap: no limit worth telling
		}
		if got != want {
			t.Errorf("box of %d: MaxLength %d, want %d", max, got, want)
		}
		if want > 0 && (!ly.Fits("k", Filler(got), nil) || ly.Fits("k", Filler(got+1), nil)) {
			t.Errorf("box of %d: the limit %d is not exact", max, got)
		}
	}
	if MaxLength(boxLayout{}, "k") != 0 || MaxLength(nil, "k") != 0 {
		t.Error("a text on no card has a limit")
	}
	for n := range 300 {
		if f := Filler(n); Length(f) != n || strings.HasSuffix(f, " ") {
			t.Fatalf("Filler(%d) = %q", n, f)
		}
	}
}

// cardsLayout is one text printed on several cards, each with its room.
type cardsLayout map[string]int

func (c cardsLayout) Cards(string) []string {
	var ids []string
	for id := range c {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func (c cardsLayout) Fits(_, text string, cards []string) bool {
	if cards == nil {
		cards = c.Cards("")
	}
	for _, id := range cards {
		if Length(text) > c[id] {
			return false
		}
	}
	return true
}

func TestMaxLengthIsTheSmallestCard(t *testing.T) {
	for _, ly := range []cardsLayout{
		{"a": 50, "b": 30, "c": 70},
		{"a": 30, "b": 50},
		{"a": 5000, "b": 40},   // one card with no limit
		{"a": 5000, "b": 5000}, // no limit
	} {
		want := LimitCap
		for _, n := range ly {
			want = min(want, n)
		}
		if want >= LimitCap {
			want = 0
		}
		if got := MaxLength(ly, "k"); got != want {
			t.Errorf("%v: MaxLength %d, want %d", ly, got, want)
		}
	}
}

// sample is a small exchange file with every kind of entry.
func sample() *File {
	return &File{Game: "Tiny", Source: lang.English, Lang: lang.French, Entries: []Entry{
		{Key: "cards/a/name", Source: "Scout", Target: "Éclaireur", Comments: []string{"Kind: cards; entry: a (Scout); field: name."}, Refs: []string{"t/cards.cue:3"}, MaxLen: 24},
		{Key: "cards/a/text", Source: "Before a :shoot:, \"aim\".\nThen\tmove.", Target: "Avant un :shoot:, « visez ».\nPuis\tbougez.", Fuzzy: true, Previous: "Before :shoot:\nold", HasPrevious: true},
		{Key: "cards/b/name", Source: `back\slash`, Target: ""},
		{Key: "strings/x", Source: "ends with newline\n", Target: "fin\n", Fuzzy: true, Comments: []string{"Never accepted."}},
	}}
}

func TestExchangeRoundTrip(t *testing.T) {
	f := sample()
	for _, c := range []struct {
		name  string
		write func(*File) []byte
		parse func([]byte, string) (*File, []string)
	}{
		{"po", WritePO, func(b []byte, n string) (*File, []string) {
			f, l := ParsePO(b, n)
			return f, lines(l.Text())
		}},
		{"xliff", WriteXLIFF, func(b []byte, n string) (*File, []string) {
			f, l := ParseXLIFF(b, n)
			return f, lines(l.Text())
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := c.write(f)
			if !bytes.Equal(data, c.write(f)) {
				t.Fatal("two writes differ")
			}
			back, problems := c.parse(data, "x")
			if len(problems) > 0 {
				t.Fatalf("problems: %v\n%s", problems, data)
			}
			if back.Lang != f.Lang || back.Source != f.Source || len(back.Entries) != len(f.Entries) {
				t.Fatalf("read %s→%s, %d entries", back.Source, back.Lang, len(back.Entries))
			}
			for i, e := range f.Entries {
				g := back.Entries[i]
				if g.Pos.Line == 0 || g.Pos.File != "x" {
					t.Errorf("entry %d has no position: %v", i, g.Pos)
				}
				g.Pos, g.TargetPos = e.Pos, e.TargetPos
				if !equalEntry(e, g) {
					t.Errorf("entry %d:\n%#v\nread back\n%#v", i, e, g)
				}
			}
		})
	}
}

func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func equalEntry(a, b Entry) bool {
	return a.Key == b.Key && a.Source == b.Source && a.Target == b.Target && a.Fuzzy == b.Fuzzy &&
		a.Previous == b.Previous && a.HasPrevious == b.HasPrevious && a.MaxLen == b.MaxLen &&
		strings.Join(a.Comments, "\x00") == strings.Join(b.Comments, "\x00") && strings.Join(a.Refs, "\x00") == strings.Join(b.Refs, "\x00")
}

func TestPOWritesGettextConventions(t *testing.T) {
	po := string(WritePO(sample()))
	for _, want := range []string{
		"\"Language: fr\\n\"\n",
		"#. Kind: cards; entry: a (Scout); field: name.\n#: t/cards.cue:3\n#, max-length:24\nmsgctxt \"cards/a/name\"\n",
		"#, fuzzy\n#| msgctxt \"cards/a/text\"\n#| msgid \"\"\n#| \"Before :shoot:\\n\"\n#| \"old\"\nmsgctxt \"cards/a/text\"\nmsgid \"\"\n\"Before a :shoot:, \\\"aim\\\".\\n\"\n\"Then\\tmove.\"\n",
		"msgid \"back\\\\slash\"\nmsgstr \"\"\n",
	} {
		if !strings.Contains(po, want) {
			t.Errorf("the PO file lacks\n%s\nin\n%s", want, po)
		}
	}
}

func TestParsePOProblems(t *testing.T) {
	head := "msgid \"\"\nmsgstr \"Language: fr\\n\"\n\n"
	for _, c := range []struct{ name, src, want string }{
		{"no language", "msgctxt \"a\"\nmsgid \"x\"\nmsgstr \"y\"\n", "x.po:1:1: the file names no language"},
		{"bad escape", head + "msgctxt \"a\"\nmsgid \"x\\q\"\nmsgstr \"y\"\n", "x.po:5:9: unknown escape \\q"},
		{"unterminated", head + "msgctxt \"a\"\nmsgid \"x\nmsgstr \"y\"\n", "x.po:5:7: expected a string in double quotes"},
		{"stray quote", head + "msgctxt \"a\"\nmsgid \"x\"y\"\nmsgstr \"y\"\n", "x.po:5:9: a double quote inside a string"},
		{"no msgctxt", head + "msgid \"x\"\nmsgstr \"y\"\n", "x.po:4:1: an entry with no msgctxt"},
		{"no msgstr", head + "msgctxt \"a\"\nmsgid \"x\"\n", "x.po:5:1: msgid with no msgstr"},
		{"plural", head + "msgctxt \"a\"\nmsgid \"x\"\nmsgid_plural \"xs\"\nmsgstr[0] \"y\"\n", "x.po:4:1: plural forms"},
		{"garbage", head + "hello\n", "x.po:4:1: cannot read this line"},
		{"bad keyword", head + "msgfoo \"x\"\n", "x.po:4:1: unknown keyword \"msgfoo\""},
		{"bad max-length", head + "#, max-length:lots\nmsgctxt \"a\"\nmsgid \"x\"\nmsgstr \"y\"\n", "x.po:4:1: cannot read max-length:lots"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, problems := ParsePO([]byte(c.src), "x.po")
			if !strings.Contains(problems.Text(), c.want) {
				t.Errorf("problems:\n%s\nwant %q", problems.Text(), c.want)
			}
		})
	}
}

func TestParseXLIFFProblems(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"not xml", "<xliff version=\"1.2\"><file", "x.xlf:1:1: not well-formed XML"},
		{"not xliff", "<html/>", "x.xlf:1:1: not an XLIFF document"},
		{"version", "<xliff version=\"2.0\"><file target-language=\"fr\"/></xliff>", "x.xlf:1:1: XLIFF version \"2.0\""},
		{"no target language", "<xliff version=\"1.2\">\n <file source-language=\"en\"/></xliff>", "x.xlf:2:2: <file> has no target-language"},
		{"no id", "<xliff version=\"1.2\"><file target-language=\"fr\"><body>\n<trans-unit><source>a</source></trans-unit></body></file></xliff>", "x.xlf:2:1: a trans-unit with no id"},
		{"markup", "<xliff version=\"1.2\"><file target-language=\"fr\"><body><trans-unit id=\"a\"><source>a</source>\n<target>a <g id=\"1\">b</g></target></trans-unit></body></file></xliff>", "x.xlf:2:11: markup <g> inside a text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, problems := ParseXLIFF([]byte(c.src), "x.xlf")
			if !strings.Contains(problems.Text(), c.want) {
				t.Errorf("problems:\n%s\nwant %q", problems.Text(), c.want)
			}
		})
	}
}

// tiny is a content file and its texts, for the import.
const tinyCUE = `package tiny

cards: a: {
	name: {en: "Scout", fr: "Éclaireur"}
	text: {
		en: "Before a :shoot:, aim."
		fr: "Avant un :shoot:, visez."
	}
}
cards: b: name: {en: "Brute"}
`

func tinyTexts() *Texts {
	list := []lang.TextAt{
		{Path: []string{"cards", "a", "name"}, Text: lang.Text{EN: "Scout", FR: "Éclaireur"}},
		{Path: []string{"cards", "a", "text"}, Text: lang.Text{EN: "Before a :shoot:, aim.", FR: "Avant un :shoot:, visez."}},
		{Path: []string{"cards", "b", "name"}, Text: lang.Text{EN: "Brute", FR: schema.MissingFR}},
	}
	return &Texts{Count: 3, All: func() []lang.TextAt { return list },
		Layout: func(lang.Lang) Layout { return boxLayout{"cards/a/name": 12, "cards/a/text": 40} }}
}

func tinyIndex(t *testing.T) *schema.TextIndex {
	ix := schema.NewTextIndex()
	if l := ix.Add("t/cards.cue", []byte(tinyCUE)); len(l) > 0 {
		t.Fatal(l)
	}
	return ix
}

func TestImport(t *testing.T) {
	texts := tinyTexts()
	lock, _ := AcceptLock(texts, nil, lang.English, nil)
	f := Export(texts, lock, nil, "Tiny", lang.English, lang.French)
	if len(f.Entries) != 3 || f.Entries[0].MaxLen != 12 || f.Entries[2].Target != "" {
		t.Fatalf("export: %#v", f.Entries)
	}
	// untouched: nothing to write, the lock as it was
	im := PlanImport(texts, lock, f, tinyIndex(t))
	if len(im.Problems) > 0 || len(im.Splices) > 0 || !bytes.Equal(im.Lock.Bytes(), lock.Bytes()) {
		t.Fatalf("untouched import: %v, %d files", im.Problems, len(im.Splices))
	}
	// a changed translation and a missing one: written, accepted
	f.Entries[0].Target = "Éclaireuse"
	f.Entries[2].Target = "Cogneur"
	im = PlanImport(texts, lock, f, tinyIndex(t))
	if len(im.Problems) > 0 || len(im.Written) != 2 || len(im.Accepted) != 3 {
		t.Fatalf("import: %v, %d written, %d accepted", im.Problems, len(im.Written), len(im.Accepted))
	}
	got := string(schema.ApplySplices([]byte(tinyCUE), im.Splices["t/cards.cue"]))
	want := strings.Replace(strings.Replace(tinyCUE, `fr: "Éclaireur"`, `fr: "Éclaireuse"`, 1), `{en: "Brute"}`, `{en: "Brute", fr: "Cogneur"}`, 1)
	if got != want {
		t.Errorf("content after import:\n%s\nwant\n%s", got, want)
	}
	if _, ok := im.Lock.Entries["cards/b/name fr"]; !ok {
		t.Error("the imported text is not accepted")
	}
}

func TestImportRefusals(t *testing.T) {
	texts := tinyTexts()
	lock, _ := AcceptLock(texts, nil, lang.English, nil)
	pos := func(e *Entry, line int) {
		e.Pos.File, e.Pos.Line, e.Pos.Col = "x.po", line, 1
		e.TargetPos.File, e.TargetPos.Line, e.TargetPos.Col = "x.po", line+2, 8
	}
	for _, c := range []struct {
		name string
		edit func(f *File)
		want string
	}{
		{"unknown key", func(f *File) { f.Entries[0].Key = "cards/a/nam" }, `x.po:10:1: unknown key "cards/a/nam": the content has no such text (did you mean "cards/a/name"?); was it renamed`},
		{"too long", func(f *File) { f.Entries[0].Target = "Éclaireur des bois" }, "x.po:12:8: cards/a/name: too long by 6 characters: at most 12 fit the card's box (card-cards-a-name), this translation has 18"},
		{"exactly the limit", func(f *File) { f.Entries[0].Target = "Éclaireurxyz" }, ""},
		{"wide letters", func(f *File) { f.Entries[0].Target = "ÉclaireurWyz" }, "x.po:12:8: cards/a/name: does not fit the card's box (card-cards-a-name) even at its smallest size: its 12 characters are within the limit of 12"},
		{"broken markup", func(f *File) { f.Entries[1].Target = "Avant un :shoot:, *visez." }, "x.po:22:8: cards/a/text: broken markup:"},
		{"icon lost", func(f *File) { f.Entries[1].Target = "Avant un tir, visez." }, "x.po:22:8: cards/a/text: the icon :shoot: is once in the source, 0 in the translation"},
		{"icon added", func(f *File) { f.Entries[1].Target = "Avant :shoot: :shoot:" }, "the icon :shoot: is 2 times in the translation, 1 in the source"},
		{"duplicate", func(f *File) { f.Entries[1].Key = "cards/a/name" }, "x.po:20:1: cards/a/name: cards/a/name is in the file twice (first at line 10)"},
		{"source language", func(f *File) { f.Lang = lang.English }, "the file's language is English, the source language"},
		{"unknown language", func(f *File) { f.Lang = "xx" }, `the file's language "xx" is not a language of the content`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := Export(texts, lock, nil, "Tiny", lang.English, lang.French)
			for i := range f.Entries {
				pos(&f.Entries[i], 10*(i+1))
			}
			c.edit(f)
			im := PlanImport(texts, lock, f, tinyIndex(t))
			if c.want == "" {
				if len(im.Problems) > 0 {
					t.Fatalf("refused: %s", im.Problems.Text())
				}
				return
			}
			if !strings.Contains(im.Problems.Text(), c.want) || !im.Problems.HasErrors(false) {
				t.Errorf("problems:\n%s\nwant %q", im.Problems.Text(), c.want)
			}
		})
	}
}

func FuzzParsePO(f *testing.F) {
	f.Add(WritePO(sample()))
	f.Add([]byte("msgid \"\"\nmsgstr \"Language: fr\\n\"\n\n#~ msgid \"x\"\nmsgctxt \"a\"\nmsgid \"\\101\\x41\"\nmsgstr \"y\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pf, _ := ParsePO(data, "x.po")
		// what was read is written and read back alike
		again, problems := ParsePO(WritePO(pf), "y.po")
		if pf.Lang != "" && (len(problems) > 0 || len(again.Entries) != len(pf.Entries)) {
			t.Fatalf("rewritten: %v, %d entries, %d before", problems, len(again.Entries), len(pf.Entries))
		}
	})
}

func FuzzParseXLIFF(f *testing.F) {
	f.Add(WriteXLIFF(sample()))
	f.Fuzz(func(t *testing.T, data []byte) {
		xf, _ := ParseXLIFF(data, "x.xlf")
		if xf == nil {
			t.Fatal("nil file")
		}
	})
}

func FuzzPOQuote(f *testing.F) {
	for _, s := range []string{"", "a\"b\\c\n\t\r\x01\x7f", "é « »"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got, _, err := poUnquote(poQuote(s))
		if err != nil || got != s {
			t.Fatalf("%q → %s → %q, %v", s, poQuote(s), got, err)
		}
	})
}
