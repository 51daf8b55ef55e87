package web

import (
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// variantView is what the page needs to draw a game: the board's squares
// and labels, the zones and the piece table with each piece's names and
// move diagram.
type variantView struct {
	Name       string                  `json:"name"`
	Title      string                  `json:"title"`
	Files      int                     `json:"files"`
	Ranks      int                     `json:"ranks"`
	Squares    []string                `json:"squares"`     // USI names, row-major from the top rank, left to right as Black sees it
	FileLabels []string                `json:"file_labels"` // left to right
	RankLabels []string                `json:"rank_labels"` // top to bottom
	Zones      []int                   `json:"zones"`       // per square: 1 Black's promotion zone, 2 White's, 3 both
	Drops      bool                    `json:"drops"`
	HandTypes  []string                `json:"hand_types"` // piece IDs in hand order
	Pieces     []pieceView             `json:"pieces"`     // by piece type; entry 0 unused
	RuleSets   []string                `json:"rulesets,omitempty"`
	RuleSet    string                  `json:"ruleset,omitempty"`
	Options    []movegen.VariantOption `json:"options,omitempty"`
	StartSFEN  string                  `json:"start_sfen"`
}

// pieceView describes one piece type for drawing and for the piece help.
type pieceView struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Kanji    string   `json:"kanji"`
	Face     string   `json:"face"`
	Betza    string   `json:"betza"`
	Value    int      `json:"value"`
	Promoted bool     `json:"promoted,omitempty"`
	Royal    bool     `json:"royal,omitempty"`
	Promotes string   `json:"promotes,omitempty"` // the promoted form's ID
	Diagram  *diagram `json:"diagram,omitempty"`
}

// diagramRadius is how many squares a move diagram shows on each side of
// the piece.
const diagramRadius = 4

// diagram is a piece's moves from the middle of an otherwise empty board,
// as movegen generates them: Cells holds (2R+1)^2 codes row by row from
// the top, Black's piece in the centre moving up.
type diagram struct {
	Radius int    `json:"radius"`
	Cells  []int8 `json:"cells"` // diagram codes below
}

// Diagram cell codes.
const (
	cellOff      = -1 // beyond the board
	cellEmpty    = 0
	cellMove     = 1 // a destination
	cellSlide    = 2 // a destination on a line that goes on beyond the diagram
	cellPiece    = 3 // the piece itself
	cellPassHere = 4 // the piece may end its move on its own square (pass)
)

// newVariantView builds the view of v, with every piece's diagram.
func newVariantView(v *movegen.Variant) *variantView {
	vv := &variantView{Name: v.Name, Title: v.Title, Files: v.Files, Ranks: v.Ranks, Drops: v.Drops,
		RuleSets: v.RuleSets, RuleSet: v.RuleSet, Options: v.Options(), StartSFEN: v.StartSFEN}
	for f := 0; f < v.Files; f++ {
		vv.FileLabels = append(vv.FileLabels, strings.TrimRight(v.SquareUSI(movegen.MakeSquare(0, f)), "a"))
	}
	for r := 0; r < v.Ranks; r++ {
		s := v.SquareUSI(movegen.MakeSquare(r, v.Files-1))
		vv.RankLabels = append(vv.RankLabels, s[1:])
		for f := 0; f < v.Files; f++ {
			s := movegen.MakeSquare(r, f)
			vv.Squares = append(vv.Squares, v.SquareUSI(s))
			z := 0
			if v.InZone(movegen.Black, s) {
				z |= 1
			}
			if v.InZone(movegen.White, s) {
				z |= 2
			}
			vv.Zones = append(vv.Zones, z)
		}
	}
	for _, t := range v.HandTypes {
		vv.HandTypes = append(vv.HandTypes, v.Pieces[t].ID)
	}
	vv.Pieces = make([]pieceView, len(v.Pieces))
	for t := 1; t < len(v.Pieces); t++ {
		pi := &v.Pieces[t]
		pv := pieceView{ID: pi.ID, Name: strings.ReplaceAll(pi.Name, "-", " "), Kanji: pi.Kanji, Face: pi.Face,
			Betza: pi.Betza, Value: pi.Value, Promoted: pi.Promoted, Royal: pi.Royal}
		if pi.PromotesTo != 0 {
			pv.Promotes = v.Pieces[pi.PromotesTo].ID
		}
		pv.Diagram = pieceDiagram(v, movegen.PieceType(t))
		vv.Pieces[t] = pv
	}
	return vv
}

// pieceDiagram generates piece type t's moves from the middle of an empty
// board (with the two sides' royals far away, as the rules need them) and
// returns them as a diagram, or nil when no such position can be set up.
func pieceDiagram(v *movegen.Variant, t movegen.PieceType) *diagram {
	cr, cc := v.Ranks/2, v.Files/2
	place := map[[2]int]movegen.Piece{{cr, cc}: movegen.MakePiece(t, movegen.Black)}
	royal, filler := movegen.PieceType(0), movegen.PieceType(0)
	for u := 1; u < len(v.Pieces); u++ {
		pi := &v.Pieces[u]
		if pi.Promoted {
			continue
		}
		if pi.Royal && royal == 0 {
			royal = movegen.PieceType(u)
		}
		if !pi.Royal && filler == 0 {
			filler = movegen.PieceType(u)
		}
	}
	far := func(r, c int) bool {
		dr, dc := r-cr, c-cc
		if dr == 0 || dc == 0 || dr == dc || dr == -dc {
			return false
		}
		return max(abs(dr), abs(dc)) > 3
	}
	// Kings off the piece's lines and more than three squares away (the
	// golden diagrams' rule: beyond every step and jump), from the
	// bottom-left (Black) and top-right (White) corners; in
	// bare-king games White also keeps a second piece, else a bare White
	// king would end the game at once.
	put := func(p movegen.Piece, fromBottomLeft bool) bool {
		for i := 0; i < v.Ranks*v.Files; i++ {
			r, c := v.Ranks-1-i/v.Files, i%v.Files
			if !fromBottomLeft {
				r, c = i/v.Files, v.Files-1-i%v.Files
			}
			if _, taken := place[[2]int{r, c}]; !taken && far(r, c) {
				place[[2]int{r, c}] = p
				return true
			}
		}
		return false
	}
	if royal != 0 {
		if !v.Pieces[t].Royal && !put(movegen.MakePiece(royal, movegen.Black), true) {
			return nil
		}
		if !put(movegen.MakePiece(royal, movegen.White), false) {
			return nil
		}
	}
	if v.BareKing && filler != 0 && !put(movegen.MakePiece(filler, movegen.White), false) {
		return nil
	}
	texts := make(map[[2]int]string, len(place))
	for sq, p := range place {
		texts[sq] = v.PieceText(p)
	}
	pos, err := movegen.NewPosition(v, boardSFEN(v, texts)+" b - 1")
	if err != nil {
		return nil
	}
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	from := movegen.MakeSquare(cr, cc)
	reached := map[[2]int]bool{}
	pass := false
	for _, m := range list.Slice() {
		if m.IsDrop() || m.From() != from {
			continue
		}
		if m.IsPass() {
			pass = true
			continue
		}
		to := m.To()
		reached[[2]int{to.Row() - cr, to.Col() - cc}] = true
	}
	R := diagramRadius
	d := &diagram{Radius: R}
	for dr := -R; dr <= R; dr++ {
		for dc := -R; dc <= R; dc++ {
			r, c := cr+dr, cc+dc
			code := int8(cellEmpty)
			switch {
			case r < 0 || r >= v.Ranks || c < 0 || c >= v.Files:
				code = cellOff
			case dr == 0 && dc == 0:
				code = cellPiece
				if pass {
					code = cellPassHere
				}
			case reached[[2]int{dr, dc}]:
				code = cellMove
				onLine := dr == 0 || dc == 0 || abs(dr) == abs(dc)
				edge := abs(dr) == R || abs(dc) == R
				if onLine && edge && reached[[2]int{dr + sign(dr), dc + sign(dc)}] {
					code = cellSlide
				}
			}
			d.Cells = append(d.Cells, code)
		}
	}
	return d
}

// boardSFEN writes the board field of an SFEN of v with the given pieces
// (SFEN piece text by row and column) and every other square empty.
func boardSFEN(v *movegen.Variant, pieces map[[2]int]string) string {
	return movegen.BoardField(v.Ranks, v.Files, func(r, c int) string { return pieces[[2]int{r, c}] })
}

// positionView is one position of a game for drawing and for input.
type positionView struct {
	Ply     int          `json:"ply"`
	SFEN    string       `json:"sfen"`
	Side    string       `json:"side"`  // black or white, the side to move
	Board   []string     `json:"board"` // SFEN piece text per square ("" empty), as variantView.Squares
	Hands   [2][]hand    `json:"hands"` // Black's, White's
	Last    []string     `json:"last"`  // the last move's squares (origin, legs, destination)
	Check   []string     `json:"check"` // royals under attack
	Moves   []moveView   `json:"moves"` // the legal moves
	Outcome *outcomeView `json:"outcome,omitempty"`
}

// hand is a piece type held in hand.
type hand struct {
	ID    string `json:"id"`
	Piece string `json:"piece"` // SFEN text
	N     int    `json:"n"`
}

// moveView is a legal move as the page enters it: pick the piece (From,
// or Drop from the hand), then click the squares of Path in order.
type moveView struct {
	USI     string   `json:"usi"`
	From    string   `json:"from,omitempty"`
	Drop    string   `json:"drop,omitempty"`
	Path    []string `json:"path"`
	Promote bool     `json:"promote,omitempty"`
	// Pass marks a pass; a forced pass (Reiwa's spirit trading) has no
	// From and no Path.
	Pass bool `json:"pass,omitempty"`
}

// outcomeView is a finished game's result.
type outcomeView struct {
	Result string `json:"result"` // 1-0 (Black won), 0-1, 1/2-1/2
	Reason string `json:"reason"`
}

// newPositionView describes pos (which is at ply ply of its game).
func newPositionView(pos *movegen.Position, ply int) *positionView {
	v := pos.Variant()
	pv := &positionView{Ply: ply, SFEN: pos.SFEN(), Side: colorName(pos.SideToMove()),
		Last: []string{}, Check: []string{}}
	pv.Board = make([]string, 0, v.Ranks*v.Files)
	for r := 0; r < v.Ranks; r++ {
		for f := 0; f < v.Files; f++ {
			p := pos.At(movegen.MakeSquare(r, f))
			if p == movegen.Empty {
				pv.Board = append(pv.Board, "")
			} else {
				pv.Board = append(pv.Board, v.PieceText(p))
			}
		}
	}
	for c := movegen.Black; c <= movegen.White; c++ {
		pv.Hands[c] = []hand{}
		for _, t := range v.HandTypes {
			if n := pos.Hand(c, t); n > 0 {
				pv.Hands[c] = append(pv.Hands[c], hand{ID: v.Pieces[t].ID, Piece: v.PieceText(movegen.MakePiece(t, c)), N: n})
			}
		}
		for _, s := range pos.Pieces(c) {
			if v.Pieces[pos.At(s).Type()].Royal && pos.RoyalThreatened(s) {
				pv.Check = append(pv.Check, v.SquareUSI(s))
			}
		}
	}
	if m := pos.LastMove(); m != movegen.NullMove && m != movegen.ForcedPass {
		pv.Last = moveSquares(v, m, true)
	}
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		pv.Outcome = &outcomeView{Result: o.Result.String(), Reason: o.Reason}
	}
	pv.Moves = legalMoves(pos)
	return pv
}

// legalMoves lists pos's legal moves as the page enters them.
func legalMoves(pos *movegen.Position) []moveView {
	v := pos.Variant()
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	out := make([]moveView, 0, list.N)
	for _, m := range list.Slice() {
		mv := moveView{USI: pos.MoveUSI(m), Promote: m.IsPromotion(), Pass: m.IsPass()}
		switch {
		case m == movegen.ForcedPass:
			mv.Path = []string{}
		case m.IsDrop():
			mv.Drop = v.Pieces[m.DropType()].ID
			mv.Path = []string{v.SquareUSI(m.To())}
		default:
			mv.From = v.SquareUSI(m.From())
			mv.Path = moveSquares(v, m, false)
		}
		out = append(out, mv)
	}
	return out
}

// moveSquares lists m's squares: its intermediate squares and its
// destination, after its origin when withFrom is set (drops: the target).
func moveSquares(v *movegen.Variant, m movegen.Move, withFrom bool) []string {
	if m.IsDrop() {
		return []string{v.SquareUSI(m.To())}
	}
	var sq []string
	if withFrom {
		sq = append(sq, v.SquareUSI(m.From()))
	}
	for _, s := range []movegen.Square{m.Mid(), m.Mid2()} {
		if s != movegen.NoSquare {
			sq = append(sq, v.SquareUSI(s))
		}
	}
	return append(sq, v.SquareUSI(m.To()))
}

// colorName names a side as the page does.
func colorName(c movegen.Color) string {
	if c == movegen.Black {
		return "black"
	}
	return "white"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
