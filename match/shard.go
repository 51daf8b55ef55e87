package match

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard selects part of a match, so that N runs of the same command line
// (on N machines) play the whole match between them: shard K of N
// (1 <= K <= N). The zero value is the whole match.
//
// How games are dealt: the whole match is scheduled first, exactly as an
// unsharded run schedules it (the same game numbers, engines, colours and
// openings, the random opening plies drawn from Seed in the same order),
// and then each shard keeps its part. The unit of dealing is an opening
// pair: with Repeat the games of one pairing that share an opening (one
// with each engine moving first), otherwise each game alone. The units,
// numbered from 0 in the order of their first game, are dealt round-robin:
// unit u goes to shard u mod N + 1. With Repeat and an even Games that is
// games 2K-1 and 2K for shard K, then 2(K+N)-1 and 2(K+N), and so on;
// without Repeat game g goes to shard (g-1) mod N + 1. A game keeps its
// number in the whole match (the PGN's GameNumber tag), which is what
// Merge puts the shards back together by.
type Shard struct {
	// K is the shard (from 1) and N the number of shards; N = 0 means the
	// whole match.
	K, N int
}

// ParseShard reads "K/N" (1 <= K <= N).
func ParseShard(s string) (Shard, error) {
	bad := fmt.Errorf("--shard needs K/N with 1 <= K <= N, got %q", s)
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, bad
	}
	sh := Shard{}
	var err1, err2 error
	sh.K, err1 = strconv.Atoi(k)
	sh.N, err2 = strconv.Atoi(n)
	if err1 != nil || err2 != nil || sh.check() != nil || sh.N == 0 {
		return Shard{}, bad
	}
	return sh, nil
}

// check reports a shard outside 1 <= K <= N (the zero value is fine).
func (s Shard) check() error {
	if s == (Shard{}) {
		return nil
	}
	if s.N < 1 || s.K < 1 || s.K > s.N {
		return fmt.Errorf("shard %d/%d: want 1 <= K <= N", s.K, s.N)
	}
	return nil
}

// String writes the shard as K/N ("" for the whole match).
func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Split reports whether the match is really divided (N > 1): a split
// shard does not stop on the SPRT, which needs every shard's games
// (Merge decides it).
func (s Shard) Split() bool { return s.N > 1 }

// keeps reports whether the shard plays the games of dealing unit u.
func (s Shard) keeps(unit int) bool { return s.N == 0 || unit%s.N == s.K-1 }

// pick returns the games of the whole schedule that the shard plays.
func (s Shard) pick(specs []gameSpec) []gameSpec {
	if s.N == 0 {
		return specs
	}
	var out []gameSpec
	for _, sp := range specs {
		if s.keeps(sp.unit) {
			out = append(out, sp)
		}
	}
	return out
}
