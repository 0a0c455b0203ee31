package render

import "testing"

func TestTheLRUKeepsItsBoundAndForgetsTheLeastRecentFirst(t *testing.T) {
	c := newLRU[int, []byte](100, func(b []byte) int { return len(b) })
	c.put(1, make([]byte, 40))
	c.put(2, make([]byte, 40))
	if _, ok := c.get(1); !ok { // 1 is now the most recent
		t.Fatal("1 was forgotten under the bound")
	}
	c.put(3, make([]byte, 40)) // over 100: 2 goes
	if _, ok := c.get(2); ok {
		t.Error("2, the least recently used, was kept over the bound")
	}
	for _, k := range []int{1, 3} {
		if _, ok := c.get(k); !ok {
			t.Errorf("%d was forgotten", k)
		}
	}
	c.put(4, make([]byte, 101)) // larger than the bound: not kept
	if _, ok := c.get(4); ok {
		t.Error("a value over the bound was kept")
	}
	c.put(1, make([]byte, 10)) // replaced, not counted twice
	if bytes, n := c.usage(); bytes != 50 || n != 2 {
		t.Errorf("%d bytes in %d values, want 50 in 2", bytes, n)
	}
}
