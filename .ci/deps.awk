# Reads `go list -f '{{.ImportPath}}: {{join .Imports " "}}'` lines and fails
# when a package imports one of Kirin's packages that the house rules
# (shared/STYLE.md 4.1) forbid: movegen imports none of ours; eval and search
# import movegen only; protocol imports movegen and search; bench imports
# movegen, search and eval; match (the match runner, which talks to engine
# processes) imports movegen only; analyze (kirin analyze) imports movegen,
# search, eval and match (for its PGN reader); web (kirin serve) imports
# movegen, search, eval, match and analyze, and only cmd imports it; tune
# (kirin tune) imports movegen, search, eval and match.
BEGIN {
  mod = "github.com/kirin-shogi/kirin/"
  allow["movegen"] = ""
  allow["eval"] = "movegen"
  allow["search"] = "movegen"
  allow["protocol"] = "movegen search"
  allow["bench"] = "movegen search eval"
  allow["match"] = "movegen"
  allow["analyze"] = "movegen search eval match"
  allow["web"] = "movegen search eval match analyze"
  allow["tune"] = "movegen search eval match"
  bad = 0
}
{
  pkg = $1; sub(":$", "", pkg); sub("^" mod, "", pkg)
  top = pkg; sub("/.*", "", top)
  if (!(top in allow)) next
  for (i = 2; i <= NF; i++) {
    if (index($i, mod) != 1) continue
    dep = substr($i, length(mod) + 1); sub("/.*", "", dep)
    if (dep == top) continue
    if (index(" " allow[top] " ", " " dep " ") == 0) {
      print "import rule broken: " pkg " imports " dep; bad = 1
    }
  }
}
END { exit bad }
