package apart

import (
	"runtime"
	"sync"
)

// starter starts children from one goroutine locked to its OS thread.
// Linux sends a child its parent-death signal when the thread that
// started it ends, not the process; and Go ends a thread whose goroutine
// exits while locked to it (some goroutine that asked for a search might):
// a child started from just any thread could die with it. The starter's
// thread lives until its Searcher is closed.
type starter struct {
	run   sync.Once
	calls chan func()
	quit  chan struct{}
	ended sync.Once
}

func newStarter() *starter {
	return &starter{calls: make(chan func()), quit: make(chan struct{})}
}

// do runs start on the starter's thread; ErrClosed once the starter is
// closed.
func (st *starter) do(start func() error) error {
	st.run.Do(func() { go st.loop() })
	errc := make(chan error, 1)
	select {
	case st.calls <- func() { errc <- start() }:
		return <-errc
	case <-st.quit:
		return ErrClosed
	}
}

func (st *starter) loop() {
	runtime.LockOSThread()
	// Never unlocked: the thread ends with this goroutine, once close has
	// been called, after the Searcher stopped every child it started.
	for {
		select {
		case f := <-st.calls:
			f()
		case <-st.quit:
			return
		}
	}
}

// close ends the starter's goroutine and its thread.
func (st *starter) close() { st.ended.Do(func() { close(st.quit) }) }
