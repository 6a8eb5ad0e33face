package site

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"wbtool.dev/wbtool/lang"
)

// Sitemap is the sitemap.xml of a bilingual site published at baseURL
// (ending in "/"): the root page, then every page of pages (paths under
// the site folder, "en/cards/x/index.html"; 404 pages left out) at its
// absolute address, each with its alternates in the languages that have
// it. Every game's site uses it (package games/warstuff too).
func Sitemap(baseURL string, pages map[string]bool) []byte {
	return SitemapLangs(baseURL, pages, lang.Langs)
}

// SitemapLangs is Sitemap for a site in the languages langs.
func SitemapLangs(baseURL string, pages map[string]bool, langs []lang.Lang) []byte {
	var buf bytes.Buffer
	buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	var paths []string
	for p := range pages {
		if !strings.HasSuffix(p, "404.html") {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	loc := func(p string) string { return EscapeHTML(baseURL + strings.TrimSuffix(p, "index.html")) }
	fmt.Fprintf(&buf, "  <url><loc>%s</loc>", loc("index.html"))
	for _, l := range langs {
		fmt.Fprintf(&buf, `<xhtml:link rel="alternate" hreflang="%s" href="%s"/>`, l, loc(string(l)+"/index.html"))
	}
	fmt.Fprintf(&buf, `<xhtml:link rel="alternate" hreflang="x-default" href="%s"/>`, loc("index.html"))
	buf.WriteString("</url>\n")
	for _, p := range paths {
		_, rest, _ := strings.Cut(p, "/")
		fmt.Fprintf(&buf, "  <url><loc>%s</loc>", loc(p))
		for _, l := range langs {
			alt := string(l) + "/" + rest
			if pages[alt] {
				fmt.Fprintf(&buf, `<xhtml:link rel="alternate" hreflang="%s" href="%s"/>`, l, loc(alt))
			}
		}
		buf.WriteString("</url>\n")
	}
	buf.WriteString("</urlset>\n")
	return buf.Bytes()
}

// SortKey is the key that sorts names as a reader expects in either
// language: without case, accents or soft hyphens.
func SortKey(s string) string { return Fold(s) }
