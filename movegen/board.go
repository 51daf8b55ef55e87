package movegen

// Board geometry. The board is a padded mailbox with a row stride of 32 cells:
// a rank of up to 25 playing cells is followed by at least 7 guard cells, and
// three guard rows lie above the top rank and below the bottom rank. Any step,
// slide or leap of up to three files or ranks from a playing cell therefore
// lands either on a playing cell or on a guard cell holding Edge, so move
// generation needs no bounds checks.
//
//	cell = (row+Pad)*Stride + col
//
// row 0 is the top rank (rank letter 'a', White's back rank), col 0 is the
// leftmost file as Black sees the board (shogi file number W, XBoard file 'a').
const (
	// Stride is the number of cells per row.
	Stride = 32
	// Pad is the number of guard rows above the playing area; three more
	// lie below it.
	Pad = 4
	// MaxFiles is the widest board supported.
	MaxFiles = 25
	// MaxRanks is the tallest board supported.
	MaxRanks = 25
	// NumCells is the size of the mailbox array: (4+25+3) rows of 32 cells.
	NumCells = 1024
)

// Square is a cell index into the padded mailbox. Square 0 is a guard cell, so
// NoSquare doubles as "none".
type Square uint16

// NoSquare is the zero Square, a guard cell that never holds a piece.
const NoSquare Square = 0

// MakeSquare returns the cell of a playing square from its row (0 = top rank)
// and column (0 = leftmost file as Black sees it).
func MakeSquare(row, col int) Square { return Square((row+Pad)*Stride + col) }

// Row returns the square's row, 0 being the top rank (White's back rank).
func (s Square) Row() int { return int(s/Stride) - Pad }

// Col returns the square's column, 0 being the leftmost file as Black sees it.
func (s Square) Col() int { return int(s % Stride) }

// King-step directions, numbered 1..8 so that 0 can mean "no direction" inside
// a Move. Black moves "up" the board (towards row 0), so North is Black's
// forward direction.
const (
	dirN  = 1
	dirNE = 2
	dirE  = 3
	dirSE = 4
	dirS  = 5
	dirSW = 6
	dirW  = 7
	dirNW = 8
)

// dirOffset maps a direction code 1..8 to its cell offset; index 0 is unused.
var dirOffset = [9]int{0, -Stride, -Stride + 1, 1, Stride + 1, Stride, Stride - 1, -1, -Stride - 1}

// dirOf returns the direction code of a king-step offset, or 0 if the offset
// is not a king step.
func dirOf(off int) uint32 {
	for d := 1; d <= 8; d++ {
		if dirOffset[d] == off {
			return uint32(d)
		}
	}
	return 0
}
