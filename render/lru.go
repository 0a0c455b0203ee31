package render

import "sync"

// lru is a map bounded by the bytes its values take, which forgets the
// least recently used values first. It is safe for concurrent use.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	max   int         // bytes
	size  func(V) int // a value's bytes
	m     map[K]*lruEntry[K, V]
	head  lruEntry[K, V] // the ring's sentinel: head.next is the most recent
	bytes int
}

type lruEntry[K comparable, V any] struct {
	k          K
	v          V
	n          int
	prev, next *lruEntry[K, V]
}

func newLRU[K comparable, V any](maxBytes int, size func(V) int) *lru[K, V] {
	c := &lru[K, V]{max: maxBytes, size: size, m: map[K]*lruEntry[K, V]{}}
	c.head.prev, c.head.next = &c.head, &c.head
	return c
}

// get returns the value kept under k, now the most recently used.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.unlink(e)
	c.pushFront(e)
	return e.v, true
}

// put keeps v under k, forgetting the least recently used values while
// the total is over the bound; a value larger than the bound is not kept.
func (c *lru[K, V]) put(k K, v V) {
	n := c.size(v)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[k]; ok {
		c.unlink(e)
		c.bytes -= e.n
		delete(c.m, k)
	}
	if n > c.max {
		return
	}
	for c.bytes+n > c.max {
		old := c.head.prev
		c.unlink(old)
		c.bytes -= old.n
		delete(c.m, old.k)
	}
	e := &lruEntry[K, V]{k: k, v: v, n: n}
	c.m[k] = e
	c.pushFront(e)
	c.bytes += n
}

// usage returns the bytes kept and the number of values.
func (c *lru[K, V]) usage() (bytes, count int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, len(c.m)
}

func (c *lru[K, V]) unlink(e *lruEntry[K, V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (c *lru[K, V]) pushFront(e *lruEntry[K, V]) {
	e.prev, e.next = &c.head, c.head.next
	c.head.next.prev = e
	c.head.next = e
}
