package warstuff

import "wbtool.dev/wbtool/pipeline/ruleset"

// aids are Warstuff's player aids, drawn from the data the engine reads.
func (c *Content) aids() []ruleset.Aid { return nil }
