//go:build unix

package bot

import "syscall"

// peek looks at an idle connection's socket without blocking or taking
// anything: nothing to read is an open, quiet connection; data or the end
// of the stream means the server has closed it or is out of step.
func (c *restConn) peek(fd uintptr) bool {
	n, _, err := syscall.Recvfrom(int(fd), c.peekBuf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	c.peekOpen = err == syscall.EAGAIN || err == syscall.EWOULDBLOCK
	c.peekData = err == nil && n > 0
	return true
}
