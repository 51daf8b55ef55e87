package match

import (
	"bytes"
	"context"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// fake returns an engine that runs this test binary as the fake engine.
func fake(t *testing.T, name, mode string, after int, proto Protocol) EngineConfig {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := []string{"/usr/bin/env", "KIRIN_FAKE_ENGINE=" + mode, "KIRIN_FAKE_AFTER=" + itoa(after), exe}
	if proto == CECP {
		// A shell announces done=0 before the test binary starts, as an
		// engine that loads slowly does: the runner then waits for the
		// features as long as the hang limit (at least 2 s) rather than
		// XBoard's 2 s alone, which a loaded machine can take just to
		// start the binary.
		cmd = append([]string{"/bin/sh", "-c", `echo "feature done=0"; exec "$@"`, "fake"}, cmd...)
	}
	return EngineConfig{Name: name, Proto: proto, Cmd: cmd}
}

func itoa(n int) string { return strconv.Itoa(n) }

func lookup(t *testing.T, name string) *movegen.Variant {
	t.Helper()
	v, err := movegen.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFaults: an engine that crashes, hangs, sends an illegal move or
// garbage, overruns its clock, resigns, makes a false claim or does not
// start loses every game, with the reason recorded, and the match goes on
// to the end. Both protocols.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	cases := []struct {
		mode   string
		reason string // in Game.Reason
		faulty bool
		tc     TimeControl
	}{
		{"crash", "disconnects", true, TimeControl{Base: 5 * time.Second}},
		{"hang", "loses on time", true, TimeControl{Base: time.Second}},
		{"hang", "stalls", true, TimeControl{Depth: 3, Hang: 3 * time.Second}},
		{"illegal", "illegal move", true, TimeControl{Base: 5 * time.Second}},
		{"garbage", "illegal move: zz@@!!", true, TimeControl{Base: 5 * time.Second}},
		{"slow", "loses on time", true, TimeControl{Inc: 500 * time.Millisecond}},
		{"resign", "resigns", false, TimeControl{Base: 5 * time.Second}},
		{"claim", "", true, TimeControl{Base: time.Second}}, // USI: false claim; CECP: claim ignored, then time
		{"deadstart", "", true, TimeControl{Base: 5 * time.Second}},
	}
	for _, proto := range []Protocol{USI, CECP} {
		for _, c := range cases {
			c, proto := c, proto
			t.Run(string(proto)+"/"+c.mode+"/"+c.tc.String(), func(t *testing.T) {
				t.Parallel()
				var out, pgn bytes.Buffer
				c.tc.Margin = 50 * time.Millisecond
				if c.tc.Hang == 0 {
					c.tc.Hang = 10 * time.Second
				}
				cfg := &Config{
					Variant: lookup(t, "shogi"),
					Engines: []EngineConfig{fake(t, "good", "good", 0, proto), fake(t, "bad", c.mode, 3, proto)},
					Games:   2, TC: c.tc, Out: &out, PGN: &pgn,
					Adjudicate: Adjudication{MaxPlies: 60},
				}
				st, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				if st.Games != 2 {
					t.Fatalf("%d games finished, want 2:\n%s", st.Games, out.String())
				}
				if s := st.Pairs["good vs bad"]; s == nil || s.W != 2 {
					t.Fatalf("good should win both games: %+v\n%s", s, out.String())
				}
				if want := map[bool]int{true: 2, false: 0}[c.faulty]; st.Faults != want {
					t.Errorf("%d faults, want %d", st.Faults, want)
				}
				for r := range st.Reasons {
					if !strings.Contains(r, c.reason) || !strings.HasPrefix(r, "bad") {
						t.Errorf("reason %q, want one naming bad and containing %q", r, c.reason)
					}
				}
				games, err := ReadPGN(&pgn)
				if err != nil || len(games) != 2 {
					t.Fatalf("PGN: %d games, %v", len(games), err)
				}
				if !strings.Contains(out.String(), "Score of good vs bad: 2 - 0 - 0") {
					t.Errorf("no final score line:\n%s", out.String())
				}
			})
		}
	}
}

// TestTaiThreeLegs: a 25x25 game between engines that prefer many-legged
// moves over both protocols; the PGN (USI notation, as XBoard cannot show
// tai) holds three-leg moves and replays legally.
func TestTaiThreeLegs(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game")
	}
	var out, pgn bytes.Buffer
	v := lookup(t, "tai")
	// A lion dog in front of two enemy pawns: the first move can take both.
	rows := []string{"12e12"}
	for i := 0; i < 8; i++ {
		rows = append(rows, "25")
	}
	rows = append(rows, "12p12", "12p12", "25", "12[LD]12")
	for i := 0; i < 11; i++ {
		rows = append(rows, "25")
	}
	rows = append(rows, "12E12")
	sfen := strings.Join(rows, "/") + " b - 1"
	cfg := &Config{
		Openings: []Opening{{SFEN: sfen}},
		Variant:  v,
		Engines:  []EngineConfig{fake(t, "usi", "legs", 0, USI), fake(t, "cecp", "legs", 0, CECP)},
		Games:    1, TC: TimeControl{Base: 60 * time.Second, Margin: time.Second, Hang: 10 * time.Second},
		Out: &out, PGN: &pgn, Adjudicate: Adjudication{MaxPlies: 300},
	}
	st, err := Run(context.Background(), cfg)
	if err != nil || st.Games != 1 || st.Faults != 0 {
		t.Fatalf("games %d faults %d err %v\n%s", st.Games, st.Faults, err, out.String())
	}
	games, err := ReadPGN(&pgn)
	if err != nil || len(games) != 1 {
		t.Fatalf("PGN: %v", err)
	}
	pos, err := movegen.NewPosition(v, games[0].Tags["SFEN"])
	if err != nil {
		t.Fatal(err)
	}
	three := 0
	for _, t1 := range games[0].Moves {
		m, err := ParseMoveAny(pos, t1)
		if err != nil {
			t.Fatalf("replay %s: %v", t1, err)
		}
		if m.Mid2() != movegen.NoSquare {
			three++
		}
		pos.Make(m)
	}
	if three == 0 {
		t.Fatalf("no three-leg move in %d plies", len(games[0].Moves))
	}
	t.Logf("%d plies, %d three-leg moves, %s", len(games[0].Moves), three, games[0].Tags["Termination"])
}

// TestElo checks the Elo arithmetic against known values.
func TestElo(t *testing.T) {
	elo, margin := Score{W: 60, L: 40}.Elo()
	if math.Abs(elo-70.44) > 0.01 {
		t.Errorf("elo(0.6) = %.2f, want 70.44", elo)
	}
	// sd of the score = sqrt(0.24/100) = 0.049; 95%: 0.6 ± 0.096.
	want := (eloOf(0.6+1.959964*math.Sqrt(0.0024)) - eloOf(0.6-1.959964*math.Sqrt(0.0024))) / 2
	if math.Abs(margin-want) > 1e-3 || margin < 60 || margin > 80 {
		t.Errorf("margin %.2f, want %.2f", margin, want)
	}
	e2, m2 := Score{W: 40, L: 60}.Elo()
	if math.Abs(e2+elo) > 1e-9 || math.Abs(m2-margin) > 1e-9 {
		t.Errorf("not symmetric: %.2f ± %.2f vs %.2f ± %.2f", elo, margin, e2, m2)
	}
	if _, m := (Score{W: 3}).Elo(); !math.IsInf(m, 1) {
		t.Errorf("a perfect score should have an infinite margin")
	}
	if s := (Score{W: 3, L: 1, D: 2}).String(); s != "3 - 1 - 2  [0.667]  6" {
		t.Errorf("score line %q", s)
	}
	// Wilson: 100-0 is at least +566 (score >= 0.963), 0-100 the mirror;
	// 60-40 lies around the plain estimate.
	lo, hi := Score{W: 100}.WilsonElo()
	if math.Abs(lo-566.2) > 0.5 || !math.IsInf(hi, 1) {
		t.Errorf("Wilson 100-0: [%.1f, %.1f], want [566.2, inf]", lo, hi)
	}
	lo2, hi2 := Score{L: 100}.WilsonElo()
	if !math.IsInf(lo2, -1) || math.Abs(hi2+lo) > 1e-9 {
		t.Errorf("Wilson 0-100: [%.1f, %.1f], want the mirror of [%.1f, %.1f]", lo2, hi2, lo, hi)
	}
	// Every length of a perfect or a null score, where rounding once
	// turned the exact end into NaN (0-30) or a finite Elo (30-0).
	for n := 1; n <= 300; n++ {
		if lo, hi := (Score{W: n}).WilsonElo(); !math.IsInf(hi, 1) || math.IsNaN(lo) || math.IsInf(lo, 0) {
			t.Errorf("Wilson %d-0: [%v, %v], want [finite, inf]", n, lo, hi)
		}
		if lo, hi := (Score{L: n}).WilsonElo(); !math.IsInf(lo, -1) || math.IsNaN(hi) || math.IsInf(hi, 0) {
			t.Errorf("Wilson 0-%d: [%v, %v], want [-inf, finite]", n, lo, hi)
		}
	}
	lo3, hi3 := Score{W: 60, L: 40}.WilsonElo()
	if !(lo3 < elo && elo < hi3) || lo3 < 0 || hi3 > 150 {
		t.Errorf("Wilson 60-40: [%.1f, %.1f] around %.1f", lo3, hi3, elo)
	}
}

// TestSPRT: a lopsided result accepts H1, its mirror H0, an even one
// neither.
func TestSPRT(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if d := sp.Decide(sp.LLR(Score{W: 300, L: 200, D: 100})); d != "H1" {
		t.Errorf("300-200-100: %q (LLR %.2f)", d, sp.LLR(Score{W: 300, L: 200, D: 100}))
	}
	if d := sp.Decide(sp.LLR(Score{W: 200, L: 300, D: 100})); d != "H0" {
		t.Errorf("200-300-100: %q", d)
	}
	if d := sp.Decide(sp.LLR(Score{W: 10, L: 10, D: 5})); d != "" {
		t.Errorf("10-10-5: %q", d)
	}
	lo, hi := sp.Bounds()
	if math.Abs(lo+2.944) > 0.001 || math.Abs(hi-2.944) > 0.001 {
		t.Errorf("bounds %.3f %.3f", lo, hi)
	}
}

// TestSPRTFewPairs: on bounds 50 Elo apart, three pairs of 1.5, 2 and 2
// points and their mirror do not decide, where the normal approximation
// gave LLRs of 5.88 and -6.98 and ended the match after six games (5.88
// is where a tai run of the seventy-third session stopped at H1;
// docs/matches.md). A run of pairs won 2 - 0 still accepts H1, after 23:
// each multiplies the likelihood ratio by s1 / s0 (the likeliest
// distribution of mean s with every pair won puts s on two wins and the
// rest on two losses), and ln 19 / ln(s1 / s0) is 22.04. Over many games
// the test agrees with the normal approximation.
func TestSPRTFewPairs(t *testing.T) {
	wide := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	for _, p := range []Penta{{0, 0, 0, 1, 2}, {2, 1, 0, 0, 0}, {0, 0, 1, 2, 2}} {
		if llr := wide.LLRPenta(p); wide.Decide(llr) != "" || math.Abs(llr) > 1 {
			t.Errorf("%v: LLR %.2f (%q), want |LLR| below 1, undecided", p, llr, wide.Decide(llr))
		}
	}
	var p Penta
	after := 0
	for after == 0 && p.N() < 100 {
		p[4]++
		if wide.Decide(wide.LLRPenta(p)) == "H1" {
			after = p.N()
		}
	}
	if after != 23 {
		t.Errorf("pairs won 2 - 0: H1 after %d pairs, want 23", after)
	}
	narrow := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	many := Penta{30, 200, 400, 250, 50}
	x, v := 0.0, 0.0
	for i, c := range many {
		x += float64(c) * float64(i) / 4 / float64(many.N())
	}
	for i, c := range many {
		v += float64(c) * math.Pow(float64(i)/4-x, 2) / float64(many.N())
	}
	s0, s1 := scoreOf(0), scoreOf(10)
	normal := float64(many.N()) * (s1 - s0) * (2*x - s0 - s1) / (2 * v)
	if got := narrow.LLRPenta(many); math.Abs(got-normal) > 0.02*math.Abs(normal) {
		t.Errorf("%v: LLR %.3f, the normal approximation %.3f; want them within 2%%", many, got, normal)
	}
}

// TestMLEShares: the constrained estimate keeps every share positive, sums
// to one and has the mean asked for, and where the observed mean is the
// one asked for it is the observed shares.
func TestMLEShares(t *testing.T) {
	a := []float64{0, 0.25, 0.5, 0.75, 1}
	q := []float64{0.05, 0.2, 0.4, 0.25, 0.1}
	mean := 0.0
	for i := range q {
		mean += q[i] * a[i]
	}
	for _, s := range []float64{0.3, 0.5, mean, 0.571, 0.9} {
		p := make([]float64, len(q))
		mleShares(q, a, s, p)
		sum, m := 0.0, 0.0
		for i := range p {
			if p[i] <= 0 {
				t.Errorf("mean %.3f: share %d is %v", s, i, p[i])
			}
			sum += p[i]
			m += p[i] * a[i]
		}
		if math.Abs(sum-1) > 1e-9 || math.Abs(m-s) > 1e-9 {
			t.Errorf("mean %.3f: shares %v sum to %v with mean %v", s, p, sum, m)
		}
		if s == mean {
			for i := range p {
				if math.Abs(p[i]-q[i]) > 1e-9 {
					t.Errorf("the observed mean: shares %v, want %v", p, q)
				}
			}
		}
	}
}

// TestSPRTPentanomial: where the two games of each pair are independent
// (every combination of results in proportion to the product of the
// games' shares) the pentanomial LLR is within 2% of the trinomial one of
// the same games (the normal approximation made them equal); where each pair is one result played twice (each opening won by
// the same colour both times) most pairs carry no evidence, and the
// pentanomial LLR of the few that do is far larger than the trinomial LLR
// of all games, which counts every game as a fresh draw.
func TestSPRTPentanomial(t *testing.T) {
	sp := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// Per game: win 0.45, draw 0.2, loss 0.35, so per 100 pairs of
	// independent games the pair totals 0, 0.5, 1, 1.5 and 2 points come
	// 12.25, 14, 35.5, 18 and 20.25 times (in 10,000 pairs exactly).
	w, d, l := 0.45, 0.2, 0.35
	n := 10000.0
	p := Penta{int(n * l * l), int(n * 2 * l * d), int(n * (2*w*l + d*d)), int(n * 2 * w * d), int(n * w * w)}
	games := Score{W: int(2 * n * w), L: int(2 * n * l), D: int(2 * n * d)}
	if a, b := sp.LLRPenta(p), sp.LLR(games); math.Abs(a-b) > 0.02*math.Abs(b) || b <= 0 {
		t.Errorf("independent pairs: pentanomial LLR %.4f, trinomial %.4f; want them within 2%% and positive", a, b)
	}
	// 200 pairs: 180 split one win each, 15 won twice, 5 lost twice.
	split := Penta{5, 0, 180, 0, 15}
	same := Score{W: 180 + 30, L: 180 + 10}
	pl, tl := sp.LLRPenta(split), sp.LLR(same)
	if pl < 2*tl || tl <= 0 {
		t.Errorf("split pairs: pentanomial LLR %.3f, trinomial %.3f; want the pentanomial at least twice the trinomial", pl, tl)
	}
	// Even pairs alone are a mean score of one half, nearer H0 than H1:
	// evidence for H0, but little from seven pairs.
	if got := sp.LLRPenta(Penta{0, 0, 7, 0, 0}); got >= 0 || got < -1 {
		t.Errorf("all pairs split: LLR %.3f, want below 0 and above -1", got)
	}
	if got := (Penta{1, 2, 3, 4, 5}).String(); got != "Ptnml(0-2): 1, 2, 3, 4, 5" {
		t.Errorf("String %q", got)
	}
}

// TestStandingsPairs: the standings put the two games of an opening pair
// (Game.Pair, either order, other pairs finishing in between) into the
// first-named engine's Penta by its points in both; a game without a pair
// number makes its pairing's SPRT fall back to the games.
func TestStandingsPairs(t *testing.T) {
	cfg := &Config{Engines: []EngineConfig{{Name: "a"}, {Name: "b"}}}
	st := newStandings([]string{"a", "b"}, 8)
	game := func(pair int, black string, r movegen.Result) *Game {
		white := "a"
		if black == "a" {
			white = "b"
		}
		return &Game{Black: black, White: white, Result: r, Pair: pair}
	}
	for _, g := range []*Game{
		game(1, "a", movegen.BlackWins), // a wins
		game(2, "a", movegen.WhiteWins), // b wins
		game(1, "b", movegen.WhiteWins), // a wins: pair 1 is 2 points
		game(3, "b", movegen.Draw),
		game(2, "b", movegen.BlackWins), // b wins: pair 2 is 0
		game(3, "a", movegen.BlackWins), // a wins: pair 3 is 1.5
		game(4, "a", movegen.Draw),      // pair 4 waits
	} {
		st.add(cfg, g)
	}
	key := pairKey("a", "b")
	if got, want := *st.Pentas[key], (Penta{1, 0, 0, 1, 1}); got != want {
		t.Errorf("Penta %v, want %v", got, want)
	}
	sp := &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if !st.pentanomial(key) || st.llr(sp, key) != sp.LLRPenta(*st.Pentas[key]) {
		t.Errorf("paired games: pentanomial %v, LLR %.3f", st.pentanomial(key), st.llr(sp, key))
	}
	st.add(cfg, game(0, "b", movegen.BlackWins))
	if st.pentanomial(key) || st.llr(sp, key) != sp.LLR(*st.Pairs[key]) {
		t.Errorf("with an unpaired game: pentanomial %v, LLR %.3f, want the trinomial %.3f", st.pentanomial(key), st.llr(sp, key), sp.LLR(*st.Pairs[key]))
	}
}

// TestCECPDoneZeroWait: after feature done=0 (which the fakes' shell
// sends) a CECP engine has at least XBoard's 2 s for its features, even
// where the hang limit is shorter: with a 100 ms hang limit an engine that
// takes half a second to announce nps=1 still gets its node limit. Before
// the wait was the hang limit alone, the match stopped with "without
// feature nps=1".
func TestCECPDoneZeroWait(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	var out bytes.Buffer
	cfg := &Config{
		Variant: lookup(t, "shogi"),
		Engines: []EngineConfig{fake(t, "cecp", "slownps", 0, CECP), fake(t, "usi", "good", 0, USI)},
		Games:   2, TC: TimeControl{Nodes: 5000, Margin: time.Second, Hang: 100 * time.Millisecond}, Out: &out,
		Adjudicate: Adjudication{MaxPlies: 10},
	}
	st, err := Run(context.Background(), cfg)
	if err != nil || st.Games != 2 {
		t.Fatalf("err %v, games %+v\n%s", err, st, out.String())
	}
}

// TestCECPNodeLimit: a node limit reaches a CECP engine that announces
// feature nps=1 as st 1 and nps N (no level, with or without a clock),
// and a USI engine as go ... nodes N; without a node limit the CECP engine
// gets its level and no nps. A CECP engine without nps=1 fails the match
// before the first game, with an error naming it.
func TestCECPNodeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	// sent collects what the runner sent each engine in game 1.
	sent := func(log string) map[string][]string {
		m := map[string][]string{}
		for _, l := range strings.Split(log, "\n") {
			f := strings.SplitN(l, " ", 6)
			if len(f) == 6 && f[1] == "game" && f[2] == "1" && f[4] == ">" {
				m[f[3]] = append(m[f[3]], f[5])
			}
		}
		return m
	}
	for _, c := range []struct {
		tc        TimeControl
		want, not []string // CECP commands sent (in this order), and not sent
		usiGo     string   // in every USI go command
	}{
		{TimeControl{Nodes: 5000}, []string{"new", "st 1", "nps 5000", "go"}, []string{"level"}, " nodes 5000"},
		{TimeControl{Nodes: 5000, Base: 30 * time.Second}, []string{"new", "st 1", "nps 5000", "go"}, []string{"level"}, " nodes 5000"},
		{TimeControl{Base: 30 * time.Second}, []string{"new", "level 0 0:30 0", "go"}, []string{"nps", "st "}, " btime "},
	} {
		t.Run(c.tc.String(), func(t *testing.T) {
			var out, log bytes.Buffer
			c.tc.Margin, c.tc.Hang = time.Second, 10*time.Second
			cfg := &Config{
				Variant: lookup(t, "shogi"),
				Engines: []EngineConfig{fake(t, "cecp", "nps", 0, CECP), fake(t, "usi", "good", 0, USI)},
				Games:   2, TC: c.tc, Out: &out, Log: &log,
				Adjudicate: Adjudication{MaxPlies: 20},
			}
			st, err := Run(context.Background(), cfg)
			if err != nil || st.Games != 2 || st.Faults != 0 {
				t.Fatalf("err %v, games %+v\n%s", err, st, out.String())
			}
			cmds := sent(log.String())
			k := 0
			for _, l := range cmds["cecp"] {
				if k < len(c.want) && l == c.want[k] {
					k++
				}
				for _, bad := range c.not {
					if strings.HasPrefix(l, bad) {
						t.Errorf("sent the CECP engine %q", l)
					}
				}
			}
			if k < len(c.want) {
				t.Errorf("the CECP engine did not get %q (in order) but:\n%s", c.want, strings.Join(cmds["cecp"], "\n"))
			}
			gos := 0
			for _, l := range cmds["usi"] {
				if strings.HasPrefix(l, "go ") {
					gos++
					if !strings.Contains(l, c.usiGo) {
						t.Errorf("USI %q lacks %q", l, c.usiGo)
					}
				}
			}
			if gos == 0 {
				t.Error("no USI go command in the log")
			}
		})
	}
	t.Run("without nps", func(t *testing.T) {
		var out, log bytes.Buffer
		cfg := &Config{
			Variant: lookup(t, "shogi"),
			Engines: []EngineConfig{fake(t, "usi", "good", 0, USI), fake(t, "plain", "good", 0, CECP)},
			Games:   2, TC: TimeControl{Nodes: 5000, Hang: 10 * time.Second}, Out: &out, Log: &log,
		}
		st, err := Run(context.Background(), cfg)
		want := "engine plain speaks CECP without feature nps=1: it cannot take a node limit"
		if err == nil || err.Error() != want || st != nil {
			t.Fatalf("got standings %+v and error %v, want the error %q", st, err, want)
		}
		if strings.Contains(out.String(), "Started game") || strings.Contains(log.String(), " game 1 ") {
			t.Errorf("a game was started:\n%s\n%s", out.String(), log.String())
		}
	})
}

// TestRandomPliesQuiet: random opening plies are quiet moves of non-royal
// pieces (tai's emperor could otherwise raid in the opening), and where
// only royal moves exist, a royal moves rather than the opening failing.
func TestRandomPliesQuiet(t *testing.T) {
	for _, name := range []string{"tai", "chu", "shogi"} {
		v, err := movegen.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(1))
		for g := 0; g < 20; g++ {
			o, err := randomPlies(v, Opening{}, 6, rng)
			if err != nil {
				t.Fatal(err)
			}
			pos, _ := movegen.NewPosition(v, "startpos")
			for _, u := range o.Moves {
				m, err := pos.ParseMoveUSI(u)
				if err != nil {
					t.Fatalf("%s: opening move %s: %v", name, u, err)
				}
				if pos.IsCapture(m) || !m.IsDrop() && v.Pieces[pos.At(m.From()).Type()].Royal {
					t.Fatalf("%s: random ply %s is a capture or a royal move (opening %v)", name, u, o.Moves)
				}
				pos.Make(m)
			}
		}
	}
	v, _ := movegen.Lookup("shogi")
	o, err := randomPlies(v, Opening{SFEN: "4k4/9/9/9/9/9/9/9/4K4 b - 1"}, 2, rand.New(rand.NewSource(1)))
	if err != nil || len(o.Moves) != 2 {
		t.Fatalf("kings only: %v %v, want two king moves", o.Moves, err)
	}
}

// TestUSISwappedClocks: an engine marked clocks=swapped gets sente's clock
// as wtime and gote's as btime (the first clock in a go command is always
// sente's); the other engine gets them under their own names.
func TestUSISwappedClocks(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	swapped := fake(t, "swapped", "good", 0, USI)
	extra, err := ParseEngine("clocks=swapped")
	if err != nil {
		t.Fatal(err)
	}
	swapped.SwapClocks = extra.SwapClocks
	var out, log bytes.Buffer
	cfg := &Config{
		Variant: lookup(t, "shogi"),
		Engines: []EngineConfig{swapped, fake(t, "plain", "good", 0, USI)},
		Games:   2, TC: TimeControl{Base: 30 * time.Second, Inc: time.Second, Margin: time.Second, Hang: 10 * time.Second},
		Out: &out, Log: &log, Adjudicate: Adjudication{MaxPlies: 12},
	}
	st, err := Run(context.Background(), cfg)
	if err != nil || st.Games != 2 || st.Faults != 0 {
		t.Fatalf("err %v, games %+v\n%s", err, st, out.String())
	}
	want := map[string]string{"swapped": "go wtime ", "plain": "go btime "}
	seen := map[string]int{}
	for _, l := range strings.Split(log.String(), "\n") {
		f := strings.SplitN(l, " ", 6)
		if len(f) < 6 || f[4] != ">" || !strings.HasPrefix(f[5], "go ") {
			continue
		}
		seen[f[3]]++
		if !strings.HasPrefix(f[5], want[f[3]]) {
			t.Errorf("%s got %q, want it to start %q", f[3], f[5], want[f[3]])
		}
		// Both forms name each clock once, and binc/winc stay as they are.
		if strings.Count(f[5], "btime") != 1 || strings.Count(f[5], "wtime") != 1 || !strings.Contains(f[5], " binc 1000 winc 1000") {
			t.Errorf("%s got %q", f[3], f[5])
		}
	}
	if seen["swapped"] == 0 || seen["plain"] == 0 {
		t.Fatalf("go commands per engine %v in the log:\n%s", seen, log.String())
	}
	for _, bad := range []string{"clocks=reversed", "clocks="} {
		if _, err := ParseEngine(bad); err == nil || !strings.Contains(err.Error(), "want normal or swapped") {
			t.Errorf("ParseEngine(%q): %v", bad, err)
		}
	}
}
