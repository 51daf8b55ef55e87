package match

import (
	"bytes"
	"context"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestSPSAGains: at the last pair the perturbation is C_END and the
// learning rate (step over c) R_END; both shrink from the first pair on.
func TestSPSAGains(t *testing.T) {
	s := &SPSA{Pairs: 1000, Params: []SPSAParam{{Name: "x", CEnd: 4, REnd: 0.002}}}
	c, step := s.gains(0, 1000)
	if math.Abs(c-4) > 1e-9 || math.Abs(step/c-0.002) > 1e-12 {
		t.Errorf("last pair: c %g, rate %g; want 4 and 0.002", c, step/c)
	}
	c1, step1 := s.gains(0, 1)
	if c1 <= c || step1 <= step {
		t.Errorf("first pair: c %g, step %g; want both above the last pair's %g, %g", c1, step1, c, step)
	}
}

// synthetic is a stand-in for the games: the + side wins each game with
// the probability the logistic curve gives the difference of a quadratic
// strength between the two points, whose peak is at opt.
type synthetic struct {
	opt []float64
	rng *rand.Rand
}

func (sy *synthetic) strength(x []int) float64 {
	f := 0.0
	for i, v := range x {
		d := (float64(v) - sy.opt[i]) / 10
		f -= d * d
	}
	return f
}

func (sy *synthetic) play(_ context.Context, pt spsaPoint, _ Opening) (w, l, d int, ok bool) {
	p := 1 / (1 + math.Exp(-(sy.strength(pt.plus) - sy.strength(pt.minus))))
	for g := 0; g < 2; g++ {
		if sy.rng.Float64() < p {
			w++
		} else {
			l++
		}
	}
	return w, l, 0, true
}

// TestSPSAConverges: on the synthetic objective SPSA moves two numbers
// that start 30 away from the peak (one above, one below) to within 8 of
// it in 3000 pairs, and the rounding never leaves the range.
func TestSPSAConverges(t *testing.T) {
	v, _ := movegen.Resolve("shogi", "")
	s := &SPSA{Pairs: 3000, Seed: 1, Params: []SPSAParam{
		{Name: "a", Start: 100, Min: 0, Max: 200, CEnd: 4, REnd: 0.02, Value: 100},
		{Name: "b", Start: 40, Min: 0, Max: 200, CEnd: 4, REnd: 0.02, Value: 40},
	}}
	sy := &synthetic{opt: []float64{70, 70}, rng: rand.New(rand.NewSource(5))}
	var out bytes.Buffer
	if err := s.run(context.Background(), &Config{Variant: v, Out: &out}, 1000, nil, sy.play); err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Params {
		if math.Abs(p.Value-70) > 8 {
			t.Errorf("%s ended at %.2f, want 70 ± 8 (started at %g)\n%s", p.Name, p.Value, p.Start, out.String())
		}
	}
	if s.Done != 3000 || s.Wins+s.Losses != 6000 || !strings.Contains(out.String(), "SPSA done after 3000 pairs: a=") {
		t.Errorf("done %d, games %d, output %q", s.Done, s.Wins+s.Losses, out.String())
	}
	p := SPSAParam{Min: 1.5, Max: 3}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 100; i++ {
		if n := p.round(float64(i)/10-2, rng); n < 2 || n > 3 {
			t.Fatalf("round(%g) = %d, outside [2, 3]", float64(i)/10-2, n)
		}
	}
}

// TestSPSAResume: a run stopped after 40 pairs, written to its state and
// read back, goes on to the same estimates as the run played through,
// since each pair's signs, roundings and opening depend only on the seed
// and the pair's number.
func TestSPSAResume(t *testing.T) {
	v, _ := movegen.Resolve("shogi", "")
	newRun := func() *SPSA {
		return &SPSA{Pairs: 100, Seed: 9, Params: []SPSAParam{
			{Name: "a", Start: 50, Min: 0, Max: 100, CEnd: 3, REnd: 0.01, Value: 50},
			{Name: "b", Start: 5, Min: 1, Max: 10, CEnd: 0.5, REnd: 0.01, Value: 5},
		}}
	}
	// The stand-in's result depends only on the pair's points.
	play := func(_ context.Context, pt spsaPoint, o Opening) (int, int, int, bool) {
		r := (pt.plus[0] - pt.minus[0] + 3*(pt.plus[1]-pt.minus[1]) + len(o.Moves)) % 3
		return max(r, 0), max(-r, 0), 2 - max(r, -r), true
	}
	cfg := &Config{Variant: v, RandomPlies: 2}
	whole := newRun()
	if err := whole.run(context.Background(), cfg, 10, nil, play); err != nil {
		t.Fatal(err)
	}
	part := newRun()
	part.Pairs = 100
	ctx, cancel := context.WithCancel(context.Background())
	var saved bytes.Buffer
	save := func(s *SPSA) error {
		if s.Done == 40 {
			saved.Reset()
			if err := s.WriteState(&saved); err != nil {
				return err
			}
			cancel()
		}
		return nil
	}
	if err := part.run(ctx, cfg, 10, save, play); err != nil {
		t.Fatal(err)
	}
	back, err := ReadSPSAState(&saved)
	if err != nil {
		t.Fatalf("reading the state back: %v\n%s", err, saved.String())
	}
	if d := back.sameRun(newRun()); d != "" || back.Done != 40 {
		t.Fatalf("state read back: done %d, differs: %s", back.Done, d)
	}
	if err := back.run(context.Background(), cfg, 10, nil, play); err != nil {
		t.Fatal(err)
	}
	for i := range whole.Params {
		if back.Params[i].Value != whole.Params[i].Value {
			t.Errorf("%s: resumed %.6f, whole run %.6f", whole.Params[i].Name, back.Params[i].Value, whole.Params[i].Value)
		}
	}
	if back.Wins != whole.Wins || back.Losses != whole.Losses || back.Draws != whole.Draws {
		t.Errorf("resumed score %d-%d-%d, whole %d-%d-%d", back.Wins, back.Losses, back.Draws, whole.Wins, whole.Losses, whole.Draws)
	}
}

// TestSPSAInputs: bad --param values, bad state files and command lines
// that cannot make a run are errors naming the fault.
func TestSPSAInputs(t *testing.T) {
	for _, c := range []struct{ in, fault string }{
		{"rfp", "want NAME=START,MIN,MAX,C_END[,R_END]"},
		{"rfp=1,2,3", "want NAME=START,MIN,MAX,C_END[,R_END]"},
		{"rfp=90,0,100,x", `"x" is not a number`},
		{"rfp=90,100,0,5", "MIN 100 must be below MAX 0"},
		{"rfp=90,0.2,0.8,5", "with a whole number between"},
		{"rfp=190,0,100,5", "START 190 is outside [0, 100]"},
		{"rfp=90,0,100,0", "C_END and R_END must be above 0"},
		{"rfp=90,0,100,5,-1", "C_END and R_END must be above 0"},
		{"rfp=90,0,100,5,NaN", "is not a number"},
		{"r fp=90,0,100,5", "want NAME=START,MIN,MAX,C_END[,R_END]"},
	} {
		if _, err := ParseSPSAParam(c.in); err == nil || !strings.Contains(err.Error(), c.fault) {
			t.Errorf("ParseSPSAParam(%q): %v, want an error with %q", c.in, err, c.fault)
		}
	}
	if p, err := ParseSPSAParam("rfp=90,0,100,5"); err != nil || p.REnd != 0.002 || p.Value != 90 {
		t.Errorf("default R_END: %+v, %v", p, err)
	}
	good := "pairs 10\ndone 2\nseed -7\nscore 1 2 3\nparam EvalWeights:tempo 1 0 2 1 0.002 1.5\n"
	if s, err := ReadSPSAState(strings.NewReader(good)); err != nil || s.Seed != -7 || s.Draws != 3 || s.Params[0].Name != "EvalWeights:tempo" || s.Params[0].Value != 1.5 {
		t.Errorf("state %q: %+v, %v", good, s, err)
	}
	for _, state := range []string{
		"",
		"pairs 10\ndone 2\nseed 1\n",
		"pairs 10\ndone 11\nseed 1\nparam a 1 0 2 1 0.002 1\n",
		"pairs 10\ndone 2\nseed 1\nparam a 1 0 2 1 0.002\n",
		"pairs 10\ndone x\nseed 1\nparam a 1 0 2 1 0.002 1\n",
		"pairs 10\ndone 2\nseed 1\nbogus 3\nparam a 1 0 2 1 0.002 1\n",
		"pairs 10\ndone 2\nseed 1\nparam a 1 0 2 1 0.002 3\n",
		"pairs 10\ndone 2\ndone 3\nseed 1\nparam a 1 0 2 1 0.002 1\n",
		"pairs -10\ndone 2\nseed 1\nparam a 1 0 2 1 0.002 1\n",
		"pairs 10\ndone 2.5\nseed 1\nparam a 1 0 2 1 0.002 1\n",
		"pairs 10\ndone 2\nseed 1\nparam a 1 0 2 0 0.002 1\n",
	} {
		if _, err := ReadSPSAState(strings.NewReader(state)); err == nil {
			t.Errorf("state %q read without an error", state)
		}
	}
	base := []string{"--variant", "shogi", "--nodes", "100", "--pairs", "2", "--param", "rfp=90,0,200,5"}
	for _, c := range []struct {
		args  []string
		fault string
	}{
		{base, "give one --engine"},
		{append([]string{"--engine", "cmd=x", "--engine", "cmd=y"}, base...), "give one --engine"},
		{[]string{"--variant", "shogi", "--nodes", "100", "--pairs", "2", "--engine", "cmd=x"}, "give at least one --param"},
		{[]string{"--variant", "shogi", "--nodes", "100", "--param", "a=1,0,2,1", "--engine", "cmd=x"}, "give --pairs"},
		{append([]string{"--engine", "cmd=x", "--param", "rfp=1,0,2,1"}, base...), "--param rfp given twice"},
		{append([]string{"--engine", "cmd=x", "--pairs", "0"}, base...), "--pairs needs a number of at least 1"},
		{append([]string{"--engine", "cmd=x", "--sprt", "elo0=0", "elo1=5"}, base...), "are for matches"},
		{append([]string{"--engine", "cmd=x", "--into", ""}, base...), "--into needs an option name"},
		{append([]string{"--engine", "cmd=/nonexistent/engine"}, base...), "starting /nonexistent/engine"},
	} {
		err := SPSACommand(context.Background(), c.args, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), c.fault) {
			t.Errorf("%q: %v, want an error with %q", c.args, err, c.fault)
		}
	}
}

// TestSPSASides: each side keeps the engine's own options and gets the
// numbers as lists, one per option (--into's, or the OPTION: before a
// name), or as options of their own with "each"; the engine's options are
// not shared between the two sides.
func TestSPSASides(t *testing.T) {
	run := &SPSARun{Into: "SearchParams", params: []string{"rfp", "EvalWeights:tempo", "lmrdiv", "each:Threads", "EvalWeights:guard"}}
	run.Engines = []EngineConfig{{Name: "k", Cmd: []string{"kirin"}, Options: []Option{{"Hash", "64"}}}}
	plus := run.side("plus", []int{95, 12, 200, 2, 9})
	minus := run.side("minus", []int{85, 8, 250, 1, 15})
	want := []Option{{"Hash", "64"}, {"Threads", "2"}, {"SearchParams", "rfp=95,lmrdiv=200"}, {"EvalWeights", "tempo=12,guard=9"}}
	if plus.Name != "plus" || !slices.Equal(plus.Options, want) {
		t.Errorf("plus: %s %v, want %v", plus.Name, plus.Options, want)
	}
	if minus.Options[2].Value != "rfp=85,lmrdiv=250" || !slices.Equal(run.Engines[0].Options, []Option{{"Hash", "64"}}) {
		t.Errorf("minus %v; engine's own options now %v", minus.Options, run.Engines[0].Options)
	}
	if got := run.added(plus); !slices.Equal(got, want[1:]) {
		t.Errorf("added options %v, want %v", got, want[1:])
	}
}

// FuzzReadSPSAState: no input makes the state reader fail other than by an
// error, and a state it reads writes out as a state it reads back the same.
func FuzzReadSPSAState(f *testing.F) {
	f.Add("pairs 10\ndone 2\nseed 1\nscore 1 2 3\nparam rfp 90 0 200 5 0.002 91.5\n")
	f.Add("# comment\npairs 1\ndone 1\nseed -3\nparam EvalWeights:tempo 1 0 2 1 0.002 1\nparam b 5 1 10 0.5 0.01 9.75\n")
	f.Add("pairs 10\ndone 11\nseed 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ReadSPSAState(strings.NewReader(text))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := s.WriteState(&out); err != nil {
			t.Fatal(err)
		}
		back, err := ReadSPSAState(&out)
		if err != nil {
			t.Fatalf("state %q written as %q does not read back: %v", text, out.String(), err)
		}
		if back.sameRun(s) != "" || back.Done != s.Done || back.Wins != s.Wins || back.Losses != s.Losses || back.Draws != s.Draws {
			t.Fatalf("state %q came back as %+v from %+v", text, back, s)
		}
		for i := range s.Params {
			if back.Params[i].Value != s.Params[i].Value {
				t.Fatalf("estimate %d: %v came back as %v", i, s.Params[i].Value, back.Params[i].Value)
			}
		}
	})
}
