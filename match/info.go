package match

import (
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Info is one progress report of an engine's search, as the runner reads
// it from a USI info line or a CECP thinking line.
type Info struct {
	// Depth is the nominal search depth (0 when the engine does not say).
	Depth int
	// MultiPV numbers the line (1 when the engine does not say; CECP has
	// no such field).
	MultiPV int
	// Score is in centipawns from the mover's view, valid when HasScore.
	// A mate score is ±(100000 − plies), and Mate holds the plies.
	Score    int
	HasScore bool
	// Mate is the number of plies to mate, signed: positive when the mover
	// mates, negative when it is mated; 0 when Score is not a mate score.
	// CECP gives mates in moves, which count here as two plies each.
	Mate int
	// Nodes and Time are the engine's node count and search time so far
	// (0 when it does not say).
	Nodes uint64
	Time  time.Duration
	// PV is the engine's principal variation, read against the position
	// it was searching; it stops before the first word that is not a
	// legal move there.
	PV []movegen.Move
}

// usiInfoLine reads a USI info line (split into words). It reports false
// for lines without depth, score, nodes or pv (info string, currmove,
// hashfull alone).
func usiInfoLine(pos *movegen.Position, f []string) (Info, bool) {
	inf := Info{MultiPV: 1}
	seen := false
	// num reads the word after f[i] as a non-negative integer.
	num := func(i int) (uint64, bool) {
		if i+1 >= len(f) {
			return 0, false
		}
		n, err := strconv.ParseUint(f[i+1], 10, 64)
		return n, err == nil
	}
loop:
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			break loop // the rest is free text
		case "depth":
			if n, ok := num(i); ok {
				inf.Depth, seen = int(n), true
				i++
			}
		case "multipv":
			if n, ok := num(i); ok && n > 0 {
				inf.MultiPV = int(n)
				i++
			}
		case "nodes":
			if n, ok := num(i); ok {
				inf.Nodes, seen = n, true
				i++
			}
		case "time":
			if n, ok := num(i); ok {
				inf.Time = time.Duration(n) * time.Millisecond
				i++
			}
		case "score":
			if i+2 >= len(f) {
				continue
			}
			n, err := strconv.Atoi(strings.TrimPrefix(f[i+2], "+"))
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "cp":
				inf.Score, inf.HasScore, seen = n, true, true
			case "mate":
				// As usiInfo: "mate -0" is mated now.
				inf.Mate, inf.HasScore, seen = n, true, true
				if n >= 0 && !strings.HasPrefix(f[i+2], "-") {
					inf.Score = MateScore - n
				} else {
					inf.Score = -MateScore - n
				}
			}
			i += 2
		case "pv":
			inf.PV, seen = parsePV(pos, f[i+1:], (*movegen.Position).ParseMoveUSI), true
			break loop
		}
	}
	return inf, seen
}

// cecpInfo reads a CECP thinking line: m is thinkingRE's match (ply,
// score, time in centiseconds, nodes), rest the text after it (the PV),
// score the score already decoded into thought's scale.
func cecpInfo(pos *movegen.Position, m []string, rest string, score int) Info {
	inf := Info{MultiPV: 1, Score: score, HasScore: true, Mate: mateOf(score)}
	inf.Depth, _ = strconv.Atoi(m[1])
	cs, _ := strconv.ParseUint(m[3], 10, 64)
	inf.Time = time.Duration(cs) * 10 * time.Millisecond
	inf.Nodes, _ = strconv.ParseUint(m[4], 10, 64)
	words := strings.Fields(rest)
	// Skip move numbers ("12." or "12...") and the ellipsis some engines
	// print; drop the bound mark Kirin puts after the last move (? or !).
	pv := words[:0:0]
	for _, w := range words {
		if strings.Trim(w, "0123456789.") == "" {
			continue
		}
		pv = append(pv, strings.TrimRight(w, "?!"))
	}
	inf.PV = parsePV(pos, pv, ParseMoveAny)
	return inf
}

// parsePV reads the moves in words with parse, from pos on, on a copy of
// pos (the referee's position is not touched). It stops at the first word
// that is not a legal move.
func parsePV(pos *movegen.Position, words []string, parse func(*movegen.Position, string) (movegen.Move, error)) []movegen.Move {
	if len(words) == 0 {
		return nil
	}
	pos = pos.Clone()
	var pv []movegen.Move
	for _, w := range words {
		if pos.GameOver() {
			break
		}
		m, err := parse(pos, w)
		if err != nil {
			break
		}
		pv = append(pv, m)
		pos.Make(m)
	}
	return pv
}

// mateOf returns the plies to mate of a score in thought's scale (0 for
// a score that is not a mate score).
func mateOf(score int) int {
	switch {
	case score >= MateScore-1000:
		return MateScore - score
	case score <= -MateScore+1000:
		return -(MateScore + score)
	}
	return 0
}
