// Package browsertest drives the built site in a real headless Chromium
// (through chromedp): the search box filters the card list, the language
// switch lands on the same card, card pages show their image, and the site
// works from file://. It also takes the screenshots to look at
// (WBTOOL_SCREENSHOTS=dir keeps them). The tests skip when chromium is not
// installed, and fail then under WBTOOL_REQUIRE_TOOLS=1.
package browsertest
