package wbcards

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// Printed fingerprints what every card prints in language l: its faces as
// laid out, without the card number and version stamp (which move when a
// card is added before it or the version changes). Two versions of the
// content print a card alike when its fingerprints are equal: what the
// reprint sheets compare. Keyed by card id, in no order; a card that
// cannot be laid out is left out.
func (ls *Layouts) Printed(l wbcatalog.Lang) map[string]string {
	out := map[string]string{}
	for _, id := range allCards(ls.cat) {
		e := ls.laid(l, id)
		if !e.ok || len(e.errs) > 0 || len(e.overflows) > 0 {
			continue
		}
		h := sha256.New()
		for _, f := range []*render.Face{&e.card.Front, &e.card.Back} {
			d := f.Dump()
			// the first line names the card's id, which is not printed
			if _, rest, ok := strings.Cut(d, "\n"); ok {
				d = rest
			}
			h.Write([]byte(f.Side + "\n" + d))
		}
		out[id] = hex.EncodeToString(h.Sum(nil)[:12])
	}
	return out
}
