package movegen

// Color is a side: Black moves first (sente, upper-case letters in SFEN),
// White second.
type Color uint8

// The two sides.
const (
	Black Color = 0
	White Color = 1
	// ColorCount is the number of sides, for array sizes.
	ColorCount = 2
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// PieceType indexes the concluded variant's piece table. Type 0 is unused so
// that a Piece of 0 can mean an empty cell; promoted forms are types of their
// own (a promoted Silver is not a Vertical Mover: it cannot promote again).
type PieceType uint8

// MaxPieceTypes bounds the number of piece types of one variant (base and
// promoted forms together), so that a Piece fits in a byte.
const MaxPieceTypes = 126

// Piece is a cell's content: Empty, Edge, or type<<1|color.
type Piece uint8

// Cell contents that are not pieces.
const (
	// Empty is an unoccupied playing cell.
	Empty Piece = 0
	// Edge is a guard cell outside the board.
	Edge Piece = 0xFF
)

// MakePiece combines a type and a color.
func MakePiece(t PieceType, c Color) Piece { return Piece(t)<<1 | Piece(c) }

// Type returns the piece type (0 for Empty).
func (p Piece) Type() PieceType { return PieceType(p >> 1) }

// Color returns the owner of a real piece.
func (p Piece) Color() Color { return Color(p & 1) }

// isPiece reports whether the cell holds a piece of either side.
func (p Piece) isPiece() bool { return p != Empty && p != Edge }
