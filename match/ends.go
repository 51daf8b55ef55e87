package match

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// EndsUsage is the command line help of `kirin match ends`.
const EndsUsage = `usage: kirin match ends [--all] [--sfen] [--variant-file FILE] FILE.pgn...
  Where the games drawn at the move limit stood when the cap ended them: each game is
  replayed to its last position, and a row gives each side's engine, its pieces on the
  board and in hand (royals included), their material in Pawns by the game's piece values
  (royals left out) and the engine's last score from its own side (its last {score/depth
  time} comment; "-" if it made none). A summary per engine follows: in how many of the
  games its own last score had it ahead, level or behind, the range of those scores and
  the mates it had found, and the range and median of its pieces and material. With --all
  every game is listed, whatever ended it, with the comment that says how. With --sfen a
  line per listed game follows with its last position as an SFEN, to look at with kirin
  analyze VARIANT --fen SFEN --board (or to search from). The game comes
  from each file's Variant and RuleSet tags (--variant-file FILE for one of one's own); a
  game played under other rules (its VariantID tag) is refused, as is a move that does not
  replay. Stripped runs (kirin match strip) keep too few moves to replay. A file whose name
  ends in .gz is gunzipped.
`

// EndsCommand runs `kirin match ends` with its arguments (--all, --sfen,
// --variant-file FILE and the PGN files); --help prints EndsUsage.
func EndsCommand(args []string, out io.Writer) error {
	all, sfen := false, false
	variantFile := ""
	files, help, err := fileArgs(args, EndsUsage, out, func(arg string, rest []string) (int, error) {
		switch arg {
		case "--all":
			all = true
			return 0, nil
		case "--sfen":
			sfen = true
			return 0, nil
		case "--variant-file":
			if len(rest) == 0 {
				return 0, fmt.Errorf("--variant-file needs a file")
			}
			variantFile = rest[0]
			return 1, nil
		}
		return 0, fmt.Errorf("unknown option %s", arg)
	})
	if help || err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("give the PGN files to read")
	}
	var ends []gameEnd
	total := 0
	variants := map[string]*movegen.Variant{}
	for _, path := range files {
		games, err := readPGNFile(path)
		if err != nil {
			return err
		}
		for i, g := range games {
			total++
			if !all && !strings.HasSuffix(g.LastComment, movegen.ReasonMoveLimit) {
				continue
			}
			v, err := tagVariant(g, variantFile, variants)
			if err == nil {
				var e gameEnd
				e, err = endOf(g, v)
				ends = append(ends, e)
			}
			if err != nil {
				return fmt.Errorf("%s (game %d of the file): %v", path, i+1, err)
			}
		}
	}
	var b strings.Builder
	what := "drawn at the move limit"
	if all {
		what = "listed"
	}
	fmt.Fprintf(&b, "%d of %d games %s\n", len(ends), total, what)
	if len(ends) > 0 {
		writeEnds(&b, ends, all)
	}
	if sfen && len(ends) > 0 {
		b.WriteString("last positions (kirin analyze VARIANT --fen SFEN --board):\n")
		for _, e := range ends {
			fmt.Fprintf(&b, "  %5s  %s  %s\n", e.number, e.variant, e.sfen)
		}
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// tagVariant resolves the game of g's Variant and RuleSet tags (with
// variantFile) once per name, and refuses a game whose VariantID tag names
// other rules.
func tagVariant(g PGNGame, variantFile string, cache map[string]*movegen.Variant) (*movegen.Variant, error) {
	name, ruleSet := g.Tags["Variant"], g.Tags["RuleSet"]
	if name == "" {
		return nil, fmt.Errorf("no Variant tag")
	}
	key := name + "\x00" + ruleSet
	v := cache[key]
	if v == nil {
		var err error
		if v, err = movegen.ResolveWith(name, variantFile, ruleSet, nil); err != nil {
			return nil, err
		}
		cache[key] = v
	}
	if id := g.Tags["VariantID"]; id != "" && id != fmt.Sprintf("%016x", v.ID) {
		return nil, fmt.Errorf("played under other rules than %s's (VariantID %s, here %016x): give the game's --variant-file", name, id, v.ID)
	}
	return v, nil
}

// endSide is where one side stood at a game's end.
type endSide struct {
	name     string
	pieces   int // on the board and in hand, royals included
	material int // non-royal pieces on the board and in hand, centipawns
	scored   bool
	cp, mate int // the engine's last score (ParseScoreComment)
}

// gameEnd is a game's last position as endSides: side[0] moved first.
type gameEnd struct {
	number  string
	plies   int
	reason  string
	variant string // the game's name
	sfen    string // the last position
	side    [2]endSide
}

// endOf replays g in v and reads where each side stood at its end.
func endOf(g PGNGame, v *movegen.Variant) (gameEnd, error) {
	start, moves, err := g.Replay(v)
	if err != nil {
		return gameEnd{}, err
	}
	pos := start.Clone()
	for _, m := range moves {
		pos.Make(m)
	}
	e := gameEnd{number: g.Tags["GameNumber"], plies: len(moves), reason: g.LastComment, variant: v.Name, sfen: pos.SFEN()}
	// kirin match's White plays movegen's Black (the first mover from the
	// start position), whichever side the game's start has to move.
	names := [2]string{g.Tags["White"], g.Tags["Black"]}
	colors := [2]movegen.Color{movegen.Black, movegen.White}
	if start.SideToMove() == movegen.White {
		names[0], names[1] = names[1], names[0]
		colors[0], colors[1] = colors[1], colors[0]
	}
	for k := range e.side {
		s := &e.side[k]
		s.name = names[k]
		c := colors[k]
		for _, sq := range pos.Pieces(c) {
			s.pieces++
			if info := v.Info(pos.At(sq).Type()); !info.Royal {
				s.material += info.Value
			}
		}
		for _, t := range v.HandTypes {
			n := pos.Hand(c, t)
			s.pieces += n
			s.material += n * v.Info(t).Value
		}
	}
	for i, c := range g.Comments {
		if cp, mate, ok := ParseScoreComment(c); ok {
			s := &e.side[i%2]
			s.scored, s.cp, s.mate = true, cp, mate
		}
	}
	return e, nil
}

// scoreText writes an endSide's last score as kirin match's comments do.
func (s endSide) scoreText() string {
	switch {
	case !s.scored:
		return "-"
	case s.mate > 0:
		return "+M"
	case s.mate < 0:
		return "-M"
	}
	return fmt.Sprintf("%+.2f", float64(s.cp)/100)
}

// writeEnds writes a row per game and a summary per engine, the engines
// in the order they first appear.
func writeEnds(b *strings.Builder, ends []gameEnd, reasons bool) {
	fmt.Fprintf(b, "  %5s %6s  %-12s %6s %7s %7s  %-12s %6s %7s %7s", "game", "plies",
		"first", "pieces", "Pawns", "score", "second", "pieces", "Pawns", "score")
	if reasons {
		b.WriteString("  end")
	}
	b.WriteString("\n")
	var order []string
	bySide := map[string][]endSide{}
	for _, e := range ends {
		fmt.Fprintf(b, "  %5s %6d", e.number, e.plies)
		for _, s := range e.side {
			fmt.Fprintf(b, "  %-12s %6d %7.1f %7s", s.name, s.pieces, float64(s.material)/100, s.scoreText())
			if _, seen := bySide[s.name]; !seen {
				order = append(order, s.name)
			}
			bySide[s.name] = append(bySide[s.name], s)
		}
		if reasons {
			b.WriteString("  " + e.reason)
		}
		b.WriteString("\n")
	}
	for _, name := range order {
		writeEndSummary(b, name, bySide[name])
	}
}

// writeEndSummary writes one engine's line: its last scores ahead, level
// and behind (a mate found counts as ahead, one against as behind), their
// range, and its pieces' and material's range and median.
func writeEndSummary(b *strings.Builder, name string, sides []endSide) {
	var ahead, level, behind, mates, mated, unscored int
	var cps, pieces, material []int
	for _, s := range sides {
		pieces = append(pieces, s.pieces)
		material = append(material, s.material)
		switch {
		case !s.scored:
			unscored++
			continue
		case s.mate > 0:
			mates++
			ahead++
			continue
		case s.mate < 0:
			mated++
			behind++
			continue
		case s.cp > 0:
			ahead++
		case s.cp < 0:
			behind++
		default:
			level++
		}
		cps = append(cps, s.cp)
	}
	fmt.Fprintf(b, "%s, %d games: by its own last score ahead in %d, level in %d, behind in %d", name, len(sides), ahead, level, behind)
	if len(cps) > 0 {
		fmt.Fprintf(b, " (%+.2f to %+.2f", float64(slices.Min(cps))/100, float64(slices.Max(cps))/100)
		if mates+mated > 0 {
			fmt.Fprintf(b, "; mates found %d, against %d", mates, mated)
		}
		b.WriteString(")")
	} else if mates+mated > 0 {
		fmt.Fprintf(b, " (mates found %d, against %d)", mates, mated)
	}
	if unscored > 0 {
		fmt.Fprintf(b, ", no score in %d", unscored)
	}
	fmt.Fprintf(b, "; pieces %s; material %s Pawns\n", spread(pieces, 1), spread(material, 100))
}

// spread writes the least, the greatest and the median of xs (not empty),
// each divided by unit: "3 to 26 (median 14)".
func spread(xs []int, unit int) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	text := func(x float64) string { return strconv.FormatFloat(x/float64(unit), 'f', -1, 64) }
	med := float64(s[n/2])
	if n%2 == 0 {
		med = float64(s[n/2-1]+s[n/2]) / 2
	}
	return fmt.Sprintf("%s to %s (median %s)", text(float64(s[0])), text(float64(s[n-1])), text(med))
}
