package movegen

// Move is a move in a compact, self-describing 32-bit layout:
//
//	bits  0-9   to      destination cell (< 1024)
//	bits 10-19  from    origin cell, or the dropped piece type when Drop is set
//	bits 20-23  leg1    0 = single-leg move; 1-8 = the first intermediate square
//	                    is one king step from `from` in that direction
//	bits 24-27  leg2    0 = none; 1-8 = a second intermediate square one king
//	                    step from the first (three-leg moves)
//	bit  28     Promote
//	bit  29     Pass    a null move that passes the turn (from == to, leg1
//	                    names the empty square the piece stepped through)
//	bit  30     Drop
//	bit  31     reserved
//
// A lion double capture or hit-and-run is from, leg1, to. Igui (capture an
// adjacent piece and stay) is to == from with leg1 set. Move(0) is NullMove:
// cell 0 is a guard cell, so no real move is 0. ForcedPass is the Pass flag
// alone (from = to = cell 0, no legs): the pass no piece makes, forced by the
// spirit-trading rule.
type Move uint32

// NullMove is the zero Move; it is never generated.
const NullMove Move = 0

// ForcedPass is the pass the spirit-trading rule forces (Position.MustPass):
// the only move generated while it is pending. IsPass reports true for it;
// it is written "pass" in USI and Hodges and @@@@ in XBoard.
const ForcedPass Move = movePass

const (
	moveToMask    = 0x3FF
	moveFromShift = 10
	moveLeg1Shift = 20
	moveLeg2Shift = 24
	movePromote   = 1 << 28
	movePass      = 1 << 29
	moveDrop      = 1 << 30
)

// NewMove returns a plain single-leg move.
func NewMove(from, to Square) Move {
	return Move(to) | Move(from)<<moveFromShift
}

// NewDrop returns a drop of a piece of type t on to.
func NewDrop(t PieceType, to Square) Move {
	return Move(to) | Move(t)<<moveFromShift | moveDrop
}

// To returns the destination cell.
func (m Move) To() Square { return Square(m & moveToMask) }

// From returns the origin cell (meaningless for drops).
func (m Move) From() Square { return Square(m >> moveFromShift & moveToMask) }

// DropType returns the dropped piece type of a drop.
func (m Move) DropType() PieceType { return PieceType(m >> moveFromShift & moveToMask) }

// Leg1 returns the direction code (1-8) of the first intermediate square, or 0.
func (m Move) Leg1() int { return int(m >> moveLeg1Shift & 0xF) }

// Leg2 returns the direction code (1-8) of the second intermediate square, or 0.
func (m Move) Leg2() int { return int(m >> moveLeg2Shift & 0xF) }

// Mid returns the first intermediate square, or NoSquare.
func (m Move) Mid() Square {
	if d := m.Leg1(); d != 0 {
		return Square(int(m.From()) + dirOffset[d])
	}
	return NoSquare
}

// Mid2 returns the second intermediate square, or NoSquare.
func (m Move) Mid2() Square {
	if d := m.Leg2(); d != 0 {
		return Square(int(m.Mid()) + dirOffset[d])
	}
	return NoSquare
}

// IsPromotion reports whether the moving piece promotes.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// IsDrop reports whether the move drops a piece from hand.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPass reports whether the move passes the turn.
func (m Move) IsPass() bool { return m&movePass != 0 }

// withLegs returns m with its intermediate direction codes set.
func (m Move) withLegs(leg1, leg2 uint32) Move {
	return m | Move(leg1)<<moveLeg1Shift | Move(leg2)<<moveLeg2Shift
}

// MaxMoves bounds the number of moves generated in one position. Tai shogi's
// start position has 479 and busy middle games a few thousand; the bound
// leaves room for pathological ones (many teaching kings made by
// contagion). A list that is full ignores further moves.
const MaxMoves = 16384

// MoveList is a fixed-capacity list of moves, so generation never allocates.
type MoveList struct {
	Moves [MaxMoves]Move
	N     int
}

// Slice returns the generated moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

func (l *MoveList) add(m Move) {
	if l.N < MaxMoves {
		l.Moves[l.N] = m
		l.N++
	}
}
