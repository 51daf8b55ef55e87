package movegen

import "fmt"

// SetSquareTable makes the position keep, for each side c, the sum over
// c's pieces p on the board, standing on s, of t[int(p)*NumCells+int(s)]
// (SquareSum), updated as pieces are put, removed and moved by Make and
// Unmake, so that an evaluation need not loop over the pieces. t must have
// 2*len(v.Pieces)*NumCells entries (every piece of both colours on every
// cell); it is read, never written, and may be shared by many positions.
// A nil t stops the bookkeeping. Clone keeps the table.
func (pos *Position) SetSquareTable(t []int64) error {
	if want := 2 * len(pos.v.Pieces) * NumCells; t != nil && len(t) != want {
		return fmt.Errorf("square table has %d entries, want %d", len(t), want)
	}
	pos.sqTable = t
	pos.sqSum = [ColorCount]int64{}
	if t == nil {
		return nil
	}
	for c := Color(0); c < ColorCount; c++ {
		for _, s := range pos.list[c][:pos.count[c]] {
			pos.sqSum[c] += t[int(pos.board[s])*NumCells+int(s)]
		}
	}
	return nil
}

// SquareTable returns the table set by SetSquareTable, or nil.
func (pos *Position) SquareTable() []int64 { return pos.sqTable }

// SquareSum returns side c's sum of the square table (SetSquareTable); 0
// without one.
func (pos *Position) SquareSum(c Color) int64 { return pos.sqSum[c] }

// RoyalSquare returns the square of one of c's royal pieces (its only one
// when RoyalCount(c) is 1), or NoSquare if it has none.
func (pos *Position) RoyalSquare(c Color) Square { return pos.king[c] }

// Neighbours reports which of the eight cells one king step from s hold a
// piece of colour c: bit d-1 for the step KingStep(d). Make and Unmake keep
// these masks, so this is one load.
func (pos *Position) Neighbours(c Color, s Square) uint8 { return pos.near[c][s] }

// KingStep returns the cell offset of king-step direction d (1 to 8, the
// direction of bit d-1 in Neighbours).
func KingStep(d int) int { return dirOffset[d] }
