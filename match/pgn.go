package match

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// xboardFits reports whether XBoard 4.9.1 can show the board (16 files,
// 15 ranks at most).
func xboardFits(v *movegen.Variant) bool { return v.Files <= 16 && v.Ranks <= 15 }

// notation is the PGN move notation in force.
func (cfg *Config) notation() string {
	switch cfg.Notation {
	case "xboard", "usi", "hodges":
		return cfg.Notation
	}
	if xboardFits(cfg.Variant) {
		return "xboard"
	}
	return "usi"
}

// termination is the PGN Termination tag for a game end: "normal" or
// "adjudication" when no engine fault ended the game, else "time forfeit",
// "abandoned" or "rules infraction" (so Merge can count the faults).
func termination(g *Game) string {
	switch {
	case strings.HasPrefix(g.Reason, "adjudication"):
		return "adjudication"
	case g.Faulty == "":
		return "normal"
	case strings.Contains(g.Reason, "on time"):
		return "time forfeit"
	case strings.Contains(g.Reason, "stalls") || strings.Contains(g.Reason, "disconnects") ||
		strings.Contains(g.Reason, "does not"), strings.Contains(g.Reason, "exits"):
		return "abandoned"
	}
	return "rules infraction"
}

// faultTermination reports whether a Termination tag (as termination
// writes it) says an engine fault ended the game.
func faultTermination(t string) bool {
	return t == "time forfeit" || t == "abandoned" || t == "rules infraction"
}

// WritePGN writes g as a PGN game. White is the first mover (XBoard's
// convention). Besides the standard tags it writes Variant, RuleSet,
// VariantID (the variant's fingerprint), TimeControl, Notation and the
// match's tags that Merge reads: GameNumber (the game's number in the
// whole match), OpeningPair (where each opening is played twice with the
// colours swapped: the number of the game's pair, Game.Pair), MatchGames
// (the whole match's number of games),
// MatchEngines (every engine of the match in configuration order, each
// name query-escaped, comma-separated) and, in a shard, Shard ("K/N"). Moves are in cfg's notation, each engine move with a
// {score/depth time} comment (score in pawns from the mover's view, #N
// for a mate in N plies); the last comment gives the reason.
func WritePGN(w io.Writer, cfg *Config, g *Game) error {
	v := cfg.Variant
	event := cfg.Event
	if event == "" {
		event = "kirin match"
	}
	var b strings.Builder
	tag := func(k, val string) {
		val = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(val)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", k, val)
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", g.Started.Format("2006.01.02"))
	tag("Round", fmt.Sprint(g.Round))
	tag("White", g.Black)
	tag("Black", g.White)
	tag("Result", g.Result.String())
	tag("Variant", v.Name)
	if v.RuleSet != "" {
		tag("RuleSet", v.RuleSet)
	}
	tag("VariantID", fmt.Sprintf("%016x", v.ID))
	if !g.Standard {
		pos, err := movegen.NewPosition(v, g.StartSFEN)
		if err != nil {
			return err
		}
		tag("SetUp", "1")
		tag("FEN", xboardFEN(pos))
		tag("SFEN", g.StartSFEN)
	}
	tag("TimeControl", cfg.TC.String())
	tag("Notation", cfg.notation())
	tag("PlyCount", fmt.Sprint(len(g.Moves)))
	tag("Termination", termination(g))
	tag("GameNumber", fmt.Sprint(g.Number))
	if g.Pair > 0 {
		tag("OpeningPair", fmt.Sprint(g.Pair))
	}
	if g.Scheduled > 0 {
		tag("MatchGames", fmt.Sprint(g.Scheduled))
	}
	if names := cfg.engineNames(); len(names) > 0 {
		tag("MatchEngines", joinNames(names))
	}
	if cfg.Shard.N > 0 {
		tag("Shard", cfg.Shard.String())
	}
	b.WriteString("\n")
	var words []string
	pos, err := movegen.NewPosition(v, g.StartSFEN)
	if err != nil {
		return err
	}
	firstMove := pos.SideToMove() == movegen.Black
	for i, m := range g.Moves {
		ply := i
		if !firstMove {
			ply++
		}
		if ply%2 == 0 {
			words = append(words, fmt.Sprintf("%d.", ply/2+1))
		} else if i == 0 {
			words = append(words, fmt.Sprintf("%d...", ply/2+1))
		}
		switch cfg.notation() {
		case "usi":
			words = append(words, m.USI)
		case "hodges":
			words = append(words, m.Hodges)
		default:
			words = append(words, m.XBoard)
		}
		switch {
		case m.Book:
			words = append(words, "{book}")
		case m.HasScore:
			words = append(words, fmt.Sprintf("{%s/%d %.2fs}", pgnScore(m.Score), m.Depth, m.Time.Seconds()))
		default:
			words = append(words, fmt.Sprintf("{%.2fs}", m.Time.Seconds()))
		}
	}
	words = append(words, "{"+clip2(g.Reason)+"}", g.Result.String())
	line := ""
	for _, wd := range words {
		if len(line)+1+len(wd) > 79 && line != "" {
			b.WriteString(line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += wd
	}
	b.WriteString(line + "\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// joinNames writes engine names for the MatchEngines tag: query-escaped
// (so a name may hold commas and spaces) and comma-separated.
func joinNames(names []string) string {
	var q []string
	for _, n := range names {
		q = append(q, url.QueryEscape(n))
	}
	return strings.Join(q, ",")
}

// splitNames reads a MatchEngines tag.
func splitNames(s string) ([]string, error) {
	var out []string
	for _, q := range strings.Split(s, ",") {
		n, err := url.QueryUnescape(q)
		if err != nil || n == "" {
			return nil, fmt.Errorf("MatchEngines %q: bad engine name %q", s, q)
		}
		out = append(out, n)
	}
	return out, nil
}

// clip2 keeps braces out of a comment.
func clip2(s string) string { return strings.NewReplacer("{", "(", "}", ")").Replace(s) }

// pgnScore writes a score in pawns, or #N / #-N for mates in plies.
func pgnScore(s int) string {
	switch {
	case s >= MateScore-1000:
		return fmt.Sprintf("+M%d", MateScore-s)
	case s <= -MateScore+1000:
		return fmt.Sprintf("-M%d", MateScore+s)
	}
	return fmt.Sprintf("%+.2f", float64(s)/100)
}

// PGNGame is a game read from a PGN file.
type PGNGame struct {
	// Tags are the header tags.
	Tags map[string]string
	// Moves are the move texts in order (comments, numbers, NAGs and
	// variations dropped).
	Moves []string
	// Comments[i] is the first comment of the main line that follows
	// Moves[i] before the next move ("" if none): in kirin match's games,
	// the engine's {score/depth time} (ParseScoreComment reads it).
	Comments []string
	// LastComment is the text of the last comment of the main line (in
	// kirin match's games, the reason the game ended).
	LastComment string
}

// ReadPGN reads every game of a PGN file.
func ReadPGN(r io.Reader) ([]PGNGame, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var games []PGNGame
	var cur *PGNGame
	var text strings.Builder
	flush := func() {
		if cur != nil {
			cur.Moves, cur.Comments, cur.LastComment = movetext(text.String())
			games = append(games, *cur)
		}
		cur = nil
		text.Reset()
	}
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			if cur != nil && text.Len() > 0 {
				flush()
			}
			if cur == nil {
				cur = &PGNGame{Tags: map[string]string{}}
			}
			k, val, _ := strings.Cut(l[1:len(l)-1], " ")
			val = strings.TrimSpace(val)
			val = strings.TrimSuffix(strings.TrimPrefix(val, `"`), `"`)
			cur.Tags[k] = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(val)
			continue
		}
		if strings.HasPrefix(l, "%") {
			continue
		}
		if cur == nil && l != "" {
			cur = &PGNGame{Tags: map[string]string{}}
		}
		text.WriteString(l + "\n")
	}
	flush()
	return games, sc.Err()
}

// movetext extracts the moves of PGN move text, the first comment after
// each move and the last comment, all outside variations. A comment a
// writer wrapped over lines reads as one line.
func movetext(s string) (moves, comments []string, last string) {
	depth, brace := 0, false
	taken := -1 // the last move whose comment slot is filled
	var tok, comment strings.Builder
	emit := func() {
		t := tok.String()
		tok.Reset()
		if t == "" || depth > 0 {
			return
		}
		if k := strings.LastIndex(t, "."); k >= 0 && isDigits(t[:strings.IndexByte(t, '.')]) {
			t = strings.TrimLeft(t[k+1:], ".")
		}
		switch {
		case t == "", t == "*", t == "1-0", t == "0-1", t == "1/2-1/2", strings.HasPrefix(t, "$"):
			return
		}
		moves = append(moves, t)
		comments = append(comments, "")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case brace:
			if c == '}' {
				brace = false
				if depth == 0 {
					last = strings.ReplaceAll(comment.String(), "\n", " ")
					if n := len(moves); n > 0 && taken != n-1 {
						comments[n-1], taken = last, n-1
					}
				}
			} else {
				comment.WriteByte(c)
			}
		case c == '{':
			emit()
			brace = true
			comment.Reset()
		case c == ';':
			emit()
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '(':
			emit()
			depth++
		case c == ')':
			emit()
			if depth > 0 {
				depth--
			}
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			emit()
		default:
			tok.WriteByte(c)
		}
	}
	emit()
	return moves, comments, last
}

// ParseScoreComment reads a move comment in kirin match's {score/depth
// time} form (pgnScore): the score from the mover's view in centipawns, or
// for a mate mate = +1 (the mover mates) or -1 (the mover is mated) and cp
// 0. ok is false for any other comment (a book move, a game's end).
func ParseScoreComment(c string) (cp, mate int, ok bool) {
	word, _, found := strings.Cut(strings.TrimSpace(c), "/")
	if !found || len(word) < 2 || word[0] != '+' && word[0] != '-' {
		return 0, 0, false
	}
	sign := 1
	if word[0] == '-' {
		sign = -1
	}
	if word[1] == 'M' {
		if !isDigits(word[2:]) {
			return 0, 0, false
		}
		return 0, sign, true
	}
	f, err := strconv.ParseFloat(word[1:], 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, 0, false
	}
	return sign * int(math.Round(f*100)), 0, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// moveXBoardPGN writes m (legal in pos) as XBoard 4.9.1's PGN reader
// takes it. That is the protocol form (MoveXBoard), except for two-leg
// moves. XBoard's reader (parser.c) reads the first two squares, and when
// an "x" or "-" follows them it takes the second square as the one the
// first leg captures on and reads the destination after the separator. So
// a lion taking on i7 and then on i8 is written h6xi7xi8, one taking on
// i7 and stepping on to the empty i8 h6xi7-i8, and igui (take on h9, stay
// on g9) g9xh9-g9, like XBoard's own Nxi7xi8 and Nxh9-g9. The protocol
// form h6i7,i7i8 would be read as the move h6i7 followed by an illegal
// i7i8 for the other side. A first leg onto an empty square is not a
// two-leg move in movegen (the move is named by its effect), and a pass
// is @@@@. Three-leg moves (tai, beyond XBoard's board) keep the protocol
// form, and so would a promotion on a two-leg move, which XBoard's reader
// cannot take; no game up to 16x15 has one.
func moveXBoardPGN(pos *movegen.Position, m movegen.Move) string {
	mid := m.Mid()
	if m.IsPass() || m.IsDrop() || mid == movegen.NoSquare || m.Mid2() != movegen.NoSquare || m.IsPromotion() {
		return pos.MoveXBoard(m)
	}
	v := pos.Variant()
	sep := func(s movegen.Square) string {
		if s != m.From() && pos.At(s) != movegen.Empty {
			return "x"
		}
		return "-"
	}
	return v.SquareXBoard(m.From()) + sep(mid) + v.SquareXBoard(mid) + sep(m.To()) + v.SquareXBoard(m.To())
}

// legsFromPGN rewrites a move in long algebraic form with separators, as
// moveXBoardPGN writes two-leg moves ("h6xi7xi8", "g9xh9-g9", also
// "h6i7-i8" and "a1-b2"), into the protocol form ParseMoveXBoard reads
// ("h6i7,i7i8"). An "x" counts as a separator only between a rank digit
// and a file letter, so a file x (boards over 23 files) stays a file. It
// reports false when t has no separator.
func legsFromPGN(t string) (string, bool) {
	body, suffix := t, ""
	if n := len(body); n > 0 && (body[n-1] == '+' || body[n-1] == '=') {
		body, suffix = body[:n-1], body[n-1:]
	}
	var squares []string
	start, seps := 0, 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		isSep := c == '-' || c == 'x' && i > 0 && isDigit(body[i-1]) && i+1 < len(body) && body[i+1] >= 'a' && body[i+1] <= 'z'
		if !isSep {
			// A new square starts where a file letter follows a rank digit.
			if i > start && c >= 'a' && c <= 'z' && isDigit(body[i-1]) {
				squares = append(squares, body[start:i])
				start = i
			}
			continue
		}
		if i == start {
			return "", false
		}
		squares = append(squares, body[start:i])
		start = i + 1
		seps++
	}
	if seps == 0 || start >= len(body) {
		return "", false
	}
	squares = append(squares, body[start:])
	for _, sq := range squares {
		// An XBoard square: file letters, then rank digits.
		k := strings.IndexAny(sq, "0123456789")
		if k <= 0 || strings.Trim(sq[:k], "abcdefghijklmnopqrstuvwxyz") != "" || !isDigits(sq[k:]) {
			return "", false
		}
	}
	var b strings.Builder
	for i := 1; i < len(squares); i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		b.WriteString(squares[i-1] + squares[i])
	}
	return b.String() + suffix, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// startSFEN is g's start position as Replay reads it in v: the SFEN tag,
// else the FEN tag (an XBoard FEN), else "startpos".
func (g *PGNGame) startSFEN(v *movegen.Variant) (string, error) {
	switch {
	case g.Tags["SFEN"] != "":
		return g.Tags["SFEN"], nil
	case g.Tags["FEN"] != "":
		op, err := ParseOpening(v, g.Tags["FEN"])
		if err != nil {
			return "", fmt.Errorf("FEN tag: %v", err)
		}
		return op.SFEN, nil
	}
	return "startpos", nil
}

// Replay sets the game up in v: its start position (the SFEN tag, else
// the FEN tag, else v's start) and its moves, each checked legal. It
// reports the first tag or move it cannot read.
func (g *PGNGame) Replay(v *movegen.Variant) (*movegen.Position, []movegen.Move, error) {
	start, err := g.startSFEN(v)
	if err != nil {
		return nil, nil, err
	}
	pos, err := movegen.NewPosition(v, start)
	if err != nil {
		return nil, nil, err
	}
	p := pos.Clone()
	moves := make([]movegen.Move, 0, len(g.Moves))
	for i, t := range g.Moves {
		m, err := ParseMoveAny(p, t)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d %q: %v", i+1, t, err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return pos, moves, nil
}

// ParseMoveAny reads a move in XBoard, USI or Hodges notation (tried in
// that order) and returns the legal move it names. XBoard notation may
// also be the PGN form of two-leg moves (moveXBoardPGN).
func ParseMoveAny(pos *movegen.Position, t string) (movegen.Move, error) {
	m, err := pos.ParseMoveXBoard(t)
	if err == nil {
		return m, nil
	}
	if legs, ok := legsFromPGN(t); ok {
		if m, err2 := pos.ParseMoveXBoard(legs); err2 == nil {
			return m, nil
		}
	}
	if m, err2 := pos.ParseMoveUSI(t); err2 == nil {
		return m, nil
	}
	if m, err3 := pos.ParseMoveHodges(t); err3 == nil {
		return m, nil
	}
	return movegen.NullMove, err
}

// OpenPGN opens a PGN file for reading, gunzipping it where its name ends
// in .gz (a run or a tuning set kept in the repository). Closing the
// reader closes the file.
func OpenPGN(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(path, ".gz") {
		return f, nil
	}
	z, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return gzipFile{z, f}, nil
}

// gzipFile reads a gzip stream and closes both it and its file.
type gzipFile struct {
	*gzip.Reader
	f *os.File
}

// Close closes the gzip stream and the file.
func (g gzipFile) Close() error {
	err := g.Reader.Close()
	if ferr := g.f.Close(); err == nil {
		err = ferr
	}
	return err
}

// readPGNFile reads the games of a PGN file (OpenPGN).
func readPGNFile(path string) ([]PGNGame, error) {
	r, err := OpenPGN(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	games, err := ReadPGN(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return games, nil
}

// fileArgs reads the arguments of a subcommand that takes options and PGN
// files (depth, strip, ends): "--" ends the options, --help or -h writes
// usage to out and reports help, an argument starting with "-" goes to opt
// with the arguments after it (opt returns how many of those it took, or an
// error; nil knows no option), and the rest are the files.
func fileArgs(args []string, usage string, out io.Writer, opt func(arg string, rest []string) (int, error)) (files []string, help bool, err error) {
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--":
			return append(files, args[i+1:]...), false, nil
		case arg == "--help" || arg == "-h":
			_, err := io.WriteString(out, usage)
			return nil, true, err
		case strings.HasPrefix(arg, "-"):
			if opt == nil {
				return nil, false, fmt.Errorf("unknown option %s", arg)
			}
			n, err := opt(arg, args[i+1:])
			if err != nil {
				return nil, false, err
			}
			i += n
		default:
			files = append(files, arg)
		}
	}
	return files, false, nil
}
