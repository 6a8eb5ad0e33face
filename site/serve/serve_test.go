package serve

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"wbtool.dev/wbtool/site"
)

func testSite(tag string) site.Files {
	return site.Files{
		"index.html":               []byte("<!DOCTYPE html><p>root " + tag),
		"en/index.html":            []byte("<!DOCTYPE html><p>en home " + tag),
		"en/cards/copp/index.html": []byte("<!DOCTYPE html><p>copp " + tag),
		"en/cards/copp/front.svg":  []byte("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>"),
		"assets/style.css":         []byte("body{}"),
	}
}

func get(t *testing.T, h http.Handler, host, target string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Host = host
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestServesFilesWithTypes(t *testing.T) {
	h := &Handler{}
	h.Set(testSite("a"))
	for _, c := range []struct {
		target, ctype, body string
		code                int
	}{
		{"/", "text/html; charset=utf-8", "root a", 200},
		{"/en/cards/copp/", "text/html; charset=utf-8", "copp a", 200},
		{"/en/cards/copp/index.html", "text/html; charset=utf-8", "copp a", 200},
		{"/en/cards/copp/front.svg", "image/svg+xml", "<svg", 200},
		{"/assets/style.css", "text/css; charset=utf-8", "body{}", 200},
		{"/en/cards/copp", "", "", http.StatusMovedPermanently},
		{"/en/cards/nope/", "text/html; charset=utf-8", "Page not found", 404},
	} {
		w := get(t, h, "127.0.0.1:8080", c.target)
		if w.Code != c.code || !strings.Contains(w.Body.String(), c.body) || c.ctype != "" && w.Header().Get("Content-Type") != c.ctype {
			t.Errorf("GET %s = %d %q %q, want %d %q %q", c.target, w.Code, w.Header().Get("Content-Type"), w.Body.String(), c.code, c.ctype, c.body)
		}
		if w.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("GET %s sends a CORS header", c.target)
		}
	}
}

// TestHostHeader (reliability notes E2): a DNS-rebinding page reaches the
// server under its own host name; it must be refused.
func TestHostHeader(t *testing.T) {
	h := &Handler{}
	h.Set(testSite("a"))
	for host, ok := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:8080": true, "LOCALHOST": true, "[::1]:8080": true, "127.0.0.1": true,
		"evil.example": false, "evil.example:8080": false, "127.0.0.1.evil.example": false, "localhost.evil.example": false,
		"192.168.1.10:8080": false, "": false, "0.0.0.0:8080": false,
	} {
		w := get(t, h, host, "/en/index.html")
		if got := w.Code == http.StatusOK; got != ok {
			t.Errorf("Host %q: status %d, want allowed=%v", host, w.Code, ok)
		}
		if !ok && w.Code != http.StatusMisdirectedRequest {
			t.Errorf("Host %q: status %d, want 421", host, w.Code)
		}
	}
}

// TestRequestTargets (reliability notes E3) sends raw request targets over
// a real connection: none may return anything but a file of the site.
func TestRequestTargets(t *testing.T) {
	h := &Handler{}
	files := testSite("a")
	h.Set(files)
	srv := httptest.NewServer(h)
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	for _, target := range []string{
		"/../etc/passwd", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc/passwd",
		"/%252e%252e%252fetc/passwd", "/x/..\\..\\win.ini", "/%c0%ae%c0%ae/etc/passwd", "/.git/config", "/.env",
		"/.env/.", "/.index.html.tmp123", "/en/index.html?raw??", "/en/index.html?import&raw??", "/en/index.html#x",
		"/en/index.html\\", "/en/index.html%00", "/en/%00/index.html", "//etc/passwd", "/en//index.html",
		"/./en/index.html", "/en/./index.html", "/en/cards/../../index.html", "/%2fetc%2fpasswd", "/content/cards/",
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", target)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			conn.Close()
			continue // the request was refused at the protocol level
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		conn.Close()
		if bytes.Contains(body, []byte("root:")) || bytes.Contains(body, []byte(os.TempDir())) {
			t.Errorf("%s leaks a file or a path: %q", target, body)
		}
		if resp.StatusCode == http.StatusOK {
			served := false
			for _, data := range files {
				if bytes.Equal(body, data) {
					served = true
				}
			}
			if !served {
				t.Errorf("%s: 200 with a body that is no file of the site: %q", target, body)
			}
		}
	}
}

// TestNeverHalfBuilt (reliability notes E5): while sites and errors are
// swapped in over and over, every response is a file of one complete
// build or the error page.
func TestNeverHalfBuilt(t *testing.T) {
	h := &Handler{}
	h.Set(testSite("v0"))
	valid := map[string]bool{}
	for i := range 200 {
		for _, b := range testSite(fmt.Sprintf("v%d", i)) {
			valid[string(b)] = true
		}
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	var bad atomic.Int64
	var reqs atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				for _, p := range []string{"/", "/en/index.html", "/en/cards/copp/"} {
					w := get(t, h, "127.0.0.1", p)
					reqs.Add(1)
					if w.Code == http.StatusOK && !valid[w.Body.String()] {
						bad.Add(1)
					}
					if w.Code != http.StatusOK && !strings.Contains(w.Body.String(), "Build failed") {
						bad.Add(1)
					}
				}
			}
		}()
	}
	for i := range 200 {
		if i%7 == 3 {
			h.SetError(fmt.Errorf("cards/x.cue:%d:1: broken \x1b[31m<b>", i))
		} else {
			h.Set(testSite(fmt.Sprintf("v%d", i)))
		}
		time.Sleep(100 * time.Microsecond)
	}
	stop.Store(true)
	wg.Wait()
	if bad.Load() > 0 {
		t.Errorf("%d of %d responses were not from one complete build", bad.Load(), reqs.Load())
	}
	if h.Generation() != 201 {
		t.Errorf("generation %d, want 201", h.Generation())
	}
}

// TestErrorPage: a failed build shows its problems, escaped, without
// terminal colour codes; a good build brings the site back.
func TestErrorPage(t *testing.T) {
	h := &Handler{}
	h.SetError(errors.New("cards/x.cue:3:7: name <script>alert(1)</script> \x1b[31mred\x1b[0m"))
	w := get(t, h, "localhost", "/en/index.html")
	body := w.Body.String()
	if w.Code != 500 || !strings.Contains(body, "cards/x.cue:3:7") || strings.Contains(body, "<script>") || strings.Contains(body, "\x1b") {
		t.Errorf("error page = %d %q", w.Code, body)
	}
	h.Set(testSite("b"))
	if w := get(t, h, "localhost", "/en/index.html"); w.Code != 200 {
		t.Errorf("after a good build: %d", w.Code)
	}
}

func TestLoopbackHost(t *testing.T) {
	for host, want := range map[string]bool{"127.0.0.1": true, "127.0.0.2:80": true, "[::1]:1": true, "::1": true, "localhost": true, "example.com": false, "": false} {
		if LoopbackHost(host) != want {
			t.Errorf("LoopbackHost(%q) = %v", host, !want)
		}
	}
}
