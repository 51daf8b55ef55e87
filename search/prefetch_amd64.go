package search

import "unsafe"

// prefetch asks the processor to start loading the cache line at addr
// (PREFETCHT0), without waiting for it.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
