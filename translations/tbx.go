package translations

import (
	"bytes"
	"fmt"

	"wbtool.dev/wbtool/lang"
)

// WriteTBX is a glossary as TBX (ISO 30042, the TBX-Basic dialect CAT
// tools and Weblate import): one termEntry per term, its id the term's, a
// langSet per language with the term and its definition. Languages are
// listed in order (Texts.Languages); a language a term lacks (a draft
// placeholder, an empty text) is left out. The same glossary always gives
// the same bytes.
func WriteTBX(game string, src lang.Lang, texts *Texts) []byte {
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(&b, "<martif type=\"TBX-Basic\" xml:lang=%s>\n", xmlAttr(string(src)))
	b.WriteString("  <martifHeader>\n    <fileDesc>\n      <sourceDesc>\n")
	fmt.Fprintf(&b, "        <p>%s</p>\n", xmlText(game+": glossary, exported by wbtool i18n export --format tbx"))
	b.WriteString("      </sourceDesc>\n    </fileDesc>\n    <encodingDesc>\n      <p type=\"XCSURI\">TBXBasicXCSV02.xcs</p>\n    </encodingDesc>\n  </martifHeader>\n")
	b.WriteString("  <text>\n    <body>\n")
	for _, t := range texts.Glossary {
		fmt.Fprintf(&b, "      <termEntry id=%s>\n", xmlAttr("term-"+t.ID))
		for _, l := range texts.Languages() {
			term, def := t.Term.In(l), t.Definition.In(l)
			if texts.Draft(l) {
				term = texts.Extra[lang.TextKey([]string{"glossary", t.ID, "term"}, l)]
				def = texts.Extra[lang.TextKey([]string{"glossary", t.ID, "definition"}, l)]
			}
			if term == "" || draftText(term) {
				continue
			}
			fmt.Fprintf(&b, "        <langSet xml:lang=%s>\n", xmlAttr(string(l)))
			if def != "" && !draftText(def) {
				fmt.Fprintf(&b, "          <descrip type=\"definition\">%s</descrip>\n", xmlText(def))
			}
			fmt.Fprintf(&b, "          <tig>\n            <term>%s</term>\n          </tig>\n", xmlText(term))
			b.WriteString("        </langSet>\n")
		}
		b.WriteString("      </termEntry>\n")
	}
	b.WriteString("    </body>\n  </text>\n</martif>\n")
	return b.Bytes()
}
