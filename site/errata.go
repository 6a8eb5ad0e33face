package site

import (
	"html"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/lang"
)

// ErrataList is the body of an errata page that lists the changes since
// the version since (build --since) in language l, for a game whose
// errata page is a plain list: each changed entity by its name in l, the
// kind of change, and each field in players' words (changes.Told: a new
// picture, "Cost: 3 → 4", "Weapons changed") — never a value as JSON nor
// a field's path; a change of another language's text is left to that
// language's page. words reads the game's own words in l (its field
// names, and any errata word it says otherwise than changes.ErrataWords);
// typography sets a line in l's typography. Every text is escaped.
func ErrataList(rep *changes.Report, since string, l lang.Lang, words func(key string) (string, bool), typography func(string) string) string {
	word := func(key string) string {
		s, _ := changes.Word(key, l, words)
		return s
	}
	field := func(path string) string {
		if s := changes.Label(path, words); s != "" {
			return s
		}
		return word(changes.PhraseOther)
	}
	var b strings.Builder
	b.WriteString("<p>" + html.EscapeString(word("errata.since")+" "+since) + "</p>\n<ul>\n")
	if len(rep.Changes) == 0 {
		b.WriteString("<li>" + html.EscapeString(word("errata.none")) + "</li>\n")
	}
	for _, e := range rep.Changes {
		name := e.ID
		if e.Name != nil && e.Name.In(l) != "" {
			name = e.Name.In(l)
		}
		b.WriteString("<li><strong>" + html.EscapeString(name) + "</strong> — " + html.EscapeString(word("errata."+e.Change)))
		var lines []string
		said := map[string]bool{}
		for _, f := range e.Fields {
			if f.Lang != "" && f.Lang != l {
				continue
			}
			line, phrase := changes.Told(f, l, word, field)
			if phrase != "" && said[phrase] {
				continue
			}
			said[phrase] = true
			lines = append(lines, "<li>"+html.EscapeString(typography(line))+"</li>")
		}
		if len(lines) > 0 {
			b.WriteString("<ul>" + strings.Join(lines, "") + "</ul>")
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n")
	return b.String()
}
