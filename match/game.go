package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Adjudication ends games early by the engines' scores (zero fields: off).
type Adjudication struct {
	// ResignMoves and ResignScore: a game is given to a side once both
	// engines have agreed for ResignMoves moves each that it leads by at
	// least ResignScore centipawns.
	ResignMoves, ResignScore int
	// DrawFrom, DrawMoves and DrawScore: from ply DrawFrom on, a game is
	// drawn once both engines' scores have stayed within DrawScore of 0
	// for DrawMoves moves each.
	DrawFrom, DrawMoves, DrawScore int
	// MaxPlies draws the game after this many plies (0: no cap).
	MaxPlies int
}

// Opening is a game's start: a position and moves played from it.
type Opening struct {
	// SFEN is the start position ("" or "startpos" for the variant's).
	SFEN string
	// Moves are USI moves played from it before the engines take over.
	Moves []string
}

// MoveRecord is one move of a finished game.
type MoveRecord struct {
	// USI, XBoard and Hodges are the move in the three notations. XBoard
	// is the form XBoard's PGN reader takes (moveXBoardPGN), which differs
	// from the protocol form for two-leg moves.
	USI, XBoard, Hodges string
	// Score (from the mover's view: centipawns, or a decided game as
	// MateScore says), Depth and Time are the engine's report; HasScore
	// is false for opening moves and silent engines.
	Score    int
	HasScore bool
	Depth    int
	Time     time.Duration
	// Book marks opening moves.
	Book bool
}

// Game is a finished game.
type Game struct {
	// Number counts games from 1 in schedule order (of the whole match,
	// also in a shard); Round is the pairing's round (from 1).
	Number, Round int
	// Pair numbers the game's opening pair from 1 where the match plays
	// each opening twice with the colours swapped (Config.Repeat): the two
	// games of a pair share it. 0 for a game without a partner.
	Pair int
	// Scheduled is the number of games in the whole match (every shard),
	// 0 if not known.
	Scheduled int
	// Black and White name the engines (Black moves first: PGN's White).
	Black, White string
	// StartSFEN is the start position; Standard reports whether it is the
	// variant's own.
	StartSFEN string
	Standard  bool
	Moves     []MoveRecord
	Result    movegen.Result
	// Reason says why the game ended ("checkmate", "kirin loses on time").
	Reason string
	// Faulty names the engine whose crash, hang, illegal move or false
	// claim ended the game ("" otherwise).
	Faulty string
	// Started is when the game began.
	Started time.Time
}

// gameSpec is a scheduled game.
type gameSpec struct {
	number, round int
	engines       [2]*EngineConfig // by movegen.Color
	opening       Opening
	// unit numbers the game's opening pair (its pairing and opening), the
	// unit that shards are dealt (Shard).
	unit int
	// of is the number of games in the whole match.
	of int
}

// playGame plays one game and returns its record; it never fails: every
// problem is part of the result. A game still going when ctx is cancelled
// ends with result Ongoing ("aborted").
func playGame(ctx context.Context, cfg *Config, spec gameSpec, log func(engine, dir, line string)) *Game {
	v := cfg.Variant
	g := &Game{Number: spec.number, Round: spec.round, Scheduled: spec.of, Black: spec.engines[movegen.Black].Name,
		White: spec.engines[movegen.White].Name, Started: time.Now()}
	if cfg.Repeat {
		g.Pair = spec.unit + 1
	}
	sfen := spec.opening.SFEN
	if sfen == "" {
		sfen = "startpos"
	}
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		g.Result, g.Reason = movegen.Draw, "bad opening: "+err.Error()
		return g
	}
	g.StartSFEN = pos.SFEN()
	start, _ := movegen.NewPosition(v, "startpos")
	g.Standard = g.StartSFEN == start.SFEN()
	tc := cfg.TC
	st := &gameState{v: v, startSFEN: g.StartSFEN, standard: g.Standard, pos: pos, tc: &tc,
		clocks: [2]*clock{newClock(&tc), newClock(&tc)}}
	for _, t := range spec.opening.Moves {
		m, err := pos.ParseMoveUSI(t)
		if err != nil || pos.Outcome().Result != movegen.Ongoing {
			g.Result, g.Reason = movegen.Draw, "bad opening move "+t
			return g
		}
		g.Moves = append(g.Moves, record(pos, m, thought{}, true))
		st.usi = append(st.usi, pos.MoveUSI(m))
		st.xb = append(st.xb, pos.MoveXBoard(m))
		pos.Make(m)
	}
	if cfg.Adjudicate.MaxPlies > 0 {
		pos.SetMoveLimit(pos.MoveNumber() - 1 - pos.Ply() + cfg.Adjudicate.MaxPlies)
	}
	var players [2]player
	for c := movegen.Black; c <= movegen.White; c++ {
		e := spec.engines[c]
		players[c] = newPlayer(e, func(dir, line string) {
			if log != nil {
				log(e.Name, dir, line)
			}
		})
	}
	end := func(r movegen.Result, reason, faulty string) *Game {
		g.Result, g.Reason, g.Faulty = r, reason, faulty
		for c := movegen.Black; c <= movegen.White; c++ {
			players[c].finish(r, c, reason)
		}
		return g
	}
	for c := movegen.Black; c <= movegen.White; c++ {
		if err := players[c].start(st); err != nil {
			return end(movegen.Win(c.Other()), err.Error(), spec.engines[c].Name)
		}
	}
	var adj adjState
	for {
		if ctx.Err() != nil {
			return end(movegen.Ongoing, "aborted", "")
		}
		if o := pos.Outcome(); o.Result != movegen.Ongoing {
			reason := "draw by " + o.Reason
			switch o.Result {
			case movegen.BlackWins:
				reason = g.Black + " wins by " + o.Reason
			case movegen.WhiteWins:
				reason = g.White + " wins by " + o.Reason
			}
			return end(o.Result, reason, "")
		}
		me := pos.SideToMove()
		th, err := players[me].think(st)
		if err != nil {
			var f *fault
			if errors.As(err, &f) && f.kind == faultResign {
				return end(movegen.Win(me.Other()), err.Error(), "")
			}
			return end(movegen.Win(me.Other()), err.Error(), spec.engines[me].Name)
		}
		if st.clocks[me].spend(th.elapsed) {
			return end(movegen.Win(me.Other()), spec.engines[me].Name+" loses on time", spec.engines[me].Name)
		}
		if err := players[me.Other()].tell(st, th.move); err != nil {
			return end(movegen.Win(me), err.Error(), spec.engines[me.Other()].Name)
		}
		g.Moves = append(g.Moves, record(pos, th.move, th, false))
		st.usi = append(st.usi, pos.MoveUSI(th.move))
		st.xb = append(st.xb, pos.MoveXBoard(th.move))
		pos.Make(th.move)
		if r, reason := adj.update(&cfg.Adjudicate, me, th, pos.Ply()); r != movegen.Ongoing {
			if pos.Outcome().Result == movegen.Ongoing {
				return end(r, reason, "")
			}
		}
	}
}

// RecordMove describes move m of pos (before it is made) as a game record
// holds it, in the three notations, with no engine report.
func RecordMove(pos *movegen.Position, m movegen.Move) MoveRecord {
	return record(pos, m, thought{}, false)
}

// record describes move m in pos (before it is made).
func record(pos *movegen.Position, m movegen.Move, th thought, book bool) MoveRecord {
	return MoveRecord{USI: pos.MoveUSI(m), XBoard: moveXBoardPGN(pos, m), Hodges: pos.MoveHodges(m),
		Score: th.score, HasScore: th.hasScore, Depth: th.depth, Time: th.elapsed, Book: book}
}

// adjState counts the moves that meet the adjudication conditions.
type adjState struct {
	win  [2]int // moves each side's engine has seen itself winning (while the other agrees)
	lead [2]int // per side: consecutive own moves with score >= resign score
	lose [2]int // per side: consecutive own moves with score <= -resign score
	draw [2]int
}

// update counts a move of side me with report th; it returns a result when
// the adjudication rules end the game.
func (a *adjState) update(r *Adjudication, me movegen.Color, th thought, ply int) (movegen.Result, string) {
	if !th.hasScore {
		a.lead[me], a.lose[me], a.draw[me] = 0, 0, 0
		return movegen.Ongoing, ""
	}
	if r.ResignMoves > 0 {
		if th.score >= r.ResignScore {
			a.lead[me]++
		} else {
			a.lead[me] = 0
		}
		if th.score <= -r.ResignScore {
			a.lose[me]++
		} else {
			a.lose[me] = 0
		}
		for c := movegen.Black; c <= movegen.White; c++ {
			if a.lead[c] >= r.ResignMoves && a.lose[c.Other()] >= r.ResignMoves {
				return movegen.Win(c), fmt.Sprintf("adjudication: both engines see %s ahead by %d or more", sideName(c), r.ResignScore)
			}
		}
	}
	if r.DrawMoves > 0 && ply >= r.DrawFrom {
		if th.score <= r.DrawScore && th.score >= -r.DrawScore {
			a.draw[me]++
		} else {
			a.draw[me] = 0
		}
		if a.draw[0] >= r.DrawMoves && a.draw[1] >= r.DrawMoves {
			return movegen.Draw, fmt.Sprintf("adjudication: both engines score within %d for %d moves", r.DrawScore, r.DrawMoves)
		}
	}
	return movegen.Ongoing, ""
}

// sideName names a side as the PGN does (the first mover is White there).
func sideName(c movegen.Color) string {
	if c == movegen.Black {
		return "first player (sente)"
	}
	return "second player (gote)"
}
