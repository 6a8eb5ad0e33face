package site

// The whole-site checks, for the tests of other games' sites drawn in the
// frame (warstuff_test.go, package site_test).
var (
	CheckLinks = checkLinks
	CheckXSS   = checkXSS
)
