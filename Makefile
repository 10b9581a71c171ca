# eote-ref — the newcomer's commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed

# Test processes: pytest-xdist workers (auto = one per core). JOBS=0 runs in this process.
# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: without it every worker and
# every process a test starts compiles the whole package again (8 s a process here).
JOBS   ?= auto
PYTEST := env -u PYTHONDONTWRITEBYTECODE QT_QPA_PLATFORM=offscreen $(BIN)/pytest -p no:cacheprovider

.PHONY: test-postgres run test test-slow explore lint typecheck imports unit coverage forms screenshots bench package \
	package-deps clean venv

## Create .venv and install the project with its test extras (re-run when pyproject changes).
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "eote-ref needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

## Open the app on the demo battle (embedded SQLite file in the user data folder).
run: $(STAMP)
	$(BIN)/eote-ref --demo

## The quick check (minutes): lint, format, types, layer contracts, the suite with coverage.
## The long-running tests (the frozen-app build, crash loops) are in `make test-slow`.
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck imports coverage

## The long-running tests: the frozen app built and run, the SIGKILL crash loop, the players'
## pages in headless Chromium (scripts/chromium.sh installs Debian's when missing, as root),
## and every Hypothesis property again with a search three times as wide. CI runs it after
## `make test`.
test-slow: $(STAMP) package-deps
	scripts/chromium.sh
	HYPOTHESIS_PROFILE=slow $(PYTEST) -n $(JOBS) -m "slow or hypothesis"

# The wide Hypothesis search on fresh random examples (test-slow's are the same every run).
explore: $(STAMP)
	EOTE_REF_EXPLORE=1 HYPOTHESIS_PROFILE=slow $(PYTEST) -n $(JOBS) -m hypothesis

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

## 100% line and branch coverage of EotE's procedures by their own tests (tests/unit/rules),
## then the rest of the suite (all but the slow tests) without the tracer, which cost half
## again the suite's time while the gate reads eote_ref/packs/eote/rules only.
coverage: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m compileall -q -j 0 eote_ref
	$(PYTEST) -n $(JOBS) -m "not slow" --cov=eote_ref/packs/eote/rules --cov-report= tests/unit/rules
	$(BIN)/coverage report --include='eote_ref/packs/eote/rules/*' --fail-under=100
	$(PYTEST) -n $(JOBS) --dist worksteal -m "not slow" --ignore=tests/unit/rules

unit: $(STAMP)
	$(PYTEST) -n $(JOBS) -m "not slow" tests/unit

## Compile Qt Designer forms (forms/*.ui) into eote_ref/ui/forms/ui_*.py.
forms: $(STAMP)
	$(PY) scripts/compile_forms.py

## Every screen and wizard page, then the printed samples and their pages, into docs/.
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py
	QT_QPA_PLATFORM=offscreen $(PY) scripts/samples.py
	QT_QPA_PLATFORM=offscreen $(PY) scripts/sample_campaign.py
	scripts/chromium.sh
	QT_QPA_PLATFORM=offscreen $(PY) scripts/phones_screenshots.py

## Timings into bench.json (and printed): start-up, the rule calculator, the store, wizards.
bench: $(STAMP)
	$(PY) scripts/bench.py --json bench.json

## PyInstaller (the `package` extra): needed by `make package` and the frozen-app test only.
package-deps: $(STAMP)
	$(PY) -m pip install --quiet -e '.[package]'

package: package-deps
	$(BIN)/pyinstaller --noconfirm --clean packaging/eote-ref.spec

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .coverage htmlcov bench.json

## The store, journal, referee and campaign suites again, on a throw-away PostgreSQL server
## (scripts/pg_cluster.sh; installs PostgreSQL with apt-get when run as root and it is missing),
## the windows that follow another copy of the app on the server, and two copies of the app
## run side by side on one game (slow: real processes).
test-postgres: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,postgres]'
	EOTE_REF_REQUIRE_POSTGRES=1 PYTHON=$(PY) scripts/pg_cluster.sh \
		$(PYTEST) -n $(JOBS) -m postgres \
		tests/unit/store tests/unit/referee tests/unit/commands tests/scenarios/test_three_turns.py \
		tests/ui/test_campaign_follow.py tests/ui/test_two_copies_app.py tests/ui/test_lost_server_app.py
