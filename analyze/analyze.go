package analyze

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// Config sets the search and the output.
type Config struct {
	// Depth and Time limit each search (Depth 0 and Time 0: depth 8).
	Depth int
	Time  time.Duration
	// MultiPV is the number of lines to show (default 1).
	MultiPV int
	// Threads and HashMB are the engine settings (defaults 1 and 64).
	Threads, HashMB int
	// JSON prints one JSON object per line instead of text.
	JSON bool
	// Board prints a diagram of the position first.
	Board bool
}

func (c Config) limits() search.Limits {
	if c.Depth == 0 && c.Time == 0 {
		c.Depth = 8
	}
	return search.Limits{Depth: c.Depth, MoveTime: c.Time}
}

func (c Config) engine(ev *eval.Evaluator) *search.Engine {
	return search.New(ev, search.Options{HashMB: max(c.HashMB, 1), Threads: max(c.Threads, 1), MultiPV: max(c.MultiPV, 1)})
}

// Score writes a score in pawns, or +M/-M with plies to the end.
func Score(s int) string {
	if search.IsMate(s) {
		if s > 0 {
			return fmt.Sprintf("+M%d", search.Mate-s)
		}
		return fmt.Sprintf("-M%d", search.Mate+s)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// Line writes a principal variation from pos in Hodges and USI notation.
func Line(pos *movegen.Position, pv []movegen.Move) (hodges, usi []string) {
	p := pos.Clone()
	for _, m := range pv {
		hodges = append(hodges, p.MoveHodges(m))
		usi = append(usi, p.MoveUSI(m))
		p.Make(m)
	}
	return hodges, usi
}

// infoJSON is one progress line in --json mode.
type infoJSON struct {
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	Score    string   `json:"score"`
	CP       int      `json:"cp"`
	Nodes    uint64   `json:"nodes"`
	TimeMS   int64    `json:"time_ms"`
	PV       []string `json:"pv"`
	PVUSI    []string `json:"pv_usi"`
}

// resultJSON is the final line in --json mode.
type resultJSON struct {
	BestMove    string `json:"bestmove"`
	BestMoveUSI string `json:"bestmove_usi"`
	Score       string `json:"score"`
	Depth       int    `json:"depth"`
	Nodes       uint64 `json:"nodes"`
}

// flusher is implemented by buffered writers.
type flusher interface{ Flush() error }

func flush(w io.Writer) {
	if f, ok := w.(flusher); ok {
		_ = f.Flush()
	}
}

// Position searches pos and prints each completed iteration as it comes
// (flushed), then the best move.
func Position(w io.Writer, pos *movegen.Position, cfg Config) search.Result {
	v := pos.Variant()
	if cfg.Board && !cfg.JSON {
		fmt.Fprint(w, Diagram(pos))
	}
	if !cfg.JSON {
		fmt.Fprintf(w, "Position: %s\n", pos.SFEN())
	}
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		if cfg.JSON {
			writeJSON(w, map[string]string{"result": o.Result.String(), "reason": o.Reason})
		} else {
			fmt.Fprintf(w, "Game over: %s (%s)\n", o.Result, o.Reason)
		}
		flush(w)
		return search.Result{}
	}
	eng := cfg.engine(eval.New(v))
	res := eng.Search(pos.Clone(), cfg.limits(), func(in search.Info) {
		if in.Bound != search.BoundExact {
			return
		}
		h, u := Line(pos, in.PV)
		if cfg.JSON {
			writeJSON(w, infoJSON{Depth: in.Depth, SelDepth: in.SelDepth, MultiPV: in.MultiPV, Score: Score(in.Score), CP: in.Score,
				Nodes: in.Nodes, TimeMS: in.Time.Milliseconds(), PV: h, PVUSI: u})
		} else {
			mpv := ""
			if cfg.MultiPV > 1 {
				mpv = fmt.Sprintf(" line %d", in.MultiPV)
			}
			fmt.Fprintf(w, "depth %2d/%-2d%s score %6s nodes %9d time %6.2fs pv %s\n", in.Depth, in.SelDepth, mpv, Score(in.Score), in.Nodes, in.Time.Seconds(), strings.Join(h, " "))
			fmt.Fprintf(w, "%*s usi %s\n", 16+len(mpv), "", strings.Join(u, " "))
		}
		flush(w)
	})
	if res.Best != movegen.NullMove {
		if cfg.JSON {
			writeJSON(w, resultJSON{BestMove: pos.MoveHodges(res.Best), BestMoveUSI: pos.MoveUSI(res.Best), Score: Score(res.Score), Depth: res.Depth, Nodes: res.Nodes})
		} else {
			fmt.Fprintf(w, "bestmove %s (usi %s) score %s depth %d\n", pos.MoveHodges(res.Best), pos.MoveUSI(res.Best), Score(res.Score), res.Depth)
		}
	}
	flush(w)
	return res
}

func writeJSON(w io.Writer, x any) {
	b, _ := json.Marshal(x)
	fmt.Fprintln(w, string(b))
}

// Diagram draws the board: ranks a.. from the top, files from the first
// mover's right as in USI, the second player's pieces in lower case, then
// the hands and the side to move.
func Diagram(pos *movegen.Position) string {
	v := pos.Variant()
	var b strings.Builder
	width := 1
	for _, p := range v.Pieces[1:] {
		width = max(width, len(p.ID))
	}
	width++
	b.WriteString("   ")
	for f := 0; f < v.Files; f++ {
		fmt.Fprintf(&b, "%*d", width+1, v.Files-f)
	}
	b.WriteString("\n")
	for r := 0; r < v.Ranks; r++ {
		fmt.Fprintf(&b, "%2c ", 'a'+r)
		for f := 0; f < v.Files; f++ {
			p := pos.At(movegen.MakeSquare(r, f))
			cell := "."
			if p != movegen.Empty {
				cell = v.Pieces[p.Type()].ID
				if p.Color() == movegen.White {
					cell = strings.ToLower(cell)
				}
			}
			fmt.Fprintf(&b, "%*s", width+1, cell)
		}
		b.WriteString("\n")
	}
	for c := movegen.Black; c <= movegen.White; c++ {
		if !v.Drops {
			break
		}
		var h []string
		for _, t := range v.HandTypes {
			if n := pos.Hand(c, t); n > 0 {
				h = append(h, fmt.Sprintf("%s%d", v.Pieces[t].ID, n))
			}
		}
		if len(h) == 0 {
			h = []string{"-"}
		}
		fmt.Fprintf(&b, "hand %s: %s\n", c, strings.Join(h, " "))
	}
	fmt.Fprintf(&b, "%s to move\n", pos.SideToMove())
	return b.String()
}

// The losses, in centipawns of an evaluation on a Pawn-of-100 scale, from
// which a move is marked a mistake and a blunder.
const (
	mistakeLoss = 100
	blunderLoss = 300
)

// mark returns a move's mark for a loss of loss centipawns: "??", "?" or
// "". scale is the evaluation's margin factor in percent
// (search.Scaler): a game whose scores spread wider loses more
// centipawns for the same error, so its limits widen with the search's
// margins.
func mark(loss, scale int) string {
	switch {
	case loss >= blunderLoss*scale/100:
		return "??"
	case loss >= mistakeLoss*scale/100:
		return "?"
	}
	return ""
}

// MoveNote is the analysis of one move of a game.
type MoveNote struct {
	Ply       int    `json:"ply"`
	Move      string `json:"move"`
	MoveUSI   string `json:"move_usi"`
	Score     string `json:"score"`
	Best      string `json:"best"`
	BestUSI   string `json:"best_usi"`
	BestScore string `json:"best_score"`
	Loss      int    `json:"loss_cp"`
	Mark      string `json:"mark"`
	// CP is Score in centipawns (mate scores as the search gives them), for
	// callers that plot it; the JSON output keeps the text form.
	CP              int `json:"-"`
	score, bestCP   int
	played, bestMov movegen.Move
}

// Annotate searches every move of a game from start as Game does and
// passes each move's note to each as soon as it is known; when each
// returns false it stops there. It returns the notes made.
func Annotate(start *movegen.Position, moves []movegen.Move, cfg Config, each func(MoveNote) bool) []MoveNote {
	pos := start.Clone()
	ev := eval.New(pos.Variant())
	eng := cfg.engine(ev)
	scale := ev.MarginScale()
	var notes []MoveNote
	for i, m := range moves {
		lim := cfg.limits()
		eng.Clear()
		best := eng.Search(pos.Clone(), lim, nil)
		lim.SearchMoves = []movegen.Move{m}
		eng.Clear()
		played := eng.Search(pos.Clone(), lim, nil)
		n := MoveNote{Ply: i + 1, Move: pos.MoveHodges(m), MoveUSI: pos.MoveUSI(m), Score: Score(played.Score),
			Best: pos.MoveHodges(best.Best), BestUSI: pos.MoveUSI(best.Best), BestScore: Score(best.Score),
			CP: played.Score, score: played.Score, bestCP: best.Score, played: m, bestMov: best.Best}
		if best.Best != m && best.Score > played.Score {
			n.Loss = best.Score - played.Score
			if search.IsMate(best.Score) || search.IsMate(played.Score) {
				n.Loss = min(n.Loss, 10000)
			}
		}
		n.Mark = mark(n.Loss, scale)
		if best.Score <= played.Score || best.Best == m {
			n.Best, n.BestUSI, n.BestScore = n.Move, n.MoveUSI, n.Score
		}
		notes = append(notes, n)
		if !each(n) {
			break
		}
		pos.Make(m)
	}
	return notes
}

// Game annotates every move of a game from start: the played move's score
// and the best move's, each searched with cfg's limits (the played move
// alone, then all moves), and a mark for mistakes (?) and blunders (??).
func Game(w io.Writer, start *movegen.Position, moves []movegen.Move, cfg Config) []MoveNote {
	pos := start.Clone()
	if !cfg.JSON {
		fmt.Fprintf(w, "Game from %s, %d plies\n", pos.SFEN(), len(moves))
	}
	notes := Annotate(start, moves, cfg, func(n MoveNote) bool {
		if cfg.JSON {
			writeJSON(w, n)
		} else {
			num := fmt.Sprintf("%d.", (pos.Ply()+2)/2)
			if pos.SideToMove() == movegen.White {
				num = fmt.Sprintf("%d...", (pos.Ply()+1)/2)
			}
			alt := ""
			if n.Best != n.Move {
				alt = fmt.Sprintf("  best %s (usi %s) %s", n.Best, n.BestUSI, n.BestScore)
			}
			fmt.Fprintf(w, "%-6s %-12s %-2s %7s  (usi %s)%s\n", num, n.Move, n.Mark, n.Score, n.MoveUSI, alt)
		}
		flush(w)
		pos.Make(n.played)
		return true
	})
	if o := pos.Outcome(); o.Result != movegen.Ongoing && !cfg.JSON {
		fmt.Fprintf(w, "%s (%s)\n", o.Result, o.Reason)
	}
	marks := map[string]int{}
	for _, n := range notes {
		marks[n.Mark]++
	}
	if !cfg.JSON {
		fmt.Fprintf(w, "mistakes (?) %d, blunders (??) %d\n", marks["?"], marks["??"])
	}
	flush(w)
	return notes
}
