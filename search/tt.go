package search

import (
	"sync/atomic"
	"unsafe"

	"github.com/kirin-shogi/kirin/movegen"
)

// Bound says how a stored score relates to the true value of its node.
type Bound uint8

// The bounds of a transposition-table score.
const (
	BoundNone  Bound = iota
	BoundUpper       // the true value is at most the score (fail low)
	BoundLower       // the true value is at least the score (fail high)
	BoundExact       // the score is the true value (a PV node)
)

// bucketSize is the number of entries sharing one 64-byte cache line.
const bucketSize = 4

// ttEntry is one slot: the data word and the key XORed with it. A reader
// accepts the data only when check ^ data equals its key, so a slot torn by
// two threads writing at once reads as a miss, never as a wrong hit (the
// lockless scheme of Hyatt and Mann). Both words are read and written with
// atomic operations so the race detector sees no data race.
type ttEntry struct {
	check uint64
	data  uint64
}

type ttBucket [bucketSize]ttEntry

// data word layout: move bits 0-31, score 32-47 (int16), depth 48-55,
// bound 56-57, age 58-63.
func packEntry(m movegen.Move, score, depth int, b Bound, age uint8) uint64 {
	return uint64(m) | uint64(uint16(int16(score)))<<32 | uint64(uint8(depth))<<48 |
		uint64(b)<<56 | uint64(age&63)<<58
}

// TTHit is what a probe found.
type TTHit struct {
	Move  movegen.Move
	Score int
	Depth int
	Bound Bound
}

// TT is the transposition table shared by the search threads: a power of
// two of 64-byte buckets of four 16-byte entries. It is safe for concurrent
// use without locks.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     uint8
}

// NewTT returns a table of at most mb megabytes (at least one bucket).
func NewTT(mb int) *TT {
	if mb < 1 {
		mb = 1
	}
	n := uint64(1)
	for n*2*64 <= uint64(mb)<<20 {
		n *= 2
	}
	return &TT{buckets: hugeSlice[ttBucket](int(n)), mask: n - 1}
}

// SizeMB returns the table's size in megabytes.
func (t *TT) SizeMB() int { return len(t.buckets) * 64 >> 20 }

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.buckets)
	t.age = 0
}

// NewSearch ages the table, so entries of earlier searches are replaced
// first. It must not run while a search uses the table.
func (t *TT) NewSearch() { t.age = (t.age + 1) & 63 }

// prefetch starts loading key's bucket into the cache, so that a Probe
// soon after does not wait for memory.
func (t *TT) prefetch(key uint64) {
	prefetch(unsafe.Pointer(&t.buckets[key&t.mask]))
}

// Probe looks up key.
func (t *TT) Probe(key uint64) (TTHit, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		e := &b[i]
		d := atomic.LoadUint64(&e.data)
		if atomic.LoadUint64(&e.check)^d == key && d != 0 {
			return TTHit{
				Move:  movegen.Move(uint32(d)),
				Score: int(int16(uint16(d >> 32))),
				Depth: int(uint8(d >> 48)),
				Bound: Bound(d >> 56 & 3),
			}, true
		}
	}
	return TTHit{}, false
}

// Store saves a search result. It replaces the entry of the same key, else
// the entry whose depth, less eight per search of age, is lowest. An entry of
// the same key keeps its move when the new result has none.
func (t *TT) Store(key uint64, m movegen.Move, score, depth int, b Bound) {
	bk := &t.buckets[key&t.mask]
	victim := &bk[0]
	worst := 1 << 30
	for i := range bk {
		e := &bk[i]
		d := atomic.LoadUint64(&e.data)
		if atomic.LoadUint64(&e.check)^d == key && d != 0 {
			if m == 0 {
				m = movegen.Move(uint32(d))
			}
			// Keep a deeper exact result of this search unless the new
			// one is exact too.
			if b != BoundExact && int(uint8(d>>48)) > depth+2 && uint8(d>>58) == t.age {
				return
			}
			victim = e
			break
		}
		age := (int(t.age) - int(uint8(d>>58)) + 64) & 63
		if v := int(uint8(d>>48)) - 8*age; d == 0 || v < worst {
			worst = v
			if d == 0 {
				worst = -1 << 30
			}
			victim = e
		}
	}
	if depth < 0 {
		depth = 0
	}
	d := packEntry(m, score, depth, b, t.age)
	atomic.StoreUint64(&victim.data, d)
	atomic.StoreUint64(&victim.check, key^d)
}

// HashFull returns how many entries per thousand, in a sample of the table,
// hold results of the current search.
func (t *TT) HashFull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := atomic.LoadUint64(&t.buckets[i][j].data)
			if d != 0 && uint8(d>>58) == t.age {
				used++
			}
		}
	}
	return used * 1000 / (n * bucketSize)
}

// scoreToTT converts a score relative to the root into one relative to the
// node at ply, so a mate found through a transposition keeps the right
// distance: a mate in 5 plies from here is stored as such, not as "mate in
// ply+5" from wherever the table was first written.
func scoreToTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s + ply
	case s <= -MateBound:
		return s - ply
	}
	return s
}

// scoreFromTT undoes scoreToTT at the probing node's ply.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= MateBound:
		return s - ply
	case s <= -MateBound:
		return s + ply
	}
	return s
}
