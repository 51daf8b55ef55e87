package protocol

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// TestSearchOffOption: SearchOff takes search.ParseFeatures' comma list,
// reaches the engine's options, refuses unknown names (keeping the old
// setting) and "none" switches everything back on.
func TestSearchOffOption(t *testing.T) {
	s := newSession(testConfig(), newLineWriter(io.Discard), "shogi")
	ok, err := s.setEngineOption("SearchOff", "nullmove,lmr")
	if !ok || err != nil {
		t.Fatalf("SearchOff nullmove,lmr: ok %v err %v", ok, err)
	}
	want := search.NullMove | search.Reductions
	if s.opts.Off != want {
		t.Fatalf("Off = %b, want %b", s.opts.Off, want)
	}
	if got := s.engine().Options().Off; got != want {
		t.Fatalf("engine Off = %b, want %b", got, want)
	}
	ok, err = s.setEngineOption("searchoff", "nullmove,bogus")
	if !ok || err == nil || !strings.Contains(err.Error(), "SearchOff") {
		t.Fatalf("bad value: ok %v err %v", ok, err)
	}
	if s.opts.Off != want {
		t.Fatalf("a refused value changed Off to %b", s.opts.Off)
	}
	if _, err := s.setEngineOption("SearchOff", "none"); err != nil || s.engine().Options().Off != 0 {
		t.Fatalf("none: err %v, Off %b", err, s.engine().Options().Off)
	}
}

// TestSearchParamsOption: SearchParams takes search.ParseParams' list over
// the defaults, reaches the engine, refuses a bad list (keeping the old
// setting, with an error naming the option) and "default" restores the
// defaults. Over CECP the value may hold "=" signs.
func TestSearchParamsOption(t *testing.T) {
	s := newSession(testConfig(), newLineWriter(io.Discard), "shogi")
	if got := s.engine().Options().Params; got != search.DefaultParams() {
		t.Fatalf("default params %+v", got)
	}
	ok, err := s.setEngineOption("SearchParams", "rfp=120,lmrdiv=200")
	if !ok || err != nil {
		t.Fatalf("SearchParams rfp=120,lmrdiv=200: ok %v err %v", ok, err)
	}
	want := search.DefaultParams()
	want.RFP, want.LMRDiv = 120, 200
	if got := s.engine().Options().Params; got != want {
		t.Fatalf("engine params %+v, want %+v", got, want)
	}
	ok, err = s.setEngineOption("searchparams", "rfp=-1")
	if !ok || err == nil || !strings.Contains(err.Error(), "SearchParams") || !strings.Contains(err.Error(), "rfp") {
		t.Fatalf("bad value: ok %v err %v", ok, err)
	}
	if got := s.engine().Options().Params; got != want {
		t.Fatalf("a refused value changed the params to %+v", got)
	}
	if _, err := s.setEngineOption("SearchParams", "default"); err != nil || s.engine().Options().Params != search.DefaultParams() {
		t.Fatalf("default: err %v, params %+v", err, s.engine().Options().Params)
	}
	var out strings.Builder
	x := newSession(testConfig(), newLineWriter(&out), "shogi")
	xb := &xboard{session: x}
	xb.exec("option", "SearchParams=nullbase=4", "option SearchParams=nullbase=4")
	if got := x.engine().Options().Params.NullBase; got != 4 {
		t.Fatalf("CECP option SearchParams=nullbase=4: NullBase %d (output %q)", got, out.String())
	}
}

// TestEvalWeightsOption: with Config.Reweigh the engine offers
// EvalWeights, checks a list against the game in force (a refused list
// keeps the old one, with an error naming the option) and rebuilds its
// engine with the list's evaluator; "none" goes back to the game's own.
// Without Reweigh there is no such option.
func TestEvalWeightsOption(t *testing.T) {
	cfg := testConfig()
	var lists []string
	cfg.Reweigh = func(v *movegen.Variant, list string) (search.Evaluator, error) {
		if list != "" && list != "tempo=5" && (list != "lion=1" || v.Name != "chu") {
			return nil, fmt.Errorf("item 1: %q is no weight of %s", list, v.Name)
		}
		lists = append(lists, list)
		return cfg.NewEvaluator(v), nil
	}
	var out strings.Builder
	s := newSession(cfg, newLineWriter(&out), "shogi")
	(&usi{session: s, d: dialectUSI}).hello()
	if !strings.Contains(out.String(), "option name EvalWeights type string default default\n") {
		t.Errorf("hello does not offer EvalWeights:\n%s", out.String())
	}
	first := s.engine()
	if ok, err := s.setEngineOption("EvalWeights", "tempo=5"); !ok || err != nil {
		t.Fatalf("EvalWeights tempo=5: ok %v err %v", ok, err)
	}
	second := s.engine()
	if second == first || len(lists) != 2 || lists[1] != "tempo=5" {
		t.Errorf("the engine was not rebuilt with the list (lists built: %q)", lists)
	}
	ok, err := s.setEngineOption("evalweights", "bogus=1")
	if !ok || err == nil || !strings.Contains(err.Error(), "option EvalWeights: item 1") {
		t.Fatalf("bad list: ok %v err %v", ok, err)
	}
	if s.engine() != second || s.weights != "tempo=5" {
		t.Errorf("a refused list changed the engine or the list (%q)", s.weights)
	}
	if _, err := s.setEngineOption("EvalWeights", "none"); err != nil || s.weights != "" || s.engine() == second {
		t.Errorf("none: err %v, list %q", err, s.weights)
	}
	// A list for another offered game is taken (a GUI may name the game
	// after setting options); at isready a game that cannot take it says
	// so and keeps its own weights.
	if _, err := s.setEngineOption("EvalWeights", "lion=1"); err != nil {
		t.Fatalf("a list for chu in a shogi session: %v", err)
	}
	out.Reset()
	u := &usi{session: s, d: dialectUSI}
	u.handle("isready")
	if want := `info string option EvalWeights: item 1: "lion=1" is no weight of shogi; shogi keeps its own weights`; !strings.Contains(out.String(), want) {
		t.Errorf("isready with chu's list in shogi: %q, want %q", out.String(), want)
	}
	out.Reset()
	u.handle("setoption name USI_Variant value chu")
	u.handle("isready")
	if strings.Contains(out.String(), "EvalWeights") || !strings.Contains(out.String(), "readyok") {
		t.Errorf("isready in chu: %q", out.String())
	}
	plain := newSession(testConfig(), newLineWriter(io.Discard), "shogi")
	if ok, _ := plain.setEngineOption("EvalWeights", "tempo=5"); ok {
		t.Error("EvalWeights taken without Config.Reweigh")
	}
}

// TestContemptOption: Contempt starts at search.DefaultContempt, takes
// numbers in [-1000, 1000] (negative ones too) and refuses anything else,
// keeping the old value.
func TestContemptOption(t *testing.T) {
	s := newSession(testConfig(), newLineWriter(io.Discard), "shogi")
	if got := s.engine().Options().Contempt; got != search.DefaultContempt {
		t.Fatalf("default contempt %d, want %d", got, search.DefaultContempt)
	}
	for _, v := range []string{"0", "-35", "1000"} {
		if ok, err := s.setEngineOption("Contempt", v); !ok || err != nil {
			t.Fatalf("Contempt %s: ok %v err %v", v, ok, err)
		}
	}
	if got := s.engine().Options().Contempt; got != 1000 {
		t.Fatalf("engine contempt %d, want 1000", got)
	}
	for _, v := range []string{"1001", "-5000", "x", ""} {
		if ok, err := s.setEngineOption("contempt", v); !ok || err == nil || !strings.Contains(err.Error(), "Contempt") && !strings.Contains(err.Error(), "contempt") {
			t.Errorf("Contempt %q: ok %v err %v, want a refusal", v, ok, err)
		}
	}
	if got := s.engine().Options().Contempt; got != 1000 {
		t.Fatalf("a refused value changed contempt to %d", got)
	}
}

// TestTaiEmperorGuardOption: tai's emperorguard option (sheet 1.6, Evans'
// reading of "protected") is offered as the combo tai_emperorguard, reaches
// the variant in force, and a value it does not have is refused.
func TestTaiEmperorGuardOption(t *testing.T) {
	s := newSession(testConfig(), newLineWriter(io.Discard), "tai")
	s.varName = "tai"
	if v, err := s.variant(); err != nil || v.Option("emperorguard") != "legal" {
		t.Fatalf("default: emperorguard %q, err %v", v.Option("emperorguard"), err)
	}
	if ok, err := s.setGameOption("tai_emperorguard", "everywhere"); !ok || err != nil {
		t.Fatalf("tai_emperorguard everywhere: ok %v err %v", ok, err)
	}
	v, err := s.variant()
	if err != nil || v.Option("emperorguard") != "everywhere" || v.Option("emperor") != "royal" {
		t.Fatalf("after setoption: emperorguard %q, emperor %q, err %v", v.Option("emperorguard"), v.Option("emperor"), err)
	}
	if ok, err := s.setGameOption("tai_emperorguard", "nowhere"); !ok || err == nil {
		t.Fatalf("bad value: ok %v err %v, want a refusal", ok, err)
	}
}
