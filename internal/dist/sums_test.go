package dist

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// TestPublishTrustsSums: a file whose SHA-256 the caller gives is not
// hashed again (watch hashes every output once): the manifest records the
// sum given; the others are hashed. The manifest is written from the
// encoding the journal holds, and reads back.
func TestPublishTrustsSums(t *testing.T) {
	out := t.TempDir()
	d := open(t, out, "")
	given := sha256.Sum256([]byte("not the bytes"))
	publish(t, d, Update{Dir: "site", Files: Files{"a.html": []byte("A"), "b.html": []byte("B")},
		Sums: map[string][32]byte{"a.html": given}})
	recs := d.man.Dirs["site"]
	if got := recs["a.html"].SHA256; got != hex.EncodeToString(given[:]) {
		t.Errorf("a.html recorded as %q, want the sum given (trusted, not hashed again)", got)
	}
	b := sha256.Sum256([]byte("B"))
	if got := recs["b.html"].SHA256; got != hex.EncodeToString(b[:]) {
		t.Errorf("b.html recorded as %s, want its bytes' sum", got)
	}
	m, err := open(t, out, "").readManifest()
	if err != nil || m.Generation != d.man.Generation || len(m.Dirs["site"]) != 2 {
		t.Errorf("manifest read back: %+v, %v", m, err)
	}
}
