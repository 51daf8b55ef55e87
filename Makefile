# Kirin's build and test targets; `make help` lists them.
VERSION  := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -X main.version=$(VERSION)
# Fuzz budgets are execution counts, not durations: a duration budget trips Go's
# fuzz-coordinator race (go.dev/issue/75804, unfixed before Go 1.27) and fails with a
# bare "context deadline exceeded". Each protocol execution starts an engine and searches.
# Minimising a new interesting input is bounded by a count too: by default it may take
# up to a minute per input, during which the run shows "execs: N (0/sec)".
FUZZCOUNT ?= 10000x
FUZZCOUNT_PROTOCOL ?= 2000x
GO       ?= go
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
# XBoard (Debian's build) reads engine plugin files from here, as it does
# Debian's hachu.eng; the file names the engine by its command, kirin.
PLUGINDIR ?= /usr/share/games/plugins/xboard

.PHONY: serve help build install test test-short test-long race vet fmt-check tidy-check deps qa fuzz bench anchors interop perft check-variants profile pgo clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 18

build: ## build bin/kirin
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/kirin ./cmd/kirin

serve: build ## build and start the browser board (kirin serve) on 127.0.0.1:8080
	bin/kirin serve

install: build ## install bin/kirin to BINDIR and the XBoard plugin kirin.eng to PLUGINDIR (DESTDIR is honoured)
	install -D -m 755 bin/kirin $(DESTDIR)$(BINDIR)/kirin
	install -D -m 644 dist/kirin.eng $(DESTDIR)$(PLUGINDIR)/kirin.eng

test: qa race fuzz ## what CI runs: format, vet, import rules, all tests, race detector, brief fuzzing

test-short: ## quick tests (skips the deepest perft runs)
	$(GO) test -short ./...

test-long: ## every test at full depth
	$(GO) test ./...

race: ## the race detector on the concurrent code (the search threads, shared tables)
	$(GO) test -race -run 'Threads|Concurrent|Stop|Ponder|Infinite|NodeLimit' ./search
	$(GO) test -race ./eval
	$(GO) test -race ./protocol
	$(GO) test -race -run 'TestSession|TestAnalysis|TestMaxEngines|TestBrowser' ./web

vet: ## go vet
	$(GO) vet ./...

fmt-check: ## fail if gofmt would change a file
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

tidy-check: ## fail if go mod tidy would change go.mod or go.sum
	@$(GO) mod tidy -diff >/dev/null 2>&1 || { echo "go.mod/go.sum not tidy (go mod tidy -diff):"; $(GO) mod tidy -diff; exit 1; }

deps: ## fail if a package imports what the house rules forbid
	@$(GO) list -f '{{.ImportPath}}: {{join .Imports " "}}' ./... | awk -f .ci/deps.awk

qa: fmt-check vet tidy-check deps build test-long ## format, vet, go mod tidy, import rules, build, all tests

fuzz: ## run each fuzz target for FUZZCOUNT executions (FUZZCOUNT_PROTOCOL for the engine-driving targets)
	@for pkg in $$($(GO) list ./...); do \
	  n=$(FUZZCOUNT); case $$pkg in */protocol|*/web) n=$(FUZZCOUNT_PROTOCOL);; esac; \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$f ($$n)"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $$n -fuzzminimizetime 100x $$pkg || exit 1; \
	  done; \
	done

bench: ## Go micro-benchmarks
	$(GO) test -run '^$$' -bench . -benchmem ./...

anchors: ## Kirin's nps and depth in 10 s beside HaChu, Fairy-Stockfish and SjaakII, plus tai with 1 and 2 threads (about 7 minutes; docs/speed.md)
	KIRIN_ANCHORS=1 $(GO) test -count=1 -timeout 30m -run '^TestAnchors$$' -v ./bench

interop: ## whole games under XBoard (xvfb-run) against HaChu, Fairy-Stockfish and Kirin, refereed USI games, and XBoard reading back kirin match PGN files (about 2.5 minutes; docs/xboard.md, docs/matches.md)
	$(GO) test -count=1 -v ./interop

perft: build ## sample perft runs
	bin/kirin perft chu 4
	bin/kirin perft okisaki 5

check-variants: build ## validate the built-in definition files
	for f in movegen/variants/*.ini; do bin/kirin check $$f || exit 1; done

profile: build ## CPU profile of a perft run
	mkdir -p prof && bin/kirin perft chu 5 --profile cpu --profile.path prof && $(GO) tool pprof -top bin/kirin prof/cpu.pprof | head -30

pgo: ## refresh cmd/kirin/default.pgo, the CPU profile go build optimizes bin/kirin with (docs/speed.md)
	$(GO) build -pgo=off -o bin/kirin-nopgo ./cmd/kirin
	rm -rf prof/pgo && mkdir -p prof/pgo
	bin/kirin-nopgo bench --profile cpu --profile.path prof/pgo/all
	bin/kirin-nopgo bench --variant chu --depth 11 --profile cpu --profile.path prof/pgo/chu
	bin/kirin-nopgo bench --variant dai --depth 9 --profile cpu --profile.path prof/pgo/dai
	$(GO) tool pprof -proto prof/pgo/all/cpu.pprof prof/pgo/chu/cpu.pprof prof/pgo/dai/cpu.pprof > cmd/kirin/default.pgo

clean: ## remove build and profile output
	rm -rf bin prof
