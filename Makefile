# Crebit: `make run` serves the product; `make test` runs every test.
# Both install what they need first (Go modules, npm packages, Chromium).

SHELL := /bin/bash
GO ?= go
NPM ?= npm
WEB := web
BIN := bin/crebit
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/contract $(WEB)/public $(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/tsconfig.json -type f 2>/dev/null)
GO_SOURCES := $(shell find cmd internal web -name '*.go' -not -path '*/node_modules/*' 2>/dev/null) go.mod go.sum

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export npm_config_update_notifier := false
export npm_config_fund := false
export npm_config_audit := false

.PHONY: run build dev test test-serial test-track-go test-track-browser test-ui test-go test-web test-web-checks test-web-unit test-e2e test-chaos deps chromium pdftools pdftotext bench livebench rush rush-families memory pgprofile lighthouse budget clean fmt vet

## run: build everything and serve http://localhost:8080 on SQLite in ./data with the sandbox partner
run: build
	./$(BIN) serve

## build: bin/crebit with the web app embedded
build: $(BIN)

$(BIN): $(WEB)/dist/index.html $(GO_SOURCES) | deps-go
	$(GO) build -tags embed -trimpath -o $(BIN) ./cmd/crebit

$(WEB)/dist/index.html: $(WEB)/node_modules/.installed $(WEB_SOURCES)
	cd $(WEB) && npx tsc -b && npx vite build && node scripts/precompress.mjs

$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

.PHONY: deps-go
deps-go:
	@$(GO) mod download

deps: deps-go $(WEB)/node_modules/.installed

## dev: the Go server on :8080 and Vite with hot reload on :5173 (proxying /api)
dev: deps
	@trap 'kill 0' EXIT; \
	CREBIT_BASE_URL=http://localhost:5173 $(GO) run ./cmd/crebit serve & \
	cd $(WEB) && npx vite

## test: every test — Go (race detector, SQLite and PostgreSQL), web unit tests, browser tests, short chaos run.
## Two tracks side by side, each printed whole when it ends: the Go suite, the web unit tests and the web
## checks, and the browser tests then the short chaos run (they share one built binary). The browser
## tests wait on the sandbox's timed stages about half the time, so they start at once beside the Go
## suite, and take longest; the web unit tests and checks, all CPU, follow the Go suite and use what the
## browser tests leave (docs/PERFORMANCE.md, CI time). `make test-serial` runs everything one after another.
test: deps pdftools chromium
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -j2 --output-sync=target test-track-go test-track-browser; rc=$$?; \
	echo "make test: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

test-serial: test-go test-web test-e2e test-chaos

test-track-go:
	@start=$$(date +%s); $(MAKE) --no-print-directory -j1 test-go test-web-unit test-web-checks; rc=$$?; \
	echo "test-track-go: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

test-track-browser:
	@start=$$(date +%s); $(MAKE) --no-print-directory -j1 test-e2e test-chaos; rc=$$?; \
	echo "test-track-browser: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

## test-ui: the web unit tests, then the browser tests and the short chaos run against bin/crebit
test-ui:
	@start=$$(date +%s); $(MAKE) --no-print-directory -j1 test-web test-e2e test-chaos; rc=$$?; \
	echo "test-ui: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

# The race detector instruments our code, River, pgx and the SQLite driver, but not the
# SQLite engine itself (modernc.org/sqlite/lib, C translated to Go, which synchronises
# through modernc.org/libc, still instrumented). Migrating a SQLite database took 1.9 s
# instrumented, 1.0 s so, and 0.1 s without -race (the tests also copy a database migrated
# once per process: storetest.Migrated).
# Likewise left uninstrumented: argon2id and its blake2b (password hashes: 243 ms a hash
# instrumented, 100 ms so, 83 ms without -race; every sign-up, sign-in and "password again"
# in the tests hashes) and compress/flate (a receipt PDF's streams) — pure computation over
# what the caller hands them, starting no goroutine and sharing nothing.
RACE := -race -gcflags='modernc.org/sqlite/lib=-race=false' -gcflags='golang.org/x/crypto/argon2=-race=false' \
	-gcflags='golang.org/x/crypto/blake2b=-race=false' -gcflags='compress/flate=-race=false'

# Tests in a package run 4 at a time (go test's default is GOMAXPROCS, 2 here): the HTTP tests
# mostly wait on the job queues and the database, and 8 of them took 41 s 2 at a time and 27 s
# 4 at a time, for the same CPU (36 s). 4 keeps PostgreSQL's connections (two packages at once,
# 8 per test database) well under its 100.
PARALLEL := -parallel 4

# go test's -timeout is a guard against a hung package, not a speed check: it panics the whole
# package's binary. internal/httpapi took 1,236 s under CI's load on a slow machine (2026-11-28),
# close to the 25 minutes it had; CI allows 90.
GO_TEST_TIMEOUT := 60m

# The key check of the three catalogs runs in both: server messages and e-mail templates in
# test-go (internal/i18n TestCatalogsAgree and TestKeys, internal/mail TestTemplateKeys), the web
# app's locales in test-web (scripts/check-locales.mjs).
test-go: deps-go pdftools
	@start=$$(date +%s); $(GO) vet ./... && $(GO) test $(RACE) $(PARALLEL) -count=1 -timeout=$(GO_TEST_TIMEOUT) ./...; rc=$$?; \
	echo "test-go: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

## test-web: the web app's checks (API types, locales, tsc, ESLint), then its unit tests (Vitest)
test-web: test-web-checks test-web-unit

test-web-checks: $(WEB)/node_modules/.installed
	cd $(WEB) && tmp=$$(mktemp --suffix=.ts) && node scripts/gen-api-types.mjs $$tmp && \
	  { diff -u contract/api-types.ts $$tmp || { rm -f $$tmp; echo 'web/contract/api-types.ts is stale: run `npm run gen:api` in web/' >&2; exit 1; }; } && rm -f $$tmp
	cd $(WEB) && node scripts/check-locales.mjs && npx tsc -b && npx eslint .

test-web-unit: $(WEB)/node_modules/.installed
	@start=$$(date +%s); cd $(WEB) && ./scripts/vitest-guarded.sh; rc=$$?; \
	echo "test-web-unit: exit $$rc after $$(( $$(date +%s) - start )) s"; exit $$rc

## test-chaos: 100 payments on SQLite and 50 through two instances on one PostgreSQL, at the same time, a kill -9 each, on the embedded BlindPay sandbox (docs/RELIABILITY.md); the full run is `go run ./cmd/chaos -bin bin/crebit`
test-chaos: build
	$(GO) run ./cmd/chaos -bin $(BIN) -short

test-e2e: chromium build
	cd $(WEB) && npx playwright test

## pdftools: install Debian's poppler-utils and qpdf when missing (the receipt tests read PDFs back as
## text, list their fonts and check their structure)
pdftools:
	@./scripts/ensure-pdf-tools.sh

pdftotext: pdftools

## chromium: install Debian's Chromium when it is missing (never a downloaded browser)
chromium:
	@./scripts/ensure-chromium.sh

## bench: Go benchmarks on both engines and an HTTP load run against bin/crebit
bench: build
	$(GO) test -run='^$$' -bench=. -benchmem ./internal/app/ ./internal/pricing/
	$(GO) run ./cmd/loadtest -bin ./$(BIN)

## livebench: webhook -> live status event latency (SQLite; PostgreSQL with two instances), into docs/PERFORMANCE.md
livebench: build
	$(GO) run ./cmd/livebench -bin ./$(BIN) -postgres postgres://postgres@127.0.0.1:5432/postgres

## rush: payment lifecycles per second under a deadline rush (64 payers; SQLite, two PostgreSQL instances; auto-advance on time)
rush: build
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 64 -duration 20s
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 64 -duration 20s -postgres postgres://postgres@127.0.0.1:5432/postgres -instances 2
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 16 -duration 20s -auto-advance 2s

## rush-families: the rush as it comes (issue 31): each family its own client address and browser session, a new family every 10 payments, every rate limit on
rush-families: build
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 64 -duration 20s -families 10

## memory: resident memory with 1,000 live status streams open, then at 64 payers over a 10-minute rush (the leak check; issue 31)
memory: build
	$(GO) run ./cmd/livebench -bin ./$(BIN) -streams 1000
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 64 -duration 10m -warmup 30s -families 10 -mem-every 15s

## pgprofile: statements, transactions and CPU per lifecycle on PostgreSQL, with the most executed statements (issue 31)
pgprofile: build
	$(GO) run ./cmd/loadtest -mode lifecycle -bin ./$(BIN) -concurrency 64 -duration 15s -postgres postgres://postgres@127.0.0.1:5432/postgres -count-statements

## lighthouse: Lighthouse scores of the public pages, written to docs/PERFORMANCE.md
lighthouse: chromium build
	cd $(WEB) && node scripts/lighthouse.mjs

## budget: JavaScript that / loads before it is interactive, and start-up time
budget: chromium build
	cd $(WEB) && node scripts/budget.mjs

fmt:
	gofmt -w cmd internal web/*.go

clean:
	rm -rf bin $(WEB)/dist $(WEB)/test-results
