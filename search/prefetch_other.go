//go:build !amd64

package search

import "unsafe"

// prefetch does nothing where Kirin has no prefetch instruction for the
// architecture.
func prefetch(addr unsafe.Pointer) {}
