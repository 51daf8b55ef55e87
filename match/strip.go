package match

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
)

// StripUsage is the command line help of `kirin match strip`.
const StripUsage = `usage: kirin match strip FILE.pgn...
  Writes to standard output the games of PGN files kirin match wrote, each cut down to what
  kirin match merge reads: its tags, its opening moves (those played from the book, with
  --random-plies), the comment that says how it ended and its result. A run of a few
  thousand games then takes tens of kilobytes compressed, small enough to keep beside the
  results it gave (docs/experiments/runs), so that a later merge, on another machine, can
  add new runs to it. Merge stripped runs with other runs (--runs), never with the same
  run unstripped: merge finds a run given twice by its games' moves, which stripping drops.
  Games that kirin match did not write (no GameNumber tag) are refused; a file whose name
  ends in .gz is gunzipped. To keep a run: kirin match strip RUN.pgn | gzip -9 > RUN.pgn.gz
`

// StripCommand runs `kirin match strip` with its arguments, the PGN files;
// --help prints StripUsage.
func StripCommand(args []string, out io.Writer) error {
	files, help, err := fileArgs(args, StripUsage, out, nil)
	if help || err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("give the PGN files to strip")
	}
	// Read every file before writing anything: a bad file leaves no half
	// output behind.
	var games []PGNGame
	for _, path := range files {
		pgns, err := readPGNFile(path)
		if err != nil {
			return err
		}
		for i, p := range pgns {
			if _, _, err := gameFromPGN(p); err != nil {
				return fmt.Errorf("%s (game %d of the file): %v", path, i+1, err)
			}
		}
		games = append(games, pgns...)
	}
	var b strings.Builder
	for _, g := range games {
		writeStripped(&b, g)
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// rosterTags are PGN's seven tag roster, which a PGN game starts with in
// this order; writeStripped writes the other tags after them, sorted.
var rosterTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// writeStripped writes game g with its tags, its book moves, its last
// comment and its result: everything merge reads of a game, and its opening.
func writeStripped(b *strings.Builder, g PGNGame) {
	tag := func(k string) {
		val := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(g.Tags[k])
		fmt.Fprintf(b, "[%s \"%s\"]\n", k, val)
	}
	rest := make([]string, 0, len(g.Tags))
	for k := range g.Tags {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	for _, k := range rosterTags {
		if _, ok := g.Tags[k]; ok {
			tag(k)
		}
	}
	for _, k := range rest {
		if !slices.Contains(rosterTags, k) {
			tag(k)
		}
	}
	b.WriteString("\n")
	var words []string
	for i, m := range g.Moves {
		if g.Comments[i] != "book" {
			break
		}
		words = append(words, m, "{book}")
	}
	// Always the last comment, empty or not, so that a book comment never
	// becomes the last one.
	words = append(words, "{"+clip2(g.LastComment)+"}", g.Tags["Result"])
	b.WriteString(strings.Join(words, " ") + "\n\n")
}
