package diag

// The other ways to write a List, next to the text (Print): in colour
// for a terminal, and as one JSON or SARIF document for machines (CI,
// GitHub code scanning). Every string in them is first made safe the
// way String makes it (termsafe), so they say exactly what the text
// says, and pass the terminal filter unchanged.

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"wbtool.dev/wbtool/internal/termsafe"
)

// Format is how a command writes its diagnostics.
type Format string

// The formats: text for people (stderr), a JSON document or a SARIF 2.1.0
// log on stdout for machines.
const (
	FormatText  Format = "text"
	FormatJSON  Format = "json"
	FormatSARIF Format = "sarif"
)

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case FormatText, FormatJSON, FormatSARIF:
		return f, nil
	}
	return "", fmt.Errorf("unknown format %q: expected text, json or sarif", s)
}

// The SGR sequences of the colours.
const (
	sgrRed    = "\x1b[1;31m"
	sgrYellow = "\x1b[1;33m"
	sgrReset  = "\x1b[0m"
)

// Fprint writes one line per diagnostic, as Print; with color, an
// error's position is red and a warning's label yellow. The coloured
// lines go to w's raw writer (termsafe.Raw), past the terminal filter:
// the text around the colour codes is made safe here first.
func (l List) Fprint(w io.Writer, color bool) {
	if !color {
		l.Print(w)
		return
	}
	raw := termsafe.Raw(w)
	for _, d := range l {
		pos, text := termsafe.String(d.Pos.String()), termsafe.String(d.text())
		if d.Severity == Warning {
			fmt.Fprintf(raw, "%s: %swarning:%s %s\n", pos, sgrYellow, sgrReset, text)
			continue
		}
		fmt.Fprintf(raw, "%s%s%s: %s\n", sgrRed, pos, sgrReset, text)
	}
}

// Report is what a content command found, for machines: every
// diagnostic, the check games played, and the lines the command prints
// on its standard output in text (such as "ok: …").
type Report struct {
	Diagnostics List
	// Checks are the check games' counts, when they were played.
	Checks *CheckCounts
	// Output are the command's own lines (text format's stdout).
	Output []string
	// Version is wbtool's, for SARIF's tool.driver.version.
	Version string
}

// CheckCounts are the check games that passed and failed.
type CheckCounts struct {
	Passed int `json:"passed"`
	Failed int `json:"failed"`
}

// jsonDiagnostic is a Diagnostic in the JSON document.
type jsonDiagnostic struct {
	File     string `json:"file"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
	Severity string `json:"severity"`
	Path     string `json:"path,omitempty"`
	Message  string `json:"message"`
	Rule     string `json:"rule,omitempty"`
	Stage    string `json:"stage,omitempty"`
}

// jsonReport is the JSON document.
type jsonReport struct {
	OK          bool             `json:"ok"`
	Errors      int              `json:"errors"`
	Warnings    int              `json:"warnings"`
	Files       int              `json:"files"`
	Summary     string           `json:"summary"`
	Checks      *CheckCounts     `json:"checks,omitempty"`
	Output      []string         `json:"output,omitempty"`
	Diagnostics []jsonDiagnostic `json:"diagnostics"`
}

// Write writes the report in format f (json or sarif) as one document.
func (r Report) Write(w io.Writer, f Format) error {
	var doc any
	switch f {
	case FormatJSON:
		doc = r.json()
	case FormatSARIF:
		doc = r.sarif()
	default:
		return fmt.Errorf("diag: no document for format %q", f)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

func (r Report) json() jsonReport {
	l := r.Diagnostics
	out := jsonReport{
		OK:          !l.HasErrors(false),
		Errors:      len(l.Errors()),
		Warnings:    len(l.Warnings()),
		Files:       l.files(),
		Summary:     l.Summary(),
		Checks:      r.Checks,
		Diagnostics: []jsonDiagnostic{},
	}
	if len(l) == 0 {
		out.Summary = "no problems"
	}
	for _, s := range r.Output {
		out.Output = append(out.Output, termsafe.String(s))
	}
	for _, d := range l {
		out.Diagnostics = append(out.Diagnostics, jsonDiagnostic{
			File: termsafe.String(d.Pos.File), Line: d.Pos.Line, Column: d.Pos.Col,
			Severity: d.Severity.String(), Path: termsafe.String(d.Path),
			Message: termsafe.String(d.Msg), Rule: termsafe.String(ruleID(d)), Stage: d.Stage,
		})
	}
	return out
}

// files counts the files the diagnostics are in.
func (l List) files() int {
	files := map[string]bool{}
	for _, d := range l {
		files[d.Pos.File] = true
	}
	return len(files)
}

// SARIFSchema is the JSON schema of the SARIF 2.1.0 logs wbtool writes.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// The SARIF 2.1.0 objects wbtool writes (the subset GitHub code scanning
// reads).
type (
	sarifLog struct {
		Version string     `json:"version"`
		Schema  string     `json:"$schema"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name    string      `json:"name"`
		Version string      `json:"version,omitempty"`
		Rules   []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

// ruleOf is the SARIF rule of d: the game's rule it breaks, or else the
// build stage that found it ("wbtool/load"), so that every result has a
// rule id that stays the same from one run to the next.
func ruleOf(d Diagnostic) (id, desc string) {
	if rule := ruleID(d); rule != "" {
		return termsafe.String(rule), "the game's rule " + termsafe.String(rule)
	}
	stage := d.Stage
	if stage == "" {
		stage = "content"
	}
	return "wbtool/" + stage, "a problem found by wbtool's " + stage + " stage"
}

func (r Report) sarif() sarifLog {
	rules := map[string]string{}
	for _, d := range r.Diagnostics {
		id, desc := ruleOf(d)
		rules[id] = desc
	}
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	index := map[string]int{}
	driver := sarifDriver{Name: "wbtool", Version: r.Version, Rules: []sarifRule{}}
	for i, id := range ids {
		index[id] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: id, ShortDescription: sarifMessage{rules[id]}})
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, Results: []sarifResult{}}
	for _, d := range r.Diagnostics {
		id, _ := ruleOf(d)
		level := "error"
		if d.Severity == Warning {
			level = "warning"
		}
		phys := sarifPhysical{ArtifactLocation: sarifArtifact{URI: fileURI(d.Pos.File)}}
		if d.Pos.Line > 0 {
			phys.Region = &sarifRegion{StartLine: d.Pos.Line, StartColumn: d.Pos.Col}
		}
		run.Results = append(run.Results, sarifResult{
			RuleID: id, RuleIndex: index[id], Level: level,
			Message:   sarifMessage{termsafe.String(d.text())},
			Locations: []sarifLocation{{PhysicalLocation: phys}},
		})
	}
	return sarifLog{Version: "2.1.0", Schema: SARIFSchema, Runs: []sarifRun{run}}
}

// fileURI is a position's file as a relative URI reference: the slash
// path as printed, with the characters a URI cannot hold escaped
// ("my cards/a.cue" is "my%20cards/a.cue").
func fileURI(file string) string {
	if file == "" {
		return "."
	}
	u := escapePath(termsafe.String(file))
	// a first segment holding a colon would read as a scheme
	if first, _, _ := strings.Cut(u, "/"); strings.Contains(first, ":") {
		u = "./" + u
	}
	return u
}

// escapePath is p escaped as net/url's URL.EscapedPath escapes a path
// (TestEscapePath compares them on every byte): this package does not
// import net/url, which would add 24 KB (gzipped) to the browser's deck
// checker, a WebAssembly module that links diag.
func escapePath(p string) string {
	if p == "*" {
		return p
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~$&+,/:;=@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// ruleID is the game's rule d breaks: its Rule, or the rule its message
// names at its end; "" for none.
func ruleID(d Diagnostic) string {
	if d.Rule != "" {
		return d.Rule
	}
	return ruleAtEnd(d.Msg)
}

// ruleAtEnd is the rule a message names at its end, as in "… only
// Formation cards may be (R-DECK-2)", or "".
func ruleAtEnd(msg string) string {
	rest, ok := strings.CutSuffix(msg, ")")
	i := strings.LastIndex(rest, "(")
	if !ok || i < 0 {
		return ""
	}
	rule := rest[i+1:]
	if !strings.HasPrefix(rule, "R-") || len(rule) < 3 {
		return ""
	}
	for _, c := range rule[2:] {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return ""
		}
	}
	return rule
}
