package warbound

import "wbtool.dev/wbtool/pipeline/ruleset"

// aids are Warbound's player aids, drawn from the data the engine reads.
func (c *Content) aids() []ruleset.Aid { return nil }
