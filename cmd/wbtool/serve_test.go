package main

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/content"
)

// TestServeListensOnLoopback runs `wbtool serve --port 0` in-process: it
// must listen on 127.0.0.1 only (reliability notes E1), serve the built
// site, refuse a foreign Host, rebuild when the content folder changes,
// and stop cleanly when its context ends.
func TestServeListensOnLoopback(t *testing.T) {
	dir := t.TempDir()
	writeEmbeddedContent(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--port", "0", "--content", dir}, pw, io.Discard)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no banner: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	m := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("banner %q does not name a 127.0.0.1 address", line)
	}
	addr := m[1]
	get := func(host, path string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+path, nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if code, body := get(addr, "/en/cards/copp/"); code != 200 || !strings.Contains(body, "COPP") {
		t.Errorf("card page: %d", code)
	}
	if code, _ := get("evil.example", "/en/index.html"); code != http.StatusMisdirectedRequest {
		t.Errorf("foreign Host: %d, want 421", code)
	}
	// Not reachable on another address of this machine.
	if ips, err := nonLoopbackIPs(); err == nil && len(ips) > 0 {
		_, port, _ := net.SplitHostPort(addr)
		if c, err := net.DialTimeout("tcp", net.JoinHostPort(ips[0], port), time.Second); err == nil {
			c.Close()
			t.Errorf("serve answers on %s too", ips[0])
		}
	}
	// Break the content: the site shows the error; fix it: the site is back.
	glossary := filepath.Join(dir, "i18n")
	broken := filepath.Join(glossary, "zz_broken.cue")
	if err := os.WriteFile(broken, []byte("package warbound\nglossary: x: {term: 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitBody(t, func() string { _, b := get(addr, "/en/index.html"); return b }, "zz_broken.cue")
	if err := os.Remove(broken); err != nil {
		t.Fatal(err)
	}
	waitBody(t, func() string { _, b := get(addr, "/en/index.html"); return b }, "Warbound")
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve exited %d", code)
	}
}

// waitBody polls the served page until it shows want: no deadline (a
// busy machine only makes the rebuild slower; go test's -timeout ends a
// wait that never does).
func waitBody(t *testing.T, get func() string, want string) {
	t.Helper()
	for !strings.Contains(get(), want) {
		time.Sleep(100 * time.Millisecond)
	}
}

func nonLoopbackIPs() ([]string, error) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
			out = append(out, ipn.IP.String())
		}
	}
	return out, nil
}

// writeEmbeddedContent writes the starter content into dir.
func writeEmbeddedContent(t *testing.T, dir string) {
	t.Helper()
	err := fs.WalkDir(content.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := fs.ReadFile(content.FS, p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
