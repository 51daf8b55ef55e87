package tune

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
)

// randomGame plays plies random legal moves of v from the start (fewer if
// the game ends) and returns the USI moves and the final position.
func randomGame(t *testing.T, v *movegen.Variant, rng *rand.Rand, plies int) ([]string, *movegen.Position) {
	t.Helper()
	pos, err := movegen.NewPosition(v, v.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	var list movegen.MoveList
	var moves []string
	for range plies {
		list.N = 0
		pos.GenerateLegal(&list)
		if list.N == 0 {
			break
		}
		m := list.Moves[rng.Intn(list.N)]
		moves = append(moves, pos.MoveUSI(m))
		pos.Make(m)
	}
	return moves, pos
}

// pgn writes one game as kirin match would, with the given result and
// termination tags.
func pgn(v *movegen.Variant, moves []string, result, termination string) string {
	return scoredPGN(v, moves, nil, result, termination)
}

// scoredPGN is pgn with a {score/depth time} comment after move i giving
// scores[i] centipawns (none when scores is shorter).
func scoredPGN(v *movegen.Variant, moves []string, scores []int, result, termination string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[Variant \"%s\"]\n[Result \"%s\"]\n", v.Name, result)
	if termination != "" {
		fmt.Fprintf(&b, "[Termination \"%s\"]\n", termination)
	}
	b.WriteString("\n")
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m + " ")
		if i < len(scores) {
			fmt.Fprintf(&b, "{%+.2f/5 0.01s} ", float64(scores[i])/100)
		}
	}
	b.WriteString(result + "\n\n")
	return b.String()
}

// TestLoad: each position comes with its game's result from its side to
// move's view, unusable games are left out, and every holdout-th game is
// held out. The games are short and quiet, so every position is kept as it
// stands: the start (first mover to move) and the position after 7g7f.
func TestLoad(t *testing.T) {
	v := variantNamed(t, "shogi")
	var text strings.Builder
	for _, g := range []struct {
		moves         []string
		result, termi string
	}{
		{nil, "1-0", "normal"},                        // A: start, first mover won
		{[]string{"7g7f"}, "0-1", ""},                 // B: first mover lost
		{[]string{"7g7f"}, "*", ""},                   // unfinished
		{[]string{"7g7f"}, "1/2-1/2", "adjudication"}, // C: drawn
		{[]string{"7g7f"}, "0-1", "time forfeit"},     // a fault
		{[]string{"7g7f"}, "0-1", ""},                 // B again
	} {
		text.WriteString(pgn(v, g.moves, g.result, g.termi))
	}
	text.WriteString(pgn(variantNamed(t, "chu"), nil, "1-0", ""))
	w := eval.DefaultWeights(v)
	lin := eval.NewLinear(v, w)
	train, held, st, err := Load(v, lin, eval.NewWith(v, w), []NamedReader{{"t.pgn", strings.NewReader(text.String())}}, LoadConfig{Holdout: 3, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 7 || st.OtherGame != 1 || st.NoResult != 2 || st.Duplicate != 1 || st.Positions != 5 {
		t.Errorf("games %d, other game %d, no result %d, repeated %d, positions %d; want 7, 1, 2, 1, 5",
			st.Games, st.OtherGame, st.NoResult, st.Duplicate, st.Positions)
	}
	// A and B train; C, the third usable game, is held out.
	if train.Games != 2 || held.Games != 1 {
		t.Errorf("train %d games, held %d; want 2 and 1", train.Games, held.Games)
	}
	if got := fmt.Sprint(train.R, held.R); got != "[1 0 1] [0.5 0.5]" {
		t.Errorf("results %s, want [1 0 1] [0.5 0.5]", got)
	}
	// The start position's features at the default weights: the tempo
	// only (the start is balanced).
	if got := eval.Score(train.dense(0), w.Vector()); math.Abs(got-float64(eval.NewWith(v, w).Evaluate(mustStart(t, v)))) > 1 {
		t.Errorf("start position scores %v in the set", got)
	}
}

// TestLoadScores: a scorer's recorded score becomes the score of the
// position its move was made from, for that position's side to move; the
// other player's, a book comment and an unscored player's are NaN; a mate
// is ±mateCentipawns.
func TestLoadScores(t *testing.T) {
	v := variantNamed(t, "shogi")
	text := "[Variant \"shogi\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n" +
		"1. 7g7f {book} 3c3d {+0.40/9 0.1s} 2. 2g2f {+1.25/10 0.1s} 4a3b {-M5/12 0.1s} 3. 2f2e {+0.90/9 0.1s} 1-0\n\n"
	w := eval.DefaultWeights(v)
	lin := eval.NewLinear(v, w)
	load := func(scorers ...string) []float32 {
		t.Helper()
		train, _, st, err := Load(v, lin, eval.NewWith(v, w), []NamedReader{{"t.pgn", strings.NewReader(text)}}, LoadConfig{Threads: 1, Scorers: scorers})
		if err != nil || st.Positions != 6 {
			t.Fatalf("%d positions, %v", st.Positions, err)
		}
		return train.Score
	}
	nan := float32(math.NaN())
	for _, c := range []struct {
		scorers []string
		want    []float32
	}{
		{nil, []float32{nan, nan, nan, nan, nan, nan}},
		{[]string{"a"}, []float32{nan, nan, 125, nan, 90, nan}},
		{[]string{"b", "c"}, []float32{nan, 40, nan, -mateCentipawns, nan, nan}},
		{[]string{"*"}, []float32{nan, 40, 125, -mateCentipawns, 90, nan}},
	} {
		if got := load(c.scorers...); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("scorers %q: scores %v, want %v", c.scorers, got, c.want)
		}
	}
	// ScoredOnly keeps the two positions player a scored.
	train, _, st, err := Load(v, lin, eval.NewWith(v, w), []NamedReader{{"t.pgn", strings.NewReader(text)}}, LoadConfig{Threads: 1, Scorers: []string{"a"}, ScoredOnly: true})
	if err != nil || st.Positions != 2 || st.Unscored != 4 || fmt.Sprint(train.Score) != "[125 90]" {
		t.Errorf("scored only: %d positions (%d unscored), scores %v, %v; want 2 (4), [125 90]", st.Positions, st.Unscored, train.Score, err)
	}
}

// TestBlend: FitScoreScale recovers the scale of scores whose results are
// that scale's sigmoid, and Blend mixes a scored position's result with
// its score's prediction by lambda, leaving unscored positions alone.
func TestBlend(t *testing.T) {
	s := &Set{Width: 1}
	for _, sc := range []float64{-600, -250, -80, 0, 30, 150, 400, 900} {
		s.add([]float64{0}, float32(sigmoid(sc, 0.7)), float32(sc))
	}
	s.add([]float64{0}, 1, float32(math.NaN()))
	k, e := FitScoreScale(s)
	if math.Abs(k-0.7) > 0.01 || e > 1e-6 {
		t.Errorf("scale %.4f, error %.2g; want 0.7 and 0", k, e)
	}
	s.Result[0] = 1
	s.Blend(0.25, 0.7)
	if want := 0.25 + 0.75*sigmoid(-600, 0.7); math.Abs(float64(s.R[0])-want) > 1e-6 {
		t.Errorf("blended target %v, want %v", s.R[0], want)
	}
	if s.R[8] != 1 {
		t.Errorf("an unscored position's target %v, want its result 1", s.R[8])
	}
	if k, e := FitScoreScale(&Set{Width: 1}); k != 0 || e != 0 {
		t.Errorf("no scores: %v %v, want 0 0", k, e)
	}
}

// TestSetSparse: a set keeps only the features that are not 0, and gives
// back every position's full row, also after another set is appended.
func TestSetSparse(t *testing.T) {
	rows := [][]float64{{0, 1.5, 0, -2}, {0, 0, 0, 0}, {3, 0, 0, 0.25}}
	a, b := &Set{Width: 4}, &Set{Width: 4}
	a.add(rows[0], 1, 0)
	b.add(rows[1], 0, 0)
	b.add(rows[2], 0.5, 0)
	a.appendSet(b)
	a.appendSet(&Set{Width: 4})
	if a.Len() != 3 || len(a.Idx) != 4 {
		t.Fatalf("%d positions, %d stored features; want 3 and 4", a.Len(), len(a.Idx))
	}
	for i, want := range rows {
		if got := a.dense(i); !slices.Equal(got, want) {
			t.Errorf("row %d: %v, want %v", i, got, want)
		}
	}
	if got := a.used(); !slices.Equal(got, []int{1, 1, 0, 2}) {
		t.Errorf("used %v, want [1 1 0 2]", got)
	}
}

func mustStart(t *testing.T, v *movegen.Variant) *movegen.Position {
	t.Helper()
	pos, err := movegen.NewPosition(v, v.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func variantNamed(t *testing.T, name string) *movegen.Variant {
	t.Helper()
	v, err := movegen.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFitRecoversWeights: on positions whose results are the sigmoid of a
// known set of weights, Fit brings the error down by far and moves the
// changed weights towards their true values.
func TestFitRecoversWeights(t *testing.T) {
	v := variantNamed(t, "shogi")
	rng := rand.New(rand.NewSource(2))
	w := eval.DefaultWeights(v)
	lin := eval.NewLinear(v, w)
	names := eval.WeightNames(v)
	truth := w.Vector()
	silver, mobility := indexOf(names, "value.S"), indexOf(names, "mobility")
	truth[silver] = 500
	truth[mobility] = 48
	set := &Set{Width: lin.Len()}
	f := make([]float64, lin.Len())
	for range 60 {
		_, pos := randomGame(t, v, rng, 20+rng.Intn(60))
		if !lin.Features(pos, f) || math.Abs(eval.Score(f, truth)) > 1500 {
			continue
		}
		set.add(f, float32(sigmoid(eval.Score(f, truth), 1)), float32(math.NaN()))
	}
	if set.Len() < 30 {
		t.Fatalf("only %d positions", set.Len())
	}
	x0 := w.Vector()
	res := Fit(set, &Set{Width: set.Width}, x0, FitConfig{Iterations: 3000, Rate: 2})
	if res.TrainAfter > res.TrainBefore/4 {
		t.Errorf("error %.6f -> %.6f; want a fall to a quarter at least", res.TrainBefore, res.TrainAfter)
	}
	if res.X[silver] >= x0[silver] || res.X[mobility] <= x0[mobility] {
		t.Errorf("silver %v -> %v (truth %v), mobility %v -> %v (truth %v): not towards the truth",
			x0[silver], res.X[silver], truth[silver], x0[mobility], res.X[mobility], truth[mobility])
	}
	t.Logf("K %.3f; error %.6f -> %.6f; silver %v, mobility %v", res.K, res.TrainBefore, res.TrainAfter, res.X[silver], res.X[mobility])
}

// TestCommand runs kirin tune on a small PGN file: the report and the
// weights file it writes, which eval reads back; and its errors.
func TestCommand(t *testing.T) {
	v := variantNamed(t, "heian")
	rng := rand.New(rand.NewSource(3))
	var text strings.Builder
	for i := range 20 {
		moves, _ := randomGame(t, v, rng, 40)
		text.WriteString(pgn(v, moves, []string{"1-0", "0-1", "1/2-1/2"}[i%3], ""))
	}
	dir := t.TempDir()
	games, out := filepath.Join(dir, "g.pgn"), filepath.Join(dir, "w.ini")
	if err := os.WriteFile(games, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var report bytes.Buffer
	if err := Command([]string{"heian", "--games", games, "--out", out, "--iterations", "50", "--fix", "tempo,value.P", "--holdout", "4"}, &report); err != nil {
		t.Fatalf("%v\n%s", err, report.String())
	}
	for _, want := range []string{"heian: 20 games read (left out: 0 of another game, 0 without a usable result, 0 repeating an earlier one)", "15 games for training, 5 held out", "training error", "wrote " + out} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, report.String())
		}
	}
	w, err := ReadWeightsFile(v, out)
	if err != nil {
		t.Fatal(err)
	}
	pawn, ok := v.PieceByID("P")
	if !ok {
		t.Fatal("heian has no P")
	}
	if b := eval.BuiltinWeights(v); w.Tempo != b.Tempo || w.Material[pawn] != b.Material[pawn] {
		t.Errorf("fixed weights moved: tempo %d (was %d), pawn %d (was %d)", w.Tempo, b.Tempo, w.Material[pawn], b.Material[pawn])
	}
	if w.Square != nil {
		t.Errorf("a fit without --squares wrote a square table")
	}

	// The same games gzipped (a set kept in the repository as NAME.pgn.gz)
	// give the same fit; a .gz name on a file that is not gzip is refused.
	var zipped bytes.Buffer
	z := gzip.NewWriter(&zipped)
	if _, err := z.Write([]byte(text.String())); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	gzGames, gzOut := filepath.Join(dir, "g.pgn.gz"), filepath.Join(dir, "wz.ini")
	if err := os.WriteFile(gzGames, zipped.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	report.Reset()
	if err := Command([]string{"heian", "--games", gzGames, "--out", gzOut, "--iterations", "50", "--fix", "tempo,value.P", "--holdout", "4"}, &report); err != nil {
		t.Fatalf("gzipped games: %v\n%s", err, report.String())
	}
	wz, err := ReadWeightsFile(v, gzOut)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(w, wz) {
		t.Errorf("the gzipped games fitted other weights:\n%+v\n%+v", w, wz)
	}
	notGz := filepath.Join(dir, "plain.pgn.gz")
	if err := os.WriteFile(notGz, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Command([]string{"heian", "--games", notGz, "--iterations", "5"}, &report); err == nil || !strings.Contains(err.Error(), "plain.pgn.gz: gzip: invalid header") {
		t.Errorf("a .gz file that is not gzip: error %v", err)
	}

	// --squares fits a piece-square table too: the report says how many
	// of its entries moved, the file holds them, and eval reads them back
	// (a fixed one stays 0).
	// The fixed entry is that of a Black pawn of the start position, which
	// every game has on the board at first.
	start := mustStart(t, v)
	fixSquare := -1
	for _, sq := range start.Pieces(movegen.Black) {
		if start.At(sq).Type() == pawn {
			fixSquare = eval.SquareIndex(v, pawn, sq)
		}
	}
	if fixSquare < 0 {
		t.Fatal("no Black pawn at the start")
	}
	report.Reset()
	sqOut := filepath.Join(dir, "sq.ini")
	if err := Command([]string{"heian", "--games", games, "--out", sqOut, "--iterations", "50", "--squares", "--fix", eval.SquareName(v, fixSquare), "--holdout", "4"}, &report); err != nil {
		t.Fatalf("--squares: %v\n%s", err, report.String())
	}
	if !strings.Contains(report.String(), "square weights: ") || !strings.Contains(report.String(), fmt.Sprintf(" of %d moved; the largest: sq.", eval.SquareCount(v))) {
		t.Errorf("--squares report:\n%s", report.String())
	}
	w, err = ReadWeightsFile(v, sqOut)
	if err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, x := range w.Square {
		if x != 0 {
			moved++
		}
	}
	if len(w.Square) != eval.SquareCount(v) || moved == 0 {
		t.Fatalf("--squares wrote a table of %d entries, %d not 0", len(w.Square), moved)
	}
	if x := w.Square[fixSquare]; x != 0 {
		t.Errorf("the fixed %s moved to %d", eval.SquareName(v, fixSquare), x)
	}

	// --king fits the king-relative table too, and --fix with a trailing *
	// holds every weight of that prefix: here all of the pawns' entries
	// and the square table.
	report.Reset()
	kpOut := filepath.Join(dir, "kp.ini")
	if err := Command([]string{"heian", "--games", games, "--out", kpOut, "--iterations", "50", "--squares", "--king", "--fix", "kp.P.*,sq.*", "--holdout", "4"}, &report); err != nil {
		t.Fatalf("--king: %v\n%s", err, report.String())
	}
	if !strings.Contains(report.String(), fmt.Sprintf(" of %d moved; the largest: kp.", eval.KingCount(v))) ||
		!strings.Contains(report.String(), fmt.Sprintf("square weights: 0 of %d moved", eval.SquareCount(v))) {
		t.Errorf("--king report:\n%s", report.String())
	}
	w, err = ReadWeightsFile(v, kpOut)
	if err != nil {
		t.Fatal(err)
	}
	moved, pawnMoved := 0, 0
	for i, x := range w.King {
		if x != 0 {
			moved++
			if strings.HasPrefix(eval.KingName(v, i), "kp.P.") {
				pawnMoved++
			}
		}
	}
	if len(w.King) != eval.KingCount(v) || moved == 0 || pawnMoved != 0 || slices.ContainsFunc(w.Square, func(x int) bool { return x != 0 }) {
		t.Errorf("--king wrote a table of %d entries, %d not 0, %d of them the pawn's; square table %v", len(w.King), moved, pawnMoved, w.Square)
	}
	if err := Command([]string{"heian", "--games", games, "--iterations", "5", "--fix", "kp.*"}, &report); err == nil || !strings.Contains(err.Error(), `--fix: "kp.*" is no weight of heian`) {
		t.Errorf("--fix kp.* without --king: %v", err)
	}

	// --min-positions: a weight whose feature is seen on fewer training
	// positions stays. The tempo's feature is 1 on every position, so with
	// the training set's size exactly it alone is free.
	report.Reset()
	if err := Command([]string{"heian", "--games", games, "--iterations", "5", "--squares", "--holdout", "4", "--min-positions", "1000000"}, &report); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), fmt.Sprintf("; 0 of %d weights free;", len(eval.WeightNames(v))+eval.SquareCount(v))) {
		t.Errorf("--min-positions 1000000 left weights free:\n%s", report.String())
	}
	var training int
	for _, line := range strings.Split(report.String(), "\n") {
		if _, err := fmt.Sscanf(line, "positions: %d kept", new(int)); err == nil {
			i := strings.Index(line, "held out: ")
			fmt.Sscanf(line[i:], "held out: %d and", &training)
		}
	}
	if training == 0 {
		t.Fatalf("no training count in\n%s", report.String())
	}
	report.Reset()
	if err := Command([]string{"heian", "--games", games, "--iterations", "5", "--holdout", "4", "--min-positions", fmt.Sprint(training)}, &report); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), fmt.Sprintf("; 1 of %d weights free;", len(eval.WeightNames(v)))) {
		t.Errorf("--min-positions %d (the training positions): want the tempo alone free:\n%s", training, report.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--games", games}, "name the game"},
		{[]string{"heian"}, "--games FILE is needed"},
		{[]string{"heian", "--games", games, "--fix", "speed"}, `"speed" is no weight of heian`},
		{[]string{"heian", "--games", games, "--rate", "0"}, "--rate one > 0"},
		{[]string{"heian", "--games", games, "--min-positions", "0"}, "--min-positions one >= 1"},
		{[]string{"heian", "--games", games, "--lambda", "1.5"}, "--lambda needs a number from 0 to 1"},
		{[]string{"heian", "--games", games, "--scores", ","}, "--scores needs player names"},
		{[]string{"heian", "--games", games, "--scored-only"}, "--scored-only needs --scores"},
		{[]string{"heian", "--games", games, "--scores", "nobody"}, "no training position has a score from them"},
		{[]string{"heian", "--games", games, "--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"nosuchgame", "--games", games}, "nosuchgame"},
		{[]string{"heian", "--games", filepath.Join(dir, "missing.pgn")}, "missing.pgn"},
		{[]string{"heian", "--games", games, "--weights", games}, "line 1: bad section header"},
	} {
		var b bytes.Buffer
		if err := Command(c.args, &b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}

	// --scores: the report gives the scores' scale and the error against
	// the results alone, and the file says how it was fitted.
	var scored strings.Builder
	for i := range 20 {
		moves, _ := randomGame(t, v, rng, 40)
		scores := make([]int, len(moves))
		for j := range scores {
			scores[j] = rng.Intn(600) - 300
		}
		scored.WriteString(scoredPGN(v, moves, scores, []string{"1-0", "0-1", "1/2-1/2"}[i%3], ""))
	}
	scoredGames, scoredOut := filepath.Join(dir, "s.pgn"), filepath.Join(dir, "s.ini")
	if err := os.WriteFile(scoredGames, []byte(scored.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	report.Reset()
	if err := Command([]string{"heian", "--games", scoredGames, "--out", scoredOut, "--iterations", "20", "--holdout", "4", "--scores", "*", "--lambda", "0.3", "--scored-only"}, &report); err != nil {
		t.Fatalf("--scores: %v\n%s", err, report.String())
	}
	for _, want := range []string{"targets: ", "scored by *, scale ", "lambda 0.30", "held-out error against the results alone ", " without a score"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("--scores report lacks %q:\n%s", want, report.String())
		}
	}
	if file, err := os.ReadFile(scoredOut); err != nil || !strings.Contains(string(file), "lambda 0.30") {
		t.Errorf("--scores file does not say how it was fitted (%v):\n%s", err, file)
	}

	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte(pgn(v, []string{"a1a1"}, "1-0", "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Command([]string{"heian", "--games", bad}, new(bytes.Buffer)); err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Errorf("an illegal move: error %v, want one naming the game", err)
	}
}

// indexOf is the index of s in list, or -1.
func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
