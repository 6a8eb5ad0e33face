package warstuff

import (
	"sync"

	wscontent "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/schema/designref"
	"wbtool.dev/wbtool/site"
)

var _ ruleset.Reference = Ruleset{}

// Reference is Warstuff's reference for designers, from its schema, with
// the starter's values as examples.
func (Ruleset) Reference() (*designref.Reference, error) {
	return schema.DesignRef(schema.RefSource{
		Game: "Warstuff", Package: wsschema.PackageName, Schema: wsschema.Files(), Examples: wscontent.FS,
		Order: []string{"profiles", "creatures", "hordes", "bands", "scenarios", "checks", "reminders", "glossary", "strings"},
	})
}

// siteReference is the reference the site's pages for designers show,
// made once per process; nil when it cannot be made (the pages are left
// out; `wbtool doc` reports why).
var siteReference = sync.OnceValue(func() *designref.Reference {
	ref, err := Ruleset{}.Reference()
	if err != nil {
		return nil
	}
	return ref
})

// designerPages are the site's pages for designers in one language (T
// gives its interface words): the reference's index and a page per name.
func designerPages(T func(string) string) []site.Page {
	ref := siteReference()
	if ref == nil {
		return nil
	}
	var pages []site.Page
	for _, pg := range ref.HTMLPages() {
		title := pg.Title
		if title == "" {
			title = T("designers.title")
		}
		pages = append(pages, site.Page{Path: pg.Path, Template: "designers", Title: title, Section: "designers", Data: pg.Body})
	}
	return pages
}
