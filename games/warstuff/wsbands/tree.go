package wsbands

import (
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/jstree"
	"wbtool.dev/wbtool/lang"
)

// The checker module's side of Data, Band and Result: the same values as
// their JSON, read from and written to plain trees (package jstree), so
// that the module links no encoding/json (TestTreesAreJSON).

// DataFromTree reads Data from the tree of its JSON.
func DataFromTree(t any) (Data, error) {
	var r jstree.Reader
	o := r.Obj(t, "data")
	var d Data
	l := r.Obj(o["limits"], "limits")
	fig := r.Obj(l["figure"], "figure")
	d.Limits.Figure.Min, d.Limits.Figure.Max = r.Int(fig["min"], "min"), r.Int(fig["max"], "max")
	d.Limits.FiguresPercent = r.Int(l["figuresPercent"], "figuresPercent")
	d.Limits.Standard, d.Limits.BigMax = r.Int(l["standard"], "standard"), r.Int(l["bigMax"], "bigMax")
	if o["profiles"] != nil {
		d.Profiles = []Profile{}
	}
	for _, e := range r.List(o["profiles"], "profiles") {
		p := r.Obj(e, "profile")
		d.Profiles = append(d.Profiles, Profile{ID: r.Str(p["id"], "id"), Name: textFromTree(&r, p["name"]),
			Quality: r.Int(p["quality"], "quality"), Cost: r.Int(p["cost"], "cost")})
	}
	return d, r.Err
}

func textFromTree(r *jstree.Reader, t any) lang.Text {
	o := r.Obj(t, "text")
	x := lang.Text{EN: r.Str(o["en"], "en"), FR: r.Str(o["fr"], "fr")}
	if more := r.Obj(o["more"], "more"); more != nil {
		x.More = map[lang.Lang]string{}
		for k, v := range more {
			x.More[lang.Lang(k)] = r.Str(v, "more."+k)
		}
	}
	return x
}

func textTree(x lang.Text) map[string]any {
	t := map[string]any{"en": x.EN, "fr": x.FR}
	if len(x.More) > 0 {
		more := map[string]any{}
		for k, v := range x.More {
			more[string(k)] = v
		}
		t["more"] = more
	}
	return t
}

// BandFromTree reads a Band from the tree of its JSON.
func BandFromTree(t any) (Band, error) {
	var r jstree.Reader
	o := r.Obj(t, "band")
	b := Band{Name: r.Str(o["name"], "name"), Format: r.Int(o["format"], "format"), Big: r.Int(o["big"], "big")}
	if o["figures"] != nil {
		b.Figures = []wscatalog.BandEntry{}
	}
	for _, e := range r.List(o["figures"], "figures") {
		f := r.Obj(e, "figure")
		b.Figures = append(b.Figures, wscatalog.BandEntry{Profile: r.Str(f["profile"], "profile"), Count: r.Int(f["count"], "count")})
	}
	return b, r.Err
}

// Tree is r as the tree of its JSON.
func (r Result) Tree() map[string]any {
	var verdicts []any
	for _, v := range r.Verdicts {
		var problems []any
		if v.Problems != nil {
			problems = []any{}
		}
		for _, p := range v.Problems {
			problems = append(problems, map[string]any{"field": p.Field, "rule": p.Rule, "msg": textTree(p.Msg), "named": textTree(p.Named)})
		}
		verdicts = append(verdicts, map[string]any{"format": v.Format, "maxFigures": v.MaxFigures, "legal": v.Legal, "problems": jstree.Nullable(problems)})
	}
	return map[string]any{"total": r.Total, "count": r.Count, "figureMax": r.FigureMax, "dearest": r.Dearest,
		"verdicts": jstree.Nullable(verdicts), "slug": r.Slug, "cue": r.CUE}
}
