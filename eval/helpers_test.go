package eval

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kirin-shogi/kirin/movegen"
)

// variant looks up a built-in game.
func variant(t testing.TB, name string) *movegen.Variant {
	t.Helper()
	v, err := movegen.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// position sets up a position from an SFEN.
func position(t testing.TB, v *movegen.Variant, sfen string) *movegen.Position {
	t.Helper()
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatalf("%s %q: %v", v.Name, sfen, err)
	}
	return pos
}

// sfenTokens splits one SFEN rank into cells: a piece token (+, a letter
// with ' or !, or [letters]) or "" for each empty square.
func sfenTokens(t testing.TB, rank string) []string {
	var out []string
	for i := 0; i < len(rank); {
		if rank[i] >= '0' && rank[i] <= '9' {
			j := i
			for j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(rank[i:j])
			for k := 0; k < n; k++ {
				out = append(out, "")
			}
			i = j
			continue
		}
		j := i
		if rank[j] == '+' {
			j++
		}
		if j < len(rank) && rank[j] == '[' {
			k := strings.IndexByte(rank[j:], ']')
			if k < 0 {
				t.Fatalf("bad rank %q", rank)
			}
			j += k + 1
		} else {
			j++
			if j < len(rank) && (rank[j] == '\'' || rank[j] == '!') {
				j++
			}
		}
		out = append(out, rank[i:j])
		i = j
	}
	return out
}

// joinRank is the inverse of sfenTokens: the SFEN rank of the cells, runs
// of empty ones ("") as a count.
func joinRank(toks []string) string {
	var b strings.Builder
	empty := 0
	for _, tok := range toks {
		if tok == "" {
			empty++
			continue
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
			empty = 0
		}
		b.WriteString(tok)
	}
	if empty > 0 {
		b.WriteString(strconv.Itoa(empty))
	}
	return b.String()
}

// swapCase gives a piece token to the other side.
func swapCase(tok string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, tok)
}

// flip returns the colour-flipped mirror of pos: the board turned by 180
// degrees with every piece given to the other side, the hands swapped, a
// pending counter-strike square turned too. With swapSide the other side
// is to move, which makes the exact mirror of the game situation (scores
// from the side to move's point of view are equal); without it the same
// side is to move (scores are opposite, apart from the tempo), and the
// position may be illegal in a check game (then ok is false).
func flip(t testing.TB, pos *movegen.Position, swapSide bool) (*movegen.Position, bool) {
	t.Helper()
	v := pos.Variant()
	f := strings.Fields(pos.SFEN())
	ranks := strings.Split(f[0], "/")
	var b strings.Builder
	for i := len(ranks) - 1; i >= 0; i-- {
		toks := sfenTokens(t, ranks[i])
		turned := make([]string, len(toks))
		for j, tok := range toks {
			turned[len(toks)-1-j] = swapCase(tok)
		}
		b.WriteString(joinRank(turned))
		if i > 0 {
			b.WriteByte('/')
		}
	}
	side := f[1]
	if swapSide {
		side = map[string]string{"b": "w", "w": "b"}[side]
	}
	third := f[2]
	switch {
	case third == "-" || third == "pass":
	case v.Drops:
		third = swapCase(third)
	default:
		s, err := v.ParseSquareUSI(third)
		if err != nil {
			t.Fatalf("%s: third field %q: %v", v.Name, third, err)
		}
		third = v.SquareUSI(rotate(v, s))
	}
	sfen := b.String() + " " + side + " " + third + " " + f[3]
	out, err := movegen.NewPosition(v, sfen)
	if err != nil {
		if swapSide {
			t.Fatalf("%s: mirror %q of %q: %v", v.Name, sfen, pos.SFEN(), err)
		}
		return nil, false
	}
	return out, true
}

// randomPositions plays a few seeded random games from the start position
// of v and returns a snapshot every few plies.
func randomPositions(t testing.TB, v *movegen.Variant, games, plies int) []*movegen.Position {
	t.Helper()
	rng := rand.New(rand.NewSource(int64(len(v.Name))))
	list := new(movegen.MoveList)
	var out []*movegen.Position
	for g := 0; g < games; g++ {
		pos := position(t, v, v.StartSFEN)
		for ply := 0; ply < plies; ply++ {
			list.N = 0
			pos.GenerateLegal(list)
			if list.N == 0 {
				break
			}
			pos.Make(list.Moves[rng.Intn(list.N)])
			if ply%7 == 6 {
				out = append(out, pos.Clone())
			}
		}
		out = append(out, pos.Clone())
	}
	return out
}

// newHand builds the full evaluator with the hand-set weights
// (DefaultWeights), which the tests of the terms' formulas assume.
func newHand(v *movegen.Variant) *Evaluator { return NewWith(v, DefaultWeights(v)) }

// placementD is placement with the hand-set weights.
func (st *typeStats) placementD(s movegen.Square) int {
	w := DefaultWeights(st.v)
	return st.placement(&w, s)
}

// forwardD is forward with the hand-set weights.
func (st *typeStats) forwardD(s movegen.Square) int {
	w := DefaultWeights(st.v)
	return st.forward(&w, s)
}

// promotionD is promotion with the hand-set weights.
func promotionD(v *movegen.Variant, t movegen.PieceType, s movegen.Square) int {
	w := DefaultWeights(v)
	return promotion(v, &w, t, s)
}

// blackStartTokens returns Black's pieces in v's start position as its
// SFEN writes them: the token of a royal (the last one met) and those of
// the non-royal pieces.
func blackStartTokens(t testing.TB, v *movegen.Variant) (royal string, army []string) {
	t.Helper()
	start := position(t, v, v.StartSFEN)
	for r, rank := range strings.Split(strings.Fields(start.SFEN())[0], "/") {
		for f, tok := range sfenTokens(t, rank) {
			p := start.At(movegen.MakeSquare(r, f))
			switch {
			case tok == "" || p.Color() != movegen.Black:
			case v.Pieces[p.Type()].Royal:
				royal = tok
			default:
				army = append(army, tok)
			}
		}
	}
	return royal, army
}

// endgamePositions returns n seeded random sparse positions of v: each side
// a royal of the game, Black up to chaseMax+2 of its start position's
// non-royal types and White 1 to chaseMax, on random squares (Black to
// move; positions the game does not accept are skipped). They are where
// the endgame terms (chaseTerm) apply, which random games rarely reach.
func endgamePositions(t testing.TB, v *movegen.Variant, n int) []*movegen.Position {
	t.Helper()
	royal, army := blackStartTokens(t, v)
	rng := rand.New(rand.NewSource(int64(len(v.Name)) + 7))
	var out []*movegen.Position
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		cells := make([]string, v.Files*v.Ranks)
		put := func(id string) {
			for {
				if i := rng.Intn(len(cells)); cells[i] == "" {
					cells[i] = id
					return
				}
			}
		}
		put(royal)
		put(swapCase(royal))
		for range 1 + rng.Intn(chaseMax+2) {
			put(army[rng.Intn(len(army))])
		}
		for range 1 + rng.Intn(chaseMax) {
			put(swapCase(army[rng.Intn(len(army))]))
		}
		ranks := make([]string, v.Ranks)
		for r := range ranks {
			ranks[r] = joinRank(cells[r*v.Files : (r+1)*v.Files])
		}
		pos, err := movegen.NewPosition(v, strings.Join(ranks, "/")+" b - 1")
		if err != nil || pos.Outcome().Result != movegen.Ongoing {
			continue
		}
		out = append(out, pos)
	}
	if len(out) < n {
		t.Fatalf("%s: only %d of %d endgame positions", v.Name, len(out), n)
	}
	return out
}
