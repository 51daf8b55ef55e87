package search

import "github.com/kirin-shogi/kirin/movegen"

// MaxPly bounds the depth of the search tree (root = ply 0).
const MaxPly = 128

// Score bounds. A won game is scored Mate minus the plies to the win, so a
// faster win scores higher; scores at or beyond ±MateBound are wins and
// losses, everything else is centipawns.
const (
	Infinity  = 32000
	Mate      = 31000
	MateBound = Mate - MaxPly
	// MaxEval bounds static evaluations: the search clamps an Evaluator's
	// score to ±MaxEval, so that no material lead reads as a won game.
	MaxEval = MateBound - 1
)

// IsMate reports whether s is a decided game (a win or loss by the rules:
// mate, royal capture, bare king, illegal repetition, ...).
func IsMate(s int) bool { return s >= MateBound || s <= -MateBound }

// MateIn converts a decided score into moves to the end in the USI/UCI
// convention: positive if the side to move wins, negative if it loses.
func MateIn(s int) int {
	if s > 0 {
		return (Mate - s + 1) / 2
	}
	return -(Mate + s) / 2
}

// resultScore converts a game result into a score for the side to move at
// ply: a win is Mate-ply, a loss -Mate+ply, a draw the given draw score.
func resultScore(r movegen.Result, us movegen.Color, ply, draw int) int {
	switch r {
	case movegen.Draw:
		return draw
	case movegen.Win(us):
		return Mate - ply
	}
	return -Mate + ply
}
