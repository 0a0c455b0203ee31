//go:build !linux

package apart

// LowerPriority does nothing outside Linux: the searches there run at the
// process's own priority (as the bot's would).
func LowerPriority() error { return nil }
