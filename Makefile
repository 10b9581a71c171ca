# eote-ref — the newcomer's commands are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
STAMP  := $(VENV)/.installed

.PHONY: test-postgres run test lint typecheck imports unit coverage forms screenshots bench package clean venv

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

## Everything CI checks: lint, format, types, layer contracts, the whole suite with coverage.
test: $(STAMP) lint typecheck imports coverage

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/lint-imports

## The suite, then 100% line and branch coverage of the rules engine.
coverage: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest --cov --cov-report= -p no:cacheprovider
	$(BIN)/coverage report --include='eote_ref/rules/*' --fail-under=100

unit: $(STAMP)
	$(BIN)/pytest tests/unit

## Compile Qt Designer forms (forms/*.ui) into eote_ref/ui/forms/ui_*.py.
forms: $(STAMP)
	$(PY) scripts/compile_forms.py

## Every screen and wizard page, then the printed samples and their pages, into docs/.
screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) scripts/screenshots.py
	QT_QPA_PLATFORM=offscreen $(PY) scripts/samples.py
	QT_QPA_PLATFORM=offscreen $(PY) scripts/sample_campaign.py

bench: $(STAMP)
	$(PY) scripts/bench.py

package: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	$(BIN)/pyinstaller --noconfirm --clean packaging/eote-ref.spec

clean:
	rm -rf build dist .pytest_cache .mypy_cache .ruff_cache .coverage htmlcov

## The store, journal, referee and campaign suites again, on a throw-away PostgreSQL server
## (scripts/pg_cluster.sh; installs PostgreSQL with apt-get when run as root and it is missing).
test-postgres: $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,postgres]'
	EOTE_REF_REQUIRE_POSTGRES=1 PYTHON=$(PY) scripts/pg_cluster.sh \
		$(BIN)/pytest -p no:cacheprovider -m postgres \
		tests/unit/store tests/unit/referee tests/unit/commands
