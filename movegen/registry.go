package movegen

import (
	"embed"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
)

//go:embed variants/*.ini
var builtinFS embed.FS

// builtin holds the parsed embedded definitions. It is filled once, lazily,
// and never changed afterwards.
var builtin struct {
	once sync.Once
	list []*Variant
	err  error
}

func loadBuiltin() {
	entries, err := builtinFS.ReadDir("variants")
	if err != nil {
		builtin.err = err
		return
	}
	for _, e := range entries {
		data, err := builtinFS.ReadFile("variants/" + e.Name())
		if err != nil {
			builtin.err = err
			return
		}
		vs, err := parseVariants(e.Name(), string(data), false)
		if err != nil {
			builtin.err = err
			return
		}
		builtin.list = append(builtin.list, vs...)
	}
}

// Builtin returns the built-in variants in definition order.
func Builtin() []*Variant {
	builtin.once.Do(loadBuiltin)
	if builtin.err != nil {
		// The embedded file is tested; failing here is a build defect.
		panic("movegen: built-in variants: " + builtin.err.Error())
	}
	return builtin.list
}

// Lookup returns the built-in variant with the given name.
func Lookup(name string) (*Variant, error) {
	var names []string
	for _, v := range Builtin() {
		if v.Name == name {
			return v, nil
		}
		names = append(names, v.Name)
	}
	sort.Strings(names)
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(names, ", "))
}

// LoadVariantFile parses a user's definition file.
func LoadVariantFile(path string) ([]*Variant, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseVariants(path, string(data))
}

// Resolve finds a variant by name, in the given definition file if path is
// not empty (a file with a single variant may omit the name), else among the
// built-in games.
func Resolve(name, path string) (*Variant, error) {
	if path == "" {
		return Lookup(name)
	}
	vs, err := LoadVariantFile(path)
	if err != nil {
		return nil, err
	}
	if name == "" && len(vs) == 1 {
		return vs[0], nil
	}
	for _, v := range vs {
		if v.Name == name {
			return v, nil
		}
	}
	return nil, fmt.Errorf("%s defines no variant %q", path, name)
}

// ResolveWith is Resolve followed by the rule set (if not empty) and the
// named options (if any): the game a command line's --variant-file,
// --ruleset and --option settings describe.
func ResolveWith(name, path, ruleSet string, options []string) (*Variant, error) {
	v, err := Resolve(name, path)
	if err != nil {
		return nil, err
	}
	if ruleSet != "" {
		if v, err = v.WithRuleSet(ruleSet); err != nil {
			return nil, err
		}
	}
	if len(options) > 0 {
		return v.WithOptions(options...)
	}
	return v, nil
}
