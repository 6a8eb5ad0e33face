package designref

import (
	"encoding/json"
	"strings"
)

// Snippets are the reference's kinds as VS Code snippets for .cue files
// (a workspace's .vscode/*.code-snippets): typing a kind's name
// ("character") offers an entry with its required fields, the starter's
// values as placeholders; "character-all" gives every field. Each
// snippet's description is the kind's summary and `wbtool doc NAME`.
func (r *Reference) Snippets() ([]byte, error) {
	type snippet struct {
		Scope       string   `json:"scope"`
		Prefix      []string `json:"prefix"`
		Description string   `json:"description"`
		Body        []string `json:"body"`
	}
	m := map[string]snippet{}
	for _, d := range r.Kinds {
		if !d.Keyed || len(d.Fields) == 0 {
			continue
		}
		desc := d.Summary()
		if desc != "" {
			desc += " "
		}
		desc += "(wbtool doc " + d.Name + ")"
		for _, all := range []bool{false, true} {
			body := []string{d.Collection + `: "${1:my-id}": {`}
			n := 2
			for _, f := range d.Fields {
				if strings.Contains(f.Path, ".") || strings.HasPrefix(f.Path, "<") || !all && f.Presence != "required" {
					continue
				}
				body = append(body, "\t"+f.Path+": ${"+itoa(n)+":"+placeholder(f)+"}")
				n++
			}
			body = append(body, "}", "$0")
			name, prefix := r.Game+" "+d.Name, []string{d.Name}
			if all {
				name, prefix = name+" (every field)", []string{d.Name + "-all"}
			}
			m[name] = snippet{Scope: "cue", Prefix: prefix, Description: desc, Body: body}
		}
	}
	b, err := json.MarshalIndent(m, "", "\t")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// placeholder is a field's example, or an empty value of its type,
// escaped for a snippet's placeholder.
func placeholder(f Field) string {
	v := f.Example
	switch {
	case v != "" && !strings.HasSuffix(v, "…"):
	case strings.HasPrefix(f.Type, "list"):
		v = "[]"
	case strings.HasPrefix(f.Type, "a block"):
		v = "{}"
	case strings.Contains(f.Type, "number"):
		v = "0"
	default:
		v = `""`
	}
	return strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`).Replace(v)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
