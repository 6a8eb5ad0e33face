package changes

import "fmt"

// Lines is the report as short lines, one per changed field and one per
// entity added, removed or renamed, for a running watch to say what a
// save changed: "copp: speed 3 → 4", "Character dust-runner: removed".
// At most max lines; the last says how many more there are.
func (r *Report) Lines(max int) []string {
	var out []string
	for _, e := range r.Changes {
		switch e.Change {
		case Added, Removed:
			out = append(out, fmt.Sprintf("%s %s: %s", e.Noun, e.ID, e.Change))
			continue
		case Renamed:
			out = append(out, fmt.Sprintf("%s %s: renamed from %s", e.Noun, e.ID, e.From))
		}
		for _, f := range e.Fields {
			out = append(out, e.ID+": "+f.Short())
		}
	}
	if max > 0 && len(out) > max {
		n := len(out) - (max - 1)
		out = append(out[:max-1], fmt.Sprintf("… and %d more (wbtool diff lists them all)", n))
	}
	return out
}

// Short is the field's change in words, a plain value change without
// the colon: "speed 3 → 4".
func (f Field) Short() string {
	if f.Words == nil && f.Added == nil && f.Removed == nil && f.Old != nil && f.New != nil {
		name := f.Path
		if f.Lang != "" {
			name += " (" + string(f.Lang) + ")"
		}
		return name + " " + Show(f.Old) + " → " + Show(f.New)
	}
	return f.String()
}
