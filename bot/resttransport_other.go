//go:build !unix

package bot

// peek cannot look at a socket without blocking here: an idle connection
// is taken to be open, and a request the server did not get is retried.
func (c *restConn) peek(uintptr) bool {
	c.peekOpen = true
	return true
}
