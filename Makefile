# make serve   serve the game on http://127.0.0.1:$(PORT)/ (PORT=8000 by default)
# make test    lint + every test, installing what they need first
# Both work on a fresh Debian machine (make test as root: it may apt-get chromium).

PORT ?= 8000
# Two workers (pytest-xdist), each test file's tests in one worker, so that a module's booted
# page serves all its tests. The suite is CPU-bound on this 2-core machine (Chromium's
# renderers): two workers save about a fifth. The files go out in conftest.py's order, the
# longest first (--no-loadscope-reorder). PYTEST_ARGS= runs it serially.
# PYTEST_ARGS="tests/test_plan.py" runs one file, as `.venv/bin/python -m pytest` does.
PYTEST_ARGS ?= -n 2 --dist loadfile --no-loadscope-reorder
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
# The vendored runtime is stale when the lock file's content changes: its stamp is
# named after the lock's hash (scripts/vendor.py writes the same name).
LOCK_HASH := $(shell sha256sum package-lock.json | cut -c1-16)
VENDOR_STAMP := static/vendor/.lock-$(LOCK_HASH)
# axe-core for the accessibility tests (tests/test_axe.py), pinned by its own lock file in
# tests/axe/ and installed there alone; reinstalled when that lock's content changes.
AXE_HASH := $(shell sha256sum tests/axe/package-lock.json | cut -c1-16)
AXE_STAMP := tests/axe/node_modules/.lock-$(AXE_HASH)
# Netlify's own headers engine (@netlify/headers, @netlify/headers-parser) for
# tests/test_netlify_headers.py, pinned the same way in tests/netlify/.
NETLIFY_HASH := $(shell sha256sum tests/netlify/package-lock.json | cut -c1-16)
NETLIFY_STAMP := tests/netlify/node_modules/.lock-$(NETLIFY_HASH)
# ESLint for `make lint` (tools/eslint/eslint.config.mjs), pinned the same way in tools/eslint/.
ESLINT_HASH := $(shell sha256sum tools/eslint/package-lock.json | cut -c1-16)
ESLINT_STAMP := tools/eslint/node_modules/.lock-$(ESLINT_HASH)
ESLINT := tools/eslint/node_modules/.bin/eslint
# Lint what exists of these (the engine and bench/ arrive with their own commits).
PY_DIRS := $(wildcard game tests scripts bench main.py)

.PHONY: venv vendor axe netlify eslint chromium build dist serve lint format test bench clean pot

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

vendor: $(VENDOR_STAMP)
# The runtime only: Lighthouse (a devDependency, 136 MB) is installed by `make bench` alone.
$(VENDOR_STAMP): scripts/vendor.py
	npm ci --omit=dev --no-audit --no-fund
	python3 scripts/vendor.py

LIGHTHOUSE := node_modules/.bin/lighthouse
$(LIGHTHOUSE): package-lock.json
	npm ci --no-audit --no-fund
	touch $@

axe: $(AXE_STAMP)
$(AXE_STAMP):
	cd tests/axe && npm ci --no-audit --no-fund
	touch $@

netlify: $(NETLIFY_STAMP)
$(NETLIFY_STAMP):
	cd tests/netlify && npm ci --no-audit --no-fund
	touch $@

eslint: $(ESLINT_STAMP)
$(ESLINT_STAMP):
	cd tools/eslint && npm ci --no-audit --no-fund
	touch $@

chromium:
	@test -x $(CHROMIUM) || { apt-get update && apt-get install -y chromium; }

# static/boot/ (python.zip and the memory snapshot, made with node: scripts/startup.py,
# skipped when its inputs are unchanged) and sw.js (the service worker, its precache named
# by a hash of the shipped files) are always brought up to date: here, and by
# scripts/serve.py when asked for them (so in `make test` too).
build: vendor
	python3 scripts/build.py

# game/locale/messages.pot, extracted from the sources (babel.cfg), and each language's .po
# brought up to it: new messages to translate, gone ones dropped (README: Languages).
LANGS := de es fr it pl
POT := game/locale/messages.pot
pot: venv
	PYTHONPATH=scripts $(VENV)/bin/pybabel extract -F babel.cfg -k N_ --add-comments Translators: \
	  --no-wrap --sort-by-file --project Solitaire --header-comment "# The words of Solitaire." \
	  -o $(POT) .
	for l in $(LANGS); do $(VENV)/bin/pybabel update -i $(POT) -l $$l -o game/locale/$$l.po \
	  --no-wrap --no-fuzzy-matching --ignore-obsolete; done

# dist/: exactly what Netlify publishes (the shipped files + sw.js); netlify.toml runs this.
dist: vendor
	python3 scripts/build.py --dist dist

serve: build
	python3 scripts/serve.py --port $(PORT)

# Every JavaScript file we write, by its kind (tools/eslint/eslint.config.mjs says which).
lint: venv eslint
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy $(PY_DIRS)
	$(ESLINT) --config tools/eslint/eslint.config.mjs --max-warnings 0 .

format: venv
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Lint first: it fails in seconds, before the slower installs.
test: venv lint build chromium axe netlify
	$(PY) -m pytest $(PYTEST_ARGS)

bench: venv vendor chromium $(LIGHTHOUSE)
	@for script in bench/*.py; do echo "== $$script"; $(PY) $$script || exit 1; done

clean:
	rm -rf $(VENV) node_modules tests/axe/node_modules tests/netlify/node_modules tools/eslint/node_modules static/vendor static/boot sw.js dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
