package main

import (
	"net/url"
	"strings"
	"unicode"
)

// checkBaseURL checks the value of flag, an address the outputs are
// published at (build --base-url, --tts-base-url, export tts --base-url):
// an absolute http:// or https:// URL with a host, and nothing a link
// built on it would carry wrongly — no user or password (they would be
// published), no query or fragment (the pages' paths follow the base), no
// space or control character. Anything else — javascript:alert(1),
// ftp://x.org/, a relative path — is a usage error naming the flag: it
// would land in sitemap.xml, robots.txt, the canonical, hreflang and Open
// Graph links of every page, or the TTS decks' image links.
func checkBaseURL(flag, v string) error {
	if v == "" {
		return nil
	}
	bad := func(why string) error {
		return usagef("%s %q: %s; want an absolute http:// or https:// URL, e.g. https://example.org/warbound/", flag, v, why)
	}
	if strings.ContainsFunc(v, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return bad("it holds a space or a control character")
	}
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return bad("not a URL")
	case u.Scheme == "":
		return bad("a relative URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return bad("the scheme is " + u.Scheme + ":")
	case u.Opaque != "" || u.Hostname() == "":
		return bad("no host")
	case u.User != nil:
		return bad("it holds a user name")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(v, "#"):
		return bad("it holds a query or a fragment")
	}
	return nil
}
