//go:build !linux

package search

// hugeSlice returns a zeroed slice of n elements (huge pages are asked
// for on Linux only).
func hugeSlice[T any](n int) []T {
	return make([]T, n)
}
