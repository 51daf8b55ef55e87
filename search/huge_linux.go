package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a Linux transparent huge page on x86-64 and on
// arm64 with 4 KB base pages.
const hugePage = 2 << 20

// hugeSlice returns a zeroed slice of n elements. When it spans at least a
// huge page, and the size of T divides a huge page (else no element could
// start at a boundary), it starts at a huge-page boundary and Linux is
// asked to back it with huge pages (madvise, which the kernel's default
// "madvise" mode of transparent huge pages honours). The transposition
// table and the small boards' continuation history are read at random
// places: with 4 KB pages nearly every read there also missed the TLB.
func hugeSlice[T any](n int) []T {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if size < hugePage || hugePage%unsafe.Sizeof(zero) != 0 {
		return make([]T, n)
	}
	// Allocate a huge page more and start at the first boundary in it.
	pad := int(hugePage / unsafe.Sizeof(zero))
	raw := make([]T, n+pad)
	off := int((hugePage - uintptr(unsafe.Pointer(&raw[0]))%hugePage) % hugePage / unsafe.Sizeof(zero))
	s := raw[off : off+n : off+n]
	// The advice only speeds memory up; if the kernel refuses it the
	// slice works the same with small pages.
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), size), syscall.MADV_HUGEPAGE)
	return s
}
