package movegen

// Perft counts the leaf nodes of the legal move tree to the given depth.
// Conventions: every promotion choice is its own move, a drop never
// promotes, a node where the game is over has no children, and lion moves
// are counted by their effect (one pass per position).
func Perft(pos *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lists := make([]MoveList, depth)
	return perft(pos, depth, lists)
}

func perft(pos *Position, depth int, lists []MoveList) uint64 {
	l := &lists[depth-1]
	l.N = 0
	pos.GenerateLegal(l)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	for i := 0; i < l.N; i++ {
		pos.Make(l.Moves[i])
		n += perft(pos, depth-1, lists)
		pos.Unmake()
	}
	return n
}

// Divide returns, for each legal move, the perft count below it.
func Divide(pos *Position, depth int) ([]Move, []uint64) {
	var l MoveList
	pos.GenerateLegal(&l)
	moves := append([]Move(nil), l.Slice()...)
	counts := make([]uint64, len(moves))
	if depth < 1 {
		return moves, counts
	}
	lists := make([]MoveList, depth)
	for i, m := range moves {
		pos.Make(m)
		counts[i] = perft(pos, depth-1, lists)
		pos.Unmake()
	}
	return moves, counts
}
