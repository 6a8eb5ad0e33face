package plainfmt

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

type named struct{}

func (named) String() string { return "a <name>" }

// TestSprintfIsFmt: for the verbs and arguments it supports, Sprintf
// writes what fmt.Sprintf writes.
func TestSprintfIsFmt(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"plain", nil},
		{"100%% sure", nil},
		{"unknown card %q in the card list%s", []any{"cop\"p", " (did you mean \"copp\"?)"}},
		{"%[1]s deck holds exactly %[3]d cards, this one has %[4]d", []any{"an", "Exploration", 12, 9}},
		{"%[1]q est une %[3]s, qui ne fait pas partie d’un deck", []any{"ref", "reference", "référence"}},
		{"%d × %s %d", []any{4, "dear", 56}},
		{"%[2]s then %s", []any{"a", "b", "c"}},
		{"%v and %v, %s", []any{7, errors.New("boom"), named{}}},
		{"%q", []any{"tab\there é \x01"}},
		{"missing %s and %d", []any{"one"}},
		{"no verb %", nil},
		{"%[1]q", []any{"é\u2028"}},
	} {
		if got, want := Sprintf(c.format, c.args...), fmt.Sprintf(c.format, c.args...); got != want {
			t.Errorf("Sprintf(%q, %v) = %q, fmt.Sprintf gives %q", c.format, c.args, got, want)
		}
	}
	if got := Sprintf("%s", 1.5); got != "%!s(unsupported)" {
		t.Errorf("an unsupported argument: %q", got)
	}
}

// TestJSONStringIsJSON: JSONString is json.Marshal of a string.
func TestJSONStringIsJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `quote " and \ back`, "<b>&</b>", "tab\t nl\n cr\r \b \f \x00 \x1f \x7f",
		"é ü 漢 🙂", "\u2028\u2029", "bad \xff utf-8 \xe2\x82", "\\(interp)"} {
		want, _ := json.Marshal(s)
		if got := JSONString(s); got != string(want) {
			t.Errorf("JSONString(%q) = %s, json.Marshal gives %s", s, got, want)
		}
	}
}
