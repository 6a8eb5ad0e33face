package wsschema

import "io/fs"

// Files is the schema's .cue files (at the root of the FS): what the
// reference for designers reads and `wbtool init` gives a designer's
// editor.
func Files() fs.FS {
	sub, err := fs.Sub(schemaFS, "cue")
	if err != nil {
		panic(err) // the embedded folder exists
	}
	return sub
}
