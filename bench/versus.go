package bench

import (
	"fmt"
	"io"
	"math"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// Player is one side of an engine match: an evaluator and the limits of
// every one of its searches. Versus gives each player its own engine, so
// the two share no table.
type Player struct {
	// Name labels the player in reports.
	Name string
	// Eval scores positions for this player's search.
	Eval search.Evaluator
	// Limits bound each search (set Depth or Nodes: with neither the
	// search would run to the maximum depth).
	Limits search.Limits
	// HashMB is the table size of this player's engine (default 16).
	HashMB int
	// Contempt is the search's draw contempt (search.Options.Contempt).
	Contempt int
	// Params are the search's numbers (search.Options.Params; the zero
	// Params: the defaults).
	Params search.Params
}

// VersusOptions configures a match between two players.
type VersusOptions struct {
	// Games is the number of games. Games come in pairs that share a random
	// opening, the first player taking Black (sente) in the first game of
	// a pair and White in the second.
	Games int
	// Seed seeds the opening generator.
	Seed int64
	// OpeningPlies is the number of random legal plies played before the
	// engines take over (0 = 4; negative = none), so that a match between
	// deterministic engines does not repeat one game.
	OpeningPlies int
	// MoveLimit draws a game after this many plies, opening included
	// (0 = 600).
	MoveLimit int
	// Concurrency is how many games are played at once (0 or 1: one at a
	// time), each by a pair of engines of its own. The games, their order
	// in the report and Progress's calls are the same at any concurrency:
	// the openings are drawn before play, every engine is cleared before
	// each game, and finished games are reported in game order.
	Concurrency int
	// Progress, if not nil, is called after each game, in game order, from
	// the goroutine that called Versus.
	Progress func(VersusGame)
}

// VersusGame is the record of one game of a match.
type VersusGame struct {
	// Number counts games from 1.
	Number int
	// FirstColor is the colour the first player had.
	FirstColor movegen.Color
	// Opening is the number of random plies at the start of Moves.
	Opening int
	// Moves are all plies of the game in USI notation.
	Moves []string
	// Reports holds the searching engine's report for each ply after the
	// opening: Reports[i] is Moves[Opening+i]'s.
	Reports []VersusReply
	// Players names the first and the second player.
	Players [2]string
	// Outcome is the referee's verdict (Position.Outcome after the last
	// move), or a forfeit with reason "illegal move" or "no move".
	Outcome movegen.Outcome
	// Score is the first player's score: 1, 0.5 or 0.
	Score float64
	// Fault describes a search that returned an illegal move or none while
	// the game went on; the side at fault loses the game. Empty if none.
	Fault string
	// FinalSFEN is the last position.
	FinalSFEN string
	// Material is the material balance of the last position (PieceInfo
	// values on the board and in hand) from the first player's side.
	Material int
	// Elapsed is the game's wall time.
	Elapsed time.Duration
}

// VersusReply is what a player's search reported for the move it played.
type VersusReply struct {
	// Score is from the mover's side, in the search's units (centipawns,
	// or a decided game as search.IsMate reads it); Depth is the last
	// completed iteration's; Time is what the search took.
	Score, Depth int
	Time         time.Duration
}

// VersusReport is the outcome of a match, from the first player's side.
type VersusReport struct {
	// Variant is the game's name; First and Second the players' names.
	Variant, First, Second string
	// Games holds every game in order.
	Games []VersusGame
	// Wins, Losses and Draws count the first player's results.
	Wins, Losses, Draws int
	// Reasons counts game ends by "result reason", e.g. "win royal captured"
	// (the result from the first player's side).
	Reasons map[string]int
	// Faults counts games forfeited by an illegal or missing move.
	Faults int
	// Elapsed is the wall time of the match.
	Elapsed time.Duration
}

// Versus plays a match of o.Games games of variant v between players a and
// b. Every game starts from the variant's start position and a seeded random
// opening shared by the two games of a pair; the engines are cleared before
// each game. After every ply the move is checked against the legal moves
// and Position.Outcome decides whether the game has ended; a game that
// reaches the move limit is a draw. With o.Concurrency above 1 that many
// games are played at once (VersusOptions.Concurrency).
func Versus(v *movegen.Variant, a, b Player, o VersusOptions) VersusReport {
	if o.OpeningPlies == 0 {
		o.OpeningPlies = 4
	}
	if o.MoveLimit <= 0 {
		o.MoveLimit = 600
	}
	rep := VersusReport{Variant: v.Name, First: a.Name, Second: b.Name, Reasons: map[string]int{}}
	start := time.Now()
	rng := rand.New(rand.NewSource(o.Seed))
	openings := make([][]movegen.Move, (o.Games+1)/2)
	for i := range openings {
		openings[i] = randomOpening(v, o.OpeningPlies, o.MoveLimit, rng)
	}
	games := make([]VersusGame, o.Games)
	// The games to play, queued up front for the workers; done carries
	// each finished game's index back.
	next, done := make(chan int, o.Games), make(chan int)
	for g := range o.Games {
		next <- g
	}
	close(next)
	var wg sync.WaitGroup
	for range min(max(o.Concurrency, 1), max(o.Games, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			engines := [2]*search.Engine{newEngine(a), newEngine(b)}
			limits := [2]search.Limits{a.Limits, b.Limits}
			mat := eval.NewMaterial(v)
			for g := range next {
				first := movegen.Black
				if g%2 == 1 {
					first = movegen.White
				}
				for _, e := range engines {
					e.Clear()
				}
				game := playVersus(v, mat, engines, limits, first, openings[g/2], o.MoveLimit)
				game.Number = g + 1
				game.Players = [2]string{a.Name, b.Name}
				games[g] = game
				done <- g
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	finished := make([]bool, o.Games)
	reported := 0
	for g := range done {
		finished[g] = true
		for reported < o.Games && finished[reported] {
			rep.add(games[reported])
			if o.Progress != nil {
				o.Progress(games[reported])
			}
			reported++
		}
	}
	rep.Elapsed = time.Since(start)
	return rep
}

// VersusMaterial plays the full engine (eval.New, with limits full, the
// search numbers params, the zero Params for the defaults, and the
// engine's playing contempt, search.DefaultContempt) against a 1-ply
// material-only engine (eval.NewMaterial at Depth 1; the search's
// quiescence still resolves captures).
func VersusMaterial(v *movegen.Variant, full search.Limits, params search.Params, o VersusOptions) VersusReport {
	name := "full " + describeLimits(full)
	if s := params.String(); params != (search.Params{}) && s != "default" {
		name += ", " + s
	}
	a := Player{Name: name, Eval: eval.New(v), Limits: full, Contempt: search.DefaultContempt, Params: params}
	b := Player{Name: "material depth 1", Eval: eval.NewMaterial(v), Limits: search.Limits{Depth: 1}}
	return Versus(v, a, b, o)
}

// describeLimits names a fixed-depth or fixed-node limit.
func describeLimits(l search.Limits) string {
	var parts []string
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", l.Nodes))
	}
	if len(parts) == 0 {
		return "unlimited"
	}
	return strings.Join(parts, ", ")
}

func newEngine(p Player) *search.Engine {
	mb := p.HashMB
	if mb <= 0 {
		mb = 16
	}
	return search.New(p.Eval, search.Options{HashMB: mb, Threads: 1, Contempt: p.Contempt, Params: p.Params})
}

// randomOpening draws up to n random legal plies from the start position,
// uniformly among the moves of non-royal pieces (a king walk, or in tai an
// emperor jump across the board, is no opening), stopping early rather than
// playing a ply that ends the game.
func randomOpening(v *movegen.Variant, n, limit int, rng *rand.Rand) []movegen.Move {
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		return nil
	}
	pos.SetMoveLimit(limit)
	var moves, choice []movegen.Move
	var list movegen.MoveList
	for len(moves) < n {
		list.N = 0
		pos.GenerateLegal(&list)
		choice = choice[:0]
		for _, m := range list.Slice() {
			if m.IsDrop() || m.IsPass() || !v.Pieces[pos.At(m.From()).Type()].Royal {
				choice = append(choice, m)
			}
		}
		if len(choice) == 0 {
			break
		}
		m := choice[rng.Intn(len(choice))]
		pos.Make(m)
		if pos.Outcome().Result != movegen.Ongoing {
			break
		}
		moves = append(moves, m)
	}
	return moves
}

// playVersus plays one game: engines[0] has colour first, engines[1] the
// other. It returns the record with the score from engines[0]'s side.
func playVersus(v *movegen.Variant, mat *eval.Evaluator, engines [2]*search.Engine, limits [2]search.Limits, first movegen.Color, opening []movegen.Move, moveLimit int) VersusGame {
	start := time.Now()
	game := VersusGame{FirstColor: first, Opening: len(opening)}
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		game.Fault = err.Error()
		game.Outcome = movegen.Outcome{Result: movegen.Draw, Reason: "set-up error"}
		game.Score = 0.5
		return game
	}
	pos.SetMoveLimit(moveLimit)
	for _, m := range opening {
		game.Moves = append(game.Moves, pos.MoveUSI(m))
		pos.Make(m)
	}
	var list movegen.MoveList
	for {
		out := pos.Outcome()
		if out.Result != movegen.Ongoing {
			game.Outcome = out
			break
		}
		us := pos.SideToMove()
		i := 0
		if us != first {
			i = 1
		}
		r := engines[i].Search(pos, limits[i], nil)
		list.N = 0
		pos.GenerateLegal(&list)
		if !contains(list.Slice(), r.Best) {
			reason := "illegal move"
			if r.Best == movegen.NullMove {
				reason = "no move"
			}
			game.Fault = fmt.Sprintf("ply %d (%s): %s returned %s", pos.Ply()+1, pos.SFEN(), side(i), reason)
			if r.Best != movegen.NullMove {
				game.Fault += " " + pos.MoveUSI(r.Best)
			}
			game.Outcome = movegen.Outcome{Result: movegen.Win(us.Other()), Reason: reason}
			break
		}
		game.Moves = append(game.Moves, pos.MoveUSI(r.Best))
		game.Reports = append(game.Reports, VersusReply{Score: r.Score, Depth: r.Depth, Time: r.Time})
		pos.Make(r.Best)
	}
	game.FinalSFEN = pos.SFEN()
	game.Material = mat.Evaluate(pos)
	if pos.SideToMove() != first {
		game.Material = -game.Material
	}
	switch game.Outcome.Result {
	case movegen.Win(first):
		game.Score = 1
	case movegen.Draw:
		game.Score = 0.5
	}
	game.Elapsed = time.Since(start)
	return game
}

func side(i int) string {
	if i == 0 {
		return "first player"
	}
	return "second player"
}

func contains(moves []movegen.Move, m movegen.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// add records a finished game.
func (r *VersusReport) add(g VersusGame) {
	r.Games = append(r.Games, g)
	res := "draw"
	switch g.Score {
	case 1:
		r.Wins++
		res = "win"
	case 0:
		r.Losses++
		res = "loss"
	default:
		r.Draws++
	}
	r.Reasons[res+" "+g.Outcome.Reason]++
	if g.Fault != "" {
		r.Faults++
	}
}

// Score returns the first player's mean score per game (0 to 1), and the
// standard error of that mean computed from the spread of the game scores.
func (r VersusReport) Score() (mean, stderr float64) {
	n := float64(len(r.Games))
	if n == 0 {
		return 0, 0
	}
	var sum, sq float64
	for _, g := range r.Games {
		sum += g.Score
		sq += g.Score * g.Score
	}
	mean = sum / n
	variance := sq/n - mean*mean
	if variance < 0 {
		variance = 0
	}
	return mean, math.Sqrt(variance / n)
}

// Elo returns the first player's Elo difference estimated from its score s
// with the logistic model, elo = -400 log10(1/s - 1), and the bounds of the
// 95% interval, the same formula applied to s ± 1.96 standard errors.
// A score of 0 or 1 gives an infinite estimate; the bounds are then
// infinite too, since the sample has no spread (use EloLowerBound).
func (r VersusReport) Elo() (elo, lo, hi float64) {
	s, se := r.Score()
	return eloOf(s), eloOf(s - 1.96*se), eloOf(s + 1.96*se)
}

// EloLowerBound returns, for a match the first player won outright, the
// Elo of the exact one-sided 97.5% binomial lower bound of its score,
// 0.025^(1/n); for any other match it returns NaN.
func (r VersusReport) EloLowerBound() float64 {
	n := len(r.Games)
	if n == 0 || r.Wins != n {
		return math.NaN()
	}
	return eloOf(math.Pow(0.025, 1/float64(n)))
}

// eloOf converts a score fraction into an Elo difference.
func eloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// Summary returns a one-line summary of the game, a game of variant.
func (g VersusGame) Summary(variant string) string {
	colour := colourName(g.FirstColor)
	res := "draw"
	switch g.Score {
	case 1:
		res = "win "
	case 0:
		res = "loss"
	}
	line := fmt.Sprintf("%s game %3d: first player %s, %s by %-17s %4d plies, material %+6d, %6.1fs, opening %s",
		variant, g.Number, colour, res, g.Outcome.Reason, len(g.Moves), g.Material, g.Elapsed.Seconds(),
		strings.Join(g.Moves[:min(g.Opening, len(g.Moves))], " "))
	if g.Fault != "" {
		line += "  FAULT: " + g.Fault
	}
	return line
}

// Plies returns the minimum, median, mean and maximum game length in plies.
func (r VersusReport) Plies() (lo, median int, mean float64, hi int) {
	if len(r.Games) == 0 {
		return 0, 0, 0, 0
	}
	p := make([]int, len(r.Games))
	sum := 0
	for i, g := range r.Games {
		p[i] = len(g.Moves)
		sum += p[i]
	}
	sort.Ints(p)
	return p[0], p[len(p)/2], float64(sum) / float64(len(p)), p[len(p)-1]
}

// Write prints the match summary: the first player's results, score, Elo
// with its 95% interval, game lengths and the reasons the games ended.
func (r VersusReport) Write(w io.Writer) {
	s, se := r.Score()
	elo, lo, hi := r.Elo()
	fmt.Fprintf(w, "Variant: %s\n%s vs %s\n", r.Variant, r.First, r.Second)
	fmt.Fprintf(w, "Games: %d  +%d -%d =%d  score %.1f%% ± %.1f%%\n", len(r.Games), r.Wins, r.Losses, r.Draws, 100*s, 196*se)
	if lb := r.EloLowerBound(); !math.IsNaN(lb) {
		fmt.Fprintf(w, "Elo: +inf (every game won; 95%% lower bound %+.0f by the exact binomial)\n", lb)
	} else {
		fmt.Fprintf(w, "Elo: %s (95%%: %s to %s)\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	}
	pmin, pmed, pmean, pmax := r.Plies()
	fmt.Fprintf(w, "Plies: min %d, median %d, mean %.1f, max %d\n", pmin, pmed, pmean, pmax)
	for _, k := range r.reasonKeys() {
		fmt.Fprintf(w, "  %-28s %d\n", k, r.Reasons[k])
	}
	for _, c := range []movegen.Color{movegen.Black, movegen.White} {
		fmt.Fprintf(w, "As %s: %s\n", colourName(c), r.ByColour(c))
	}
	fmt.Fprintf(w, "Faults: %d\nTime: %.1fs\n", r.Faults, r.Elapsed.Seconds())
}

// ByColour returns the report of the games in which the first player had
// colour c (Elapsed left at 0). A weak opponent can play each colour in its
// own way (the 1-ply material player breaks ties by move order), so a
// match's total can hide two different results.
func (r VersusReport) ByColour(c movegen.Color) VersusReport {
	out := VersusReport{Variant: r.Variant, First: r.First, Second: r.Second, Reasons: map[string]int{}}
	for _, g := range r.Games {
		if g.FirstColor == c {
			out.add(g)
		}
	}
	return out
}

// String returns the report's results in one line: games, wins, losses,
// draws and the reasons the games ended.
func (r VersusReport) String() string {
	line := fmt.Sprintf("games %d, +%d -%d =%d", len(r.Games), r.Wins, r.Losses, r.Draws)
	var ends []string
	for _, k := range r.reasonKeys() {
		ends = append(ends, fmt.Sprintf("%s %d", k, r.Reasons[k]))
	}
	if len(ends) > 0 {
		line += "  (" + strings.Join(ends, ", ") + ")"
	}
	return line
}

// reasonKeys returns the keys of Reasons in order.
func (r VersusReport) reasonKeys() []string {
	keys := make([]string, 0, len(r.Reasons))
	for k := range r.Reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// colourName names a side as the game records do.
func colourName(c movegen.Color) string {
	if c == movegen.White {
		return "white"
	}
	return "black"
}

// TableHeader is the header line of the table TableRow writes.
const TableHeader = "variant   games    +    -    =   score      elo (95%)              plies mean/max  time"

// TableRow returns the report as one row of a summary table under
// TableHeader.
func (r VersusReport) TableRow() string {
	s, _ := r.Score()
	elo, lo, hi := r.Elo()
	eloText := fmt.Sprintf("%s [%s, %s]", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if lb := r.EloLowerBound(); !math.IsNaN(lb) {
		eloText = fmt.Sprintf("+inf [>%+.0f]", lb)
	}
	_, _, pmean, pmax := r.Plies()
	return fmt.Sprintf("%-9s %5d %4d %4d %4d  %6.1f%%  %-22s %6.1f/%-5d %6.0fs",
		r.Variant, len(r.Games), r.Wins, r.Losses, r.Draws, 100*s, eloText, pmean, pmax, r.Elapsed.Seconds())
}

func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case x == 0:
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}
