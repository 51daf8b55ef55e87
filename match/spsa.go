package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// SPSAUsage is the command line help of `kirin match spsa`.
const SPSAUsage = `usage: kirin match spsa --variant V --engine SPEC --param NAME=START,MIN,MAX,C_END[,R_END]... --pairs N [options]
  Tunes an engine's numbers by SPSA (simultaneous perturbation stochastic approximation, with fishtest's
  gain schedules). Each game pair plays the engine with every number moved by +c or -c (the signs drawn
  at random) against the engine with the opposite moves, from one opening with the colours swapped, and
  then moves each number by r c times the pair's result (the + side's wins minus its losses) towards its
  + side. c and r shrink over the run to C_END and R_END at its last pair.
  --engine SPEC          the engine, in kirin match's engine fields; both sides of every pair run it
  --param NAME=START,MIN,MAX,C_END[,R_END]
                         a number to tune: its start, its range, the perturbation at the last pair and
                         the learning rate there (default 0.002); the engine gets whole numbers (each
                         value rounded up or down at random, in proportion, so that none is lost)
  --pairs N              game pairs in the whole run (the gain schedules run over N)
  --into OPTION          the engine option that takes the numbers as one list NAME=V,NAME=V (default
                         SearchParams, Kirin's search numbers; EvalWeights takes its evaluation weights);
                         --into each sets each number as its own option; a --param named OPTION:NAME
                         goes into OPTION whatever --into says (search numbers and weights in one run)
  --state FILE           the run's state: read at start if the file exists (the run goes on after its
                         last finished pair, with the same --param, --pairs and --seed), rewritten after
                         every pair
  --report N             print the numbers every N pairs (default 10)
  --variant, --variant-file, --ruleset, --option, --tc, --st, --depth, --nodes, --timemargin, --hang,
  --concurrency (pairs at once), --openings, --random-plies, --seed, --maxplies, --resign, --draw,
  --pgn, --log: as for kirin match; pair k plays the opening --seed and k draw
`

// The gain schedules' exponents (Spall's; fishtest's too).
const (
	spsaAlpha = 0.602
	spsaGamma = 0.101
)

// SPSAParam is one number an SPSA run tunes.
type SPSAParam struct {
	// Name is the engine's name for it.
	Name string
	// Start is where the run began and Value the current estimate, within
	// [Min, Max].
	Start, Min, Max, Value float64
	// CEnd is the perturbation and REnd the learning rate at the run's
	// last pair.
	CEnd, REnd float64
}

// SPSA is the state of a tuning run.
type SPSA struct {
	// Params are the numbers, in the order of the command line.
	Params []SPSAParam
	// Pairs is the run's length, Done the pairs finished.
	Pairs, Done int
	// Seed draws each pair's opening, signs and roundings.
	Seed int64
	// Wins, Losses and Draws count the + sides' games.
	Wins, Losses, Draws int
}

// gains returns the perturbation c and the step factor (the learning rate
// times c: a number moves by it times the pair's result) of parameter i at
// pair k (from 1): c = C_END (N/k)^γ, a = R_END C_END² ((A+N)/(A+k))^α with
// A a tenth of N, step a/c.
func (s *SPSA) gains(i, k int) (c, step float64) {
	p := &s.Params[i]
	n, kf := float64(s.Pairs), float64(k)
	a := 0.1 * n
	c = p.CEnd * math.Pow(n/kf, spsaGamma)
	ak := p.REnd * p.CEnd * p.CEnd * math.Pow((a+n)/(a+kf), spsaAlpha)
	return c, ak / c
}

// spsaPoint is what pair k plays: the + and − sides' whole numbers and the
// signs of the + side's moves.
type spsaPoint struct {
	k           int
	plus, minus []int
	flip        []float64
}

// point draws pair k's signs and roundings with rng, around the current
// estimates.
func (s *SPSA) point(k int, rng *rand.Rand) spsaPoint {
	pt := spsaPoint{k: k}
	for i := range s.Params {
		p := &s.Params[i]
		c, _ := s.gains(i, k)
		f := float64(1)
		if rng.Intn(2) == 0 {
			f = -1
		}
		pt.flip = append(pt.flip, f)
		pt.plus = append(pt.plus, p.round(p.Value+c*f, rng))
		pt.minus = append(pt.minus, p.round(p.Value-c*f, rng))
	}
	return pt
}

// round clamps x to the range and rounds it up or down at random, up with
// the probability of its fraction, so that on average the engine plays x.
func (p *SPSAParam) round(x float64, rng *rand.Rand) int {
	x = min(max(x, p.Min), p.Max)
	n := math.Floor(x)
	if rng.Float64() < x-n {
		n++
	}
	return int(min(max(n, math.Ceil(p.Min)), math.Floor(p.Max)))
}

// update moves the estimates by pair pt's result (the + side's wins minus
// its losses) and counts the pair done.
func (s *SPSA) update(pt spsaPoint, result int) {
	for i := range s.Params {
		p := &s.Params[i]
		_, step := s.gains(i, pt.k)
		p.Value = min(max(p.Value+step*float64(result)*pt.flip[i], p.Min), p.Max)
	}
	s.Done++
}

// Rounded writes the estimates as whole numbers, NAME=V separated by
// commas.
func (s *SPSA) Rounded() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprintf("%s=%d", p.Name, int(math.Round(p.Value)))
	}
	return strings.Join(parts, ",")
}

// estimates writes the estimates to two decimals.
func (s *SPSA) estimates() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprintf("%s %.2f", p.Name, p.Value)
	}
	return strings.Join(parts, ", ")
}

// ParseSPSAParam reads NAME=START,MIN,MAX,C_END[,R_END].
func ParseSPSAParam(s string) (SPSAParam, error) {
	name, rest, ok := strings.Cut(s, "=")
	f := strings.Split(rest, ",")
	if !ok || name == "" || strings.ContainsAny(name, " \t,") || len(f) < 4 || len(f) > 5 {
		return SPSAParam{}, fmt.Errorf("--param %q: want NAME=START,MIN,MAX,C_END[,R_END]", s)
	}
	var x [5]float64
	x[4] = 0.002
	for i, t := range f {
		v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPSAParam{}, fmt.Errorf("--param %q: %q is not a number", s, t)
		}
		x[i] = v
	}
	p := SPSAParam{Name: name, Start: x[0], Min: x[1], Max: x[2], CEnd: x[3], REnd: x[4], Value: x[0]}
	switch {
	case p.Min >= p.Max || math.Ceil(p.Min) > math.Floor(p.Max):
		return p, fmt.Errorf("--param %s: MIN %g must be below MAX %g, with a whole number between", name, p.Min, p.Max)
	case p.Start < p.Min || p.Start > p.Max:
		return p, fmt.Errorf("--param %s: START %g is outside [%g, %g]", name, p.Start, p.Min, p.Max)
	case p.CEnd <= 0 || p.REnd <= 0:
		return p, fmt.Errorf("--param %s: C_END and R_END must be above 0", name)
	}
	return p, nil
}

// WriteState writes the run's state in the form ReadSPSAState reads.
func (s *SPSA) WriteState(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "# kirin match spsa state, rewritten after every pair")
	fmt.Fprintf(b, "pairs %d\ndone %d\nseed %d\nscore %d %d %d\n", s.Pairs, s.Done, s.Seed, s.Wins, s.Losses, s.Draws)
	for _, p := range s.Params {
		fmt.Fprintf(b, "param %s %s %s %s %s %s %s\n", p.Name, fmtF(p.Start), fmtF(p.Min), fmtF(p.Max), fmtF(p.CEnd), fmtF(p.REnd), fmtF(p.Value))
	}
	return b.Flush()
}

func fmtF(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// ReadSPSAState reads a state WriteState wrote.
func ReadSPSAState(r io.Reader) (*SPSA, error) {
	s := &SPSA{}
	sc := bufio.NewScanner(r)
	have := map[string]bool{}
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := fmt.Errorf("line %d: cannot read %q", line, sc.Text())
		if f[0] == "param" {
			if len(f) != 8 {
				return nil, bad
			}
			var x [6]float64
			for i := range x {
				v, err := strconv.ParseFloat(f[i+2], 64)
				if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, bad
				}
				x[i] = v
			}
			p := SPSAParam{Name: f[1], Start: x[0], Min: x[1], Max: x[2], CEnd: x[3], REnd: x[4], Value: x[5]}
			if p.Min >= p.Max || p.Value < p.Min || p.Value > p.Max || p.CEnd <= 0 || p.REnd <= 0 {
				return nil, bad
			}
			s.Params = append(s.Params, p)
			continue
		}
		want := map[string]int{"pairs": 1, "done": 1, "seed": 1, "score": 3}[f[0]]
		if want == 0 || len(f) != want+1 || have[f[0]] {
			return nil, bad
		}
		var n [3]int64
		for i := range want {
			v, err := strconv.ParseInt(f[i+1], 10, 64)
			if err != nil || v < 0 && f[0] != "seed" {
				return nil, bad
			}
			n[i] = v
		}
		have[f[0]] = true
		switch f[0] {
		case "pairs":
			s.Pairs = int(n[0])
		case "done":
			s.Done = int(n[0])
		case "seed":
			s.Seed = n[0]
		case "score":
			s.Wins, s.Losses, s.Draws = int(n[0]), int(n[1]), int(n[2])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !have["pairs"] || !have["done"] || !have["seed"] || len(s.Params) == 0 || s.Pairs <= 0 || s.Done < 0 || s.Done > s.Pairs {
		return nil, fmt.Errorf("not a complete state (pairs, done, seed and a param line needed; done at most pairs)")
	}
	return s, nil
}

// sameRun reports how a state read from a file differs from the run the
// command line asks for ("" if it does not).
func (s *SPSA) sameRun(o *SPSA) string {
	if s.Pairs != o.Pairs || s.Seed != o.Seed {
		return fmt.Sprintf("it has --pairs %d --seed %d", s.Pairs, s.Seed)
	}
	if len(s.Params) != len(o.Params) {
		return fmt.Sprintf("it tunes %d numbers", len(s.Params))
	}
	for i, p := range s.Params {
		q := o.Params[i]
		if p.Name != q.Name || p.Start != q.Start || p.Min != q.Min || p.Max != q.Max || p.CEnd != q.CEnd || p.REnd != q.REnd {
			return fmt.Sprintf("its param %d is %s=%s,%s,%s,%s,%s", i+1, p.Name, fmtF(p.Start), fmtF(p.Min), fmtF(p.Max), fmtF(p.CEnd), fmtF(p.REnd))
		}
	}
	return ""
}

// SPSARun is an SPSA run's setting besides its state.
type SPSARun struct {
	// Config holds the game, the engine (Engines[0]), the clock, the
	// openings and the outputs, as for a match.
	Config
	// Into is the engine option that takes every number as one list
	// ("each": each number is its own option).
	Into string
	// Report prints the estimates every Report pairs (0: 10).
	Report int
	// Save is called with the state after every pair (nil: not saved).
	Save func(*SPSA) error

	params []string   // the numbers' names, in order
	pairs  int        // the run's length
	logMu  sync.Mutex // serialises the log and PGN writes
}

// spsaPair plays pair pt and returns the + side's wins minus its losses,
// or ok false when a game was aborted.
type spsaPair func(ctx context.Context, pt spsaPoint, opening Opening) (wins, losses, draws int, ok bool)

// RunSPSA plays run's pairs from s.Done+1 to s.Pairs, Concurrency at a
// time, updating s after each, until all are done or ctx is cancelled.
func RunSPSA(ctx context.Context, run *SPSARun, s *SPSA) error {
	if run.Variant == nil || len(run.Engines) != 1 {
		return fmt.Errorf("an SPSA run needs a variant and one engine")
	}
	if err := run.Engines[0].check(); err != nil {
		return err
	}
	if run.TC.Hang <= 0 {
		run.TC.Hang = 60 * time.Second
	}
	run.params, run.pairs = nil, s.Pairs
	for _, p := range s.Params {
		run.params = append(run.params, p.Name)
	}
	if run.Engines[0].Proto == USI {
		rng := rand.New(rand.NewSource(s.Seed))
		if err := run.probe(s.point(max(s.Done, 1), rng)); err != nil {
			return err
		}
	}
	if err := s.run(ctx, &run.Config, run.Report, run.Save, run.play); err != nil {
		return err
	}
	if run.Out != nil {
		// The estimates as the engine fields that play them.
		vals := make([]int, len(s.Params))
		for i, p := range s.Params {
			vals[i] = int(math.Round(min(max(p.Value, math.Ceil(p.Min)), math.Floor(p.Max))))
		}
		var opts []string
		for _, o := range run.added(run.side("tuned", vals)) {
			opts = append(opts, "option."+o.Name+"="+o.Value)
		}
		fmt.Fprintf(run.Out, "As engine fields: %s\n", strings.Join(opts, " "))
	}
	return nil
}

// play plays pair pt between the engine at the + point and the engine at
// the − point.
func (run *SPSARun) play(ctx context.Context, pt spsaPoint, o Opening) (wins, losses, draws int, ok bool) {
	plus, minus := run.side("plus", pt.plus), run.side("minus", pt.minus)
	// The pair's own match, for the PGN's tags.
	cfg := run.Config
	cfg.Engines = []EngineConfig{plus, minus}
	if cfg.Event == "" {
		cfg.Event = "kirin match spsa"
	}
	for g := 0; g < 2; g++ {
		engines := [2]*EngineConfig{&plus, &minus}
		if g == 1 {
			engines[0], engines[1] = &minus, &plus
		}
		spec := gameSpec{number: 2*pt.k - 1 + g, round: 1, engines: engines, opening: o, unit: pt.k - 1, of: 2 * run.pairs}
		var log func(engine, dir, line string)
		if run.Log != nil {
			log = func(engine, dir, line string) {
				run.logMu.Lock()
				fmt.Fprintf(run.Log, "pair %d game %d %s %s %s\n", pt.k, g+1, engine, dir, line)
				run.logMu.Unlock()
			}
		}
		game := playGame(ctx, &cfg, spec, log)
		switch game.Result {
		case movegen.Ongoing:
			return 0, 0, 0, false
		case movegen.Draw:
			draws++
		case movegen.Win(movegen.Color(g)):
			wins++
		default:
			losses++
		}
		if run.PGN != nil {
			run.logMu.Lock()
			err := WritePGN(run.PGN, &cfg, game)
			run.logMu.Unlock()
			if err != nil {
				return 0, 0, 0, false
			}
		}
	}
	return wins, losses, draws, true
}

// probe starts a USI engine once as a game does (the player's own start:
// the options, then the game), set to pt's + numbers, so that a run whose
// numbers the engine does not take fails at once instead of tuning
// nothing: the option (--into's, or each number's) must be one the engine
// offers, and no "info string" line that names it may come before readyok
// (Kirin reports a bad value so, naming the option, and at isready a list
// its game cannot take).
func (run *SPSARun) probe(pt spsaPoint) error {
	e := run.side("probe", pt.plus)
	u := &usiPlayer{cfg: &e, log: func(string, string) {}}
	tc := run.TC
	err := u.start(&gameState{v: run.Variant, tc: &tc})
	if u.p == nil {
		return fmt.Errorf("starting %s: %v", strings.Join(e.Cmd, " "), err)
	}
	defer u.p.close(time.Second, "quit")
	if err != nil {
		return fmt.Errorf("the engine at its start: %v", err)
	}
	for _, o := range run.added(e) {
		if !u.offered[strings.ToLower(o.Name)] {
			return fmt.Errorf("the engine offers no option %s", o.Name)
		}
		for _, n := range u.notes {
			if strings.Contains(strings.ToLower(n), strings.ToLower(o.Name)) {
				return fmt.Errorf("the engine refuses %s=%s: %s", o.Name, o.Value, n)
			}
		}
	}
	return nil
}

// added returns the options side added to the engine's own.
func (run *SPSARun) added(e EngineConfig) []Option {
	return e.Options[len(run.Engines[0].Options):]
}

// side is the engine set to the numbers vals, named name: each number goes
// into the option its name gives before a colon (OPTION:NAME), else into
// run.Into's; the numbers of one option as one list NAME=V,NAME=V in their
// order, unless the option is "each" (each number its own option).
func (run *SPSARun) side(name string, vals []int) EngineConfig {
	e := run.Engines[0]
	e.Name = name
	e.Options = append([]Option(nil), e.Options...)
	lists := map[string][]string{}
	var order []string
	for i, v := range vals {
		opt, n := run.Into, run.params[i]
		if o, rest, ok := strings.Cut(n, ":"); ok {
			opt, n = o, rest
		}
		if opt == "each" {
			e.Options = append(e.Options, Option{Name: n, Value: strconv.Itoa(v)})
			continue
		}
		if _, ok := lists[opt]; !ok {
			order = append(order, opt)
		}
		lists[opt] = append(lists[opt], fmt.Sprintf("%s=%d", n, v))
	}
	for _, opt := range order {
		e.Options = append(e.Options, Option{Name: opt, Value: strings.Join(lists[opt], ",")})
	}
	return e
}

// run plays the pairs with play (the real games, or a test's stand-in).
func (s *SPSA) run(ctx context.Context, cfg *Config, report int, save func(*SPSA) error, play spsaPair) error {
	if report <= 0 {
		report = 10
	}
	out := cfg.Out
	if out == nil {
		out = io.Discard
	}
	conc := max(cfg.Concurrency, 1)
	var mu sync.Mutex // guards s and next
	next := s.Done + 1
	var firstErr error
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				mu.Lock()
				k := next
				if k > s.Pairs {
					mu.Unlock()
					return
				}
				next++
				rng := rand.New(rand.NewSource(s.Seed*1_000_003 + int64(k)))
				pt := s.point(k, rng)
				mu.Unlock()
				o := Opening{}
				if len(cfg.Openings) > 0 {
					o = cfg.Openings[(k-1)%len(cfg.Openings)]
				}
				o, err := randomPlies(cfg.Variant, o, cfg.RandomPlies, rng)
				var wins, losses, draws int
				ok := err == nil
				if ok {
					wins, losses, draws, ok = play(ctx, pt, o)
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				if ok {
					s.update(pt, wins-losses)
					s.Wins, s.Losses, s.Draws = s.Wins+wins, s.Losses+losses, s.Draws+draws
					if save != nil {
						if err := save(s); err != nil && firstErr == nil {
							firstErr = err
							cancel()
						}
					}
					if s.Done%report == 0 || s.Done == s.Pairs {
						fmt.Fprintf(out, "Pair %d of %d (+ side %d - %d - %d): %s\n", s.Done, s.Pairs, s.Wins, s.Losses, s.Draws, s.estimates())
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if s.Done == s.Pairs {
		fmt.Fprintf(out, "SPSA done after %d pairs: %s\n", s.Done, s.Rounded())
	} else {
		fmt.Fprintf(out, "SPSA stopped after %d of %d pairs: %s\n", s.Done, s.Pairs, s.Rounded())
	}
	return nil
}

// SPSACommand runs `kirin match spsa` with its arguments.
func SPSACommand(ctx context.Context, args []string, out io.Writer) error {
	s := &SPSA{}
	run := &SPSARun{Into: "SearchParams"}
	statePath := ""
	own := map[string]ownFlag{
		"--param": func(val func() (string, error)) error {
			v, err := val()
			if err != nil {
				return err
			}
			p, err := ParseSPSAParam(v)
			if err != nil {
				return err
			}
			for _, q := range s.Params {
				if q.Name == p.Name {
					return fmt.Errorf("--param %s given twice", p.Name)
				}
			}
			s.Params = append(s.Params, p)
			return nil
		},
		"--pairs":  intFlag("--pairs", 1, &s.Pairs),
		"--report": intFlag("--report", 1, &run.Report),
		"--into": func(val func() (string, error)) (err error) {
			run.Into, err = val()
			if err == nil && (run.Into == "" || strings.ContainsAny(run.Into, " \t")) {
				err = fmt.Errorf("--into needs an option name or each")
			}
			return err
		},
		"--state": func(val func() (string, error)) (err error) {
			statePath, err = val()
			return err
		},
	}
	a, err := parseArgs(args, own)
	if err != nil {
		return err
	}
	switch {
	case len(a.Engines) != 1:
		return fmt.Errorf("give one --engine (both sides of every pair run it)")
	case len(s.Params) == 0:
		return fmt.Errorf("give at least one --param")
	case s.Pairs == 0:
		return fmt.Errorf("give --pairs")
	case a.SPRT != nil || a.Shard.N > 0 || a.Rounds > 0 || a.Games > 0 || a.Tournament != "":
		return fmt.Errorf("--sprt, --shard, --games, --rounds and --tournament are for matches, not for spsa")
	}
	s.Seed = a.Seed
	if statePath != "" {
		if f, err := os.Open(statePath); err == nil {
			old, err := ReadSPSAState(f)
			f.Close()
			if err != nil {
				return fmt.Errorf("state %s: %v", statePath, err)
			}
			if d := old.sameRun(s); d != "" {
				return fmt.Errorf("state %s belongs to another run: %s", statePath, d)
			}
			s = old
		} else if !os.IsNotExist(err) {
			return err
		}
		run.Save = func(s *SPSA) error { return saveState(statePath, s) }
	}
	run.Config = a.Config
	run.Out = out
	closeAll, err := a.openOutputs(&run.Config)
	if err != nil {
		return err
	}
	defer closeAll()
	left := fmt.Sprintf("pairs %d to %d", s.Done+1, s.Pairs)
	if s.Done == s.Pairs {
		left = "no pairs left"
	}
	fmt.Fprintf(out, "SPSA: %s (%dx%d), engine %s, numbers through %s, time control %s, %d pairs (%s), concurrency %d\n",
		a.Variant.Name, a.Variant.Files, a.Variant.Ranks, a.Engines[0].Name, run.Into, a.TC, s.Pairs, left, max(1, a.Concurrency))
	fmt.Fprintf(out, "Start: %s\n", s.estimates())
	return RunSPSA(ctx, run, s)
}

// intFlag reads a whole number of at least least into p.
func intFlag(name string, least int, p *int) ownFlag {
	return func(val func() (string, error)) error {
		v, err := val()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < least {
			return fmt.Errorf("%s needs a number of at least %d, got %q", name, least, v)
		}
		*p = n
		return nil
	}
}

// saveState rewrites the state file through a temporary file, so that a
// run killed while writing leaves the previous state.
func saveState(path string, s *SPSA) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := s.WriteState(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
