package main

import (
	"encoding/json"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

// What `wbtool init` writes for a designer's editor (README, "For
// designers"). VS Code: the tasks that run validate, check and fmt with a
// problem matcher (each problem in the Problems panel and underlined at
// its file, line and column, in wbtool's words), the game's snippets made
// from its schema (an entry of each kind with its fields), and the CUE
// extension recommended (highlighting, syntax errors, formatting). CUE's
// own language server completes no field of a content entry (entries are
// matched by pattern constraints, which its evaluator does not follow in
// CUE v0.17), and a JSON Schema applies to JSON and YAML, not .cue files:
// so the checking is wbtool's, the completion the snippets'. Vim reads the
// same positions with :make (makeprg, the default errorformat).

// problemPattern matches a diagnostic line of wbtool: "file:line:col:
// message", or "file:line:col: warning: message".
const problemPattern = `^([^\s:][^:]*):(\d+):(\d+): (?:(warning): )?(.*)$`

// editorFiles are the editor files init writes for game, by slash path
// under the project folder.
func editorFiles(game string) (map[string][]byte, error) {
	matcher := map[string]any{
		"owner":        "wbtool",
		"source":       "wbtool",
		"severity":     "error",
		"fileLocation": []string{"relative", "${workspaceFolder}"},
		"pattern": map[string]any{
			"regexp": problemPattern, "file": 1, "line": 2, "column": 3, "severity": 4, "message": 5,
		},
	}
	task := func(label string, args []string, build bool) map[string]any {
		t := map[string]any{
			"label": label, "type": "process", "command": "wbtool", "args": args,
			"problemMatcher": matcher, "presentation": map[string]any{"reveal": "silent", "clear": true},
		}
		if build {
			t["group"] = map[string]any{"kind": "build", "isDefault": true}
		}
		return t
	}
	tasks := map[string]any{
		"version": "2.0.0",
		"tasks": []any{
			task("wbtool: validate", []string{"validate"}, true),
			task("wbtool: check", []string{"check"}, false),
			task("wbtool: fmt", []string{"fmt"}, false),
		},
	}
	files := map[string][]byte{}
	var err error
	if files[".vscode/tasks.json"], err = indentJSON(tasks); err != nil {
		return nil, err
	}
	if files[".vscode/extensions.json"], err = indentJSON(map[string]any{"recommendations": []string{"cuelangorg.vscode-cue"}}); err != nil {
		return nil, err
	}
	if rs, ok := ruleset.Lookup(game); ok {
		if r, ok := rs.(ruleset.Reference); ok {
			ref, err := r.Reference()
			if err != nil {
				return nil, err
			}
			if files[".vscode/"+game+".code-snippets"], err = ref.Snippets(); err != nil {
				return nil, err
			}
		}
	}
	return files, nil
}

func indentJSON(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "\t")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
