package livereload

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/watch"
	"wbtool.dev/wbtool/site"
)

// page is a stand-in for the site handler, with the policy it sets.
var page = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", "default-src 'none'; script-src 'self'")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = io.WriteString(w, "<!DOCTYPE html><p>page</p>")
})

func do(t *testing.T, h http.Handler, host, target string, hdr map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Host = host
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestEventStream(t *testing.T) {
	b := New()
	srv := httptest.NewServer(b.Wrap(page))
	defer srv.Close()
	defer b.Close()
	resp, err := http.Get(srv.URL + EventsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	if resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("CORS header on the event stream")
	}
	rd := bufio.NewReader(resp.Body)
	event := func() string {
		t.Helper()
		got := make(chan string, 1)
		go func() {
			var lines []string
			for {
				s, err := rd.ReadString('\n')
				if err != nil {
					got <- "error: " + err.Error()
					return
				}
				if s == "\n" {
					got <- strings.Join(lines, "")
					return
				}
				lines = append(lines, s)
			}
		}()
		select {
		case s := <-got:
			return s
		case <-time.After(5 * time.Second):
			t.Fatal("no event within 5s")
		}
		return ""
	}
	if e := event(); e != "event: build\ndata: 1\n" {
		t.Fatalf("first event %q", e)
	}
	b.Notify()
	if e := event(); e != "event: build\ndata: 2\n" {
		t.Fatalf("after Notify: %q", e)
	}
	b.Notify()
	b.Notify() // two quick builds: at least the latest generation arrives
	if e := event(); e != "event: build\ndata: 4\n" && e != "event: build\ndata: 3\n" {
		t.Fatalf("after two Notify: %q", e)
	}
	// Close ends the stream, so that server shutdown does not hang.
	b.Close()
	done := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, rd); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not end the stream")
	}
}

func TestEndpointRefusesForeignHostsAndOrigins(t *testing.T) {
	b := New()
	defer b.Close()
	h := b.Wrap(page)
	for _, c := range []struct {
		host, origin string
		code         int
	}{
		{"evil.example", "", http.StatusMisdirectedRequest},
		{"evil.example:8080", "http://evil.example:8080", http.StatusMisdirectedRequest},
		{"127.0.0.1:8080", "http://evil.example", http.StatusForbidden},
		{"127.0.0.1:8080", "http://127.0.0.1:9999", http.StatusForbidden},
		{"127.0.0.1:8080", "https://127.0.0.1:8080", http.StatusForbidden},
		{"127.0.0.1:8080", "null", http.StatusForbidden},
		{"127.0.0.1:8080", "http://127.0.0.1:8080", http.StatusOK},
		{"localhost:8080", "", http.StatusOK},
		{"[::1]:8080", "", http.StatusOK},
	} {
		hdr := map[string]string{}
		if c.origin != "" {
			hdr["Origin"] = c.origin
		}
		w := do(t, h, c.host, ScriptPath, hdr)
		if w.Code != c.code {
			t.Errorf("Host %q Origin %q: %d, want %d", c.host, c.origin, w.Code, c.code)
		}
		if w.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("Host %q Origin %q: CORS header", c.host, c.origin)
		}
	}
	if w := do(t, h, "127.0.0.1", Prefix+"other", nil); w.Code != http.StatusNotFound {
		t.Errorf("unknown endpoint: %d", w.Code)
	}
}

func TestWrapAddsConnectSrcAndServesErrors(t *testing.T) {
	b := New()
	defer b.Close()
	h := b.Wrap(page)
	w := do(t, h, "127.0.0.1:8080", "/en/index.html", nil)
	if got := w.Header().Get("Content-Security-Policy"); got != "default-src 'none'; script-src 'self'; connect-src 'self'" {
		t.Errorf("policy %q", got)
	}
	if !strings.Contains(w.Body.String(), "<p>page</p>") {
		t.Errorf("body %q", w.Body.String())
	}

	b.SetError("\x1b[31mcontent/cards/x.cue:3:4: <script>alert(1)</script> wrong type\x1b[0m")
	for _, target := range []string{"/", "/en/cards/copp/index.html", "/missing"} {
		w = do(t, h, "127.0.0.1:8080", target, nil)
		body := w.Body.String()
		if w.Code != http.StatusInternalServerError || !strings.Contains(body, "content/cards/x.cue:3:4: &lt;script&gt;alert(1)&lt;/script&gt; wrong type") {
			t.Errorf("%s while broken: %d %q", target, w.Code, body)
		}
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "\x1b") {
			t.Errorf("%s: unescaped error text", target)
		}
		if !strings.Contains(body, scriptTag) {
			t.Errorf("%s: the error page does not reload by itself", target)
		}
	}
	// The endpoint still works while broken.
	if w := do(t, h, "127.0.0.1:8080", ScriptPath, nil); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "EventSource") {
		t.Errorf("script while broken: %d", w.Code)
	}
	// A foreign host gets no error page (the site handler refuses it).
	if w := do(t, h, "evil.example", "/", nil); strings.Contains(w.Body.String(), "x.cue") {
		t.Error("error shown to a foreign host")
	}
	b.ClearError()
	if w := do(t, h, "127.0.0.1:8080", "/", nil); w.Code != http.StatusOK {
		t.Errorf("after ClearError: %d", w.Code)
	}
}

func TestInject(t *testing.T) {
	in := site.Files{
		"index.html":       []byte("<!DOCTYPE html><html><body><p>x</p></BODY></html>"),
		"en/bare.html":     []byte("<p>no body tag</p>"),
		"assets/style.css": []byte("body{}"),
		"search.json":      []byte(`{"html":"</body>"}`),
	}
	out := Inject(in)
	if got := string(out["index.html"]); got != "<!DOCTYPE html><html><body><p>x</p>"+scriptTag+"</BODY></html>" {
		t.Errorf("index.html: %q", got)
	}
	if got := string(out["en/bare.html"]); got != "<p>no body tag</p>"+scriptTag {
		t.Errorf("bare: %q", got)
	}
	for _, p := range []string{"assets/style.css", "search.json"} {
		if string(out[p]) != string(in[p]) {
			t.Errorf("%s changed", p)
		}
	}
	if string(in["index.html"]) == string(out["index.html"]) {
		t.Error("Inject changed its input")
	}
	again := Inject(out)
	if string(again["index.html"]) != string(out["index.html"]) {
		t.Error("Inject is not idempotent")
	}
}

func TestApply(t *testing.T) {
	b := New()
	defer b.Close()
	var cur site.Files
	set := func(f site.Files) { cur = f }
	gen := func() uint64 { g, _ := b.state(); return g }

	good := &watch.Report{Seq: 1, Changed: []string{watch.Everything}, Summary: "1 Characters",
		Site: site.Files{"index.html": []byte("<html><body>v1</body></html>")}}
	b.Apply(good, set)
	if !strings.Contains(string(cur["index.html"]), scriptTag) || gen() != 2 {
		t.Fatalf("good build: %q gen %d", cur["index.html"], gen())
	}

	bad := &watch.Report{Seq: 2, Changed: []string{"cards/x.cue"}, Errors: []string{"content/cards/x.cue:3:4: wrong type"}}
	b.Apply(bad, set)
	if _, msg := b.state(); !strings.Contains(msg, "content/cards/x.cue:3:4: wrong type") || !strings.Contains(msg, "[2] cards/x.cue") || gen() != 3 {
		t.Fatalf("bad build: %q gen %d", msg, gen())
	}
	if !strings.Contains(string(cur["index.html"]), "v1") {
		t.Fatal("a failed build replaced the site")
	}

	// The fix gives back the same catalog: no new site, but the error goes.
	fixed := &watch.Report{Seq: 3, Changed: []string{"cards/x.cue"}, Summary: "1 Characters", Unchanged: true}
	b.Apply(fixed, set)
	if _, msg := b.state(); msg != "" || gen() != 4 {
		t.Fatalf("fix: %q gen %d", msg, gen())
	}

	// Nothing changed at all: no reload.
	b.Apply(fixed, set)
	if gen() != 4 {
		t.Fatalf("an unchanged build reloaded the pages (gen %d)", gen())
	}
	b.Apply(&watch.Report{Seq: 4, Canceled: true}, set)
	if gen() != 4 {
		t.Fatal("a cancelled build reloaded the pages")
	}
}
