package movegen

// This file holds the cheap queries a game-tree search needs at every node:
// the game-end tests that need no move generation, the keys of the earlier
// positions for repetition detection, and what a move captures.

// StaticOutcome is the part of Outcome that needs no move generation and no
// look at the game history: a side without royals has lost, the bare-king
// rule, the okisaki impasse and the caller's move limit. A search calls it
// at every node and leaves repetition and "no legal move" to itself.
func (pos *Position) StaticOutcome() Outcome {
	v := pos.v
	if o := pos.materialOutcome(); o.Result != Ongoing {
		return o
	}
	if v.Impasse != 0 {
		if o := pos.impasse(); o.Result != Ongoing {
			return o
		}
	}
	if pos.moveLimit > 0 && pos.moveNo > pos.moveLimit {
		return Outcome{Draw, ReasonMoveLimit}
	}
	return Outcome{Result: Ongoing}
}

// materialOutcome decides the game ends that depend on what is on the
// board: a side without royals has lost; the bare-king rule.
func (pos *Position) materialOutcome() Outcome {
	us, them := pos.side, pos.side.Other()
	switch {
	case pos.royals[us] == 0:
		return Outcome{Win(them), ReasonRoyalCaptured}
	case pos.royals[them] == 0:
		return Outcome{Win(us), ReasonRoyalCaptured}
	}
	if pos.v.BareKing && pos.bareKingOver() {
		switch {
		case !pos.bare(them):
			// The side to move is bare and its reply cannot help it.
			return Outcome{Win(them), ReasonBareKing}
		case pos.bare(us):
			return Outcome{Draw, ReasonBareKings}
		}
		return Outcome{Win(us), ReasonBareKing}
	}
	return Outcome{Result: Ongoing}
}

// HistoryKeys appends to dst the keys of the positions before each move
// made since the position was set up, oldest first, and returns the
// extended slice. Together with Key it is the key sequence a search uses to
// detect repetitions against the game played so far.
func (pos *Position) HistoryKeys(dst []uint64) []uint64 {
	for i := range pos.hist {
		dst = append(dst, pos.hist[i].key)
	}
	return dst
}

// CapturedValue returns the summed Value of the enemy pieces move m would
// capture (on its intermediate squares and its destination) and whether one
// of them is royal. Drops and passes capture nothing.
func (pos *Position) CapturedValue(m Move) (value int, royal bool) {
	if m.IsDrop() || m.IsPass() {
		return 0, false
	}
	them := pos.side.Other()
	from := m.From()
	if mid := m.Mid(); mid != NoSquare {
		value, royal = pos.victim(mid, them, value, royal)
		if mid2 := m.Mid2(); mid2 != NoSquare && mid2 != from && mid2 != mid {
			value, royal = pos.victim(mid2, them, value, royal)
		}
	}
	if to := m.To(); to != from {
		value, royal = pos.victim(to, them, value, royal)
	}
	return value, royal
}

// victim adds the value of an enemy (them) piece on s to value and royal.
func (pos *Position) victim(s Square, them Color, value int, royal bool) (int, bool) {
	if p := pos.board[s]; p.isPiece() && p.Color() == them {
		info := &pos.v.Pieces[p.Type()]
		value += info.Value
		royal = royal || info.Royal
	}
	return value, royal
}

// IsCapture reports whether move m captures an enemy piece.
func (pos *Position) IsCapture(m Move) bool {
	if m.IsDrop() || m.IsPass() {
		return false
	}
	them := pos.side.Other()
	from := m.From()
	if mid := m.Mid(); mid != NoSquare {
		if pos.board[mid].isPiece() && pos.board[mid].Color() == them {
			return true
		}
		if mid2 := m.Mid2(); mid2 != NoSquare && mid2 != from &&
			pos.board[mid2].isPiece() && pos.board[mid2].Color() == them {
			return true
		}
	}
	to := m.To()
	return to != from && pos.board[to].isPiece() && pos.board[to].Color() == them
}

// MovedType returns the type of the piece move m moves (or drops); 0 for a
// pass.
func (pos *Position) MovedType(m Move) PieceType {
	switch {
	case m.IsDrop():
		return m.DropType()
	case m.IsPass() && m.From() == NoSquare:
		return 0
	}
	return pos.board[m.From()].Type()
}

// GenerateCaptures appends the legal moves that capture at least one enemy
// piece (with their promotion choices): the moves of GenerateLegal for
// which IsCapture holds, generated without the quiet moves and drops. A
// side that must pass (spirit trading) gets its forced pass, as from
// GenerateLegal.
func (pos *Position) GenerateCaptures(list *MoveList) { pos.generateLegal(list, true, false) }

// GenerateQuiets appends the legal moves that capture nothing (with their
// promotion choices), passes and drops included: the moves of
// GenerateLegal for which IsCapture does not hold, generated without the
// captures. With GenerateCaptures it splits GenerateLegal in two; a side
// that must pass (spirit trading) gets its forced pass from both.
func (pos *Position) GenerateQuiets(list *MoveList) { pos.generateLegal(list, false, true) }
