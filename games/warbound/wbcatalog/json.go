package wbcatalog

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// JSON encodes the catalog as dist/data/catalog.json: indented, with
// SchemaVersion, and deterministic (collections are sorted by id and
// encoding/json sorts map keys). Fields tagged json:"-" (positions, rules
// sources, draft bookkeeping) are not part of the engine data.
func (c *Catalog) JSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(c); err != nil {
		return nil, fmt.Errorf("encode catalog: %w", err)
	}
	return buf.Bytes(), nil
}
