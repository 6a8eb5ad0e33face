# wbtool: make targets wrap the CLI and the Go tool. `make test` is what CI runs.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
# Warbound's tree is content/; Warstuff's starter is games/warstuff/starter (its own game.cue).
CUE_FILES = $(shell find content -name '*.cue' | sort)
WARSTUFF_FILES = $(shell find games/warstuff/starter -name '*.cue' | sort)
UNBOUND_FILES = $(shell find games/unbound/starter -name '*.cue' | sort)
CONVICTED_FILES = $(shell find games/convicted/starter -name '*.cue' | sort)

.PHONY: all build install test test-go test-quick test-slow lint vet fmt-check staticcheck cue-vet check bench fuzz preview gen clean

all: build

## build: build the engine data, card sheets and site from the content into dist/
build:
	$(GO) run -ldflags '$(LDFLAGS)' ./cmd/wbtool build

## install: install the wbtool binary
install:
	$(GO) install -ldflags '$(LDFLAGS)' ./cmd/wbtool

## test: the whole test suite: lint, go tests, cue vet of the content, check games (side by side)
# The four run at once: lint, cue vet and the check games use the cores
# the go tests leave idle (they print little; go test's lines come as
# each package ends, as before).
test:
	@$(MAKE) --no-print-directory -j4 lint test-go cue-vet check test-k8s

## test-k8s: the balance Kubernetes Job decoded into k8s.io/api types (a module of its own: internal/k8sjobtest)
.PHONY: test-k8s
test-k8s:
	cd internal/k8sjobtest && $(GO) test ./...

## wasm: rebuild the deck builder's WebAssembly deck checker (site/assets/deckcheck.wasm, committed) from the catalog's Go code
.PHONY: wasm
wasm:
	WBTOOL_UPDATE=1 $(GO) test ./games/warbound/wbdeck -run TestWasmIsFresh -count=1

## check: play the content's check games
check:
	$(GO) run ./cmd/wbtool check
	$(GO) run ./cmd/wbtool check --content games/warstuff/starter
	$(GO) run ./cmd/wbtool check --content games/unbound/starter
	$(GO) run ./cmd/wbtool check --content games/convicted/starter

# The packages whose tests take longest, slowest first: go test starts
# test binaries in the order it is given packages, so these start first and
# the short ones fill the other core (instead of the browser tests running
# alone at the end). `make test-slow` measures them.
SLOW_PKGS = ./site/browsertest ./cmd/wbtool ./games/warbound/wbschema ./internal/watch ./site ./internal/dist ./games/warbound/wbcards

# -vet=off: `make test` runs the whole of go vet in lint, beside; go
# test's own vet pass (a subset of its checks) cost 12-16 s of CPU on
# a fresh clone. test-quick keeps it: it runs no lint.
test-go:
	$(GO) test -vet=off -timeout 30m $(SLOW_PKGS) ./...

## test-quick: the edit loop: gofmt and the tests in -short mode (no browser, no long loops), with
## go test's own vet checks (printf, errorsas, tests, …); the whole of go vet and staticcheck run in `make test`
test-quick: fmt-check
	$(GO) test -short -timeout 30m $(SLOW_PKGS) ./...

## test-slow: run the go tests and list the slowest tests and packages, with each test binary's CPU time (SLOW_ARGS: go test arguments)
SLOW_ARGS ?= -timeout 30m $(SLOW_PKGS) ./...
test-slow:
	$(GO) run ./internal/testtool/slowest -top 25 -- $(SLOW_ARGS)

## test-under-load: `make test` RUNS times in a row (default 3) beside HOGS busy loops (default 2), every test re-run; stops at the first red run
RUNS ?= 3
HOGS ?= 2
.PHONY: test-under-load
test-under-load:
	RUNS=$(RUNS) HOGS=$(HOGS) bash internal/testtool/underload/run.sh

## lint: gofmt, go vet, staticcheck
lint: fmt-check vet staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) tool staticcheck ./...

## cue-vet: check the content with the plain cue CLI and the project's schema
cue-vet:
	$(GO) tool cue vet -c games/warbound/wbschema/cue/*.cue $(CUE_FILES)
	$(GO) tool cue vet -c games/warstuff/wsschema/cue/*.cue $(WARSTUFF_FILES)
	$(GO) tool cue vet -c games/unbound/ubschema/cue/*.cue $(UNBOUND_FILES)
	$(GO) tool cue vet -c games/convicted/cvschema/cue/*.cue $(CONVICTED_FILES)

## bench: benchmarks (loader, engine, PDF, site)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## bench-compare: CPU time and peak memory of wbtool (wbschema.Load alone, and validate) against `cue vet -c` on the generated tree, BENCH_N rounds interleaved, as ratios
BENCH_N ?= 5
.PHONY: bench-compare
bench-compare:
	$(GO) run ./cmd/benchcompare -tree testdata/gen/out -n $(BENCH_N)

## bench-compare-warstuff: the same on 1,000 generated Warstuff profiles (games/warstuff/wsschema)
.PHONY: bench-compare-warstuff
bench-compare-warstuff:
	$(GO) run ./cmd/benchcompare -game warstuff -tree testdata/gen/warstuff -n $(BENCH_N)

## bench-scale: the scale curve (issue 35): validate and build of generated trees of 1,200, 5,000 and 25,000 cards: CPU, wall, peak memory, output bytes, CPU per card against the first size (SCALE_CARDS, SCALE_N runs; minutes)
SCALE_CARDS ?= 1200,5000,25000
SCALE_N ?= 1
.PHONY: bench-scale
bench-scale:
	$(GO) run ./internal/benchscale -cards $(SCALE_CARDS) -n $(SCALE_N)

## fuzz: run each fuzz target for FUZZTIME (default 60s)
FUZZTIME ?= 60s
fuzz:
	$(GO) test ./games/warbound/wbschema -run '^$$' -fuzz FuzzLoad -fuzztime $(FUZZTIME)
	$(GO) test ./render/markup -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME)
	$(GO) test ./site -run '^$$' -fuzz FuzzRulesMarkdown -fuzztime $(FUZZTIME)
	$(GO) test ./games/warbound/wbengine -run '^$$' -fuzz FuzzGame -fuzztime $(FUZZTIME)
	$(GO) test ./games/warbound/wbengine -run '^$$' -fuzz FuzzRunCheck -fuzztime $(FUZZTIME)

## preview: render the first pages of each card sheet to PNG (needs pdftoppm) to look at them
preview:
	$(GO) run ./cmd/wbtool print --out dist
	mkdir -p dist/preview
	for l in en fr; do pdftoppm -png -r 70 -f 1 -l 2 dist/print/cards-$$l.pdf dist/preview/cards-$$l; done
	@echo "look at dist/preview/*.png"

## gen: generate a large content tree (1,000 Characters, 200 Upgrades) into testdata/gen/out
gen:
	$(GO) run ./testdata/gen -characters 1000 -upgrades 200 -out testdata/gen/out

clean:
	rm -rf dist testdata/gen/out
