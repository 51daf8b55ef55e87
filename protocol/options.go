package protocol

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// option describes one engine option as the front ends announce it.
type option struct {
	name   string
	kind   string // spin, check, combo
	def    string
	min    int
	max    int
	values []string // combo
}

// ruleSets returns every rule set any offered game has.
func (s *session) ruleSets() []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s.variants {
		for _, r := range v.RuleSets {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// gameOptions lists the rule options: RuleSet (if any game has rule sets)
// and one combo per named option of each game.
func (s *session) gameOptions() []option {
	var out []option
	if rs := s.ruleSets(); len(rs) > 0 {
		out = append(out, option{name: "RuleSet", kind: "combo", def: "default", values: append([]string{"default"}, rs...)})
	}
	for _, v := range s.variants {
		for _, op := range v.Options() {
			out = append(out, option{name: v.Name + "_" + op.Name, kind: "combo", def: op.Values[0], values: op.Values})
		}
	}
	return out
}

// variantNames lists the offered games.
func (s *session) variantNames() []string {
	var out []string
	for _, v := range s.variants {
		out = append(out, v.Name)
	}
	return out
}

// setGameOption sets RuleSet or a VARIANT_OPTION. It reports whether the
// name is a game option and an error for a bad value. The variant in force
// changes at the next new game or position.
func (s *session) setGameOption(name, value string) (bool, error) {
	for _, op := range s.gameOptions() {
		if !strings.EqualFold(op.name, name) {
			continue
		}
		for _, val := range op.values {
			if strings.EqualFold(val, value) {
				if op.name == "RuleSet" {
					s.ruleSet = val
				} else {
					s.varOpts[op.name] = val
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("option %s has no value %q (%s)", op.name, value, strings.Join(op.values, ", "))
	}
	return false, nil
}

// setEngineOption sets Hash, Threads, MultiPV (also with a USI_ prefix),
// Contempt (centipawns, -1000 to 1000), Ponder or SearchOff (a comma list of search features to switch off, as
// search.ParseFeatures reads it: nullmove, lmr, pruning, aspiration,
// extensions, ttcut, dropmate, movemate; none for all on) or SearchParams
// (name=value settings of the search's tunable numbers, as
// search.ParseParams reads them; default for none), and EvalWeights where
// Config.Reweigh is set (NAME=INTEGER settings of the evaluation's weights,
// which the game in force or another offered game must take; default for
// none).
func (s *session) setEngineOption(name, value string) (bool, error) {
	n := strings.TrimPrefix(strings.ToLower(name), "usi_")
	o := s.opts
	var field *int
	switch n {
	case "searchoff":
		off, err := search.ParseFeatures(strings.TrimSpace(value))
		if err != nil {
			return true, fmt.Errorf("option SearchOff: %v", err)
		}
		o.Off = off
		s.setOptions(o)
		return true, nil
	case "evalweights":
		if s.cfg.Reweigh == nil {
			return false, nil
		}
		list := strings.TrimSpace(value)
		if list == "none" || list == "default" {
			list = ""
		}
		if err := s.checkWeights(list); err != nil {
			return true, fmt.Errorf("option EvalWeights: %v", err)
		}
		s.weights = list
		return true, nil
	case "searchparams":
		p, err := search.ParseParams(value)
		if err != nil {
			return true, fmt.Errorf("option SearchParams: %v", err)
		}
		o.Params = p
		s.setOptions(o)
		return true, nil
	case "hash":
		field = &o.HashMB
	case "threads":
		field = &o.Threads
	case "multipv":
		field = &o.MultiPV
	case "contempt":
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || v < -maxContempt || v > maxContempt {
			return true, fmt.Errorf("option %s needs a number from %d to %d, got %q", name, -maxContempt, maxContempt, value)
		}
		o.Contempt = v
		s.setOptions(o)
		return true, nil
	case "ponder":
		b, err := parseBool(value)
		if err == nil {
			s.ponder = b
		}
		return true, err
	default:
		return false, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || v < 1 {
		return true, fmt.Errorf("option %s needs a positive number, got %q", name, value)
	}
	*field = v
	s.setOptions(o)
	return true, nil
}

// maxContempt bounds the Contempt option (ten Pawns either way).
const maxContempt = 1000

func parseBool(v string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "1", "on":
		return true, nil
	case "false", "0", "off":
		return false, nil
	}
	return false, fmt.Errorf("not a boolean: %q", v)
}

// selectVariant makes name (a game name; chushogi is lishogi's name for
// chu) the selected game.
func (s *session) selectVariant(name string) error {
	n := strings.ToLower(strings.TrimSpace(name))
	if n == "chushogi" {
		n = "chu"
	}
	if s.findBase(n) == nil {
		names := s.variantNames()
		sort.Strings(names)
		return fmt.Errorf("unknown variant %q (%s)", name, strings.Join(names, ", "))
	}
	s.varName = n
	return nil
}

// variantOf is the base game of the variant in force.
func (s *session) variantOf() *movegen.Variant { return s.findBase(s.varName) }
