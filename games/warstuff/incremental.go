package warstuff

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"wbtool.dev/wbtool/diag"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Warstuff's incremental rebuilds (ruleset.Incremental, for watch and
// serve). Its items are its check games and its profile cards:
//
//   - a check game reads its own source only (the schema resolves the
//     profiles, bands and scenario it names into it): its key is its
//     source, position included, so a change to a profile replays the
//     check games that use it and no other;
//   - a profile card's layout reads the profile and what every card
//     shows of the catalog (special rules, ranges, labels): only the
//     cards whose key changed are laid out again.
//
// The site, data and sheets are made whole at each change (the session
// writes only the files whose bytes changed); the content's key (Key)
// lets a save that changes nothing replay the check games only.

// memoLayouts names the layout diagnostics kept between rebuilds.
const memoLayouts = "warstuff layouts"

// Brief is the summary of a watch report.
func (c *Content) Brief() string { return c.Summary() }

// Key hashes the whole catalog, positions included.
func (c *Content) Key(salt string) string {
	b, _ := budget.Marshal(c.Catalog)
	return hashOf([]byte("warstuff\x00"+salt), b)
}

// Incrementally is the content with its check games and card layouts
// taken from m when their keys did not change.
func (c *Content) Incrementally(m ruleset.Memo) ruleset.Content {
	return &incremental{Content: c, m: m, salt: m.Salt()}
}

// incremental is Warstuff content rebuilt through a memo.
type incremental struct {
	*Content
	m    ruleset.Memo
	salt string
}

// Checks plays the check games whose source changed (all of them
// against an empty memo), each alone, and reuses the others' reports.
func (c *incremental) Checks(keep func(id string) bool) ruleset.CheckReport {
	ids, src := ruleset.KeptItems(c.Catalog.Checks, func(s *ws.CheckSource) string { return s.ID }, keep)
	key := func(id string) string {
		b, _ := budget.Marshal(src[id])
		return hashOf([]byte("check\x00"+c.salt), b)
	}
	play := func(id string) ruleset.CheckReport {
		return c.Content.Checks(func(x string) bool { return x == id })
	}
	return ruleset.MemoChecks(c.m, ids, key, play, true)
}

// Layout lays out the profile cards whose key changed, and reuses the
// others' diagnostics.
func (c *incremental) Layout() diag.List {
	shared := c.cardShared()
	prev, prevKeys := c.m.Kept(memoLayouts)
	old, _ := prev.(map[string]diag.List)
	keys := map[string]string{}
	found := map[string]diag.List{}
	var out diag.List
	for _, p := range c.cards() {
		b, _ := budget.Marshal(p)
		k := hashOf([]byte("card\x00"+c.salt), shared, b)
		id := p.ID
		if _, dup := keys[id]; dup {
			id += "\x00creature" // a creature may share a profile's id
		}
		keys[id] = k
		d, ok := old[id]
		if !ok || prevKeys[id] != k {
			d = nil
			for _, l := range lang.Langs {
				if _, err := ProfileCard(c.Catalog, p, l, 0, 0); err != nil {
					d = append(d, diag.Errorf(p.Pos, "", "%v", err))
				}
			}
		}
		found[id] = d
		out = append(out, d...)
	}
	c.m.Keep(memoLayouts, found, keys)
	return out
}

// cardShared encodes what every profile card reads of the catalog
// besides its profile: the special rules, ranges and labels.
func (c *incremental) cardShared() []byte {
	cat := c.Catalog
	b, _ := budget.Marshal(struct {
		Rules   []ws.Rule
		Ranges  map[string]ws.Text
		Strings []ws.UIString
	}{cat.Rules, cat.Ranges, cat.Strings})
	return b
}

// ChangedSince names the items changed since prev, field by field:
// "profile rabble: added", "warrior: quality 4 → 3".
func (c *Content) ChangedSince(prev ruleset.Content, max int) []string {
	p, ok := prev.(*Content)
	if !ok {
		return nil
	}
	a, b := p.Catalog, c.Catalog
	var out []string
	for _, col := range []struct {
		noun     string
		old, new any
	}{
		{"profile", a.Profiles, b.Profiles},
		{"creature", a.Creatures, b.Creatures},
		{"horde", a.Hordes, b.Hordes},
		{"band", a.Bands, b.Bands},
		{"scenario", a.Scenarios, b.Scenarios},
		{"special rule", a.Rules, b.Rules},
		{"glossary term", a.Glossary, b.Glossary},
	} {
		out = append(out, changedItems(col.noun, col.old, col.new)...)
	}
	if max > 0 && len(out) > max {
		n := len(out) - (max - 1)
		out = append(out[:max-1], fmt.Sprintf("… and %d more", n))
	}
	return out
}

// changedItems compares two slices of items with an ID field, in the new
// slice's order (removed items last).
func changedItems(noun string, old, new any) []string {
	byID := func(s any) (map[string]any, []string) {
		v := reflect.ValueOf(s)
		m := map[string]any{}
		var ids []string
		for i := range v.Len() {
			id := v.Index(i).FieldByName("ID").String()
			if _, dup := m[id]; !dup {
				ids = append(ids, id)
			}
			m[id] = v.Index(i).Interface()
		}
		return m, ids
	}
	o, oids := byID(old)
	n, nids := byID(new)
	var out []string
	for _, id := range nids {
		before, ok := o[id]
		if !ok {
			out = append(out, fmt.Sprintf("%s %s: added", noun, id))
			continue
		}
		out = append(out, changedFields(id, before, n[id])...)
	}
	for _, id := range oids {
		if _, ok := n[id]; !ok {
			out = append(out, fmt.Sprintf("%s %s: removed", noun, id))
		}
	}
	return out
}

// changedFields are the fields of an item that differ, as the designer
// reads them in the data (JSON paths: "quality", "name.fr"), each
// "id: path old → new" with its values as JSON.
func changedFields(id string, before, after any) []string {
	flat := func(v any) map[string]string {
		b, _ := json.Marshal(v)
		var x any
		json.Unmarshal(b, &x)
		out := map[string]string{}
		flatten("", x, out)
		return out
	}
	o, n := flat(before), flat(after)
	var paths []string
	for p := range n {
		paths = append(paths, p)
	}
	for p := range o {
		if _, ok := n[p]; !ok {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var out []string
	for _, p := range paths {
		ov, had := o[p]
		nv, has := n[p]
		switch {
		case !had:
			out = append(out, fmt.Sprintf("%s: %s added: %s", id, p, nv))
		case !has:
			out = append(out, fmt.Sprintf("%s: %s removed (was %s)", id, p, ov))
		case ov != nv:
			out = append(out, fmt.Sprintf("%s: %s %s → %s", id, p, ov, nv))
		}
	}
	return out
}

// flatten lists the leaves of a JSON value by path; lists are leaves
// (their JSON), objects are walked.
func flatten(prefix string, v any, out map[string]string) {
	if m, ok := v.(map[string]any); ok {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			flatten(p, m[k], out)
		}
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	out[prefix] = strings.TrimSpace(b.String())
}

// hashOf hashes length-prefixed parts.
func hashOf(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d\x00", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}
