package schema

import "wbtool.dev/wbtool/diag"

// Diagnostic is one problem found in the content (package diag: the one
// kind of problem report every stage of a build uses).
type Diagnostic = diag.Diagnostic

// Errors is the list of every problem found in a content tree. Load returns
// it as its error when the content is invalid.
type Errors = diag.List
