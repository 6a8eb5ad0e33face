// Package serve serves a built site from memory for local preview
// (`wbtool serve`), and rebuilds it when the content changes.
//
// Safety (reliability notes 9.E): the server is meant for 127.0.0.1 only;
// it answers only requests whose Host names the loopback (a DNS-rebinding
// page gets 421), sends no CORS header, serves nothing but the files of
// the built site (a map lookup: there is no file system behind it, so no
// "..", symlink or dotfile can reach anything else), lists no folders,
// and swaps in each rebuilt site whole, so that a page is never served
// half built. A failed rebuild serves an error page with the problems,
// escaped, until the content is fixed.
package serve

import (
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync/atomic"

	"wbtool.dev/wbtool/site"
)

// Handler serves the current site. The zero value serves a "building"
// page until Set or SetError is called. It is safe for concurrent use.
type Handler struct {
	cur atomic.Pointer[state]
}

// state is one complete site, or the error of the last build.
type state struct {
	files site.Files
	err   string
	gen   int
}

// Set swaps in a newly built site.
func (h *Handler) Set(files site.Files) {
	h.cur.Store(&state{files: files, gen: h.gen() + 1})
}

// SetError makes the server show the build error until the next Set.
func (h *Handler) SetError(err error) {
	h.cur.Store(&state{err: err.Error(), gen: h.gen() + 1})
}

// Generation counts the builds swapped in so far.
func (h *Handler) gen() int {
	if s := h.cur.Load(); s != nil {
		return s.gen
	}
	return 0
}

// Generation is the number of sites or errors set so far.
func (h *Handler) Generation() int { return h.gen() }

// LoopbackHost reports whether a Host header names the loopback: the only
// hosts a local preview answers for.
func LoopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// csp is the Content-Security-Policy of every response: the site needs
// only its own styles, scripts and images, and the deck builder compiles
// its own WebAssembly module ('wasm-unsafe-eval': no eval of strings),
// fetched from the site itself (connect-src 'self': the streamed .wasm).
// Each page's own <meta> policy applies too, and only the builders'
// allow WebAssembly.
const csp = "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Content-Security-Policy", csp)
	if !LoopbackHost(r.Host) {
		http.Error(w, "this preview server answers only for 127.0.0.1 and localhost", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	st := h.cur.Load()
	if st == nil {
		writePage(w, http.StatusServiceUnavailable, "Building…", "<p>The site is being built; reload in a moment.</p>")
		return
	}
	if st.err != "" {
		writePage(w, http.StatusInternalServerError, "Build failed",
			"<p>The content has errors; fix them and this page reloads with the site.</p><pre>"+html.EscapeString(stripANSI(st.err))+"</pre>")
		return
	}
	key, ok := fileKey(r.URL.Path)
	if !ok {
		notFound(w)
		return
	}
	data, found := st.files[key]
	if !found {
		if _, isDir := st.files[key+"/index.html"]; isDir {
			// A folder without its slash: redirect, so relative links work.
			http.Redirect(w, r, "/"+key+"/", http.StatusMovedPermanently)
			return
		}
		notFound(w)
		return
	}
	ct := mime.TypeByExtension(path.Ext(key))
	if ct == "" {
		ct = "application/octet-stream"
	}
	hd.Set("Content-Type", ct)
	hd.Set("Content-Length", fmt.Sprint(len(data)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}

// fileKey turns a request path into a key of the site's file map. It
// refuses anything that is not a plain relative path of visible names:
// "..", ".", dotfiles, backslashes, NUL and empty segments inside.
func fileKey(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return "", false
	}
	key := strings.TrimPrefix(p, "/")
	if key == "" || strings.HasSuffix(key, "/") {
		key += "index.html"
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || strings.HasPrefix(seg, ".") {
			return "", false
		}
	}
	if !fs.ValidPath(key) {
		return "", false
	}
	return key, true
}

func notFound(w http.ResponseWriter) {
	writePage(w, http.StatusNotFound, "Page not found — Page introuvable",
		`<p>This page does not exist. <a href="/en/index.html">English</a></p><p lang="fr">Cette page n’existe pas. <a href="/fr/index.html">Français</a></p>`)
}

// writePage writes a small page of the server itself; body is markup of
// this package with any variable part already escaped.
func writePage(w http.ResponseWriter, code int, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	fmt.Fprintf(w, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>%s</title></head><body><h1>%s</h1>%s</body></html>`,
		html.EscapeString(title), html.EscapeString(title), body)
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]`)

// stripANSI removes terminal colour codes from an error message.
func stripANSI(s string) string { return ansi.ReplaceAllString(s, "") }
