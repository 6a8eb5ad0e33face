package pipeline

import (
	"slices"
	"strings"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/translations"
)

// refuseLangs refuses a language asked of the print or export stage
// (--lang) that the content does not publish, once it is loaded: a
// language the game does not know, or one the content declares in draft
// outside a draft build. The message is one line, in the flag's words.
func (b *run) refuseLangs() error {
	opts := b.opts
	var asked []lang.Lang
	if opts.runs(Print) && opts.Sheets != nil {
		asked = append(asked, opts.Sheets.Langs...)
	}
	if opts.runs(Print) && opts.Rulebook != nil {
		asked = append(asked, opts.Rulebook.Langs...)
	}
	if opts.exports() {
		asked = append(asked, opts.Exports.Langs...)
	}
	published := ruleset.Published(b.content)
	for _, l := range asked {
		if slices.Contains(published, l) {
			continue
		}
		var drafts []lang.Lang
		if tr, ok := b.content.(ruleset.Translations); ok {
			texts := tr.Texts()
			if texts.Draft(l) {
				return ruleset.Requestf("--lang %s: %s is in draft in this content and printed by --draft builds only: add --draft, or ask for %s",
					l, translations.LangName(l), codes(published, "or"))
			}
			for _, d := range texts.Languages() {
				if !slices.Contains(published, d) {
					drafts = append(drafts, d)
				}
			}
		}
		also := ""
		if len(drafts) > 0 {
			also = ", and in draft " + codes(drafts, "and")
		}
		return ruleset.Requestf("--lang %s: %s's content has no %s: its languages are %s%s (a further language is declared in the content first)",
			l, ruleset.TheGame(b.res.Game), translations.LangName(l), codes(published, "and"), also)
	}
	return nil
}

// codes lists languages by code, the last joined by and: "en, fr or de".
func codes(ls []lang.Lang, and string) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + and + " " + s[len(s)-1]
}
