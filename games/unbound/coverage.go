package unbound

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

var _ ruleset.Coverage = (*Content)(nil)

// rulesDigest is RULES.md, the numbered rules the check games pin.
//
//go:embed RULES.md
var rulesDigest string

var ruleLine = regexp.MustCompile(`^- \*\*(U-[A-Z]+-[0-9]+)\*\*`)

// Rules are the digest's rule numbers with their lines, in order.
func Rules() (ids []string, lines []int) {
	for i, l := range strings.Split(rulesDigest, "\n") {
		if m := ruleLine.FindStringSubmatch(l); m != nil {
			ids, lines = append(ids, m[1]), append(lines, i+1)
		}
	}
	return ids, lines
}

// Coverage lists the rules of RULES.md that no check game names in its
// `rules`, at their line of the digest.
func (c *Content) Coverage() (untested []string, summary string) {
	pinned := map[string]bool{}
	for _, g := range c.Catalog.Checks {
		for _, r := range g.Rules {
			pinned[r] = true
		}
	}
	ids, lines := Rules()
	n := 0
	for i, id := range ids {
		if pinned[id] {
			n++
			continue
		}
		untested = append(untested, fmt.Sprintf("games/unbound/RULES.md:%d:1: rule %s: no check game names it", lines[i], id))
	}
	var unknown []string
	for r := range pinned {
		if !slices.Contains(ids, r) {
			unknown = append(unknown, r)
		}
	}
	slices.Sort(unknown)
	summary = fmt.Sprintf("%d of %d rules of RULES.md named by %d check games", n, len(ids), len(c.Catalog.Checks))
	if len(unknown) > 0 {
		summary += "; not in RULES.md: " + strings.Join(unknown, ", ")
	}
	return untested, summary
}
