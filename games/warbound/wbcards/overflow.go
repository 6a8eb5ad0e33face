package wbcards

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// A skills box that does not fit even at the smallest size is the
// designer's to fix in a skill's text, which several cards may print: it
// is reported once, at the text of the skill to shorten, naming each card
// where the box overflows and by about how many words (issue 28 item 8),
// not once per card at the card in millimetres.

// overflow is a face whose skills box does not fit.
type overflow struct {
	card, side string
	pos        wbcatalog.Pos // the card's
	skills     []string      // the box's skills, in order
	words      int           // about how many words too many
	size       float64       // a box that fits: the size it is shrunk to
}

// shrunk records a skills box that fits at size, below readablePt, for
// a warning at the skill's text (shrunkWarnings); false when f prints no
// skills, whose warning is the card's.
func (f *face) shrunk(size float64) bool {
	if len(f.skills) == 0 || f.b.cat.Skill(f.blamed(f.skills)) == nil {
		return false
	}
	f.b.shrunk = append(f.b.shrunk, overflow{card: f.Card, side: f.Side, pos: f.pos, skills: f.skills, size: size})
	return true
}

// overflowOrFail records a skills box that does not fit (render.FitError of
// the height) as an overflow of f's skills; any other error is the
// card's (fail).
func (f *face) overflowOrFail(err error, paras []render.Para) {
	var fe *render.FitError
	if len(f.skills) == 0 || !errors.As(err, &fe) || fe.Need <= fe.Box || f.b.cat.Skill(f.blamed(f.skills)) == nil {
		f.fail(err)
		return
	}
	f.b.overflows = append(f.b.overflows, overflow{card: f.Card, side: f.Side, pos: f.pos, skills: f.skills, words: wordsOver(paras, fe.Need, fe.Box)})
}

// wordsOver is about how many words of paras are too many for a box of
// height box when they need height need: their share of the overflow.
func wordsOver(paras []render.Para, need, box float64) int {
	n := 0
	for _, p := range paras {
		for _, r := range p.Runs {
			n += len(strings.Fields(r.Text))
		}
	}
	return max(1, int(math.Ceil(float64(n)*(need-box)/need)))
}

// blamed is the skill of a box whose text to shorten: the longest in the
// face's language (the first of equals).
func (f *face) blamed(skills []string) string {
	best, most := "", -1
	for _, id := range skills {
		sk := f.b.cat.Skill(id)
		if sk == nil {
			continue
		}
		if n := len(strings.Fields(sk.Text.In(f.b.lang))); n > most {
			best, most = id, n
		}
	}
	return best
}

// overflowErrors are the errors of the overflows of one language's
// cards: one per skill to shorten, at its text, naming every card where a
// box overflows, in card order.
func overflowErrors(cat *wbcatalog.Catalog, l wbcatalog.Lang, overs []overflow) diag.List {
	return bySkill(cat, l, overs, func(id, lang string, os []overflow, pos wbcatalog.Pos) diag.Diagnostic {
		most := 0
		var cards []string
		for _, o := range os {
			most = max(most, o.words)
			cards = append(cards, fmt.Sprintf("%s (%s) by about %s", o.card, o.side, diag.Plural(o.words, "word")))
		}
		return diag.Errorf(pos, "", "skill %s (%s): too long for the skills box of %s, even at the %g pt minimum; shorten this text by about %s", id, lang, strings.Join(cards, ", "), bodyMin, diag.Plural(most, "word"))
	})
}

// shrunkWarnings are the warnings of the skills boxes of one language's
// cards shrunk below readablePt: one per skill, at its text.
func shrunkWarnings(cat *wbcatalog.Catalog, l wbcatalog.Lang, shrunk []overflow) diag.List {
	return bySkill(cat, l, shrunk, func(id, lang string, os []overflow, pos wbcatalog.Pos) diag.Diagnostic {
		var cards []string
		for _, o := range os {
			cards = append(cards, fmt.Sprintf("%s (%s, %.1f pt)", o.card, o.side, o.size))
		}
		return diag.Warnf(pos, "", "skill %s (%s): shrinks the skills box below the %g pt that reads comfortably on %s: shorten this text", id, lang, readablePt, strings.Join(cards, ", "))
	})
}

// bySkill groups boxes by the skill to shorten (blamed) and makes one
// diagnostic of each group with msg, at the skill's text (or the first
// card, for a skill written in no file), in skill order.
func bySkill(cat *wbcatalog.Catalog, l wbcatalog.Lang, boxes []overflow, msg func(id, lang string, os []overflow, pos wbcatalog.Pos) diag.Diagnostic) diag.List {
	f := &face{b: &builder{cat: cat, lang: l}}
	groups := map[string][]overflow{}
	var order []string
	for _, o := range boxes {
		id := f.blamed(o.skills)
		if groups[id] == nil {
			order = append(order, id)
		}
		groups[id] = append(groups[id], o)
	}
	sort.Strings(order)
	lang := "English"
	if l == wbcatalog.French {
		lang = "French"
	}
	var out diag.List
	for _, id := range order {
		os := groups[id]
		pos := cat.TextPos([]string{"skills", id, "text"}, l, cat.Skill(id).Pos)
		if pos.File == "" { // a skill not written in a file: at the first card
			pos = os[0].pos
		}
		out = append(out, msg(id, lang, os, pos))
	}
	return out
}
