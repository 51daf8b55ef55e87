package movegen

import (
	"fmt"
	"sort"
	"strings"
)

// Named variant options (docs/tai-design.md section 5.1). A section declares
//
//	option = NAME VALUE1 VALUE2 ...     (the first value is the default)
//
// and a piece line may carry when=NAME:VALUE (several when= fields must all
// hold): the line takes part only under that value. Among the lines for one
// piece ID the last one taking part wins, so an unguarded line first and
// guarded lines after it give the default and its alternatives. Options
// that Go code reads (codeOptions) are concluded into fields of Variant so
// that no rule test compares strings per node.

// VariantOption is one named option of a variant with the value in force.
type VariantOption struct {
	// Name is the option's name, as given to --option NAME=VALUE.
	Name string
	// Values lists the allowed values; the first is the default.
	Values []string
	// Value is the value in force.
	Value string
	// Line is where the option was declared (file:line).
	Line string
}

// optionLine is an option declaration before conclusion.
type optionLine struct {
	name   string
	values []string
	line   string
}

// codeOptions are the option names that Go code reads, with the values it
// understands; a definition declaring one of them may use only these values.
var codeOptions = map[string][]string{
	// emperor: royal = an emperor may take a royal only if unprotected (tai
	// sheet 1.6, default); any = it may take no protected piece at all, and
	// the enemy emperor protects every square (TSA, Evans; ⚠12).
	"emperor": {"royal", "any"},
	// emperorguard: who protects under emperor = royal. legal = the enemy
	// emperor protects a square only where its recapture would itself be
	// legal (default); everywhere = an emperor protects every square (Evans,
	// tai sheet 1.6). Under emperor = any it always protects every square.
	"emperorguard": {"legal", "everywhere"},
	// stalemate: a side without legal moves loses (loss) or draws (draw).
	"stalemate": {"loss", "draw"},
	// repetition: under repetition = reiwa, recreating a position is illegal
	// at its first repetition (first) or only at its fourth occurrence
	// (fourth, the Reiwa author's practice with humans; sheet 7).
	"repetition": {"first", "fourth"},
}

// parseOptionLine reads the value of an option = line.
func parseOptionLine(pos, val string) (optionLine, error) {
	f := strings.Fields(val)
	if len(f) < 3 {
		return optionLine{}, errAt(pos, "option needs a name and at least two values: %q", val)
	}
	ol := optionLine{name: f[0], values: f[1:], line: pos}
	if !validName(ol.name) {
		return optionLine{}, errAt(pos, "bad option name %q (use lower-case letters and digits)", ol.name)
	}
	seen := map[string]bool{}
	for _, x := range ol.values {
		if !validName(x) {
			return optionLine{}, errAt(pos, "option %s: bad value %q (use lower-case letters and digits)", ol.name, x)
		}
		if seen[x] {
			return optionLine{}, errAt(pos, "option %s: value %q given twice", ol.name, x)
		}
		seen[x] = true
	}
	if known, ok := codeOptions[ol.name]; ok {
		for _, x := range ol.values {
			if !contains(known, x) {
				return optionLine{}, errAt(pos, "option %s: value %q is not one the engine knows (%s)", ol.name, x, strings.Join(known, ", "))
			}
		}
	}
	return ol, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// inheritOptions puts the parent's options before the child's own; a child
// option of the same name replaces the parent's.
func inheritOptions(s, p *section) {
	own := map[string]bool{}
	for _, o := range s.options {
		own[o.name] = true
	}
	var merged []optionLine
	for _, o := range p.options {
		if !own[o.name] {
			merged = append(merged, o)
		}
	}
	s.options = append(merged, s.options...)
}

// setOptions fills v.options from the section's declarations and the
// caller's choices (name -> value; missing names take their default).
func (v *Variant) setOptions(s *section, choices map[string]string) error {
	v.options = nil
	for _, o := range s.options {
		v.options = append(v.options, VariantOption{Name: o.name, Values: o.values, Value: o.values[0], Line: o.line})
	}
	names := make([]string, 0, len(choices))
	for n := range choices {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		o := v.findOption(n)
		if o == nil {
			if len(v.options) == 0 {
				return fmt.Errorf("%s: variant %s has no options (asked for %s)", s.line, v.Name, n)
			}
			return fmt.Errorf("%s: variant %s has no option %q (options: %s)", s.line, v.Name, n, strings.Join(v.optionNames(), ", "))
		}
		if !contains(o.Values, choices[n]) {
			return fmt.Errorf("%s: option %s of variant %s has no value %q (values: %s)", o.Line, n, v.Name, choices[n], strings.Join(o.Values, ", "))
		}
		o.Value = choices[n]
	}
	v.emperorAny = v.Option("emperor") == "any"
	v.emperorGuardsAll = v.Option("emperorguard") == "everywhere"
	v.stalemateDraw = v.Option("stalemate") == "draw"
	v.repFourth = v.Option("repetition") == "fourth"
	return nil
}

func (v *Variant) findOption(name string) *VariantOption {
	for i := range v.options {
		if v.options[i].Name == name {
			return &v.options[i]
		}
	}
	return nil
}

func (v *Variant) optionNames() []string {
	var n []string
	for _, o := range v.options {
		n = append(n, o.Name)
	}
	return n
}

// Options returns the variant's named options in declaration order, each
// with its allowed values and the value in force.
func (v *Variant) Options() []VariantOption {
	out := make([]VariantOption, len(v.options))
	for i, o := range v.options {
		o.Values = append([]string(nil), o.Values...)
		out[i] = o
	}
	return out
}

// Option returns the value in force of the named option, or "" if the
// variant has no such option.
func (v *Variant) Option(name string) string {
	if o := v.findOption(name); o != nil {
		return o.Value
	}
	return ""
}

// choices returns the values in force as a map.
func (v *Variant) choices() map[string]string {
	m := map[string]string{}
	for _, o := range v.options {
		m[o.Name] = o.Value
	}
	return m
}

// WithOptions returns a copy of the variant concluded with some options set,
// each setting written NAME=VALUE; options not named keep their current
// values, and the rule set in force is kept. The variant ID covers the
// values, so positions of differently optioned games never share keys.
func (v *Variant) WithOptions(settings ...string) (*Variant, error) {
	ch := v.choices()
	given := map[string]bool{}
	changed := false
	for _, s := range settings {
		name, val, ok := strings.Cut(s, "=")
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		if !ok || name == "" || val == "" {
			return nil, fmt.Errorf("option setting %q is not NAME=VALUE", s)
		}
		if given[name] {
			return nil, fmt.Errorf("option %s set twice", name)
		}
		given[name] = true
		if cur, has := ch[name]; !has || cur != val {
			changed = true
		}
		ch[name] = val
	}
	if !changed {
		return v, nil
	}
	return conclude(v.sec, v.RuleSet, ch)
}

// selectPieceLines applies the when= conditions: it returns, for each piece
// ID, the last line that takes part under the options in force, at the
// place of the ID's first line (so the piece table keeps its order whatever
// the options), with the when= fields removed.
func (v *Variant) selectPieceLines(lines []pieceLine) ([]pieceLine, error) {
	var order []string
	chosen := map[string]*pieceLine{}
	seenCond := map[string]string{}
	for _, pl := range lines {
		id := pl.fields[0]
		var rest, conds []string
		active := true
		for i, f := range pl.fields {
			cond, ok := strings.CutPrefix(f, "when=")
			if i < 3 || !ok {
				rest = append(rest, f)
				continue
			}
			name, val, ok := strings.Cut(cond, ":")
			o := v.findOption(name)
			switch {
			case !ok:
				return nil, errAt(pl.line, "when= needs NAME:VALUE, got %q", cond)
			case o == nil:
				return nil, errAt(pl.line, "when=%s: the variant declares no option %q", cond, name)
			case !contains(o.Values, val):
				return nil, errAt(pl.line, "when=%s: option %s has no value %q (values: %s)", cond, name, val, strings.Join(o.Values, ", "))
			}
			conds = append(conds, cond)
			active = active && o.Value == val
		}
		sort.Strings(conds)
		key := id + " " + strings.Join(conds, " ")
		if prev, dup := seenCond[key]; dup {
			return nil, errAt(pl.line, "piece ID %q defined twice under the same conditions (first at %s)", id, prev)
		}
		seenCond[key] = pl.line
		if _, ok := chosen[id]; !ok {
			order = append(order, id)
			chosen[id] = nil
		}
		if active {
			chosen[id] = &pieceLine{fields: rest, line: pl.line}
		}
	}
	var out []pieceLine
	for _, id := range order {
		if pl := chosen[id]; pl != nil {
			out = append(out, *pl)
		}
	}
	return out, nil
}
