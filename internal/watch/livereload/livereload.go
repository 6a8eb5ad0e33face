// Package livereload is what `wbtool serve` adds to the preview server to
// follow a watch session: a live-reload endpoint that tells open pages to
// reload after each rebuild (Server-Sent Events, no WebSocket, no
// dependency), the script the pages load for it, and an error page that
// replaces every page while the content is broken and reloads by itself
// once it is fixed.
//
// Safety (reliability notes 9.E): the endpoint answers only requests whose
// Host is the loopback and whose Origin, when sent, is the same loopback
// origin (a DNS-rebinding page or another site cannot listen in); it sends
// no CORS header; the error page escapes everything it shows and strips
// terminal colour codes. Pages keep their Content-Security-Policy: the
// script is a same-origin file, and the wrapper only adds
// "connect-src 'self'" so that the page may open the event stream.
package livereload

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"wbtool.dev/wbtool/internal/watch"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/serve"
)

// Paths of the endpoint and the script.
const (
	Prefix     = "/_wbtool/"
	EventsPath = Prefix + "live"
	ScriptPath = Prefix + "live.js"
)

// scriptTag is what Inject adds to every HTML page.
const scriptTag = `<script src="` + ScriptPath + `" defer></script>`

// script reloads the page when the generation it first saw changes: after
// a rebuild, and after the server restarts (EventSource reconnects by
// itself).
const script = `(function () {
	"use strict";
	if (!window.EventSource) { return; }
	var first = null;
	var es = new EventSource("` + EventsPath + `");
	es.addEventListener("build", function (e) {
		if (first === null) { first = e.data; return; }
		if (e.data !== first) { es.close(); window.location.reload(); }
	});
})();
`

// Broker tracks the build generation and the current error, and serves
// the endpoint. The zero value is not ready: use New.
type Broker struct {
	mu     sync.Mutex
	gen    uint64
	errMsg string
	subs   map[chan struct{}]struct{}
	ctx    context.Context
	cancel context.CancelFunc
}

// New returns a broker at generation 1 with no error.
func New() *Broker {
	ctx, cancel := context.WithCancel(context.Background())
	return &Broker{gen: 1, subs: map[chan struct{}]struct{}{}, ctx: ctx, cancel: cancel}
}

// Notify starts a new generation: every open page reloads.
func (b *Broker) Notify() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.gen++
	for c := range b.subs {
		select {
		case c <- struct{}{}:
		default: // a wake-up is already pending
		}
	}
}

// SetError makes every page show msg (the report of the failed rebuild)
// until ClearError. Call Notify after it.
func (b *Broker) SetError(msg string) {
	b.mu.Lock()
	b.errMsg = msg
	b.mu.Unlock()
}

// ClearError brings the pages back. Call Notify after it.
func (b *Broker) ClearError() { b.SetError("") }

// Close ends every open event stream (register it with
// http.Server.RegisterOnShutdown, so that Shutdown does not wait for them).
func (b *Broker) Close() { b.cancel() }

func (b *Broker) state() (uint64, string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.gen, b.errMsg
}

// Wrap returns a handler that serves the endpoint and the script under
// Prefix, the error page while there is an error, and next otherwise. It
// adds "connect-src 'self'" to the Content-Security-Policy next sets.
func (b *Broker) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, Prefix) {
			b.ServeHTTP(w, r)
			return
		}
		if _, msg := b.state(); msg != "" && serve.LoopbackHost(r.Host) {
			writeErrorPage(w, msg)
			return
		}
		next.ServeHTTP(&cspWriter{ResponseWriter: w}, r)
	})
}

// ServeHTTP serves the event stream and the script.
func (b *Broker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache")
	if !serve.LoopbackHost(r.Host) {
		http.Error(w, "this preview server answers only for 127.0.0.1 and localhost", http.StatusMisdirectedRequest)
		return
	}
	if !sameOrigin(r) {
		http.Error(w, "cross-origin requests are refused", http.StatusForbidden)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch r.URL.Path {
	case ScriptPath:
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		_, _ = w.Write([]byte(script))
	case EventsPath:
		b.events(w, r)
	default:
		http.NotFound(w, r)
	}
}

// events streams the generation: once on connect, then after each Notify.
func (b *Broker) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c := make(chan struct{}, 1)
	b.mu.Lock()
	b.subs[c] = struct{}{}
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.subs, c)
		b.mu.Unlock()
	}()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	last := uint64(0)
	for {
		gen, _ := b.state()
		if gen != last {
			last = gen
			if _, err := fmt.Fprintf(w, "event: build\ndata: %d\n\n", gen); err != nil {
				return
			}
			fl.Flush()
		}
		select {
		case <-c:
		case <-r.Context().Done():
			return
		case <-b.ctx.Done():
			return
		}
	}
}

// Apply follows one rebuild of a watch session (configured with the site
// output): a good build swaps in its site with set (with the live-reload
// script injected) and clears the error; a failed one shows its report on
// every page. Open pages reload either way. A cancelled rebuild changes
// nothing.
func (b *Broker) Apply(r *watch.Report, set func(site.Files)) {
	if r.Canceled {
		return
	}
	if !r.OK() {
		var buf bytes.Buffer
		r.Format(&buf, false)
		b.SetError(buf.String())
		b.Notify()
		return
	}
	_, hadErr := b.state()
	if r.Site != nil {
		set(Inject(r.Site))
	}
	if hadErr != "" || r.Site != nil {
		b.ClearError()
		b.Notify()
	}
}

// Subscribers is the number of open event streams (for tests and logs).
func (b *Broker) Subscribers() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.subs)
}

// sameOrigin accepts requests without an Origin (same-origin GETs of
// EventSource and script tags send none in most browsers) and those whose
// Origin is this very server.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.Scheme != "http" {
		return false
	}
	return strings.EqualFold(u.Host, r.Host) && serve.LoopbackHost(u.Host)
}

// cspWriter adds connect-src 'self' to the page's policy, so that the
// live-reload script may open its event stream.
type cspWriter struct {
	http.ResponseWriter
	wrote bool
}

func (c *cspWriter) fix() {
	if c.wrote {
		return
	}
	c.wrote = true
	h := c.Header()
	if p := h.Get("Content-Security-Policy"); p != "" && !strings.Contains(p, "connect-src") {
		h.Set("Content-Security-Policy", p+"; connect-src 'self'")
	}
}

func (c *cspWriter) WriteHeader(code int) {
	c.fix()
	c.ResponseWriter.WriteHeader(code)
}

func (c *cspWriter) Write(p []byte) (int, error) {
	c.fix()
	return c.ResponseWriter.Write(p)
}

// Inject returns a copy of the site whose HTML pages load the live-reload
// script (before </body>, or at the end). The other files are shared.
// `wbtool build` never injects it: only the preview does.
func Inject(files site.Files) site.Files {
	out := make(site.Files, len(files))
	for p, b := range files {
		if !strings.HasSuffix(p, ".html") || strings.Contains(string(b), scriptTag) {
			out[p] = b
			continue
		}
		s := string(b)
		if i := strings.LastIndex(strings.ToLower(s), "</body>"); i >= 0 {
			s = s[:i] + scriptTag + s[i:]
		} else {
			s += scriptTag
		}
		out[p] = []byte(s)
	}
	return out
}

// csp is the error page's own policy.
const csp = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]`)

// ErrorPage renders msg (a rebuild report) as a page that reloads by
// itself once the content builds again.
func ErrorPage(msg string) []byte {
	msg = ansi.ReplaceAllString(msg, "")
	return []byte(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The content has errors</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;max-width:60rem}pre{background:#fff4f4;border-left:4px solid #c62828;padding:1rem;overflow:auto;white-space:pre-wrap}</style>
</head><body><h1>The content has errors</h1>
<p>The last save did not build. Fix the problems below; this page reloads by itself when the content builds again.</p>
<p lang="fr">La dernière sauvegarde ne se construit pas. Corrigez les problèmes ci-dessous ; la page se recharge d’elle-même ensuite.</p>
<pre>` + html.EscapeString(msg) + `</pre>
` + scriptTag + `
</body></html>
`)
}

func writeErrorPage(w http.ResponseWriter, msg string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(ErrorPage(msg))
}
