package bench

import (
	"math"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// TestVersusMaterial plays a short match of the full engine against the
// 1-ply material engine in shogi and heian: every game is played to a
// referee's verdict without faults, the results add up, the colours
// alternate, each pair shares its opening, and the full engine scores at
// least as well as its opponent.
func TestVersusMaterial(t *testing.T) {
	for _, name := range []string{"shogi", "heian"} {
		v, err := movegen.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		const games = 4
		seen := 0
		rep := VersusMaterial(v, search.Limits{Depth: 2}, search.Params{}, VersusOptions{
			Games: games, Seed: 3, MoveLimit: 300,
			Progress: func(VersusGame) { seen++ },
		})
		if len(rep.Games) != games || seen != games {
			t.Fatalf("%s: %d games recorded, %d reported, want %d", name, len(rep.Games), seen, games)
		}
		if rep.Wins+rep.Losses+rep.Draws != games {
			t.Errorf("%s: +%d -%d =%d does not add up to %d", name, rep.Wins, rep.Losses, rep.Draws, games)
		}
		n := 0
		for _, c := range rep.Reasons {
			n += c
		}
		if n != games {
			t.Errorf("%s: reasons count %d games, want %d", name, n, games)
		}
		if rep.Faults != 0 {
			t.Errorf("%s: %d faults", name, rep.Faults)
		}
		for i, g := range rep.Games {
			if g.Fault != "" {
				t.Errorf("%s game %d: %s", name, g.Number, g.Fault)
			}
			if g.Outcome.Result == movegen.Ongoing || g.Outcome.Reason == "" {
				t.Errorf("%s game %d: unfinished (%+v)", name, g.Number, g.Outcome)
			}
			if len(g.Moves) > 300 || g.Opening != 4 || len(g.Moves) <= g.Opening {
				t.Errorf("%s game %d: %d plies with a %d-ply opening", name, g.Number, len(g.Moves), g.Opening)
			}
			if want := movegen.Color(i % 2); g.FirstColor != want {
				t.Errorf("%s game %d: first player has colour %v, want %v", name, g.Number, g.FirstColor, want)
			}
			if i%2 == 1 && strings.Join(g.Moves[:4], " ") != strings.Join(rep.Games[i-1].Moves[:4], " ") {
				t.Errorf("%s game %d: opening differs from its pair's", name, g.Number)
			}
			if g.Outcome.Reason == movegen.ReasonMoveLimit && len(g.Moves) != 300 {
				t.Errorf("%s game %d: %d plies ended by %q", name, g.Number, len(g.Moves), g.Outcome.Reason)
			}
		}
		if s, _ := rep.Score(); s < 0.5 {
			t.Errorf("%s: the full engine scored %.0f%% against 1-ply material (+%d -%d =%d)", name, 100*s, rep.Wins, rep.Losses, rep.Draws)
		}
		t.Logf("%s: %s", name, rep.TableRow())
	}
}

// TestVersusConcurrency: a match played three games at a time holds the
// same games as one played a game at a time (moves, outcomes, first
// colours), and Progress sees them in game order. It fails if the openings
// are drawn in another order, if an engine carries anything from one game
// into the next that a fresh engine lacks, or if games are reported as they
// finish rather than in order.
func TestVersusConcurrency(t *testing.T) {
	v, err := movegen.Lookup("heian")
	if err != nil {
		t.Fatal(err)
	}
	const games = 7
	play := func(concurrency int) ([]VersusGame, []int) {
		var order []int
		rep := VersusMaterial(v, search.Limits{Depth: 2}, search.Params{}, VersusOptions{
			Games: games, Seed: 11, MoveLimit: 200, Concurrency: concurrency,
			Progress: func(g VersusGame) { order = append(order, g.Number) },
		})
		if len(rep.Games) != games || rep.Wins+rep.Losses+rep.Draws != games {
			t.Fatalf("concurrency %d: %d games, +%d -%d =%d, want %d", concurrency, len(rep.Games), rep.Wins, rep.Losses, rep.Draws, games)
		}
		return rep.Games, order
	}
	one, _ := play(1)
	three, order := play(3)
	for i, g := range three {
		if order[i] != i+1 {
			t.Errorf("Progress saw games in the order %v, want 1 to %d", order, games)
			break
		}
		want := one[i]
		if g.Number != want.Number || g.FirstColor != want.FirstColor || g.Outcome != want.Outcome ||
			strings.Join(g.Moves, " ") != strings.Join(want.Moves, " ") {
			t.Errorf("game %d at concurrency 3: %v %+v in %d plies; at concurrency 1 game %d: %v %+v in %d plies",
				g.Number, g.FirstColor, g.Outcome, len(g.Moves), want.Number, want.FirstColor, want.Outcome, len(want.Moves))
		}
	}
}

// TestVersusReplay replays every game of a match from its move list: each
// move is legal and the referee agrees with the recorded outcome, which
// also checks that the recorded score belongs to the right colour.
func TestVersusReplay(t *testing.T) {
	v, err := movegen.Lookup("shogi")
	if err != nil {
		t.Fatal(err)
	}
	weak := Player{Name: "material", Eval: eval.NewMaterial(v), Limits: search.Limits{Depth: 1}}
	strong := Player{Name: "full", Eval: eval.New(v), Limits: search.Limits{Depth: 2}}
	// The weak engine first, so a decisive game scores 0 for it.
	rep := Versus(v, weak, strong, VersusOptions{Games: 2, Seed: 5, MoveLimit: 200})
	for _, g := range rep.Games {
		pos, err := movegen.NewPosition(v, "startpos")
		if err != nil {
			t.Fatal(err)
		}
		pos.SetMoveLimit(200)
		for i, text := range g.Moves {
			m, err := pos.ParseMoveUSI(text)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", g.Number, i+1, err)
			}
			pos.Make(m)
		}
		out := pos.Outcome()
		if out != g.Outcome || pos.SFEN() != g.FinalSFEN {
			t.Errorf("game %d: replay ends %+v at %s, record says %+v at %s", g.Number, out, pos.SFEN(), g.Outcome, g.FinalSFEN)
		}
		want := 0.5
		switch out.Result {
		case movegen.Win(g.FirstColor):
			want = 1
		case movegen.Win(g.FirstColor.Other()):
			want = 0
		}
		if g.Score != want {
			t.Errorf("game %d: score %v for the first player, want %v (%v, first player %v)", g.Number, g.Score, want, out, g.FirstColor)
		}
	}
	if rep.Wins > rep.Losses {
		t.Errorf("the 1-ply material engine beat the full engine: +%d -%d =%d", rep.Wins, rep.Losses, rep.Draws)
	}
}

// TestVersusElo checks the score, Elo and interval arithmetic on made-up
// results.
func TestVersusElo(t *testing.T) {
	mk := func(scores ...float64) VersusReport {
		var r VersusReport
		r.Reasons = map[string]int{}
		for _, s := range scores {
			r.add(VersusGame{Score: s, Outcome: movegen.Outcome{Reason: "x"}})
		}
		return r
	}
	// 3 wins, 1 loss: score 0.75, Elo 400·log10(3) ≈ 190.8.
	r := mk(1, 1, 1, 0)
	s, se := r.Score()
	if s != 0.75 || math.Abs(se-math.Sqrt(0.1875/4)) > 1e-12 {
		t.Errorf("score %v ± %v", s, se)
	}
	elo, lo, hi := r.Elo()
	if math.Abs(elo-190.85) > 0.01 || !(lo < elo && elo < hi) {
		t.Errorf("elo %v [%v, %v]", elo, lo, hi)
	}
	if r.Wins != 3 || r.Losses != 1 || r.Draws != 0 || r.Reasons["win x"] != 3 {
		t.Errorf("counts +%d -%d =%d %v", r.Wins, r.Losses, r.Draws, r.Reasons)
	}
	if !math.IsNaN(r.EloLowerBound()) {
		t.Errorf("lower bound given for a match with a loss")
	}
	// Even: Elo 0.
	if elo, _, _ := mk(1, 0, 0.5, 0.5).Elo(); math.Abs(elo) > 1e-9 {
		t.Errorf("even match: elo %v", elo)
	}
	// All won: infinite estimate, finite lower bound 0.025^(1/100) ≈ 0.9638,
	// about +570 Elo.
	all := mk(make100(1)...)
	if elo, _, _ := all.Elo(); !math.IsInf(elo, 1) {
		t.Errorf("all won: elo %v", elo)
	}
	if lb, want := all.EloLowerBound(), eloOf(math.Pow(0.025, 0.01)); lb != want || lb < 560 || lb > 580 {
		t.Errorf("all won: lower bound %v, want %v", lb, want)
	}
}

func make100(s float64) []float64 {
	out := make([]float64, 100)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestVersusByColour: the report split by the first player's colour counts
// each game once, in its own colour, with its reason, and Write prints
// both halves.
func TestVersusByColour(t *testing.T) {
	r := VersusReport{Variant: "tai", Reasons: map[string]int{}}
	for _, g := range []struct {
		c      movegen.Color
		score  float64
		reason string
	}{
		{movegen.Black, 1, "perpetual attack"},
		{movegen.White, 1, "royal captured"},
		{movegen.Black, 0.5, "move limit"},
		{movegen.White, 1, "royal captured"},
		{movegen.Black, 1, "perpetual attack"},
		{movegen.White, 0, "royal captured"},
	} {
		r.add(VersusGame{FirstColor: g.c, Score: g.score, Outcome: movegen.Outcome{Reason: g.reason}})
	}
	black, white := r.ByColour(movegen.Black), r.ByColour(movegen.White)
	if got, want := black.String(), "games 3, +2 -0 =1  (draw move limit 1, win perpetual attack 2)"; got != want {
		t.Errorf("as black: %q, want %q", got, want)
	}
	if got, want := white.String(), "games 3, +2 -1 =0  (loss royal captured 1, win royal captured 2)"; got != want {
		t.Errorf("as white: %q, want %q", got, want)
	}
	if n := len(black.Games) + len(white.Games); n != len(r.Games) {
		t.Errorf("the halves hold %d games, the match %d", n, len(r.Games))
	}
	var out strings.Builder
	r.Write(&out)
	for _, want := range []string{"As black: " + black.String() + "\n", "As white: " + white.String() + "\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("Write lacks %q:\n%s", want, out.String())
		}
	}
	if got := (VersusReport{Reasons: map[string]int{}}).String(); got != "games 0, +0 -0 =0" {
		t.Errorf("empty report: %q", got)
	}
}
