package site_test

import (
	"testing"

	"wbtool.dev/wbtool/site/sitecheck"
)

// TestTemplateDiscipline (reliability notes B3): the kit's Go files make
// template.HTML only in trusted.go; its frame's templates have no inline
// handler.
func TestTemplateDiscipline(t *testing.T) {
	sitecheck.TemplateDiscipline(t, "frame/*.html")
}
