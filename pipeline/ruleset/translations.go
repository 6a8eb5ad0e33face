package ruleset

import "wbtool.dev/wbtool/translations"

// Translations is content whose texts are written in several languages
// and tracked (`wbtool i18n`: coverage, stale translations, `i18n accept`
// and the translations lock): it lists them with their content path and
// place, and package translations does the rest, the same for every
// game. Load the content in draft mode (LoadOptions.Draft) for the
// missing texts to be listed rather than reported as errors.
type Translations interface {
	Texts() *translations.Texts
}
