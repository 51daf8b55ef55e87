package movegen_test

// The harness that compares a deliberately simple second generator
// (naive_test.go for Heian dai, naive_reiwa_test.go, naive_tai_test.go)
// with movegen. The generators share nothing with movegen or with each
// other; only this comparison, which sees each through naiveRef, is
// common to them.

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// naiveRef is a naive generator as the comparison sees it: B its board, M
// its move and K the name both generators give a move (its USI text, or
// its effect where one text can stand for several moves).
type naiveRef[B any, M any, K comparable] struct {
	// variant is the built-in game the generator is a reference for.
	variant string
	// legal returns the legal moves by name, or a description of a move
	// the generator produced twice.
	legal func(*B) (map[K]M, string)
	// make plays a move on a copy of the board.
	make func(*B, M) B
	// perft counts the leaves depth plies below the board.
	perft func(*B, int) uint64
	// key names movegen's move m in pos as the naive generator does.
	key func(pos *movegen.Position, m movegen.Move) K
	// text writes a name in messages.
	text func(K) string
	// differ compares the board with movegen's position; where they
	// differ it returns each one's text.
	differ func(b *B, pos *movegen.Position) (movegenText, naiveText string, differ bool)
}

// pos sets up sfen in movegen's position of the generator's game.
func (r naiveRef[B, M, K]) pos(t *testing.T, sfen string) *movegen.Position {
	t.Helper()
	v, err := movegen.Lookup(r.variant)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatalf("movegen rejects %q: %v", sfen, err)
	}
	return pos
}

// movegenMoves returns movegen's legal moves by name, or a description of
// two of them with one name.
func (r naiveRef[B, M, K]) movegenMoves(pos *movegen.Position) (map[K]movegen.Move, string) {
	var l movegen.MoveList
	pos.GenerateLegal(&l)
	out := map[K]movegen.Move{}
	for _, m := range l.Slice() {
		k := r.key(pos, m)
		if _, dup := out[k]; dup {
			return nil, fmt.Sprintf("%s: movegen generates %s twice", pos.SFEN(), r.text(k))
		}
		out[k] = m
	}
	return out, ""
}

// compareMoves compares the legal moves of both generators and, after
// each move, the positions. It returns a description of the first
// difference, or "".
func (r naiveRef[B, M, K]) compareMoves(b *B, pos *movegen.Position) string {
	mg, d := r.movegenMoves(pos)
	if d != "" {
		return d
	}
	mine, d := r.legal(b)
	if d != "" {
		return pos.SFEN() + ": " + d
	}
	var diffs []string
	for k := range mine {
		if _, ok := mg[k]; !ok {
			diffs = append(diffs, "only naive: "+r.text(k))
		}
	}
	for k, m := range mg {
		if _, ok := mine[k]; !ok {
			diffs = append(diffs, "only movegen: "+r.movegenText(pos, k, m))
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		if len(diffs) > 20 {
			diffs = append(diffs[:20], fmt.Sprintf("... (%d in all)", len(diffs)))
		}
		return fmt.Sprintf("%s: %s", pos.SFEN(), strings.Join(diffs, ", "))
	}
	for k, m := range mine {
		nb := r.make(b, m)
		pos.Make(mg[k])
		got, want, differ := r.differ(&nb, pos)
		pos.Unmake()
		if differ {
			return fmt.Sprintf("%s: after %s movegen has %s, naive %s", pos.SFEN(), r.movegenText(pos, k, mg[k]), got, want)
		}
	}
	return ""
}

// movegenText is the name of movegen's move m, with its USI text where
// that is not the name.
func (r naiveRef[B, M, K]) movegenText(pos *movegen.Position, k K, m movegen.Move) string {
	name, usi := r.text(k), pos.MoveUSI(m)
	if name == usi {
		return name
	}
	return name + " (" + usi + ")"
}

// compareTree compares the move lists at every node down to the given
// number of plies below b.
func (r naiveRef[B, M, K]) compareTree(b *B, pos *movegen.Position, plies int, path string) string {
	if d := r.compareMoves(b, pos); d != "" {
		return path + " | " + d
	}
	if plies == 0 {
		return ""
	}
	return r.eachChild(b, pos, path, func(nb *B, path string) string {
		return r.compareTree(nb, pos, plies-1, path)
	})
}

// diverge walks down the first subtree where the perft counts differ and
// describes the node where the move lists disagree.
func (r naiveRef[B, M, K]) diverge(b *B, pos *movegen.Position, depth int, path string) string {
	if d := r.compareMoves(b, pos); d != "" {
		return path + " | " + d
	}
	if depth <= 1 {
		return ""
	}
	return r.eachChild(b, pos, path, func(nb *B, path string) string {
		want := r.perft(nb, depth-1)
		got := movegen.Perft(pos, depth-1)
		if got == want {
			return ""
		}
		if d := r.diverge(nb, pos, depth-1, path); d != "" {
			return d
		}
		return fmt.Sprintf("%s: perft(%d) movegen %d, naive %d, yet the move lists agree", path, depth-1, got, want)
	})
}

// checkPerft compares movegen's perft(depth) from pos with the naive
// generator's from b (where they differ, diverge says at which node the
// move lists disagree) and with pins[depth-1] where pins go that deep;
// perft must leave pos as it found it.
func (r naiveRef[B, M, K]) checkPerft(t *testing.T, name string, b *B, pos *movegen.Position, depth int, pins []uint64) {
	t.Helper()
	before := pos.SFEN()
	t0 := time.Now()
	got := movegen.Perft(pos, depth)
	t1 := time.Now()
	want := r.perft(b, depth)
	t2 := time.Now()
	t.Logf("%s d%d: movegen %d (%v), naive %d (%v)", name, depth, got, t1.Sub(t0), want, t2.Sub(t1))
	if after := pos.SFEN(); after != before {
		t.Fatalf("perft changed the position: %s -> %s", before, after)
	}
	if got != want {
		t.Errorf("perft(%d): movegen %d, naive %d; %s", depth, got, want, r.diverge(b, pos, depth, "root"))
	}
	if depth <= len(pins) && got != pins[depth-1] {
		t.Errorf("perft(%d) = %d, pinned %d", depth, got, pins[depth-1])
	}
}

// eachChild plays each legal move on both sides (the move lists agree:
// compareMoves said so) and calls visit with the naive child and its path,
// pos made to the same move; it returns the first description visit
// returns.
func (r naiveRef[B, M, K]) eachChild(b *B, pos *movegen.Position, path string, visit func(nb *B, path string) string) string {
	mg, _ := r.movegenMoves(pos)
	mine, _ := r.legal(b)
	for k, m := range mine {
		nb := r.make(b, m)
		pos.Make(mg[k])
		d := visit(&nb, path+" "+r.text(k))
		pos.Unmake()
		if d != "" {
			return d
		}
	}
	return ""
}

// sfenFields is the first n fields of movegen's SFEN of pos.
func sfenFields(pos *movegen.Position, n int) string {
	return strings.Join(strings.Fields(pos.SFEN())[:n], " ")
}

// sameText is the identity on move names that are their own text.
func sameText(s string) string { return s }
