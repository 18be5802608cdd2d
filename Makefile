# Sourcefinder: `make demo` and `make test` each set up everything they need from a fresh clone.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export SOURCEFINDER_HOME ?= $(CURDIR)/.sourcefinder

.PHONY: install demo test lint typecheck bench ui clean phrasing-models

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m sourcefinder.demo

lint: $(STAMP)
	$(BIN)/ruff check sourcefinder sourcefinder_mcp sourcefinder_pipeline tests bench

typecheck: $(STAMP)
	$(BIN)/mypy sourcefinder sourcefinder_mcp sourcefinder_pipeline

test: lint typecheck
	$(BIN)/python -m pytest -q -p no:cacheprovider; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "no tests ran: failing"; exit 1; fi; exit $$rc

bench: $(STAMP)
	$(BIN)/python -m bench

# the router's models of how questions are put, and its re-ranking of the first
# candidates, fit on every labeled question
phrasing-models: $(STAMP)
	$(BIN)/python -m bench.train_phrasing
	$(BIN)/python -m bench.train_rerank

ui: $(STAMP)
	$(BIN)/python -m sourcefinder_pipeline.ui

clean:
	rm -rf $(VENV) .sourcefinder .pytest_cache .mypy_cache .ruff_cache
