package movegen

import (
	"fmt"
	"strings"
)

// This file parses the XBetza notation used in variant definitions into move
// atoms. Coordinates here are (dx, dy) with dy > 0 pointing towards the
// enemy ("forward") and dx > 0 to the right, as the mover sees the board.
//
// Supported: the atoms W F D N A H C Z G (and L as a synonym of C), the
// shortcuts K R B Q, ranges by a number after the atom (R2, B3) or by doubling
// the atom (WW = R, DD = a D-rider), direction modifiers f b l r v s with
// their pairs (fl, fs, ff, ...), the modes m (move only) and c (capture only),
// and multi-leg moves joined by a ("again"): caK, mabK, fcavW, fabW. Each leg
// of a multi-leg move is one W, F or K step, and leg directions after the
// first are relative to the previous leg (f = straight on, b = back, v, s, l,
// r). A non-final leg defaults to m, the final one to "move or capture".

// modeMove and modeCapture form an atom's mode mask.
const (
	modeMove    = 1
	modeCapture = 2
	modeBoth    = modeMove | modeCapture
)

// vec is a board vector (dx, dy) in the mover's frame.
type vec struct{ dx, dy int }

// Atom is one parsed part of a Betza string: a set of vectors with a range and
// mode, or a two-leg move.
type Atom struct {
	// Vecs are the directions of the (first) leg, in the mover's frame.
	Vecs []vec
	// Range is the maximum number of repetitions; 0 means unlimited.
	Range int
	// Mode is the mode mask of the single leg, or of the final leg.
	Mode int
	// Legged marks a two-leg move; Mode1 and Rel2 describe it.
	Legged bool
	// Mode1 is the first leg's mode mask.
	Mode1 int
	// Rel2 lists the second leg's directions as 45-degree turns (0 = straight
	// on, 4 = straight back) relative to the first leg.
	Rel2 []int
}

// atomVecs gives the base vector of each atom letter; all its directions are
// obtained by symmetry.
var atomVecs = map[byte]vec{
	'W': {1, 0}, 'F': {1, 1}, 'D': {2, 0}, 'N': {2, 1}, 'A': {2, 2},
	'H': {3, 0}, 'C': {3, 1}, 'L': {3, 1}, 'Z': {3, 2}, 'G': {3, 3},
}

// symmetric returns the 4 or 8 distinct images of v under the board's
// symmetries, in a fixed order.
func symmetric(v vec) []vec {
	var out []vec
	cands := []vec{
		{v.dx, v.dy}, {v.dy, v.dx}, {-v.dx, v.dy}, {-v.dy, v.dx},
		{v.dx, -v.dy}, {v.dy, -v.dx}, {-v.dx, -v.dy}, {-v.dy, -v.dx},
	}
	for _, c := range cands {
		dup := false
		for _, o := range out {
			if o == c {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dirPred is one direction letter's test on a vector.
var dirPred = map[byte]func(v vec) bool{
	'f': func(v vec) bool { return v.dy > 0 },
	'b': func(v vec) bool { return v.dy < 0 },
	'l': func(v vec) bool { return v.dx < 0 },
	'r': func(v vec) bool { return v.dx > 0 },
	'v': func(v vec) bool { return abs(v.dy) > abs(v.dx) },
	's': func(v vec) bool { return abs(v.dx) > abs(v.dy) },
}

// primary reports whether v points mainly along letter c's axis (for doubled
// letters such as ff: the narrow knight moves).
func primary(c byte, v vec) bool {
	if c == 'f' || c == 'b' {
		return abs(v.dy) > abs(v.dx)
	}
	return abs(v.dx) > abs(v.dy)
}

// selectDirs applies direction modifiers to an atom's vectors. Orthogonal
// atoms take each letter on its own (fs = forward and sideways); diagonal and
// oblique atoms read a letter pair as one direction (fl = forward-left,
// fs = forward-wide).
func selectDirs(mods string, all []vec) ([]vec, error) {
	if mods == "" {
		return all, nil
	}
	ortho := all[0].dx == 0 || all[0].dy == 0
	diag := abs(all[0].dx) == abs(all[0].dy)
	var specs []string
	for i := 0; i < len(mods); i++ {
		c := mods[i]
		if !ortho && i+1 < len(mods) {
			n := mods[i+1]
			pair := false
			if diag {
				pair = (c == 'f' || c == 'b') && (n == 'l' || n == 'r')
			} else {
				pair = strings.IndexByte("fblr", c) >= 0 && strings.IndexByte("fblrvs", n) >= 0
			}
			if pair {
				specs = append(specs, mods[i:i+2])
				i++
				continue
			}
		}
		specs = append(specs, mods[i:i+1])
	}
	var out []vec
	for _, v := range all {
		for _, s := range specs {
			if matchSpec(s, v) {
				out = append(out, v)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("direction modifiers %q select no direction", mods)
	}
	return out, nil
}

func matchSpec(s string, v vec) bool {
	a := s[0]
	if !dirPred[a](v) {
		return false
	}
	if len(s) == 1 {
		return true
	}
	b := s[1]
	switch {
	case a == b:
		return primary(a, v)
	case b == 's' && (a == 'f' || a == 'b'):
		return abs(v.dx) > abs(v.dy)
	case b == 'v' && (a == 'l' || a == 'r'):
		return abs(v.dy) > abs(v.dx)
	default:
		return dirPred[b](v)
	}
}

// relTurns maps a relative direction modifier of a later leg to 45-degree turns.
var relTurns = map[byte][]int{
	'f': {0}, 'b': {4}, 'v': {0, 4}, 's': {2, 6}, 'l': {2}, 'r': {6},
}

// ParseBetza parses an XBetza string into atoms.
func ParseBetza(s string) ([]Atom, error) {
	if s == "" {
		return nil, fmt.Errorf("empty Betza string")
	}
	var atoms []Atom
	i := 0
	for i < len(s) {
		start := i
		for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			i++
		}
		mods := s[start:i]
		if i == len(s) {
			return nil, fmt.Errorf("Betza %q: modifiers %q without an atom", s, mods)
		}
		letter := s[i]
		i++
		var base []vec
		rng := 1
		switch letter {
		case 'K':
			base = append(symmetric(vec{1, 0}), symmetric(vec{1, 1})...)
		case 'R':
			base, rng = symmetric(vec{1, 0}), 0
		case 'B':
			base, rng = symmetric(vec{1, 1}), 0
		case 'Q':
			base, rng = append(symmetric(vec{1, 0}), symmetric(vec{1, 1})...), 0
		default:
			v, ok := atomVecs[letter]
			if !ok {
				return nil, fmt.Errorf("Betza %q: unknown atom %q at position %d", s, letter, i)
			}
			base = symmetric(v)
			if i < len(s) && s[i] == letter {
				rng = 0
				i++
			}
		}
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			n := 0
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				n = n*10 + int(s[i]-'0')
				if n > 99 {
					return nil, fmt.Errorf("Betza %q: range too large", s)
				}
				i++
			}
			if n == 0 {
				return nil, fmt.Errorf("Betza %q: range 0", s)
			}
			rng = n
		}
		a, err := buildAtom(s, mods, letter, base, rng)
		if err != nil {
			return nil, err
		}
		atoms = append(atoms, a)
	}
	return atoms, nil
}

// splitMode removes m and c from a modifier string and returns the mode mask.
func splitMode(s, mods string, def int) (string, int, error) {
	mode := 0
	var dirs strings.Builder
	for i := 0; i < len(mods); i++ {
		switch c := mods[i]; c {
		case 'm':
			mode |= modeMove
		case 'c':
			mode |= modeCapture
		case 'f', 'b', 'l', 'r', 'v', 's':
			dirs.WriteByte(c)
		default:
			return "", 0, fmt.Errorf("Betza %q: unsupported modifier %q", s, c)
		}
	}
	if mode == 0 {
		mode = def
	}
	return dirs.String(), mode, nil
}

func buildAtom(s, mods string, letter byte, base []vec, rng int) (Atom, error) {
	legs := strings.Split(mods, "a")
	if len(legs) > 2 {
		return Atom{}, fmt.Errorf("Betza %q: at most two legs are supported", s)
	}
	if len(legs) == 1 {
		dirs, mode, err := splitMode(s, mods, modeBoth)
		if err != nil {
			return Atom{}, err
		}
		vecs, err := selectDirs(dirs, base)
		if err != nil {
			return Atom{}, fmt.Errorf("Betza %q: %v", s, err)
		}
		return Atom{Vecs: vecs, Range: rng, Mode: mode}, nil
	}
	if letter != 'W' && letter != 'F' && letter != 'K' || rng != 1 {
		return Atom{}, fmt.Errorf("Betza %q: multi-leg moves must use single W, F or K steps", s)
	}
	dirs1, mode1, err := splitMode(s, legs[0], modeMove)
	if err != nil {
		return Atom{}, err
	}
	vecs, err := selectDirs(dirs1, base)
	if err != nil {
		return Atom{}, fmt.Errorf("Betza %q: %v", s, err)
	}
	dirs2, mode2, err := splitMode(s, legs[1], modeBoth)
	if err != nil {
		return Atom{}, err
	}
	var rel []int
	if dirs2 == "" {
		switch letter {
		case 'K':
			rel = []int{0, 1, 2, 3, 4, 5, 6, 7}
		default:
			rel = []int{0, 2, 4, 6}
		}
	} else {
		seen := map[int]bool{}
		for i := 0; i < len(dirs2); i++ {
			for _, t := range relTurns[dirs2[i]] {
				if !seen[t] {
					seen[t] = true
					rel = append(rel, t)
				}
			}
		}
	}
	a := Atom{Vecs: vecs, Range: 1, Mode: mode2, Legged: true, Mode1: mode1, Rel2: rel}
	if mode1&modeMove != 0 {
		for _, t := range rel {
			if t != 4 {
				return Atom{}, fmt.Errorf("Betza %q: a move-only first leg must come straight back (a pass)", s)
			}
		}
	}
	return a, nil
}

// kindSet is a set of named move kinds: moves XBetza expresses badly, written
// after the XBetza part of a piece's move field as @name.
type kindSet uint8

// The named move kinds.
const (
	// kindLionDog adds the lion dog's three-step paths along each of the 8
	// lines (tai shogi): capture s1 and go on to s3 (capturing on s2 and s3
	// too), step over an empty s1 to capture s2 and go on to s3, and capture
	// s2 then come back to s1 (capturing there too). Its jumps to s1..s3,
	// igui, pass and two-step captures are plain XBetza (KADGHcavKmabK).
	kindLionDog kindSet = 1 << iota

	// kindHook adds hook moves (tai shogi): slide along a first direction
	// over empty squares to an empty corner, turn 90 degrees, and slide on,
	// capturing the first enemy on the new line. @hook(R), @hook(B),
	// @hook(fB) name the first directions; @hook(fB,f) keeps only turned
	// lines that point the given way.
	kindHook
	// kindEmperor moves to any square of the board not held by a friend
	// (tai's emperor), under the capture restriction of legalFilter.
	kindEmperor
)

// kindSpec is a parsed list of named kinds with their arguments.
type kindSpec struct {
	set kindSet
	// hookFirst are the first-leg directions of @hook, hookTurn the
	// direction filter for the turned line ("" = both turns).
	hookFirst []vec
	hookTurn  string
}

// parseMoveField splits a piece's move field into its XBetza part (which may
// be empty) and its named kinds (@liondog, @hook(R)).
func parseMoveField(field string) ([]Atom, kindSpec, error) {
	betza, rest, hasKinds := strings.Cut(field, "@")
	var ks kindSpec
	if hasKinds {
		for _, item := range strings.Split(rest, "@") {
			name, args, _ := strings.Cut(item, "(")
			switch {
			case name == "liondog" && args == "":
				ks.set |= kindLionDog
			case name == "emperor" && args == "":
				ks.set |= kindEmperor
			case name == "hook" && strings.HasSuffix(args, ")"):
				first, turn, _ := strings.Cut(strings.TrimSuffix(args, ")"), ",")
				atoms, err := ParseBetza(first)
				if err != nil || len(atoms) != 1 || atoms[0].Legged || atoms[0].Range != 0 ||
					abs(atoms[0].Vecs[0].dx) > 1 || abs(atoms[0].Vecs[0].dy) > 1 {
					return nil, ks, fmt.Errorf("@hook(%s): the first leg must be one slider such as R, B or fB", first)
				}
				for _, c := range turn {
					if !strings.ContainsRune("fblrvs", c) {
						return nil, ks, fmt.Errorf("@hook: bad turn filter %q", turn)
					}
				}
				ks.set |= kindHook
				ks.hookFirst, ks.hookTurn = atoms[0].Vecs, turn
			default:
				return nil, ks, fmt.Errorf("unknown move kind @%s (known: @liondog, @hook(DIRS[,TURN]), @emperor)", item)
			}
		}
	}
	if betza == "" {
		if ks.set == 0 {
			return nil, ks, fmt.Errorf("empty Betza string")
		}
		return nil, ks, nil
	}
	atoms, err := ParseBetza(betza)
	return atoms, ks, err
}
