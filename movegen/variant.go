package movegen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Promotion rules, chosen by the variant key `promotion`.
const (
	// PromoShogi lets any move that starts or ends in the zone promote.
	PromoShogi = iota
	// PromoChu lets a move promote when it enters the zone, or when it
	// captures and starts or ends in the zone.
	PromoChu
	// PromoCapture makes a piece that can promote do so at the end of every
	// move that captures, and never otherwise (tai shogi).
	PromoCapture
)

// Dead-piece rules, chosen by the variant key `deadpieces`: what happens to a
// move that leaves an unpromoted piece on a square from which it could never
// move again (a Pawn on the last rank).
const (
	// DeadForbid: such a move must promote, and may always do so.
	DeadForbid = iota
	// DeadPromote: it must promote when the move may promote; otherwise the
	// plain move stays legal and the piece is dead.
	DeadPromote
	// DeadAllow: dead pieces are legal; promotion follows the normal rule.
	DeadAllow
)

// Lion-trading rule sets (chu shogi). See the rules sheet, section 9b.
const (
	// LionNone: no lion-trading restrictions.
	LionNone = iota
	// LionJCSA: the Japanese Chu Shogi Association rules.
	LionJCSA
	// LionLishogi: what lishogi's rules code does.
	LionLishogi
	// LionHaChu: what HaChu 0.21 does with its default options.
	LionHaChu
)

// PieceInfo describes one piece type of a variant.
type PieceInfo struct {
	// ID is the letter code used in SFEN and move text, upper case, with a
	// leading + for promoted forms and an optional ' or ! suffix (L!, +C').
	ID string
	// Name is the English name, words joined by hyphens.
	Name string
	// Kanji is the piece's full Japanese name (歩兵, 獅子, 自在天王), or ""
	// if the definition gives none. Display data only: it is not part of
	// the variant fingerprint (Canonical).
	Kanji string
	// Face is the text drawn on the piece, 1 or 2 characters (runes): the
	// face= option, else Kanji itself when that has 1 or 2 characters,
	// else Kanji's first two. A promote=X form shows X's Kanji and Face.
	// Display data only, like Kanji.
	Face string
	// Betza is the XBetza move description.
	Betza string
	// Value is the material value in centipawns (Pawn = 100).
	Value int
	// Promoted marks a promoted form; it never promotes again.
	Promoted bool
	// PromotesTo is the promoted type, or 0.
	PromotesTo PieceType
	// Base is the unpromoted type (itself for unpromoted pieces); a captured
	// piece goes to hand as its Base.
	Base PieceType
	// Royal marks pieces whose loss loses the game (King, Crown Prince).
	Royal bool
	// Lion marks pieces that count as a Lion for the chu lion-trading rules.
	Lion bool
	// Nifu forbids dropping this piece on a file holding an unpromoted one of
	// the same side.
	Nifu bool
	// NoDropMate forbids a drop of this piece that checkmates.
	NoDropMate bool
	// LastRank lets the piece promote on any move that reaches the last rank.
	LastRank bool
	// MustPromote forbids declining a promotion the move allows (the chu
	// rule set hachu gives it to the Pawn; see applyRuleSet).
	MustPromote bool
	// Spirit marks pieces protected by Reiwa's spirit-trading rule: when a
	// non-royal piece captures one, the opponent must pass its next turn.
	Spirit bool
	// Points is what the piece counts in an impasse (default 1, royals 0).
	Points int
	// Contagion is the type a non-royal piece becomes when it captures this
	// piece (tai's deva and teaching king, dark and Buddhist spirits), or 0.
	Contagion PieceType
	// Line is where the piece was defined (file:line), for messages.
	Line string

	atoms []Atom
	kinds kindSpec
}

// ray is a concluded single-leg move vector: step by off up to max times.
type ray struct {
	off  int
	max  int
	mode int
	// over and overN: a jump that a slide of the same piece duplicates
	// when the overN squares before it (steps of over) are empty is
	// generated only when one of them is occupied (see normalizeRays).
	over  int
	overN int
}

// legAtom is a concluded two-leg move starting with one king step.
type legAtom struct {
	off1  int
	dir1  uint32
	mode1 int
	pass  bool
	n2    int
	off2  [8]int
	mode2 int
}

// hookDir is one first direction of a hook mover with its turned lines, as
// cell offsets and as (row, col) steps.
type hookDir struct {
	off1 int
	r1   [2]int
	n    int
	off2 [2]int
	r2   [2][2]int
}

// boardVec converts a vector in the mover's frame to a (row, col) step.
func boardVec(c Color, v vec) [2]int {
	if c == White {
		return [2]int{v.dy, -v.dx}
	}
	return [2]int{-v.dy, v.dx}
}

// splitRays sorts the rays that move in mode (modeCapture or modeMove)
// the way the generators walk them: king steps as a direction mask (near),
// other single steps as offsets (jumps), the first slide along each king
// line as a direction mask with its range (lines, lineMax), and every
// other ray as it is (slides).
func splitRays(rays []ray, mode int) (near uint8, jumps []int, lines uint8, lineMax [8]uint8, slides []ray) {
	for _, r := range rays {
		d := dirOf(r.off)
		switch {
		case r.mode&mode == 0:
		case r.max == 1 && r.overN == 0 && d != 0:
			near |= 1 << (d - 1)
		case r.max == 1 && r.overN == 0:
			jumps = append(jumps, r.off)
		case r.overN == 0 && d != 0 && lines&(1<<(d-1)) == 0 && r.max <= 255:
			lines |= 1 << (d - 1)
			lineMax[d-1] = uint8(r.max)
		default:
			slides = append(slides, r)
		}
	}
	return near, jumps, lines, lineMax, slides
}

// attackVec is one distinct capture direction over all pieces of a variant,
// with the longest range any piece has along it. For a king step, near is
// the bit of the direction from the attacked square back along it (-off)
// in the neighbour masks (Position.near), else 0.
type attackVec struct {
	off  int
	max  int
	near uint8
}

// Variant is a concluded game definition: the parsed data plus the derived
// tables that move generation reads. A Variant is immutable once concluded
// and may be shared by any number of positions and goroutines.
type Variant struct {
	// Name is the short name used in every interface (chu, heiandai, ...).
	Name string
	// Title is the human-readable name.
	Title string
	// Files and Ranks give the board size.
	Files, Ranks int
	// ZoneDepth is the number of ranks in each promotion zone.
	ZoneDepth int
	// Promotion is PromoShogi or PromoChu.
	Promotion int
	// DeadPieces is DeadForbid, DeadPromote or DeadAllow.
	DeadPieces int
	// Drops enables drops of captured pieces.
	Drops bool
	// Check makes moves that leave the own royal attacked illegal.
	Check bool
	// BareKing enables the bare-king rule with the bare-back draw (see
	// Position.Outcome and docs/perft.md for its exact timing).
	BareKing bool
	// LionTrade is the lion-trading rule set in force (LionNone if the game
	// has none).
	LionTrade int
	// Repetition is the repetition rule (RepShogi, RepHaChu, RepJCSA,
	// RepLishogi or RepNone); see Outcome.
	Repetition int
	// Mate makes a side lose when it has no move that keeps one of its
	// royals safe from capture on the opponent's reply (royal-capture games
	// such as Reiwa dai; check games have mate through the check rule).
	Mate bool
	// Impasse is the points a side needs to draw an impasse (both royals in
	// their zones), or 0 for no impasse rule.
	Impasse int
	// RuleSets lists the selectable rule sets; RuleSet is the one in force.
	RuleSets []string
	// RuleSet is the rule set in force ("" if the game has none).
	RuleSet string
	// StartSFEN is the start position.
	StartSFEN string
	// Pieces is the piece table indexed by PieceType; entry 0 is unused.
	Pieces []PieceInfo
	// ID is the FarmHash fingerprint of the canonical definition.
	ID uint64
	// Source names where the definition came from (file:line of its section).
	Source string

	sec  *section
	rays [256][]ray
	// capNear, capJumps and capSlides split a piece's capturing rays for
	// capture generation: the king steps as a mask of directions (bit d-1
	// for dirOffset[d], matched against Position.near), the offsets of
	// the other single steps and leaps that need no path test, and every
	// other capturing ray.
	capNear   [256]uint8
	capJumps  [256][]int
	capSlides [256][]ray
	// capLines and capLineMax: the capturing slides along the eight king
	// directions (bit d-1 for dirOffset[d]) and their ranges, taken out of
	// capSlides, so that the capture generator skips a line blocked by an
	// adjacent friend, and takes an adjacent enemy, from the neighbour
	// masks alone.
	capLines   [256]uint8
	capLineMax [256][8]uint8
	// capMore and moveMore mark the pieces with capJumps or capSlides
	// (moveJumps or moveSlides) or special moves.
	capMore, moveMore [256]bool
	// moveNear, moveJumps, moveLines, moveLineMax and moveSlides are the
	// same split of the rays that make non-capturing moves, for the quiet
	// move generator (generateQuiets); edgeNear[s] marks the directions in
	// which the cell next to s is off the board, so that the neighbour
	// masks and it tell which adjacent cells are empty.
	moveNear    [256]uint8
	moveJumps   [256][]int
	moveSlides  [256][]ray
	moveLines   [256]uint8
	moveLineMax [256][8]uint8
	edgeNear    [NumCells]uint8
	// enemy[c][q] reports whether cell content q is a piece of colour c
	// (not Empty, not Edge): one load instead of three tests in the
	// capture loops.
	enemy [ColorCount][256]bool
	// special marks the pieces with moves beyond single legs (kinds or
	// legs): only they need generateSpecial.
	special [256]bool
	// lion marks the pieces (of either colour) that count as a Lion for
	// the lion-trading rules (PieceInfo.Lion); Empty and Edge are not.
	lion [256]bool
	// plain marks the pieces whose moves are never promotions (no
	// promotion, no contagion); promoFree[c] the squares where a move of
	// side c can neither promote nor leave a piece dead (outside the zone
	// and the last rank, in games that do not promote on capture). See
	// addMove.
	plain     [256]bool
	promoFree [ColorCount][NumCells]bool
	legs      [256][]legAtom
	kinds     [256]kindSet
	hooks     [256][]hookDir
	hasHooks  bool
	// hasEmperor marks variants with an @emperor piece; cells lists the
	// playing squares the emperor may move to.
	hasEmperor bool
	cells      []Square
	// hasContagion marks variants with contagious pieces.
	hasContagion bool
	inZone       [ColorCount][NumCells]bool
	lastRow      [ColorCount]int
	dead         [256][]bool
	attack       []attackVec
	capRange     [256][]uint8
	// dropCheck[p] marks the cells of the box around a royal (boxOffsets)
	// from which piece p, dropped there, attacks it: bit b when a capture
	// ray of p reaches the royal in one step from the cell, and bit b of
	// dropCheckFar[p] when it needs two, the cell between them empty
	// (DropMate).
	dropCheck, dropCheckFar [256]uint32
	// moveCheck[c] marks the box cells from which a piece of side c, moved
	// there as it is or promoted, attacks the centre in one step or leap;
	// mateVecs[c][b] the attack vectors along which such a piece comes to
	// cell b; vecBlocked[m] the vectors whose first cell lies in the
	// king-step directions m; ringCover[p][b] the centre's neighbours (bit
	// d-1 for dirOffset[d]) that non-royal piece p on cell b attacks, the
	// cells between taken as empty (MoveMate; games of at most 64
	// vectors).
	moveCheck  [ColorCount]uint32
	mateVecs   [ColorCount][len(boxOffsets)]uint64
	vecBlocked [256]uint64
	ringCover  [256][len(boxOffsets)]uint8
	// boxSteps lists, for each displacement of up to boxReach ranks and
	// files, the attack vectors and step counts that cover it (reaches).
	boxSteps [][]boxStep
	// mateHand lists the HandTypes whose drops may mate (not NoDropMate),
	// in the same order.
	mateHand []PieceType
	// plainAttacks: every piece moves and captures along the same single-leg
	// rays, with no special moves, hook movers or emperor, so the attack
	// vectors tell every move onto a cell (DropMate's replies).
	plainAttacks bool
	zobrist      []uint64
	handKeys     [ColorCount][MaxPieceTypes + 1][]uint64
	sideKey      uint64
	lionKeys     []uint64
	handMax      int
	// seeLeast is the least exchange value of any piece type (seeValue).
	seeLeast int
	// HandTypes lists the types that can be held in hand, in SFEN order.
	HandTypes []PieceType
	royalType PieceType
	byID      map[string]PieceType

	// spiritKey is hashed in while the side to move must pass (spirit
	// trading); hasSpirit reports whether any piece has the Spirit flag.
	spiritKey uint64
	hasSpirit bool

	// options are the named options with the values in force; the flags
	// below are the ones Go code reads (see codeOptions).
	options    []VariantOption
	emperorAny bool
	// emperorGuardsAll: option emperorguard = everywhere.
	emperorGuardsAll bool
	stalemateDraw    bool
	repFourth        bool
}

// PieceByID returns the type with the given upper-case ID.
func (v *Variant) PieceByID(id string) (PieceType, bool) {
	t, ok := v.byID[id]
	return t, ok
}

// Info returns the piece table entry of type t.
func (v *Variant) Info(t PieceType) *PieceInfo { return &v.Pieces[t] }

// OnBoard reports whether s is a playing square of this variant's board.
func (v *Variant) OnBoard(s Square) bool {
	r, c := s.Row(), s.Col()
	return int(s) < NumCells && r >= 0 && r < v.Ranks && c >= 0 && c < v.Files
}

// InZone reports whether s lies in c's promotion zone.
func (v *Variant) InZone(c Color, s Square) bool { return v.inZone[c][s] }

// section is one [name:parent] block of a definition file, before conclusion.
type section struct {
	name, parent string
	line         string
	keys         map[string]string
	keyLine      map[string]string
	pieces       []pieceLine
	options      []optionLine
}

type pieceLine struct {
	fields []string
	line   string
}

// ParseError is a definition error with its position.
type ParseError struct {
	Pos string
	Msg string
}

// Error writes the error as "position: message".
func (e *ParseError) Error() string { return e.Pos + ": " + e.Msg }

func errAt(pos, format string, args ...any) error {
	return &ParseError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// knownKeys are the variant keys the parser accepts; each is documented in
// the header of variants/builtin.ini.
var knownKeys = map[string]bool{
	"title": true, "board": true, "zone": true, "promotion": true, "deadpieces": true,
	"drops": true, "check": true, "bareking": true, "rulesets": true, "start": true,
	"repetition": true, "impasse": true, "mate": true,
}

// ParseVariants reads a definition file and returns its concluded variants in
// file order. file is used in error messages.
func ParseVariants(file, text string) ([]*Variant, error) {
	return parseVariants(file, text, true)
}

// parseVariants is ParseVariants; alternatives says whether it concludes
// every alternative option value too. The built-in definitions skip that
// at each start-up (tai's options cost sixteen more boards of keys and
// tables, most of an engine's start); TestBuiltinAlternatives concludes
// them.
func parseVariants(file, text string, alternatives bool) ([]*Variant, error) {
	secs, err := parseSections(file, text)
	if err != nil {
		return nil, err
	}
	byName := map[string]*section{}
	var out []*Variant
	for _, s := range secs {
		if _, dup := byName[s.name]; dup {
			return nil, errAt(s.line, "variant %q defined twice", s.name)
		}
		byName[s.name] = s
		if s.parent != "" {
			p, ok := byName[s.parent]
			if !ok {
				return nil, errAt(s.line, "parent variant %q is not defined above", s.parent)
			}
			inherit(s, p)
		}
		v, err := conclude(s, "", nil)
		if err != nil {
			return nil, err
		}
		// Conclude each alternative option value once too, so that a
		// definition error on a guarded piece line shows up here (kirin
		// check) and not only when somebody picks that value.
		if alternatives {
			for _, o := range s.options {
				for _, val := range o.values[1:] {
					if _, err := conclude(s, "", map[string]string{o.name: val}); err != nil {
						return nil, fmt.Errorf("%w (under option %s=%s)", err, o.name, val)
					}
				}
			}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errAt(file+":1", "no [variant] section")
	}
	return out, nil
}

func parseSections(file, text string) ([]*section, error) {
	var secs []*section
	var cur *section
	for n, raw := range strings.Split(text, "\n") {
		pos := fmt.Sprintf("%s:%d", file, n+1)
		line := raw
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] == '[' {
			if line[len(line)-1] != ']' {
				return nil, errAt(pos, "section header %q lacks ]", line)
			}
			head := line[1 : len(line)-1]
			name, parent, _ := strings.Cut(head, ":")
			name, parent = strings.TrimSpace(name), strings.TrimSpace(parent)
			if !validName(name) {
				return nil, errAt(pos, "bad variant name %q (use lower-case letters and digits)", name)
			}
			cur = &section{name: name, parent: parent, line: pos, keys: map[string]string{}, keyLine: map[string]string{}}
			secs = append(secs, cur)
			continue
		}
		if cur == nil {
			return nil, errAt(pos, "%q before the first [variant] section", line)
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, errAt(pos, "expected key = value, got %q", line)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch {
		case key == "piece":
			f := strings.Fields(val)
			if len(f) < 3 {
				return nil, errAt(pos, "piece needs ID, name and Betza: %q", val)
			}
			cur.pieces = append(cur.pieces, pieceLine{fields: f, line: pos})
		case key == "option":
			ol, err := parseOptionLine(pos, val)
			if err != nil {
				return nil, err
			}
			for _, o := range cur.options {
				if o.name == ol.name {
					return nil, errAt(pos, "option %q declared twice (first at %s)", ol.name, o.line)
				}
			}
			cur.options = append(cur.options, ol)
		case key == "nopiece":
			cur.pieces = append(cur.pieces, pieceLine{fields: []string{"-", val}, line: pos})
		case knownKeys[key]:
			if _, dup := cur.keys[key]; dup {
				return nil, errAt(pos, "key %q given twice", key)
			}
			cur.keys[key], cur.keyLine[key] = val, pos
		default:
			return nil, errAt(pos, "unknown key %q", key)
		}
	}
	return secs, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// inherit copies the parent's keys and pieces under the child's own.
func inherit(s, p *section) {
	for k, v := range p.keys {
		if _, ok := s.keys[k]; !ok {
			s.keys[k], s.keyLine[k] = v, p.keyLine[k]
		}
	}
	own := map[string]bool{}
	for _, pl := range s.pieces {
		if pl.fields[0] == "-" {
			own[strings.TrimSpace(pl.fields[1])] = true
		} else {
			own[pl.fields[0]] = true
		}
	}
	var merged []pieceLine
	for _, pl := range p.pieces {
		if !own[pl.fields[0]] {
			merged = append(merged, pl)
		}
	}
	for _, pl := range s.pieces {
		if pl.fields[0] != "-" {
			merged = append(merged, pl)
		}
	}
	s.pieces = merged
	inheritOptions(s, p)
}

// validID reports whether id is a piece ID: an optional + and then either
// one capital letter with an optional ' or !, or 2 to 4 capital letters (the
// large games' abbreviations, bracketed in SFEN: [HM]).
func validID(id string) bool {
	s := strings.TrimPrefix(id, "+")
	if len(s) == 0 || len(s) > 4 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	if len(s) == 2 && (s[1] == '\'' || s[1] == '!') {
		return true
	}
	for i := 1; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// multiLetter reports whether an ID (without +) is written in brackets in
// SFEN.
func multiLetter(id string) bool {
	s := strings.TrimPrefix(id, "+")
	return len(s) > 1 && s[1] != '\'' && s[1] != '!'
}

func parseBool(pos, key, val string) (bool, error) {
	switch val {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off":
		return false, nil
	}
	return false, errAt(pos, "%s must be true or false, got %q", key, val)
}

// conclude validates a section and builds a Variant; ruleSet selects a rule
// set ("" = the default, the first listed) and choices the values of named
// options (missing ones take their default).
func conclude(s *section, ruleSet string, choices map[string]string) (*Variant, error) {
	v := &Variant{Name: s.name, Source: s.line, sec: s, byID: map[string]PieceType{}}
	if err := v.setOptions(s, choices); err != nil {
		return nil, err
	}
	get := func(k string) (string, string, bool) {
		val, ok := s.keys[k]
		pos := s.keyLine[k]
		if !ok {
			pos = s.line
		}
		return val, pos, ok
	}
	v.Title = s.name
	if t, _, ok := get("title"); ok {
		v.Title = t
	}
	b, pos, ok := get("board")
	if !ok {
		return nil, errAt(pos, "variant %s: missing key board (e.g. board = 9x9)", s.name)
	}
	fs, rs, ok := strings.Cut(b, "x")
	f, e1 := strconv.Atoi(fs)
	r, e2 := strconv.Atoi(rs)
	if !ok || e1 != nil || e2 != nil || f < 2 || r < 2 || f > MaxFiles || r > MaxRanks {
		return nil, errAt(pos, "board must be FILESxRANKS between 2x2 and %dx%d, got %q", MaxFiles, MaxRanks, b)
	}
	v.Files, v.Ranks = f, r
	if z, pos, ok := get("zone"); ok {
		n, err := strconv.Atoi(z)
		if err != nil || n < 0 || n > r/2 {
			return nil, errAt(pos, "zone must be a number of ranks from 0 to %d, got %q", r/2, z)
		}
		v.ZoneDepth = n
	}
	if p, pos, ok := get("promotion"); ok {
		switch p {
		case "shogi":
			v.Promotion = PromoShogi
		case "chu":
			v.Promotion = PromoChu
		case "capture":
			v.Promotion = PromoCapture
		default:
			return nil, errAt(pos, "promotion must be shogi, chu or capture, got %q", p)
		}
	}
	if d, pos, ok := get("deadpieces"); ok {
		switch d {
		case "forbid":
			v.DeadPieces = DeadForbid
		case "promote":
			v.DeadPieces = DeadPromote
		case "allow":
			v.DeadPieces = DeadAllow
		default:
			return nil, errAt(pos, "deadpieces must be forbid, promote or allow, got %q", d)
		}
	}
	for _, k := range []struct {
		key string
		dst *bool
	}{{"drops", &v.Drops}, {"check", &v.Check}, {"bareking", &v.BareKing}, {"mate", &v.Mate}} {
		if val, pos, ok := get(k.key); ok {
			bv, err := parseBool(pos, k.key, val)
			if err != nil {
				return nil, err
			}
			*k.dst = bv
		}
	}
	if r, pos, ok := get("repetition"); ok {
		n, known := repetitionRules[r]
		if !known {
			return nil, errAt(pos, "repetition must be shogi, hachu, jcsa, lishogi, reiwa or none, got %q", r)
		}
		v.Repetition = n
	}
	if im, pos, ok := get("impasse"); ok {
		n, err := strconv.Atoi(im)
		if err != nil || n < 0 || n > 1000 {
			return nil, errAt(pos, "impasse must be a number of points (0 = none), got %q", im)
		}
		v.Impasse = n
	}
	if rsl, pos, ok := get("rulesets"); ok {
		for _, name := range strings.Split(rsl, ",") {
			name = strings.TrimSpace(name)
			if _, known := ruleSetLion[name]; !known {
				return nil, errAt(pos, "unknown rule set %q (known: jcsa, lishogi, hachu)", name)
			}
			v.RuleSets = append(v.RuleSets, name)
		}
	}
	if err := v.parsePieces(s); err != nil {
		return nil, err
	}
	for _, p := range v.Pieces {
		v.hasSpirit = v.hasSpirit || p.Spirit
	}
	if v.hasSpirit && (v.Drops || len(v.RuleSets) > 0) {
		// The third SFEN field says whether a forced pass is pending; it
		// cannot also hold hands or a counter-strike square.
		return nil, errAt(s.line, "variant %s: spirit pieces need drops = false and no rule sets", s.name)
	}
	if len(v.RuleSets) > 0 {
		if ruleSet == "" {
			ruleSet = v.RuleSets[0]
		}
		found := false
		for _, n := range v.RuleSets {
			found = found || n == ruleSet
		}
		if !found {
			return nil, fmt.Errorf("variant %s has no rule set %q (has %s)", v.Name, ruleSet, strings.Join(v.RuleSets, ", "))
		}
		v.applyRuleSet(ruleSet)
	} else if ruleSet != "" {
		return nil, fmt.Errorf("variant %s has no rule sets", v.Name)
	}
	v.build()
	if err := v.checkAttackCoverage(); err != nil {
		return nil, err
	}
	st, pos, ok := get("start")
	if !ok {
		return nil, errAt(pos, "variant %s: missing key start", s.name)
	}
	v.StartSFEN = st
	if _, err := NewPosition(v, st); err != nil {
		return nil, errAt(pos, "start position: %v", err)
	}
	return v, nil
}

// Repetition rules (see Outcome).
const (
	// RepShogi: the fourth occurrence of a position draws, unless one side
	// gave check with every move of the cycle; that side loses.
	RepShogi = iota
	// RepHaChu: recreating any earlier position is illegal; the side that
	// did it loses.
	RepHaChu
	// RepJCSA: at the fourth occurrence the side that checked with every
	// move loses, else the only side that attacked with every move loses,
	// else it is a draw.
	RepJCSA
	// RepLishogi: the fourth occurrence draws, unless every move of the side
	// that made it since the first occurrence was an attack; that side loses.
	RepLishogi
	// RepNone: repetition has no effect.
	RepNone
	// RepReiwa: recreating any earlier position is illegal unless the side
	// doing it was in check; a forced pass is never illegal.
	RepReiwa
)

var repetitionRules = map[string]int{"shogi": RepShogi, "hachu": RepHaChu, "jcsa": RepJCSA, "lishogi": RepLishogi, "none": RepNone, "reiwa": RepReiwa}

// ruleSetLion maps each chu rule set to its lion-trading rule.
var ruleSetLion = map[string]int{"jcsa": LionJCSA, "lishogi": LionLishogi, "hachu": LionHaChu}

// applyRuleSet sets the rule switches a rule set bundles (chu sheet, 9b).
func (v *Variant) applyRuleSet(name string) {
	v.RuleSet = name
	v.LionTrade = ruleSetLion[name]
	v.Repetition = repetitionRules[name]
	if name == "hachu" {
		// HaChu does not implement the bare-king rule, and its Pawn has no
		// last-rank chance: a non-capture inside the zone cannot promote,
		// even onto the last rank (chu sheet 9b). HaChu never declines a
		// Pawn promotion itself, and after an opponent's Pawn has declined
		// one it refuses that Pawn's later promotions (except a capture
		// onto the last rank; chu sheet 6), so under this rule set a Pawn
		// that may promote must.
		v.BareKing = false
		for i := range v.Pieces {
			v.Pieces[i].LastRank = false
		}
		if t, ok := v.byID["P"]; ok {
			v.Pieces[t].MustPromote = true
		}
	}
	if name == "lishogi" {
		// lishogi lets a Lance promote on any move reaching the last rank too.
		if t, ok := v.byID["L"]; ok && v.Pieces[t].Betza == "fR" {
			v.Pieces[t].LastRank = true
		}
	}
}

// WithRuleSet returns a copy of the variant concluded under another rule set.
func (v *Variant) WithRuleSet(name string) (*Variant, error) {
	if name == v.RuleSet {
		return v, nil
	}
	return conclude(v.sec, name, v.choices())
}

// parsePieces reads the piece lines into the piece table.
func (v *Variant) parsePieces(s *section) error {
	v.Pieces = []PieceInfo{{}}
	type pending struct {
		t      PieceType
		target string
		pos    string
	}
	var promos, becomes, contagions []pending
	lines, err := v.selectPieceLines(s.pieces)
	if err != nil {
		return err
	}
	for _, pl := range lines {
		f := pl.fields
		id := f[0]
		if !validID(id) {
			return errAt(pl.line, "bad piece ID %q (a capital letter with an optional ' or !, or 2 to 4 capital letters; optionally + before)", id)
		}
		if _, dup := v.byID[id]; dup {
			return errAt(pl.line, "piece ID %q defined twice", id)
		}
		if len(v.Pieces) > MaxPieceTypes {
			return errAt(pl.line, "more than %d piece types", MaxPieceTypes)
		}
		atoms, kinds, err := parseMoveField(f[2])
		if err != nil {
			return errAt(pl.line, "%v", err)
		}
		if kinds.set != 0 && v.Check {
			return errAt(pl.line, "named move kinds (@...) are not supported with check = true")
		}
		pi := PieceInfo{ID: id, Name: f[1], Betza: f[2], Promoted: id[0] == '+', Line: pl.line, atoms: atoms, kinds: kinds, Points: 1}
		t := PieceType(len(v.Pieces))
		for _, opt := range f[3:] {
			k, val, hasVal := strings.Cut(opt, "=")
			switch {
			case k == "value" && hasVal:
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 || n > 1000000 {
					return errAt(pl.line, "bad value %q", val)
				}
				pi.Value = n
			case k == "promote" && hasVal:
				promos = append(promos, pending{t, val, pl.line})
			case k == "becomes" && hasVal:
				becomes = append(becomes, pending{t, val, pl.line})
			case k == "contagious" && hasVal:
				contagions = append(contagions, pending{t, val, pl.line})
			case k == "royal" && !hasVal:
				pi.Royal = true
				pi.Points = 0
			case k == "points" && hasVal:
				n, err := strconv.Atoi(val)
				if err != nil || n < 0 || n > 100 {
					return errAt(pl.line, "bad points %q", val)
				}
				pi.Points = n
			case k == "lion" && !hasVal:
				pi.Lion = true
			case k == "nifu" && !hasVal:
				pi.Nifu = true
			case k == "nodropmate" && !hasVal:
				pi.NoDropMate = true
			case k == "lastrank" && !hasVal:
				pi.LastRank = true
			case k == "spirit" && !hasVal:
				pi.Spirit = true
			case k == "kanji" && hasVal:
				if err := checkDisplayText(k, val); err != nil {
					return errAt(pl.line, "%v", err)
				}
				pi.Kanji = val
			case k == "face" && hasVal:
				if err := checkDisplayText(k, val); err != nil {
					return errAt(pl.line, "%v", err)
				}
				if n := utf8.RuneCountInString(val); n > 2 {
					return errAt(pl.line, "face=%s has %d characters, at most 2 fit on a piece", val, n)
				}
				pi.Face = val
			default:
				return errAt(pl.line, "unknown piece option %q", opt)
			}
		}
		if pi.Face == "" {
			pi.Face = defaultFace(pi.Kanji)
		}
		v.byID[id] = t
		v.Pieces = append(v.Pieces, pi)
	}
	if len(v.Pieces) == 1 {
		return errAt(s.line, "variant %s defines no pieces", s.name)
	}
	for i := range v.Pieces[1:] {
		v.Pieces[i+1].Base = PieceType(i + 1)
	}
	// Explicit promoted forms: +X is what X promotes to.
	for i := 1; i < len(v.Pieces); i++ {
		p := &v.Pieces[i]
		if !p.Promoted {
			continue
		}
		base, ok := v.byID[p.ID[1:]]
		if !ok {
			return errAt(p.Line, "promoted piece %s has no base piece %s", p.ID, p.ID[1:])
		}
		v.Pieces[base].PromotesTo = PieceType(i)
		p.Base = base
	}
	// promote=X: the base promotes to a new type +base that moves like X.
	for _, pr := range promos {
		p := &v.Pieces[pr.t]
		if p.Promoted {
			return errAt(pr.pos, "promoted piece %s cannot promote again", p.ID)
		}
		if p.PromotesTo != 0 {
			return errAt(pr.pos, "piece %s has both promote= and a +%s line", p.ID, p.ID)
		}
		tt, ok := v.byID[pr.target]
		if !ok {
			return errAt(pr.pos, "piece %s promotes to undefined piece %q", p.ID, pr.target)
		}
		if len(v.Pieces) > MaxPieceTypes {
			return errAt(pr.pos, "more than %d piece types", MaxPieceTypes)
		}
		tmpl := v.Pieces[tt]
		np := PieceInfo{ID: "+" + p.ID, Name: tmpl.Name, Kanji: tmpl.Kanji, Face: tmpl.Face, Betza: tmpl.Betza, Value: tmpl.Value,
			Promoted: true, Base: pr.t, Lion: tmpl.Lion, Line: pr.pos, atoms: tmpl.atoms, kinds: tmpl.kinds, Points: p.Points}
		np.Spirit = tmpl.Spirit
		nt := PieceType(len(v.Pieces))
		v.byID[np.ID] = nt
		v.Pieces = append(v.Pieces, np)
		v.Pieces[pr.t].PromotesTo = nt
	}
	// becomes=X: the piece promotes into the existing type X, which must
	// never promote itself (this saves a type per promoting piece).
	for _, b := range becomes {
		p := &v.Pieces[b.t]
		tt, ok := v.byID[b.target]
		switch {
		case v.Drops:
			return errAt(b.pos, "becomes= cannot be used with drops (a captured piece could not revert)")
		case p.Promoted || p.PromotesTo != 0:
			return errAt(b.pos, "piece %s already has a promotion", p.ID)
		case !ok:
			return errAt(b.pos, "piece %s becomes undefined piece %q", p.ID, b.target)
		case tt == b.t || v.Pieces[tt].PromotesTo != 0:
			return errAt(b.pos, "piece %s cannot become %s, which promotes itself", p.ID, b.target)
		}
		p.PromotesTo = tt
	}
	// contagious=X: a piece that captures this one becomes X.
	for _, c := range contagions {
		tt, ok := v.byID[c.target]
		switch {
		case v.Promotion != PromoCapture:
			return errAt(c.pos, "contagious= needs promotion = capture")
		case !ok:
			return errAt(c.pos, "piece %s is contagious with undefined piece %q", v.Pieces[c.t].ID, c.target)
		case v.Pieces[tt].Royal:
			return errAt(c.pos, "contagion cannot turn pieces into a royal piece")
		}
		v.Pieces[c.t].Contagion = tt
		v.hasContagion = true
	}
	royals := 0
	for i := 1; i < len(v.Pieces); i++ {
		if v.Pieces[i].Royal {
			royals++
			v.royalType = PieceType(i)
		}
	}
	if royals == 0 {
		return errAt(s.line, "variant %s has no royal piece", s.name)
	}
	if v.Check && royals != 1 {
		return errAt(s.line, "variant %s: check = true needs exactly one royal piece type", s.name)
	}
	return nil
}

// checkDisplayText validates the text of a kanji= or face= option: it is
// drawn on a piece, so it must be non-empty UTF-8 without spaces, control
// characters or ASCII letters (a Latin abbreviation belongs in the ID).
func checkDisplayText(key, val string) error {
	if val == "" {
		return fmt.Errorf("%s= needs text", key)
	}
	if !utf8.ValidString(val) {
		return fmt.Errorf("%s=%q is not valid UTF-8", key, val)
	}
	for _, r := range val {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			return fmt.Errorf("%s=%q contains a space or control character", key, val)
		case r < utf8.RuneSelf && unicode.IsLetter(r):
			return fmt.Errorf("%s=%s contains the ASCII letter %q (write the kanji)", key, val, r)
		}
	}
	return nil
}

// defaultFace is the face of a piece without face=: its kanji when that has
// one or two characters, else the kanji's first two characters ("" without
// kanji).
func defaultFace(kanji string) string {
	if utf8.RuneCountInString(kanji) <= 2 {
		return kanji
	}
	r := []rune(kanji)
	return string(r[:2])
}

// capturesAlong reports whether piece p has a single-leg capture that
// reaches the cell offset o (a leap, or a slide of enough range).
func (v *Variant) capturesAlong(p Piece, o int) bool {
	for _, r := range v.rays[p] {
		if r.mode&modeCapture == 0 {
			continue
		}
		for n := 1; n <= r.max && n <= MaxFiles+MaxRanks; n++ {
			if n*r.off == o {
				return true
			}
		}
	}
	return false
}

// checkAttackCoverage makes sure the attack tests see every capture: they
// read single-leg captures only (plus hook movers and the emperor, which
// have their own tests), so every square a two-leg move or a lion dog path
// can capture on must also be reached by a single-leg capture of the same
// piece (a lion's KNAD jumps cover its double moves).
func (v *Variant) checkAttackCoverage() error {
	for t := 1; t < len(v.Pieces); t++ {
		p := MakePiece(PieceType(t), Black)
		pi := &v.Pieces[t]
		for _, la := range v.legs[p] {
			if la.pass {
				continue
			}
			if !v.capturesAlong(p, la.off1) {
				return errAt(pi.Line, "piece %s: a two-leg move captures on a square no single leg of the piece attacks", pi.ID)
			}
			for j := 0; j < la.n2; j++ {
				if o := la.off1 + la.off2[j]; o != 0 && !v.capturesAlong(p, o) {
					return errAt(pi.Line, "piece %s: a two-leg move captures on a square no single leg of the piece attacks (add the leap, e.g. N A D for a lion)", pi.ID)
				}
			}
		}
		if v.kinds[p]&kindLionDog != 0 {
			for d := 1; d <= 8; d++ {
				for k := 1; k <= 3; k++ {
					if !v.capturesAlong(p, k*dirOffset[d]) {
						return errAt(pi.Line, "piece %s: @liondog needs single-leg captures to three squares on every line (KADGH)", pi.ID)
					}
				}
			}
		}
	}
	return nil
}

// offset converts a vector in the mover's frame to a cell offset.
func offset(c Color, v vec) int {
	off := v.dx - v.dy*Stride
	if c == White {
		off = -off
	}
	return off
}

// build derives the generation tables from the piece table.
func (v *Variant) build() {
	nt := len(v.Pieces)
	for t := 1; t < nt; t++ {
		pi := &v.Pieces[t]
		for c := Color(0); c < ColorCount; c++ {
			p := MakePiece(PieceType(t), c)
			v.rays[p], v.legs[p], v.hooks[p] = nil, nil, nil
			v.kinds[p] = pi.kinds.set
			v.lion[p] = pi.Lion
			v.hasEmperor = v.hasEmperor || pi.kinds.set&kindEmperor != 0
			if pi.kinds.set&kindHook != 0 {
				v.hasHooks = true
				for _, d1 := range pi.kinds.hookFirst {
					turns := []vec{{-d1.dy, d1.dx}, {d1.dy, -d1.dx}}
					if pi.kinds.hookTurn != "" {
						turns, _ = selectDirs(pi.kinds.hookTurn, turns)
					}
					h := hookDir{off1: offset(c, d1), r1: boardVec(c, d1)}
					for _, d2 := range turns {
						h.off2[h.n], h.r2[h.n] = offset(c, d2), boardVec(c, d2)
						h.n++
					}
					v.hooks[p] = append(v.hooks[p], h)
				}
			}
			for _, a := range pi.atoms {
				if a.Legged {
					for _, v1 := range a.Vecs {
						la := legAtom{off1: offset(c, v1), mode1: a.Mode1, mode2: a.Mode}
						la.dir1 = dirOf(la.off1)
						d1 := int(la.dir1) - 1
						for _, turn := range a.Rel2 {
							d2 := (d1+turn)%8 + 1
							la.off2[la.n2] = dirOffset[d2]
							la.n2++
						}
						la.pass = a.Mode1&modeMove != 0
						v.legs[p] = append(v.legs[p], la)
					}
					continue
				}
				max := a.Range
				if max == 0 {
					max = MaxFiles + MaxRanks
				}
				for _, vv := range a.Vecs {
					v.rays[p] = append(v.rays[p], ray{off: offset(c, vv), max: max, mode: a.Mode})
				}
			}
			v.rays[p] = normalizeRays(v.rays[p])
			v.special[p] = v.kinds[p] != 0 || len(v.legs[p]) > 0
			v.capNear[p], v.capJumps[p], v.capLines[p], v.capLineMax[p], v.capSlides[p] = splitRays(v.rays[p], modeCapture)
			v.moveNear[p], v.moveJumps[p], v.moveLines[p], v.moveLineMax[p], v.moveSlides[p] = splitRays(v.rays[p], modeMove)
			v.capMore[p] = v.special[p] || v.capJumps[p] != nil || v.capSlides[p] != nil
			v.moveMore[p] = v.special[p] || v.moveJumps[p] != nil || v.moveSlides[p] != nil
		}
	}
	for q := 0; q < 256; q++ {
		if p := Piece(q); p.isPiece() {
			v.enemy[p.Color()][q] = true
		}
	}
	// Zones and last rows.
	for c := Color(0); c < ColorCount; c++ {
		for r := 0; r < v.Ranks; r++ {
			in := r < v.ZoneDepth
			if c == White {
				in = r >= v.Ranks-v.ZoneDepth
			}
			for f := 0; f < v.Files; f++ {
				v.inZone[c][MakeSquare(r, f)] = in
			}
		}
	}
	v.lastRow = [2]int{0, v.Ranks - 1}
	v.cells = v.cells[:0]
	for r := 0; r < v.Ranks; r++ {
		for f := 0; f < v.Files; f++ {
			v.cells = append(v.cells, MakeSquare(r, f))
		}
	}
	v.edgeNear = [NumCells]uint8{}
	for _, s := range v.cells {
		for d := 1; d <= 8; d++ {
			if !v.OnBoard(Square(int(s) + dirOffset[d])) {
				v.edgeNear[s] |= 1 << (d - 1)
			}
		}
	}
	// Dead squares: an unpromoted piece with no move from there on an empty board.
	var empty Position
	empty.v = v
	for i := range empty.board {
		empty.board[i] = Edge
	}
	for r := 0; r < v.Ranks; r++ {
		for f := 0; f < v.Files; f++ {
			empty.board[MakeSquare(r, f)] = Empty
		}
	}
	for t := 1; t < nt; t++ {
		if v.Pieces[t].PromotesTo == 0 {
			continue
		}
		for c := Color(0); c < ColorCount; c++ {
			p := MakePiece(PieceType(t), c)
			d := make([]bool, NumCells)
			for r := 0; r < v.Ranks; r++ {
				for f := 0; f < v.Files; f++ {
					s := MakeSquare(r, f)
					moves := false
					for _, ry := range v.rays[p] {
						if empty.board[int(s)+ry.off] == Empty {
							moves = true
						}
					}
					d[s] = !moves
				}
			}
			v.dead[p] = d
		}
	}
	// addMove's common case: pieces that never change by moving, and the
	// squares where no move of a side's pieces may promote or is ruled out
	// as leaving a piece dead.
	v.plain = [256]bool{}
	for t := 1; t < nt; t++ {
		for c := Color(0); c < ColorCount; c++ {
			v.plain[MakePiece(PieceType(t), c)] = v.Pieces[t].PromotesTo == 0 && !v.hasContagion
		}
	}
	v.promoFree = [ColorCount][NumCells]bool{}
	for c := Color(0); c < ColorCount; c++ {
		for _, s := range v.cells {
			free := v.Promotion != PromoCapture && !v.inZone[c][s] && s.Row() != v.lastRow[c]
			for t := 1; t < nt && free; t++ {
				if d := v.dead[MakePiece(PieceType(t), c)]; d != nil && d[s] {
					free = false
				}
			}
			v.promoFree[c][s] = free
		}
	}
	// Attack vectors: every distinct capture offset with its longest range.
	idx := map[int]int{}
	for p := 2; p < 2*nt; p++ {
		for _, ry := range v.rays[p] {
			if ry.mode&modeCapture == 0 {
				continue
			}
			if _, ok := idx[ry.off]; !ok {
				idx[ry.off] = len(v.attack)
				v.attack = append(v.attack, attackVec{off: ry.off})
			}
			i := idx[ry.off]
			if ry.max > v.attack[i].max {
				v.attack[i].max = ry.max
			}
		}
	}
	// Keep the attack vectors in a fixed order (by offset) so that attack
	// tests visit pieces deterministically.
	sort.Slice(v.attack, func(i, j int) bool { return v.attack[i].off < v.attack[j].off })
	for i, a := range v.attack {
		idx[a.off] = i
		if d := dirOf(-a.off); d != 0 {
			v.attack[i].near = 1 << (d - 1)
		}
	}
	for p := 2; p < 2*nt; p++ {
		cr := make([]uint8, len(v.attack))
		for _, ry := range v.rays[p] {
			if ry.mode&modeCapture != 0 && uint8(ry.max) > cr[idx[ry.off]] {
				cr[idx[ry.off]] = uint8(ry.max)
			}
		}
		v.capRange[p] = cr
	}
	v.buildDropChecks(nt)
	v.seeLeast = SEERoyal
	for t := 1; t < nt; t++ {
		if !v.Pieces[t].Royal {
			v.seeLeast = min(v.seeLeast, v.Pieces[t].Value)
		}
	}
	// Hand types: droppable bases in descending value order.
	v.HandTypes = nil
	if v.Drops {
		for t := 1; t < nt; t++ {
			if !v.Pieces[t].Promoted && !v.Pieces[t].Royal {
				v.HandTypes = append(v.HandTypes, PieceType(t))
			}
		}
		sort.SliceStable(v.HandTypes, func(i, j int) bool {
			return v.Pieces[v.HandTypes[i]].Value > v.Pieces[v.HandTypes[j]].Value
		})
	}
	v.mateHand = nil
	for _, t := range v.HandTypes {
		if !v.Pieces[t].NoDropMate {
			v.mateHand = append(v.mateHand, t)
		}
	}
	v.buildKeys()
}
