package search

import (
	"runtime"
	"testing"
	"unsafe"
)

// TestHugeSlice checks hugeSlice's promise: the length asked for, zeroed
// elements, and on Linux a start at a huge-page boundary for a slice of at
// least a huge page of a type whose size divides one (any other is an
// ordinary slice).
func TestHugeSlice(t *testing.T) {
	for _, n := range []int{1, 1000, 1 << 20, 3<<20 + 5} {
		s := hugeSlice[int16](n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("hugeSlice(%d): len %d cap %d", n, len(s), cap(s))
		}
		for i, x := range s {
			if x != 0 {
				t.Fatalf("hugeSlice(%d)[%d] = %d, want 0", n, i, x)
			}
		}
		s[n-1] = 7 // the last element is writable memory
		large := uintptr(n)*2 >= 2<<20
		aligned := uintptr(unsafe.Pointer(&s[0]))%(2<<20) == 0
		if runtime.GOOS == "linux" && large && !aligned {
			t.Errorf("hugeSlice(%d) of %d bytes starts at %p, not at a 2 MB boundary", n, n*2, &s[0])
		}
	}
	// An element whose size does not divide a huge page gets an ordinary
	// slice, of the right length and zeroed.
	odd := hugeSlice[[3]int64](1 << 20)
	if len(odd) != 1<<20 || odd[len(odd)-1] != [3]int64{} {
		t.Fatalf("hugeSlice[[3]int64](1<<20): len %d, last %v", len(odd), odd[len(odd)-1])
	}
}
