package site

import "path"

// ChapterData is what the frame's rules chapter page ("chapter-page")
// reads as .Data for chapter i of a language's chapters: the chapter,
// links to its level-2 headings, and to the chapters before and after it
// (pagePath: a chapter's page, relative to the language folder, from its
// slug).
func ChapterData(chapters []Chapter, i int, pagePath func(slug string) string) map[string]any {
	ch := chapters[i]
	d := map[string]any{"Chapter": ch}
	var sections []LinkItem
	for _, s := range ch.Sections {
		if s.Level == 2 {
			sections = append(sections, LinkItem{Href: "#" + s.ID, Label: s.Title})
		}
	}
	d["Sections"] = sections
	if i > 0 {
		d["Prev"] = LinkItem{Href: path.Base(pagePath(chapters[i-1].Slug)), Label: chapters[i-1].Title}
	}
	if i+1 < len(chapters) {
		d["Next"] = LinkItem{Href: path.Base(pagePath(chapters[i+1].Slug)), Label: chapters[i+1].Title}
	}
	return d
}
