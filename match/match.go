package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand"
	"sort"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Tournament kinds.
const (
	RoundRobin = "round-robin"
	Gauntlet   = "gauntlet"
)

// Config is a whole match.
type Config struct {
	// Variant is the game, as the referee plays it (rule set and options
	// applied).
	Variant *movegen.Variant
	// Engines are the players; in a gauntlet the first plays all others.
	Engines []EngineConfig
	// Tournament is RoundRobin (default) or Gauntlet.
	Tournament string
	// Games per pairing and round (default 2) and Rounds (default 1).
	Games, Rounds int
	// TC is the time control.
	TC TimeControl
	// Concurrency is the number of games played at once (default 1).
	Concurrency int
	// Openings are cycled through; RandomPlies random legal plies are
	// played after each (Seed makes them reproducible). Repeat plays each
	// opening twice, with the colours swapped.
	Openings    []Opening
	RandomPlies int
	Seed        int64
	Repeat      bool
	// Adjudicate holds the score adjudication rules and the move cap.
	Adjudicate Adjudication
	// SPRT, if set, stops the match (of two engines) once decided.
	SPRT *SPRT
	// PGN receives every finished game (may be nil); Notation is "xboard",
	// "usi" or "hodges" ("" picks xboard on boards XBoard can show).
	PGN      io.Writer
	Notation string
	// Event names the match in the PGN.
	Event string
	// Log receives every line between the runner and the engines (may be
	// nil).
	Log io.Writer
	// Out receives the progress lines (may be nil).
	Out io.Writer
	// RatingInterval prints the Elo line every this many games (0: 10).
	RatingInterval int
	// Shard, if set, plays only that part of the match (see Shard); the
	// games keep their numbers in the whole match.
	Shard Shard
}

// Standings are the results so far.
type Standings struct {
	// Names lists the engines in configuration order.
	Names []string
	// Total is each engine's score against all others.
	Total map[string]*Score
	// Pairs holds the score of the first-named engine of each pairing
	// ("A vs B") against the second.
	Pairs map[string]*Score
	// PairOrder lists the pairing keys in schedule order.
	PairOrder []string
	// Pentas holds, for each pairing of Pairs, the first-named engine's
	// complete opening pairs (Game.Pair), and Unpaired counts the
	// pairing's games without a pair number. Where a pairing has none
	// such, the SPRT tests its pairs (the pentanomial model), else its
	// games (the trinomial one).
	Pentas   map[string]*Penta
	Unpaired map[string]int
	// halves holds the first game of each opening pair still waiting for
	// its second, by Game.Pair.
	halves map[int]half
	// Games counts finished games; Faults those ended by an engine fault
	// (crash, stall, illegal move, false claim, time loss).
	Games, Faults int
	// Reasons counts game ends by reason.
	Reasons map[string]int
	// SPRTResult is "H0" or "H1" once the SPRT has decided.
	SPRTResult string
	// Planned is the number of games scheduled (in a shard, the shard's).
	Planned int
}

// half is the first game of an opening pair: its pairing and the points
// the pairing's first-named engine scored in it.
type half struct {
	key    string
	points float64
}

// pairKey names a pairing.
func pairKey(a, b string) string { return a + " vs " + b }

// schedule lists the games of the whole match (every shard). The
// openings, random plies included, are drawn in schedule order whatever
// the shard, so game n has the same opening in every shard and in an
// unsharded run.
func (cfg *Config) schedule() ([]gameSpec, error) {
	var pairs [][2]int
	n := len(cfg.Engines)
	switch cfg.Tournament {
	case RoundRobin, "":
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				pairs = append(pairs, [2]int{i, j})
			}
		}
	case Gauntlet:
		for j := 1; j < n; j++ {
			pairs = append(pairs, [2]int{0, j})
		}
	default:
		return nil, fmt.Errorf("unknown tournament %q (round-robin, gauntlet)", cfg.Tournament)
	}
	var specs []gameSpec
	rng := rand.New(rand.NewSource(cfg.Seed))
	var openings []Opening
	opening := func(k int) (Opening, error) {
		for len(openings) <= k {
			o := Opening{}
			if len(cfg.Openings) > 0 {
				o = cfg.Openings[len(openings)%len(cfg.Openings)]
			}
			o, err := randomPlies(cfg.Variant, o, cfg.RandomPlies, rng)
			if err != nil {
				return o, err
			}
			openings = append(openings, o)
		}
		return openings[k], nil
	}
	// units numbers the opening pairs (pairing, opening) in the order of
	// their first game: the unit of dealing games to shards.
	units := map[[2]int]int{}
	for r := 0; r < cfg.Rounds; r++ {
		for pi, p := range pairs {
			for k := 0; k < cfg.Games; k++ {
				idx := r*cfg.Games + k
				oi := idx
				if cfg.Repeat {
					oi = idx / 2
				}
				o, err := opening(oi)
				if err != nil {
					return nil, err
				}
				a, b := &cfg.Engines[p[0]], &cfg.Engines[p[1]]
				if idx%2 == 1 {
					a, b = b, a
				}
				key := [2]int{pi, oi}
				u, ok := units[key]
				if !ok {
					u = len(units)
					units[key] = u
				}
				specs = append(specs, gameSpec{number: len(specs) + 1, round: r + 1,
					engines: [2]*EngineConfig{a, b}, opening: o, unit: u})
			}
		}
	}
	for i := range specs {
		specs[i].of = len(specs)
	}
	return specs, nil
}

// randomPlies adds n random legal plies to an opening (none that end the
// game): quiet moves of non-royal pieces, drawn uniformly, or any legal
// move where there is none such. A random capture or royal move would hand
// one side the game before it starts (in tai four random plies were
// emperor raids that took an emperor by the third move).
func randomPlies(v *movegen.Variant, o Opening, n int, rng *rand.Rand) (Opening, error) {
	if n == 0 {
		return o, nil
	}
	sfen := o.SFEN
	if sfen == "" {
		sfen = "startpos"
	}
	for try := 0; try < 100; try++ {
		pos, err := movegen.NewPosition(v, sfen)
		if err != nil {
			return o, err
		}
		moves := append([]string(nil), o.Moves...)
		ok := true
		for _, t := range o.Moves {
			m, err := pos.ParseMoveUSI(t)
			if err != nil {
				return o, fmt.Errorf("opening move %s: %v", t, err)
			}
			pos.Make(m)
		}
		var list movegen.MoveList
		var quiet []movegen.Move
		for i := 0; i < n && ok; i++ {
			list.N = 0
			pos.GenerateLegal(&list)
			if list.N == 0 {
				ok = false
				break
			}
			quiet = quiet[:0]
			for _, m := range list.Slice() {
				if !pos.IsCapture(m) && (m.IsDrop() || m.IsPass() || !v.Pieces[pos.At(m.From()).Type()].Royal) {
					quiet = append(quiet, m)
				}
			}
			choice := list.Slice()
			if len(quiet) > 0 {
				choice = quiet
			}
			m := choice[rng.Intn(len(choice))]
			moves = append(moves, pos.MoveUSI(m))
			pos.Make(m)
			ok = pos.Outcome().Result == movegen.Ongoing
		}
		if ok {
			return Opening{SFEN: o.SFEN, Moves: moves}, nil
		}
	}
	return o, fmt.Errorf("no %d random plies from %q keep the game going", n, sfen)
}

// Run plays the match, or its cfg.Shard part. It returns the standings
// when all games are done, the SPRT has decided (not in a shard of a split
// match), or ctx is cancelled (games in progress are then aborted and not
// counted). With a node limit (TC.Nodes) it first starts
// each CECP engine to read its features, and fails before the first game
// if one does not announce feature nps=1.
func Run(ctx context.Context, cfg *Config) (*Standings, error) {
	if cfg.Variant == nil {
		return nil, fmt.Errorf("no variant")
	}
	if len(cfg.Engines) < 2 {
		return nil, fmt.Errorf("a match needs at least two engines")
	}
	names := map[string]bool{}
	for i := range cfg.Engines {
		if err := cfg.Engines[i].check(); err != nil {
			return nil, err
		}
		if names[cfg.Engines[i].Name] {
			return nil, fmt.Errorf("two engines are named %q (use name=)", cfg.Engines[i].Name)
		}
		names[cfg.Engines[i].Name] = true
	}
	if cfg.Games <= 0 {
		cfg.Games = 2
	}
	if cfg.Rounds <= 0 {
		cfg.Rounds = 1
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	if cfg.TC.Hang <= 0 {
		cfg.TC.Hang = 60 * time.Second
	}
	if cfg.RatingInterval <= 0 {
		cfg.RatingInterval = 10
	}
	if cfg.SPRT != nil && len(cfg.Engines) != 2 {
		return nil, fmt.Errorf("the SPRT needs exactly two engines")
	}
	if err := cfg.Shard.check(); err != nil {
		return nil, err
	}
	all, err := cfg.schedule()
	if err != nil {
		return nil, err
	}
	specs := cfg.Shard.pick(all)
	var out io.Writer = io.Discard
	if cfg.Out != nil {
		// The workers announce games while the collector reports them.
		out = &lockedWriter{w: cfg.Out}
	}
	if cfg.Shard.N > 0 {
		fmt.Fprintf(out, "Shard %s: %d of the match's %d games\n", cfg.Shard, len(specs), len(all))
	}
	st := newStandings(cfg.engineNames(), len(specs))
	var logMu sync.Mutex
	logf := func(num int) func(engine, dir, line string) {
		if cfg.Log == nil {
			return nil
		}
		return func(engine, dir, line string) {
			logMu.Lock()
			fmt.Fprintf(cfg.Log, "%s game %d %s %s %s\n", time.Now().Format("15:04:05.000"), num, engine, dir, line)
			logMu.Unlock()
		}
	}
	if cfg.TC.Nodes > 0 {
		// CECP engines take a node limit only through nps: find out
		// before the first game, rather than have them lose every game.
		for i := range cfg.Engines {
			if e := &cfg.Engines[i]; e.Proto == CECP {
				var log func(dir, line string)
				if l := logf(0); l != nil {
					log = func(dir, line string) { l(e.Name, dir, line) }
				}
				if err := checkNodeLimit(e, cfg.TC.Hang, log); err != nil {
					return nil, err
				}
			}
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan gameSpec)
	done := make(chan *Game)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for spec := range todo {
				fmt.Fprintf(out, "Started game %d of %d (%s vs %s)\n", spec.number, len(all), spec.engines[0].Name, spec.engines[1].Name)
				done <- playGame(ctx, cfg, spec, logf(spec.number))
			}
		}()
	}
	go func() {
		defer close(todo)
		for _, s := range specs {
			select {
			case todo <- s:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	for g := range done {
		if g.Result == movegen.Ongoing {
			fmt.Fprintf(out, "Aborted game %d (%s vs %s): %s\n", g.Number, g.Black, g.White, g.Reason)
			continue
		}
		st.add(cfg, g)
		if cfg.PGN != nil {
			if err := WritePGN(cfg.PGN, cfg, g); err != nil {
				fmt.Fprintf(out, "Warning: PGN: %v\n", err)
			}
		}
		fmt.Fprintf(out, "Finished game %d (%s vs %s): %s {%s}\n", g.Number, g.Black, g.White, g.Result, g.Reason)
		key := pairKey(g.Black, g.White)
		if _, ok := st.Pairs[key]; !ok {
			key = pairKey(g.White, g.Black)
		}
		fmt.Fprintf(out, "Score of %s: %s\n", key, st.Pairs[key])
		if st.Games%cfg.RatingInterval == 0 && len(st.PairOrder) == 1 {
			st.writeElo(out, key)
		}
		if cfg.SPRT != nil && st.SPRTResult == "" && !cfg.Shard.Split() {
			if d := cfg.SPRT.Decide(st.llr(cfg.SPRT, pairKey(cfg.Engines[0].Name, cfg.Engines[1].Name))); d != "" {
				st.SPRTResult = d
				fmt.Fprintf(out, "SPRT: %s accepted after %d games; stopping\n", d, st.Games)
				cancel()
			}
		}
	}
	fmt.Fprintln(out)
	st.Write(out, cfg)
	return st, nil
}

// newStandings returns empty standings of the engines names (in
// configuration order) for planned games.
func newStandings(names []string, planned int) *Standings {
	st := &Standings{Total: map[string]*Score{}, Pairs: map[string]*Score{}, Pentas: map[string]*Penta{},
		Unpaired: map[string]int{}, halves: map[int]half{}, Reasons: map[string]int{}, Planned: planned}
	for _, n := range names {
		st.Names = append(st.Names, n)
		st.Total[n] = &Score{}
	}
	return st
}

// engineNames lists the engines' names in configuration order.
func (cfg *Config) engineNames() []string {
	var names []string
	for _, e := range cfg.Engines {
		names = append(names, e.Name)
	}
	return names
}

// add counts a finished game.
func (st *Standings) add(cfg *Config, g *Game) {
	st.Games++
	if g.Faulty != "" {
		st.Faults++
	}
	st.Reasons[clip2(g.Reason)]++ // as the PGN has it, so Merge counts the same
	key, first := pairKey(g.Black, g.White), g.Black
	if _, ok := st.Pairs[key]; !ok {
		if _, ok := st.Pairs[pairKey(g.White, g.Black)]; ok {
			key, first = pairKey(g.White, g.Black), g.White
		} else {
			// The pairing's order follows the configuration.
			for _, n := range st.Names {
				if n == g.White {
					key, first = pairKey(g.White, g.Black), g.White
					break
				}
				if n == g.Black {
					break
				}
			}
			st.Pairs[key] = &Score{}
			st.Pentas[key] = &Penta{}
			st.PairOrder = append(st.PairOrder, key)
		}
	}
	ps := st.Pairs[key]
	bs, ws := st.Total[g.Black], st.Total[g.White]
	points := 0.5 // the first-named engine's
	switch g.Result {
	case movegen.BlackWins:
		bs.W++
		ws.L++
		if first == g.Black {
			ps.W++
			points = 1
		} else {
			ps.L++
			points = 0
		}
	case movegen.WhiteWins:
		ws.W++
		bs.L++
		if first == g.White {
			ps.W++
			points = 1
		} else {
			ps.L++
			points = 0
		}
	default:
		bs.D++
		ws.D++
		ps.D++
	}
	switch h, ok := st.halves[g.Pair]; {
	case g.Pair == 0:
		st.Unpaired[key]++
	case ok && h.key == key:
		delete(st.halves, g.Pair)
		st.Pentas[key][int(2*(h.points+points))]++
	default:
		st.halves[g.Pair] = half{key, points}
	}
}

// pentanomial reports whether the SPRT tests the pairing key by its
// opening pairs: every game of it so far has one (Game.Pair).
func (st *Standings) pentanomial(key string) bool {
	return st.Pairs[key] != nil && st.Pairs[key].N() > 0 && st.Unpaired[key] == 0
}

// llr is t's log-likelihood ratio for the pairing key: of its complete
// opening pairs where the pentanomial model applies, else of its games.
func (st *Standings) llr(t *SPRT, key string) float64 {
	switch {
	case st.pentanomial(key):
		return t.LLRPenta(*st.Pentas[key])
	case st.Pairs[key] != nil:
		return t.LLR(*st.Pairs[key])
	}
	return 0
}

// writeElo prints cutechess's Elo line for a pairing.
func (st *Standings) writeElo(w io.Writer, key string) {
	s := st.Pairs[key]
	elo, margin := s.Elo()
	fmt.Fprintf(w, "Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", fmtElo(elo), fmtElo(margin), 100*s.LOS(), 100*s.DrawRatio())
	if math.IsInf(margin, 1) && s.N() > 0 {
		lo, hi := s.WilsonElo()
		fmt.Fprintf(w, "Elo 95%% interval (Wilson): [%s, %s]\n", fmtElo(lo), fmtElo(hi))
	}
	if st.pentanomial(key) {
		fmt.Fprintln(w, st.Pentas[key])
	}
}

func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1) || math.IsNaN(x):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%.1f", x+0) // +0 turns -0 into 0
}

// Write prints the final report: the score and Elo lines of every pairing,
// the table of engines, the SPRT verdict, and the game ends by reason.
func (st *Standings) Write(w io.Writer, cfg *Config) {
	for _, key := range st.PairOrder {
		fmt.Fprintf(w, "Score of %s: %s\n", key, st.Pairs[key])
		st.writeElo(w, key)
	}
	if cfg.SPRT != nil {
		key := pairKey(cfg.Engines[0].Name, cfg.Engines[1].Name)
		model := "trinomial, by game"
		if st.pentanomial(key) {
			model = fmt.Sprintf("pentanomial, %d pairs", st.Pentas[key].N())
		}
		lo, hi := cfg.SPRT.Bounds()
		verdict := st.SPRTResult
		switch {
		case verdict != "":
		case cfg.Shard.Split():
			verdict = "not tested in one shard (kirin match merge tests all shards' games)"
		default:
			verdict = "undecided"
		}
		fmt.Fprintf(w, "SPRT (elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.2f (%s), bounds [%.2f, %.2f]: %s\n",
			cfg.SPRT.Elo0, cfg.SPRT.Elo1, cfg.SPRT.Alpha, cfg.SPRT.Beta, st.llr(cfg.SPRT, key), model, lo, hi, verdict)
	}
	fmt.Fprintf(w, "\n%4s %-24s %7s %7s %6s %7s %6s\n", "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw")
	names := append([]string(nil), st.Names...)
	sort.SliceStable(names, func(i, j int) bool { return st.Total[names[i]].Ratio() > st.Total[names[j]].Ratio() })
	for i, n := range names {
		s := st.Total[n]
		elo, margin := s.Elo()
		fmt.Fprintf(w, "%4d %-24s %7s %7s %6d %6.1f%% %5.1f%%\n", i+1, n, fmtElo(elo), fmtElo(margin), s.N(), 100*s.Ratio(), 100*s.DrawRatio())
	}
	fmt.Fprintf(w, "\n%d of %d games played", st.Games, st.Planned)
	if st.Faults > 0 {
		fmt.Fprintf(w, ", %d ended by an engine fault", st.Faults)
	}
	fmt.Fprintln(w)
	var reasons []string
	for r := range st.Reasons {
		reasons = append(reasons, r)
	}
	sort.Slice(reasons, func(i, j int) bool {
		if st.Reasons[reasons[i]] != st.Reasons[reasons[j]] {
			return st.Reasons[reasons[i]] > st.Reasons[reasons[j]]
		}
		return reasons[i] < reasons[j]
	})
	for _, r := range reasons {
		fmt.Fprintf(w, "  %4d  %s\n", st.Reasons[r], r)
	}
}

// lockedWriter serialises writes to w from several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
