package match

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestParseShard: K/N with 1 <= K <= N is read; anything else gets one
// error naming the option and the text.
func TestParseShard(t *testing.T) {
	for in, want := range map[string]Shard{"1/1": {1, 1}, "2/3": {2, 3}, "8/8": {8, 8}, "1/100": {1, 100}} {
		if got, err := ParseShard(in); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0/2", "3/2", "2", "a/b", "1/0", "0/0", "-1/2", "1/-2", "1/2/3", " 1/2", "1/", "/2", ""} {
		_, err := ParseShard(in)
		if want := fmt.Sprintf("--shard needs K/N with 1 <= K <= N, got %q", in); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", in, err, want)
		}
	}
	if err := (Shard{K: 3, N: 2}).check(); err == nil {
		t.Error("Shard{3, 2} passes the check")
	}
	if _, err := Run(context.Background(), &Config{Variant: lookup(t, "shogi"), Shard: Shard{K: 0, N: 2},
		Engines: []EngineConfig{{Name: "a", Cmd: []string{"a"}}, {Name: "b", Cmd: []string{"b"}}}}); err == nil || !strings.Contains(err.Error(), "shard 0/2") {
		t.Errorf("Run with shard 0/2: %v", err)
	}
}

// specKey describes a scheduled game by everything that must not depend
// on the sharding: number, round, engines (by colour), opening.
func specKey(s gameSpec) string {
	return fmt.Sprintf("%d r%d %s-%s %s %v", s.number, s.round, s.engines[0].Name, s.engines[1].Name, s.opening.SFEN, s.opening.Moves)
}

// TestShardAssignment: for several match shapes (repeat or not, odd
// games per pairing that make an opening pair straddle two rounds, three
// engines, a gauntlet, openings from a file) and every N from 1 to 7 and
// 40, the shards, each scheduled on its own as a shard's run does, play
// every game of the whole match exactly once, each with the number,
// round, engines, colours and opening (random plies included) it has in
// the unsharded schedule; the two games of an opening pair are in one
// shard; shard sizes differ by at most one pair. The documented dealing
// is checked too: with repeat and an even number of games, games 2K-1
// and 2K in shard K, then every 2N games; without repeat game g in shard
// (g-1) mod N + 1.
func TestShardAssignment(t *testing.T) {
	eng := func(names ...string) []EngineConfig {
		var out []EngineConfig
		for _, n := range names {
			out = append(out, EngineConfig{Name: n})
		}
		return out
	}
	v := lookup(t, "shogi")
	book := []Opening{{Moves: []string{"7g7f"}}, {Moves: []string{"2g2f"}}, {Moves: []string{"5g5f"}}}
	cases := []struct {
		name string
		cfg  Config
	}{
		{"repeat even", Config{Engines: eng("a", "b"), Games: 10, Rounds: 1, Repeat: true, RandomPlies: 2, Seed: 3}},
		{"repeat odd over rounds", Config{Engines: eng("a", "b"), Games: 7, Rounds: 3, Repeat: true, RandomPlies: 2, Seed: 4}},
		{"three engines", Config{Engines: eng("a", "b", "c"), Games: 3, Rounds: 2, Repeat: true, RandomPlies: 1, Seed: 5}},
		{"gauntlet no repeat", Config{Engines: eng("a", "b", "c", "d"), Tournament: Gauntlet, Games: 4, Rounds: 2, RandomPlies: 2, Seed: 6}},
		{"book no repeat", Config{Engines: eng("a", "b"), Games: 9, Rounds: 1, Openings: book}},
		{"book repeat", Config{Engines: eng("a", "b", "c"), Games: 4, Rounds: 1, Openings: book, Repeat: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := c.cfg
			base.Variant = v
			full, err := base.schedule()
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]string{}
			for _, s := range full {
				want[s.number] = specKey(s)
				if s.of != len(full) {
					t.Fatalf("game %d: of %d, want %d", s.number, s.of, len(full))
				}
			}
			for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 40} {
				seen := map[int]int{}         // game -> shard
				pairShard := map[string]int{} // pairing and opening -> shard
				var sizes []int
				for k := 1; k <= n; k++ {
					cfg := base
					cfg.Shard = Shard{K: k, N: n}
					all, err := cfg.schedule()
					if err != nil {
						t.Fatal(err)
					}
					mine := cfg.Shard.pick(all)
					sizes = append(sizes, len(mine))
					for _, s := range mine {
						if prev, ok := seen[s.number]; ok {
							t.Fatalf("N=%d: game %d in shards %d and %d", n, s.number, prev, k)
						}
						seen[s.number] = k
						if got := specKey(s); got != want[s.number] {
							t.Errorf("N=%d shard %d: game %q, unsharded %q", n, k, got, want[s.number])
						}
						names := []string{s.engines[0].Name, s.engines[1].Name}
						if names[0] > names[1] {
							names[0], names[1] = names[1], names[0]
						}
						pair := fmt.Sprint(names, s.unit)
						if p, ok := pairShard[pair]; ok && p != k {
							t.Errorf("N=%d: opening pair %s in shards %d and %d", n, pair, p, k)
						}
						pairShard[pair] = k
						if c.cfg.Repeat && c.cfg.Games%2 == 0 && c.cfg.Rounds == 1 {
							if w := (s.number-1)/2%n + 1; w != k {
								t.Errorf("N=%d: game %d in shard %d, want %d", n, s.number, k, w)
							}
						}
						if !c.cfg.Repeat {
							if w := (s.number-1)%n + 1; w != k {
								t.Errorf("N=%d: game %d in shard %d, want %d", n, s.number, k, w)
							}
						}
					}
				}
				if len(seen) != len(full) {
					t.Errorf("N=%d: %d of %d games dealt", n, len(seen), len(full))
				}
				lo, hi := sizes[0], sizes[0]
				for _, z := range sizes {
					lo, hi = min(lo, z), max(hi, z)
				}
				if hi-lo > 2 {
					t.Errorf("N=%d: shard sizes %v", n, sizes)
				}
			}
		})
	}
}

// pgnGame is what must agree between a merged and an unsharded run: the
// players, the result, the end and the moves.
func pgnGames(t *testing.T, paths ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		games, err := ReadPGN(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range games {
			n := g.Tags["GameNumber"]
			if _, dup := out[n]; dup {
				t.Fatalf("game %s twice", n)
			}
			out[n] = fmt.Sprintf("%s-%s %s %s {%s} %s %v", g.Tags["White"], g.Tags["Black"], g.Tags["Result"], g.Tags["Termination"],
				g.LastComment, g.Tags["SFEN"], g.Moves)
		}
	}
	return out
}

// TestShardsMergeEqualUnsharded: a match between two deterministic fake
// engines (their moves depend on the position only), played whole and as
// 2 and 3 shards: every shard's games are the unsharded run's games of
// those numbers (players, colours, opening, moves, result, end), the
// shards together play each game once, and kirin match merge of the
// shards' PGN files prints exactly the final report of the unsharded run
// (scores, Elo, SPRT line, table, game ends). A shard of a split match
// plays on past an SPRT decision and says the SPRT is merge's.
func TestShardsMergeEqualUnsharded(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	sprt := &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	play := func(shard Shard, pgn string) (*Standings, string) {
		f, err := os.Create(pgn)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var out bytes.Buffer
		cfg := &Config{
			Variant: lookup(t, "shogi"),
			Engines: []EngineConfig{fake(t, "alpha", "seeded", 1, USI), fake(t, "beta", "seeded", 3, CECP)},
			Games:   5, Rounds: 2, RandomPlies: 2, Seed: 11, Repeat: true, Concurrency: 2,
			TC:         TimeControl{Depth: 1, Hang: 10 * time.Second},
			Adjudicate: Adjudication{MaxPlies: 200},
			SPRT:       sprt, Shard: shard, Out: &out, PGN: f,
		}
		st, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("shard %v: %v\n%s", shard, err, out.String())
		}
		return st, out.String()
	}
	whole := filepath.Join(dir, "whole.pgn")
	st, out := play(Shard{}, whole)
	if st.Games != 10 || st.Faults != 0 {
		t.Fatalf("unsharded: %d games, %d faults\n%s", st.Games, st.Faults, out)
	}
	var report bytes.Buffer
	st.Write(&report, &Config{Engines: []EngineConfig{{Name: "alpha"}, {Name: "beta"}}, SPRT: sprt})
	if !strings.HasSuffix(out, "\n"+report.String()) {
		t.Fatalf("the run's report is not Standings.Write's:\n%s", out)
	}
	wantGames := pgnGames(t, whole)
	t.Logf("unsharded:\n%s", report.String())
	// Each opening is played twice with the colours swapped: the SPRT
	// tests the five pairs.
	if p := st.Pentas[pairKey("alpha", "beta")]; p == nil || p.N() != 5 ||
		!strings.Contains(out, p.String()+"\n") || !strings.Contains(out, "(pentanomial, 5 pairs)") {
		t.Errorf("unsharded: pairs %v, want 5 reported and tested:\n%s", p, out)
	}
	for _, n := range []int{2, 3} {
		var files []string
		played := 0
		for k := 1; k <= n; k++ {
			p := filepath.Join(dir, fmt.Sprintf("n%d-shard%d.pgn", n, k))
			sst, sout := play(Shard{K: k, N: n}, p)
			played += sst.Games
			if !strings.Contains(sout, fmt.Sprintf("Shard %d/%d: %d of the match's 10 games", k, n, sst.Games)) ||
				!strings.Contains(sout, "not tested in one shard") {
				t.Errorf("shard %d/%d output:\n%s", k, n, sout)
			}
			files = append(files, p)
		}
		if played != 10 {
			t.Errorf("N=%d: the shards played %d games, want 10", n, played)
		}
		if got := pgnGames(t, files...); !reflect.DeepEqual(got, wantGames) {
			for num, w := range wantGames {
				if got[num] != w {
					t.Errorf("N=%d game %s:\n merged     %s\n unsharded  %s", n, num, got[num], w)
				}
			}
			t.Fatalf("N=%d: the shards' games differ from the unsharded run's", n)
		}
		var mout bytes.Buffer
		mst, err := Merge(files, sprt, &mout)
		if err != nil {
			t.Fatalf("N=%d merge: %v", n, err)
		}
		if !strings.HasSuffix(mout.String(), "\n"+report.String()) {
			t.Errorf("N=%d: merge printed\n%s\nwant it to end as the unsharded run:\n%s", n, mout.String(), report.String())
		}
		if !strings.HasPrefix(mout.String(), fmt.Sprintf("Merge: shogi (id %016x), engines alpha, beta, time control depth 1, 10 games from %d files\n", lookup(t, "shogi").ID, n)) {
			t.Errorf("N=%d: merge header:\n%s", n, mout.String())
		}
		if !reflect.DeepEqual(mst.Pairs, st.Pairs) || !reflect.DeepEqual(mst.Pentas, st.Pentas) || !reflect.DeepEqual(mst.Total, st.Total) || !reflect.DeepEqual(mst.Reasons, st.Reasons) ||
			mst.Games != st.Games || mst.Faults != st.Faults || mst.Planned != st.Planned {
			t.Errorf("N=%d: merged standings %+v, unsharded %+v", n, mst, st)
		}
	}
	// The unsharded run's own PGN merges to its report too.
	var mout bytes.Buffer
	if _, err := Merge([]string{whole}, sprt, &mout); err != nil || !strings.HasSuffix(mout.String(), "\n"+report.String()) {
		t.Errorf("merge of the unsharded PGN: %v\n%s", err, mout.String())
	}
}

// writeGames writes synthetic finished games (first mover, second mover,
// result by number) of a match of the engines to a PGN file.
func writeGames(t *testing.T, path string, cfg *Config, planned int, games ...*Game) {
	t.Helper()
	pos, _ := movegen.NewPosition(cfg.Variant, "startpos")
	var b bytes.Buffer
	for _, g := range games {
		g.StartSFEN, g.Standard, g.Scheduled, g.Started = pos.SFEN(), true, planned, time.Now()
		if err := WritePGN(&b, cfg, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeErrors: merge refuses a game number read twice (two files,
// the same file twice), games of another match (engines, variant, rule
// set, variant options, time control, match size), files kirin match did
// not write, unfinished games, game numbers beyond the match, an SPRT of
// more than two engines, and bad command lines, each with an error that
// says what and where. Missing games are reported, not refused; a file
// without the match tags (older kirin match) merges with the engines in
// the order they first play; an SPRT that crosses a bound says after
// which game.
func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	shogi, chu := lookup(t, "shogi"), lookup(t, "chu")
	hachu, err := chu.WithRuleSet("hachu")
	if err != nil {
		t.Fatal(err)
	}
	q3, err := lookup(t, "tai").WithOptions("liondog=q3")
	if err != nil {
		t.Fatal(err)
	}
	ab := []EngineConfig{{Name: "a"}, {Name: "b"}}
	match := func(v *movegen.Variant, engines []EngineConfig) *Config {
		return &Config{Variant: v, Engines: engines, TC: TimeControl{Depth: 1}}
	}
	game := func(n int, first, second string, r movegen.Result) *Game {
		return &Game{Number: n, Round: 1, Black: first, White: second, Result: r, Reason: "draw by move limit"}
	}
	file := func(name string, cfg *Config, planned int, numbers ...int) string {
		var gs []*Game
		for _, n := range numbers {
			gs = append(gs, game(n, "a", "b", movegen.Draw))
		}
		p := filepath.Join(dir, name)
		writeGames(t, p, cfg, planned, gs...)
		return p
	}
	a := file("a.pgn", match(shogi, ab), 6, 1, 2)
	b := file("b.pgn", match(shogi, ab), 6, 3, 4)
	overlap := file("overlap.pgn", match(shogi, ab), 6, 4, 5)
	twice := filepath.Join(dir, "twice.pgn")
	ab1, _ := os.ReadFile(a)
	os.WriteFile(twice, append(ab1, ab1...), 0o644)
	otherEngines := file("ac.pgn", match(shogi, []EngineConfig{{Name: "a"}, {Name: "c"}}), 6, 5)
	otherVariant := file("chu.pgn", match(chu, ab), 6, 5)
	otherRules := file("hachu.pgn", match(hachu, ab), 6, 6)
	otherTC := filepath.Join(dir, "tc.pgn")
	writeGames(t, otherTC, &Config{Variant: shogi, Engines: ab, TC: TimeControl{Depth: 2}}, 6, game(5, "a", "b", movegen.Draw))
	otherSize := file("size.pgn", match(shogi, ab), 8, 5)
	taiPlain := file("tai.pgn", match(lookup(t, "tai"), ab), 6, 1)
	taiQ3 := file("taiq3.pgn", match(q3, ab), 6, 2)
	beyond := file("beyond.pgn", match(shogi, ab), 6, 7)
	three := file("three.pgn", match(shogi, []EngineConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}), 6, 1)
	stranger := filepath.Join(dir, "stranger.pgn")
	os.WriteFile(stranger, []byte("[Event \"x\"]\n[White \"p\"]\n[Black \"q\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"), 0o644)
	unfinished := filepath.Join(dir, "unfinished.pgn")
	os.WriteFile(unfinished, []byte("[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[GameNumber \"1\"]\n\n*\n"), 0o644)
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, nil, 0o644)
	sprt := &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		name  string
		files []string
		sprt  *SPRT
		want  string
	}{
		{"no files", nil, nil, "give the PGN files of the shards"},
		{"missing file", []string{a, filepath.Join(dir, "none.pgn")}, nil, "none.pgn: no such file"},
		{"empty file", []string{a, empty}, nil, "empty.pgn: no games"},
		{"overlap", []string{a, b, overlap}, nil, "game 4 appears twice, in " + b + " (game 2 of the file) and in " + overlap + " (game 1 of the file)"},
		{"file twice", []string{a, b, dir + "/./a.pgn"}, nil, dir + "/./a.pgn" + " is given twice (also as " + a + ")"},
		{"appended twice", []string{twice}, nil, "game 1 appears twice, in " + twice + " (game 1 of the file) and in " + twice + " (game 3 of the file)"},
		{"engines", []string{a, otherEngines}, nil, "are not of one match: engines (MatchEngines) \"a,b\" and \"a,c\""},
		{"variant", []string{a, otherVariant}, nil, "variant \"shogi\" and \"chu\""},
		{"rule set", []string{otherVariant, otherRules}, nil, "rule set \"jcsa\" and \"hachu\""},
		{"variant options", []string{taiPlain, taiQ3}, nil, "variant id (options differ?)"},
		{"time control", []string{a, otherTC}, nil, "time control \"depth 1\" and \"depth 2\""},
		{"match size", []string{a, otherSize}, nil, "games in the match (MatchGames) \"6\" and \"8\""},
		{"beyond", []string{a, beyond}, nil, "game 7 in " + beyond + " (game 1 of the file): beyond the match's 6 games"},
		{"not kirin", []string{stranger}, nil, "stranger.pgn (game 1 of the file): no GameNumber tag"},
		{"unfinished", []string{unfinished}, nil, "game 1 has result \"*\""},
		{"sprt three engines", []string{three}, sprt, "the SPRT needs exactly two engines, the match has 3"},
	} {
		var out bytes.Buffer
		_, err := Merge(c.files, c.sprt, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if out.Len() > 0 {
			t.Errorf("%s: printed %q", c.name, out.String())
		}
	}

	// Games missing (shards still running) are named; the report counts
	// what there is.
	var out bytes.Buffer
	st, err := Merge([]string{b, a}, nil, &out)
	if err != nil || st.Games != 4 || st.Planned != 6 {
		t.Fatalf("a+b: %v %+v", err, st)
	}
	for _, w := range []string{"4 games from 2 files\nMissing games: 5-6\n", "Score of a vs b: 0 - 0 - 4  [0.500]  4", "4 of 6 games played", "     4  draw by move limit"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("a+b: no %q in\n%s", w, out.String())
		}
	}

	// A PGN file without the match tags (an older kirin match): the
	// engines in the order they first play in game-number order, the
	// games read taken for the whole match.
	old := filepath.Join(dir, "old.pgn")
	os.WriteFile(old, []byte("[White \"q\"]\n[Black \"p\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n[GameNumber \"2\"]\n\n"+
		"1. 7g7f {p loses on time} 1-0\n\n[White \"p\"]\n[Black \"q\"]\n[Result \"1/2-1/2\"]\n[GameNumber \"1\"]\n\n1. 7g7f {draw by repetition} 1/2-1/2\n"), 0o644)
	out.Reset()
	if st, err = Merge([]string{old}, nil, &out); err != nil || st.Planned != 2 || st.Faults != 1 || !reflect.DeepEqual(st.Names, []string{"p", "q"}) {
		t.Errorf("old PGN: %v %+v", err, st)
	}
	if w := "Score of p vs q: 0 - 1 - 1"; !strings.Contains(out.String(), w) || !strings.Contains(out.String(), "2 of 2 games played, 1 ended by an engine fault") {
		t.Errorf("old PGN: no %q in\n%s", w, out.String())
	}

	// An SPRT decided in game-number order: b (the second engine) wins
	// every game; the first engine, a, is the one tested.
	var gs []*Game
	for n := 1; n <= 30; n++ {
		g := game(n, "a", "b", movegen.WhiteWins)
		if n%2 == 0 {
			g = game(n, "b", "a", movegen.BlackWins)
		}
		g.Reason = "b wins by checkmate"
		if n%5 == 0 {
			g.Result, g.Reason = movegen.Draw, "draw by repetition"
		}
		gs = append(gs, g)
	}
	lopsided := filepath.Join(dir, "lopsided.pgn")
	writeGames(t, lopsided, match(shogi, ab), 100, gs...)
	out.Reset()
	wide := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	after, score := 0, Score{}
	for _, g := range gs {
		if g.Result == movegen.Draw {
			score.D++
		} else {
			score.L++
		}
		if wide.Decide(wide.LLR(score)) != "" {
			after = score.N()
			break
		}
	}
	if after == 0 || after == 30 {
		t.Fatalf("the SPRT decides after %d games; the test wants it within the 30", after)
	}
	if st, err = Merge([]string{lopsided}, wide, &out); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Missing games: 31-100\n", fmt.Sprintf("SPRT: H0 accepted after %d games (in game-number order)", after), "Score of a vs b: 0 - 24 - 6", "]: H0\n", "30 of 100 games played"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("lopsided: no %q in\n%s", w, out.String())
		}
	}

	// The command line: --sprt fields as kirin match takes them, files
	// anywhere, errors as kirin match gives them.
	out.Reset()
	if err := MergeCommand([]string{a, "--sprt", "elo0=0", "elo1=10", b}, &out); err != nil || !strings.Contains(out.String(), "SPRT (elo0 0, elo1 10, alpha 0.05, beta 0.05)") {
		t.Errorf("merge a --sprt ... b: %v\n%s", err, out.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{a, "--sprt", "elo0=5", "elo1=0"}, "--sprt needs 0 < alpha, beta < 1 and elo0 < elo1"},
		{[]string{a, "--sprt", "elo0=x"}, "--sprt: \"elo0=x\" is not key=number"},
		{[]string{a, "--bogus"}, "unknown option --bogus"},
		{[]string{"--sprt", "elo1=10"}, "give the PGN files of the shards"},
	} {
		if err := MergeCommand(c.args, io.Discard); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

// TestMergeRuns: merge --runs adds up independent runs of one match (each
// numbering its games from 1, of different sizes) in the order given, and
// decides the SPRT at the first game where the sum crosses a bound; it
// refuses a game number twice in one run, one game (start, moves, result)
// in two runs, and runs of different matches, each with an error that
// says where; shards' plain merge still refuses the runs' overlapping
// game numbers.
func TestMergeRuns(t *testing.T) {
	dir := t.TempDir()
	shogi := lookup(t, "shogi")
	ab := []EngineConfig{{Name: "a"}, {Name: "b"}}
	cfg := &Config{Variant: shogi, Engines: ab, TC: TimeControl{Nodes: 20000}}
	// run r's game n: its own one-move game, won by b (the second engine)
	// unless draw says otherwise.
	run := func(name string, r, planned int, draw func(n int) bool, numbers ...int) string {
		var gs []*Game
		for _, n := range numbers {
			g := &Game{Number: n, Round: 1, Black: "a", White: "b", Result: movegen.WhiteWins, Reason: "b wins by checkmate"}
			if n%2 == 0 {
				g.Black, g.White, g.Result = "b", "a", movegen.BlackWins
			}
			if draw(n) {
				g.Result, g.Reason = movegen.Draw, "draw by repetition"
			}
			mv := fmt.Sprintf("%c%d%c%d", 'a'+r, n, 'a'+r, n+1)
			g.Moves = []MoveRecord{{USI: mv, XBoard: mv, Hodges: mv}}
			gs = append(gs, g)
		}
		p := filepath.Join(dir, name)
		writeGames(t, p, cfg, planned, gs...)
		return p
	}
	never := func(int) bool { return false }
	always := func(int) bool { return true }
	r1 := run("r1.pgn", 1, 4, always, 1, 2, 3, 4)
	r2 := run("r2.pgn", 2, 10, func(n int) bool { return n > 6 }, 3, 1, 2, 4, 5, 6, 7, 8)
	var out bytes.Buffer
	st, err := MergeRuns([]string{r1, r2}, nil, &out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 12 || st.Planned != 12 {
		t.Errorf("runs: %d of %d games, want 12 of 12", st.Games, st.Planned)
	}
	for _, w := range []string{
		"Merge of runs: shogi (id " + fmt.Sprintf("%016x", shogi.ID) + "), engines a, b, time control nodes 20000, 12 games from 2 runs\n",
		"Run 1: " + r1 + ", 4 games\nRun 2: " + r2 + ", 8 games\n",
		"Score of a vs b: 0 - 6 - 6  [0.250]  12",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("runs: no %q in\n%s", w, out.String())
		}
	}
	// The SPRT, in run order: the four draws of run 1 first, then b's six
	// wins; the bound is crossed after the same number of games as adding
	// them up by hand in that order says.
	sprt := &SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	after, score := 0, Score{}
	for i := 0; i < 12 && after == 0; i++ {
		if i < 4 || i >= 10 {
			score.D++
		} else {
			score.L++
		}
		if sprt.Decide(sprt.LLR(score)) != "" {
			after = score.N()
		}
	}
	if after <= 4 || after > 10 {
		t.Fatalf("the SPRT decides after %d games; the test wants it within run 2's wins", after)
	}
	out.Reset()
	if _, err := MergeRuns([]string{r1, r2}, sprt, &out); err != nil || !strings.Contains(out.String(), fmt.Sprintf("SPRT: H0 accepted after %d games (the runs in the order given)", after)) {
		t.Errorf("runs with SPRT: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := MergeCommand([]string{"--runs", r1, r2}, &out); err != nil || !strings.Contains(out.String(), "12 games from 2 runs") {
		t.Errorf("merge --runs r1 r2: %v\n%s", err, out.String())
	}
	// A run may play one game twice (two copies of one engine).
	same := run("same.pgn", 3, 2, always, 1)
	sameData, _ := os.ReadFile(same)
	twinPairs := filepath.Join(dir, "twinpairs.pgn")
	os.WriteFile(twinPairs, append(sameData, bytes.Replace(sameData, []byte(`[GameNumber "1"]`), []byte(`[GameNumber "2"]`), 1)...), 0o644)
	out.Reset()
	if st, err := MergeRuns([]string{twinPairs}, nil, &out); err != nil || st.Games != 2 {
		t.Errorf("a run with one game twice: %v\n%s", err, out.String())
	}

	// Two runs may hold one game under different numbers: two seeds drew
	// the same opening.
	sameLater := filepath.Join(dir, "samelater.pgn")
	os.WriteFile(sameLater, bytes.Replace(sameData, []byte(`[GameNumber "1"]`), []byte(`[GameNumber "2"]`), 1), 0o644)
	out.Reset()
	if st, err := MergeRuns([]string{same, sameLater}, nil, &out); err != nil || st.Games != 2 {
		t.Errorf("two runs with one game under two numbers: %v\n%s", err, out.String())
	}

	copyOf := filepath.Join(dir, "copy.pgn")
	r1Data, _ := os.ReadFile(r1)
	os.WriteFile(copyOf, r1Data, 0o644)
	twice := filepath.Join(dir, "twice.pgn")
	os.WriteFile(twice, append(r1Data, r1Data...), 0o644)
	otherEngines := filepath.Join(dir, "ac.pgn")
	writeGames(t, otherEngines, &Config{Variant: shogi, Engines: []EngineConfig{{Name: "a"}, {Name: "c"}}, TC: cfg.TC}, 4,
		&Game{Number: 1, Round: 1, Black: "a", White: "c", Result: movegen.Draw, Reason: "draw by repetition"})
	otherTC := run("tc.pgn", 4, 4, never, 1)
	tcData, _ := os.ReadFile(otherTC)
	os.WriteFile(otherTC, bytes.Replace(tcData, []byte(`[TimeControl "nodes 20000"]`), []byte(`[TimeControl "nodes 30000"]`), 1), 0o644)
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"same run twice", []string{r1, copyOf}, r1 + " (game 1 of the file) and " + copyOf + " (game 1 of the file) are the same game (number, start, moves and result): one run given twice, or two runs with the same seed"},
		{"appended twice", []string{twice}, "game 1 appears twice in one run, in " + twice + " (game 1 of the file) and in " + twice + " (game 5 of the file)"},
		{"engines", []string{r1, otherEngines}, "are not of one match: engines (MatchEngines) \"a,b\" and \"a,c\""},
		{"time control", []string{r1, otherTC}, "are not of one match: time control \"nodes 20000\" and \"nodes 30000\""},
		{"file twice", []string{r1, dir + "/./r1.pgn"}, "is given twice"},
	} {
		out.Reset()
		_, err := MergeRuns(c.files, nil, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
		if out.Len() > 0 {
			t.Errorf("%s: printed %q", c.name, out.String())
		}
	}
	// Without --runs the runs' game numbers overlap: that is the shards' error.
	if _, err := Merge([]string{r1, r2}, nil, &out); err == nil || !strings.Contains(err.Error(), "game 3 appears twice") {
		t.Errorf("plain merge of two runs: %v", err)
	}
}

// TestMergePentanomial: games played in opening pairs keep their pair in
// the PGN (OpeningPair), merge counts the pairs (Ptnml) and tests the
// SPRT on them, --runs keeps two runs' pairs of one number apart, a file
// with a game outside any pair falls back to the games, and a bad tag is
// refused with the game's number.
func TestMergePentanomial(t *testing.T) {
	dir := t.TempDir()
	cfg := &Config{Variant: lookup(t, "shogi"), Engines: []EngineConfig{{Name: "a"}, {Name: "b"}}, TC: TimeControl{Nodes: 20000}}
	// run r: pairs 1 to 4; a wins both games of pair 1, splits pairs 2
	// and 3 (each colour wins), draws one game of pair 4 and loses the
	// other. pair 0 writes the game without a pair.
	run := func(name string, r int, pairs ...int) string {
		var gs []*Game
		for i, p := range pairs {
			n := i + 1
			g := &Game{Number: n, Round: 1, Pair: p, Black: "a", White: "b", Reason: "checkmate"}
			if n%2 == 0 {
				g.Black, g.White = "b", "a"
			}
			g.Result = movegen.BlackWins // the first mover wins
			switch {
			case p == 1:
				g.Result = map[bool]movegen.Result{true: movegen.BlackWins, false: movegen.WhiteWins}[g.Black == "a"]
			case p == 4 && n%2 == 1:
				g.Result, g.Reason = movegen.Draw, "draw by repetition"
			case p == 4:
				g.Result = movegen.BlackWins // b, first, wins
			}
			mv := fmt.Sprintf("%c%d%c%d", 'a'+r, n, 'a'+r, n+1)
			g.Moves = []MoveRecord{{USI: mv, XBoard: mv, Hodges: mv}}
			gs = append(gs, g)
		}
		p := filepath.Join(dir, name)
		writeGames(t, p, cfg, len(pairs), gs...)
		return p
	}
	r1 := run("r1.pgn", 1, 1, 1, 2, 2, 3, 3, 4, 4)
	r2 := run("r2.pgn", 2, 1, 1, 2, 2, 3, 3, 4, 4)
	data, _ := os.ReadFile(r1)
	if !strings.Contains(string(data), "[OpeningPair \"4\"]") {
		t.Fatalf("no OpeningPair tag in\n%s", data)
	}
	sprt := &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	var out bytes.Buffer
	st, err := MergeRuns([]string{r1, r2}, sprt, &out)
	if err != nil {
		t.Fatal(err)
	}
	key := pairKey("a", "b")
	if got, want := *st.Pentas[key], (Penta{0, 2, 4, 0, 2}); got != want {
		t.Errorf("two runs: %v, want %v", got, want)
	}
	llr := fmt.Sprintf("LLR %.2f (pentanomial, 8 pairs)", sprt.LLRPenta(Penta{0, 2, 4, 0, 2}))
	for _, w := range []string{"Ptnml(0-2): 0, 2, 4, 0, 2\n", llr} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("two runs: no %q in\n%s", w, out.String())
		}
	}
	mixed := run("mixed.pgn", 3, 1, 1, 2, 2, 0)
	out.Reset()
	if st, err = Merge([]string{mixed}, sprt, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "(trinomial, by game)") || strings.Contains(out.String(), "Ptnml") {
		t.Errorf("a game without a pair: want the trinomial model and no Ptnml line in\n%s", out.String())
	}
	bad := filepath.Join(dir, "bad.pgn")
	os.WriteFile(bad, []byte(strings.Replace(string(data), "[OpeningPair \"2\"]", "[OpeningPair \"x\"]", 1)), 0o644)
	if _, err := Merge([]string{bad}, nil, io.Discard); err == nil || !strings.Contains(err.Error(), "game 3 has OpeningPair \"x\"") {
		t.Errorf("bad tag: %v", err)
	}
}
