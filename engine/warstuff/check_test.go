package warstuff

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
