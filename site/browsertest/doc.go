// Package browsertest drives the built site in a real headless Chromium
// (through chromedp): the search box filters the card list, the language
// switch lands on the same card, card pages show their image, and the site
// works from file://. With WBTOOL_SCREENSHOTS=dir it also
// takes the screenshots to look at, in dir (without it, none is taken). The tests skip when chromium is not
// installed, and fail then under WBTOOL_REQUIRE_TOOLS=1, and skip in -short
// mode. Every test runs in parallel with the others (go test -parallel;
// without it, four at a time or as many as there are cores, see
// TestMain), each with its own server and its own browser context (its
// own cookies, storage and cache) in the one Chromium of the test binary,
// which TestMain closes at the end: much of a browser test is waiting for
// the browser. The sites are built once per test binary
// and shared (buildOnce); axe-core reads a site's pages in several tabs
// of one Chromium at once (axeEach).
package browsertest
