package translations

import (
	"crypto/sha256"
	"encoding/hex"
)

// Fingerprint is a short stable hash of a text (the first 12 hex digits
// of its SHA-256), recorded in translation locks: a changed source text
// changes it. It lives here, not in package lang, so that the packages
// the browser's deck checker links (lang, the catalogs) import no crypto:
// crypto/sha256 brings the FIPS module and its start-up code into the
// WebAssembly module (48 KB of its gzipped bytes).
func Fingerprint(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}
