package movegen

// Result is the state of a game.
type Result int

// The possible results.
const (
	// Ongoing: the game goes on.
	Ongoing Result = iota
	// BlackWins: the first player has won.
	BlackWins
	// WhiteWins: the second player has won.
	WhiteWins
	// Draw: nobody has won.
	Draw
)

// String returns the result as a PGN result string.
func (r Result) String() string {
	switch r {
	case BlackWins:
		return "1-0"
	case WhiteWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// Win returns the result that side c wins.
func Win(c Color) Result {
	if c == Black {
		return BlackWins
	}
	return WhiteWins
}

// Outcome is a result with its reason.
type Outcome struct {
	Result Result
	// Reason says why the game ended, e.g. "checkmate", "royal captured",
	// "bare king", "repetition", "perpetual check", "impasse", "move limit".
	Reason string
}

// Reasons Outcome gives.
const (
	ReasonRoyalCaptured   = "royal captured"
	ReasonCheckmate       = "checkmate"
	ReasonStalemate       = "stalemate"
	ReasonNoMoves         = "no legal move"
	ReasonBareKing        = "bare king"
	ReasonBareKings       = "bare kings"
	ReasonRepetition      = "repetition"
	ReasonPerpetualCheck  = "perpetual check"
	ReasonPerpetualAttack = "perpetual attack"
	ReasonRepeatIllegal   = "repeated position"
	ReasonImpasse         = "impasse"
	ReasonMoveLimit       = "move limit"
)

// SetMoveLimit makes Outcome declare a draw once the SFEN move number (which
// counts plies from 1) passes limit plies; 0 means no limit.
func (pos *Position) SetMoveLimit(limit int) { pos.moveLimit = limit }

// MoveNumber returns the SFEN move number: 1 plus the plies played.
func (pos *Position) MoveNumber() int { return pos.moveNo }

// Outcome decides whether the game has ended in this position, for every
// game, as the rules sheets say:
//   - a side without royal pieces has lost (royal capture games);
//   - bare king: a side with nothing but a single royal loses, at once if
//     its reply cannot change that (the opponent has three or more pieces
//     and does not stand to lose its last royal), else when its reply left
//     it bare; both sides bare is a draw (see bareKingOver);
//   - repetition, by the variant's rule (RepShogi, RepHaChu, RepJCSA,
//     RepLishogi), looking at the whole game since the position was set up;
//   - impasse (okisaki): both royals inside their promotion zones and the
//     side to move not in check; a side with fewer than Impasse points loses,
//     else it is a draw;
//   - a side to move without legal moves loses (checkmate or stalemate in
//     the check games);
//   - the caller's move limit (SetMoveLimit) draws.
func (pos *Position) Outcome() Outcome {
	v := pos.v
	them := pos.side.Other()
	if o := pos.materialOutcome(); o.Result != Ongoing {
		return o
	}
	if o := pos.repetitionOutcome(); o.Result != Ongoing {
		return o
	}
	if o := pos.impasse(); o.Result != Ongoing {
		return o
	}
	if v.Mate && pos.royalMated() {
		return Outcome{Win(them), ReasonCheckmate}
	}
	if !pos.hasAnyLegalMove() {
		reason := ReasonNoMoves
		if v.Check {
			reason = ReasonStalemate
			if pos.InCheck() {
				reason = ReasonCheckmate
			}
		}
		if v.stalemateDraw && reason != ReasonCheckmate {
			// Option stalemate = draw (tai sheet ⚠25's alternative).
			return Outcome{Draw, reason}
		}
		return Outcome{Win(them), reason}
	}
	if pos.moveLimit > 0 && pos.moveNo > pos.moveLimit {
		return Outcome{Draw, ReasonMoveLimit}
	}
	return Outcome{Result: Ongoing}
}

// hasAnyLegalMove reports whether the side to move has a legal move.
func (pos *Position) hasAnyLegalMove() bool {
	l := pos.scratchList(scratchOutcome)
	pos.GenerateLegal(l)
	return l.N > 0
}

// Repetitions returns how many times the current position occurred earlier
// in the game (same board, hands, side to move and rule state), and the ply
// index of its first occurrence (-1 if none).
func (pos *Position) Repetitions() (count, first int) {
	first = -1
	for i := len(pos.hist) - 1; i >= 0; i-- {
		if pos.hist[i].key == pos.key {
			count++
			first = i
		}
	}
	return count, first
}

func (pos *Position) repetitionOutcome() Outcome {
	return pos.repetitionVerdict(3)
}

// RepetitionVerdict is the outcome by the game's repetition rule if the
// current position, which must have occurred before, ended the game now
// even where the rule waits for the fourth occurrence: a draw, a loss for
// the side that gave check (or, by the JCSA and lishogi rules, attacked)
// with every move of the cycle, or a loss for the side that repeated under
// the rules that forbid repetition. A search scores the first recurrence
// of a position with it. Ongoing means play goes on (a new position, or a
// repetition the rule allows, such as Reiwa's out of check).
func (pos *Position) RepetitionVerdict() Outcome {
	return pos.repetitionVerdict(1)
}

// repetitionVerdict applies the repetition rule, taking a position that
// occurred at least minCount times before as the final repetition: 3 for
// the game itself (the fourth occurrence), 1 for a search's verdict.
func (pos *Position) repetitionVerdict(minCount int) Outcome {
	v := pos.v
	if v.Repetition == RepNone {
		return Outcome{}
	}
	count, first := pos.Repetitions()
	mover := pos.side.Other()
	switch v.Repetition {
	case RepHaChu:
		if count >= 1 {
			return Outcome{Win(pos.side), ReasonRepeatIllegal}
		}
		return Outcome{}
	case RepReiwa:
		// Option repetition = fourth (the author's practice, Reiwa sheet 7):
		// only the fourth occurrence is illegal.
		need := 1
		if v.repFourth {
			need = minCount
		}
		if count >= need && pos.LastMove() != ForcedPass && !pos.moverWasInCheck() {
			return Outcome{Win(pos.side), ReasonRepeatIllegal}
		}
		return Outcome{}
	}
	if count < minCount || count == 0 {
		return Outcome{}
	}
	// Replay the cycle from the first occurrence (including the move into
	// it, which lishogi's rule counts) to learn which moves gave check and
	// which attacked an enemy piece.
	from := first
	if from > 0 {
		from--
	}
	checks, attacks, movers := pos.replayFlags(from)
	// all reports whether every move of side c in the cycle (moves from
	// index lo on) has the flag set.
	all := func(flags []bool, c Color, lo int) bool {
		any := false
		for i := lo; i < len(flags); i++ {
			if movers[i] == c {
				if !flags[i] {
					return false
				}
				any = true
			}
		}
		return any
	}
	cycle := first - from // index of the first move inside the cycle
	switch v.Repetition {
	case RepShogi, RepJCSA:
		for _, c := range []Color{mover, mover.Other()} {
			if all(checks, c, cycle) {
				return Outcome{Win(c.Other()), ReasonPerpetualCheck}
			}
		}
		if v.Repetition == RepJCSA {
			a, b := all(attacks, mover, cycle), all(attacks, mover.Other(), cycle)
			if a != b {
				loser := mover
				if b {
					loser = mover.Other()
				}
				return Outcome{Win(loser.Other()), ReasonPerpetualAttack}
			}
		}
	case RepLishogi:
		if all(attacks, mover, 0) {
			reason := ReasonPerpetualAttack
			if all(checks, mover, 0) {
				reason = ReasonPerpetualCheck
			}
			return Outcome{Win(mover.Other()), reason}
		}
	}
	return Outcome{Draw, ReasonRepetition}
}

// moverWasInCheck reports whether the side that made the last move had a
// royal under attack before it.
func (pos *Position) moverWasInCheck() bool {
	if len(pos.hist) == 0 {
		return false
	}
	m := pos.hist[len(pos.hist)-1].move
	pos.Unmake()
	check := pos.InCheck()
	pos.Make(m)
	return check
}

// royalMated reports whether every legal move of the side to move lets the
// opponent's reply remove all of its royals (a forced pass on the reply
// protects them). A side without legal moves is mated too.
func (pos *Position) royalMated() bool {
	us := pos.side
	var mine, theirs MoveList
	pos.GenerateLegal(&mine)
	for _, m := range mine.Slice() {
		pos.Make(m)
		lost := false
		if !pos.mustPass && pos.royalAttacked(us) {
			theirs.N = 0
			pos.GenerateLegal(&theirs)
			for _, r := range theirs.Slice() {
				pos.Make(r)
				lost = pos.royals[us] == 0
				pos.Unmake()
				if lost {
					break
				}
			}
		}
		pos.Unmake()
		if !lost {
			return false
		}
	}
	return true
}

// royalAttacked reports whether some royal of side c is attacked.
func (pos *Position) royalAttacked(c Color) bool {
	for i := 0; i < pos.count[c]; i++ {
		s := pos.list[c][i]
		if pos.v.Pieces[pos.board[s].Type()].Royal && pos.royalThreatened(s, c.Other()) {
			return true
		}
	}
	return false
}

// replayFlags takes back the moves from ply index from on and makes them
// again, recording for each whether it gave check, whether it attacked (gave
// check, or left the moved piece able to capture an enemy piece), and who
// made it. The position ends as it started.
func (pos *Position) replayFlags(from int) (checks, attacks []bool, movers []Color) {
	if pos.replay == nil {
		pos.replay = new(replayBuf)
	}
	rb := pos.replay
	rb.moves, rb.checks, rb.attacks, rb.movers = rb.moves[:0], rb.checks[:0], rb.attacks[:0], rb.movers[:0]
	for j := from; j < len(pos.hist); j++ {
		rb.moves = append(rb.moves, pos.hist[j].move)
	}
	for len(pos.hist) > from {
		pos.Unmake()
	}
	for _, m := range rb.moves {
		rb.movers = append(rb.movers, pos.side)
		pos.Make(m)
		check := pos.InCheck()
		rb.checks = append(rb.checks, check)
		rb.attacks = append(rb.attacks, check || pos.threatens(m.To()))
	}
	return rb.checks, rb.attacks, rb.movers
}

// replayBuf holds replayFlags' lists, reused so that a search asking for
// repetition verdicts does not allocate once they have grown.
type replayBuf struct {
	moves           []Move
	checks, attacks []bool
	movers          []Color
}

// threatens reports whether the piece on s could capture an enemy piece
// (pieceAttacks: single legs, hook movers' bent moves, an emperor under its
// capture rule).
func (pos *Position) threatens(s Square) bool {
	p := pos.board[s]
	if !p.isPiece() {
		return false
	}
	enemy := p.Color().Other()
	for i := 0; i < pos.count[enemy]; i++ {
		if pos.pieceAttacks(p, s, pos.list[enemy][i]) {
			return true
		}
	}
	return false
}

// impasse applies the okisaki impasse rule (both royals in their zones).
func (pos *Position) impasse() Outcome {
	v := pos.v
	if v.Impasse == 0 || !v.Check {
		return Outcome{}
	}
	for c := Color(0); c < ColorCount; c++ {
		if !v.inZone[c][pos.king[c]] {
			return Outcome{}
		}
	}
	if pos.InCheck() {
		return Outcome{}
	}
	var pts [ColorCount]int
	for c := Color(0); c < ColorCount; c++ {
		for i := 0; i < pos.count[c]; i++ {
			pts[c] += v.Pieces[pos.board[pos.list[c][i]].Type()].Points
		}
		for _, t := range v.HandTypes {
			pts[c] += int(pos.hand[c][t]) * v.Pieces[t].Points
		}
	}
	bShort, wShort := pts[Black] < v.Impasse, pts[White] < v.Impasse
	switch {
	case bShort && !wShort:
		return Outcome{WhiteWins, ReasonImpasse}
	case wShort && !bShort:
		return Outcome{BlackWins, ReasonImpasse}
	}
	return Outcome{Draw, ReasonImpasse}
}
