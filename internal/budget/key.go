package budget

import (
	"crypto/sha256"
	"encoding/hex"
)

// Key is the key of v (plain data: Marshal, which reads every exported
// field, positions and sources included) for what, with salt: the key an
// incremental game gives an item (ruleset.Incremental).
func Key(what, salt string, v any) string {
	b, err := Marshal(v)
	if err != nil {
		b = []byte("unkeyed: " + err.Error()) // plain data always encodes: the tests see it
	}
	h := sha256.New()
	h.Write([]byte(what + "\x00" + salt + "\x00"))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}
