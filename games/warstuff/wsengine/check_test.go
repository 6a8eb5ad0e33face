package wsengine

import (
	"strings"
	"testing"
)

func shotCheck(expectWounds int, dice []int8, fails string) *Check {
	w := expectWounds
	return &Check{ID: "t", Figures: []CheckFigure{
		{Name: "s", Profile: &ProfileSpec{Quality: 3, Ranged: []WeaponSpec{{Range: "18"}}}, At: [2]float64{4, 16}},
		{Name: "t", Side: "blue", Profile: &ProfileSpec{Quality: 4}, At: [2]float64{14, 16}},
	}, Script: []CheckStep{{Do: "move-shoot", Unit: "s", Target: "t", Dice: dice, Fails: fails,
		Expect: &Expect{Figures: map[string]ExpectFigure{"t": {Wounds: &w}}}}}}
}

// TestCheckRunnerCatchesMistakes: a check whose expectation, dice or
// refusal code is wrong fails, naming what differs.
func TestCheckRunnerCatchesMistakes(t *testing.T) {
	for _, c := range []struct {
		name  string
		check *Check
		want  string // "" passes
	}{
		{"passes", shotCheck(1, []int8{3, 1, 6}, ""), ""},
		{"wrong expectation", shotCheck(0, []int8{3, 1, 6}, ""), "t wounds: expected 0, got 1"},
		{"dice left", shotCheck(1, []int8{3, 1, 6, 6}, ""), "forced dice left unused"},
		{"not a d6", shotCheck(1, []int8{7}, ""), "not a d6"},
		{"fails but allowed", shotCheck(1, []int8{3, 1, 6}, "out-of-range"), `expected to fail with "out-of-range", it was allowed`},
	} {
		r := RunCheck(c.check)
		switch {
		case r.Err != nil:
			t.Errorf("%s: cannot run: %v", c.name, r.Err)
		case c.want == "" && r.Failure != nil:
			t.Errorf("%s: failed: %s", c.name, r.Failure.Msg)
		case c.want != "" && (r.Failure == nil || !strings.Contains(r.Failure.Msg, c.want)):
			t.Errorf("%s: got %+v, want a failure with %q", c.name, r.Failure, c.want)
		}
	}
	bad := shotCheck(1, nil, "")
	bad.Script[0].Target = "tt"
	if r := RunCheck(bad); r.Err == nil || !strings.Contains(r.Err.Error(), `unknown figure "tt"`) {
		t.Errorf("unknown figure: %v", r.Err)
	}
}

// TestCheckSeats: a multiplayer check seats 3 or 4 colours in distinct
// corners; a mistake in the seats is an error of the check's text.
func TestCheckSeats(t *testing.T) {
	fig := func(name, side string, x, y float64) CheckFigure {
		return CheckFigure{Name: name, Side: side, Profile: &ProfileSpec{Quality: 4}, At: [2]float64{x, y}}
	}
	three := []CheckFigure{fig("r", "red", 3, 3), fig("g", "green", 33, 33), fig("y", "yellow", 33, 3)}
	for _, c := range []struct {
		name  string
		seats map[string]string
		figs  []CheckFigure
		want  string // "" runs
	}{
		{"default corners", nil, three, ""},
		{"seated", map[string]string{"red": "SW", "green": "NE", "yellow": "SE"}, three, ""},
		{"a colour without a seat", map[string]string{"red": "SW", "green": "NE"}, three, "yellow has figures but no seat"},
		{"two in a corner", map[string]string{"red": "SW", "green": "SW", "yellow": "SE"}, three, "two players in corner SW"},
		{"no such corner", map[string]string{"red": "S", "green": "NE", "yellow": "SE"}, three, `corner "S"`},
		{"two players", map[string]string{"red": "SW", "green": "NE"}, three[:2], "a multiplayer game has 3 or 4"},
	} {
		ch := &Check{ID: "t", Scenario: Standard, Seats: c.seats, Figures: c.figs, StartDice: []int8{6, 1, 1}}
		r := RunCheck(ch)
		switch {
		case c.want == "" && r.Err != nil:
			t.Errorf("%s: cannot run: %v", c.name, r.Err)
		case c.want != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), c.want)):
			t.Errorf("%s: got %v, want an error with %q", c.name, r.Err, c.want)
		}
	}
}
