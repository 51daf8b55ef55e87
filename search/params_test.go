package search

import (
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestParseParams: a list sets the named numbers over the defaults and
// String writes back what differs; bad lists are errors that name the
// fault.
func TestParseParams(t *testing.T) {
	def := DefaultParams()
	if def.RFP != 90 || def.LMRDiv != 225 || def.NullBase != 3 || def.Aspiration != 30 || def.SEEQuietDepth != 7 {
		t.Fatalf("defaults %+v", def)
	}
	for _, s := range []string{"", "none", "default", " default "} {
		if p, err := ParseParams(s); err != nil || p != def {
			t.Errorf("ParseParams(%q) = %+v, %v; want the defaults", s, p, err)
		}
	}
	if got := def.String(); got != "default" {
		t.Errorf("defaults written as %q", got)
	}
	p, err := ParseParams(" RFP = 95, lmrdiv=180,aspiration=30")
	if err != nil {
		t.Fatal(err)
	}
	want := def
	want.RFP, want.LMRDiv = 95, 180
	if p != want {
		t.Errorf("parsed %+v, want %+v", p, want)
	}
	if got := p.String(); got != "rfp=95,lmrdiv=180" {
		t.Errorf("written as %q", got)
	}
	if back, err := ParseParams(p.String()); err != nil || back != p {
		t.Errorf("round trip: %+v, %v", back, err)
	}
	for _, c := range []struct{ in, fault string }{
		{"rfp", "not name=value"},
		{"rfp=x", "integer from 0 to 2000"},
		{"rfp=2001", "integer from 0 to 2000"},
		{"lmrdiv=49", "integer from 50 to 1000"},
		{"nulldiv=0", "integer from 1 to 30"},
		{"lmr=100", `unknown search parameter "lmr"`},
		{"rfp=90,,", "not name=value"},
	} {
		if _, err := ParseParams(c.in); err == nil || !strings.Contains(err.Error(), c.fault) {
			t.Errorf("ParseParams(%q): error %v, want one with %q", c.in, err, c.fault)
		}
	}
	names := map[string]bool{}
	for _, s := range ParamSpecs() {
		if names[s.Name] || s.Default < s.Min || s.Default > s.Max {
			t.Errorf("spec %+v: a repeated name or a default out of range", s)
		}
		names[s.Name] = true
	}
}

// TestParamsReachSearch: every parameter but the time plan's (movestogo),
// set away from its default, makes the same search visit another number of
// nodes (or, for the depth limits
// set to 0, turn its pruning off), and setting the defaults back restores
// the default tree; Options with zero Params search as the defaults. The
// search is of a shogi middle game, but for qsee, which changes only the
// games without drops: a heian one.
func TestParamsReachSearch(t *testing.T) {
	shogi := position(t, "shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	heian := position(t, "heian", "ln6l/5k3/p1s2sn1p/2pp1N1p1/PP2Sg2P/2PP3P1/2SK5/L2G1G2L b - 41")
	e := New(material{}, Options{HashMB: 8})
	nodes := func(pos *movegen.Position, p Params) uint64 {
		o := e.Options()
		o.Params = p
		e.SetOptions(o)
		e.Clear()
		r := e.Search(pos, Limits{Depth: 7}, nil)
		if r.Best == movegen.NullMove {
			t.Fatal("no move")
		}
		return r.Nodes
	}
	base := map[*movegen.Position]uint64{shogi: nodes(shogi, Params{}), heian: nodes(heian, Params{})}
	for pos, n := range base {
		if got := nodes(pos, DefaultParams()); got != n {
			t.Fatalf("the defaults searched %d nodes, zero Params %d", got, n)
		}
	}
	// Each number set to its least value and to three times its default
	// (at least one above its least, within range): at least one of the
	// two must change the tree (a depth limit above this search's depths
	// changes nothing; one of 0 turns its pruning off).
	for _, s := range ParamSpecs() {
		if s.Name == "movestogo" {
			continue // the time plan's: TestParamsMovesToGo
		}
		pos := shogi
		if s.Name == "qsee" {
			pos = heian
		}
		changed := false
		high := min(max(3*s.Default, s.Min+1), s.Max)
		for _, v := range []int{s.Min, high} {
			p := DefaultParams()
			*s.field(&p) = v
			if v != s.Default && nodes(pos, p) != base[pos] {
				changed = true
			}
		}
		if !changed {
			t.Errorf("%s at %d and at %d searched the default tree (%d nodes)", s.Name, s.Min, high, base[pos])
		}
	}
	if got := nodes(shogi, DefaultParams()); got != base[shogi] {
		t.Errorf("the defaults again: %d nodes, want %d", got, base[shogi])
	}
}

// TestParamsMovesToGo: movestogo is the time plan's moves to go in a game
// with drops: 20 gives twice the target of 40 on the same clock, and the
// default plans as before the parameter (a fortieth of the time left plus
// three quarters of the increment).
func TestParamsMovesToGo(t *testing.T) {
	pos := position(t, "shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
	e := New(material{}, Options{HashMB: 8})
	soft := func(mtg int) time.Duration {
		o := e.Options()
		o.Params = DefaultParams()
		o.Params.MovesToGo = mtg
		o.MoveOverhead = 0
		e.SetOptions(o)
		lim := Limits{Depth: 1}
		lim.Time[movegen.Black], lim.Time[movegen.White] = 40*time.Second, 40*time.Second
		lim.Inc[movegen.Black] = 400 * time.Millisecond
		e.Search(pos, lim, nil)
		return e.budget.soft
	}
	if got, want := soft(minMovesToGo), time.Second+300*time.Millisecond; got != want {
		t.Errorf("movestogo %d: soft %v, want %v", minMovesToGo, got, want)
	}
	if got, want := soft(20), 2*time.Second+300*time.Millisecond; got != want {
		t.Errorf("movestogo 20: soft %v, want %v", got, want)
	}
}
