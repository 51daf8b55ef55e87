package movegen

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// betzaVectors lists a parse result as sorted strings: "dx,dy/r" for a
// single-leg vector with range r (0 = unlimited) and mode m, c or mc, and
// "dx,dy>turns" for the first step of a two-leg move with its first-leg mode
// and the second leg's turns in 45-degree units.
func betzaVectors(atoms []Atom) []string {
	var out []string
	mode := func(m int) string {
		return map[int]string{modeMove: "m", modeCapture: "c", modeBoth: "mc"}[m]
	}
	for _, a := range atoms {
		for _, v := range a.Vecs {
			if a.Legged {
				out = append(out, fmt.Sprintf("%d,%d%s>%v%s", v.dx, v.dy, mode(a.Mode1), a.Rel2, mode(a.Mode)))
			} else {
				out = append(out, fmt.Sprintf("%d,%d/%d%s", v.dx, v.dy, a.Range, mode(a.Mode)))
			}
		}
	}
	sort.Strings(out)
	return out
}

func TestParseBetza(t *testing.T) {
	cases := []struct {
		betza string
		atoms int
		n     int      // number of vectors
		has   []string // vectors that must be present (betzaVectors form)
		not   []string // vectors that must be absent
	}{
		{"W", 1, 4, []string{"1,0/1mc", "0,1/1mc", "-1,0/1mc", "0,-1/1mc"}, nil},
		{"F", 1, 4, []string{"1,1/1mc", "-1,1/1mc", "1,-1/1mc", "-1,-1/1mc"}, nil},
		{"K", 1, 8, []string{"0,1/1mc", "1,1/1mc", "-1,-1/1mc", "1,0/1mc"}, nil},
		{"R2", 1, 4, []string{"0,1/2mc", "1,0/2mc", "0,-1/2mc", "-1,0/2mc"}, nil},
		{"B2", 1, 4, []string{"1,1/2mc", "-1,-1/2mc"}, []string{"0,1/2mc"}},
		{"R", 1, 4, []string{"0,1/0mc"}, nil},
		{"WW", 1, 4, []string{"0,1/0mc"}, nil},
		{"Q", 1, 8, []string{"1,1/0mc", "0,-1/0mc"}, nil},
		{"NN", 1, 8, []string{"1,2/0mc", "-2,-1/0mc"}, nil},
		{"fW", 1, 1, []string{"0,1/1mc"}, nil},
		{"bW", 1, 1, []string{"0,-1/1mc"}, nil},
		{"ffN", 1, 2, []string{"1,2/1mc", "-1,2/1mc"}, []string{"2,1/1mc"}},
		{"fsN", 1, 2, []string{"2,1/1mc", "-2,1/1mc"}, []string{"1,2/1mc"}},
		{"N", 1, 8, []string{"1,2/1mc", "2,1/1mc", "-1,-2/1mc", "-2,1/1mc"}, nil},
		{"fFfsW", 2, 5, []string{"1,1/1mc", "-1,1/1mc", "0,1/1mc", "1,0/1mc", "-1,0/1mc"}, []string{"0,-1/1mc"}},
		{"sRvW", 2, 4, []string{"1,0/0mc", "-1,0/0mc", "0,1/1mc", "0,-1/1mc"}, nil},
		{"vRfB", 2, 4, []string{"0,1/0mc", "0,-1/0mc", "1,1/0mc", "-1,1/0mc"}, []string{"1,-1/0mc"}},
		{"flF", 1, 1, []string{"-1,1/1mc"}, nil},
		{"mWcF", 2, 8, []string{"0,1/1m", "1,1/1c"}, []string{"0,1/1mc"}},
		{"BsbRfWfDfcavWfabW", 6, 11, []string{
			"1,1/0mc", "-1,-1/0mc", "1,0/0mc", "-1,0/0mc", "0,-1/0mc", "0,1/1mc", "0,2/1mc",
			"0,1c>[0 4]mc", "0,1m>[4]mc"}, []string{"0,1/0mc"}},
		{"RbBfFfAfcavFfabF", 6, 14, []string{"0,1/0mc", "1,-1/0mc", "1,1/1mc", "-2,2/1mc", "1,1c>[0 4]mc", "-1,1m>[4]mc"}, []string{"1,1/0mc"}},
		{"KNADcaKmabK", 6, 40, []string{"1,1/1mc", "2,1/1mc", "2,2/1mc", "0,2/1mc",
			"0,1c>[0 1 2 3 4 5 6 7]mc", "-1,-1c>[0 1 2 3 4 5 6 7]mc", "1,0m>[4]mc"}, nil},
	}
	for _, tc := range cases {
		atoms, err := ParseBetza(tc.betza)
		if err != nil {
			t.Errorf("%s: %v", tc.betza, err)
			continue
		}
		vs := betzaVectors(atoms)
		if len(atoms) != tc.atoms || len(vs) != tc.n {
			t.Errorf("%s: %d atoms, %d vectors %v; want %d atoms, %d vectors", tc.betza, len(atoms), len(vs), vs, tc.atoms, tc.n)
		}
		set := map[string]bool{}
		for _, v := range vs {
			if set[v] {
				t.Errorf("%s: vector %s twice", tc.betza, v)
			}
			set[v] = true
		}
		for _, h := range tc.has {
			if !set[h] {
				t.Errorf("%s: no %s in %v", tc.betza, h, vs)
			}
		}
		for _, h := range tc.not {
			if set[h] {
				t.Errorf("%s: unexpected %s", tc.betza, h)
			}
		}
	}
}

func TestParseBetzaErrors(t *testing.T) {
	for _, s := range []string{
		"",      // empty
		"Y",     // unknown atom
		"f",     // modifiers without an atom
		"cam",   // the same
		"3W",    // a digit is not an atom
		"R0",    // range 0
		"W100",  // range too large
		"xW",    // unsupported modifier
		"W ",    // a space
		"sF",    // sideways selects no diagonal
		"vF",    // nor does vertical
		"faaW",  // three legs
		"caN",   // a multi-leg move of a knight
		"caR",   // of a rider
		"caW2",  // of a ranged step
		"mafW",  // a move-only first leg that does not come straight back
		"mavK",  // the same
		"w",     // lower-case atom
		"KNAD!", // stray punctuation
	} {
		if atoms, err := ParseBetza(s); err == nil {
			t.Errorf("ParseBetza(%q) accepted: %v", s, betzaVectors(atoms))
		} else if strings.TrimSpace(err.Error()) == "" {
			t.Errorf("ParseBetza(%q): empty error", s)
		}
	}
}
