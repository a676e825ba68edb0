# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# CI adds the peers (open-spiel) so the differential tests run there.
EXTRAS ?= dev

# One pytest worker more than the cores: browser, server and process tests spend much of
# their time waiting, and the extra worker fills those waits (decision 0196).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))

.PHONY: run test lint typecheck pytest bench screenshots clean i18n cluster

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-$(EXTRAS): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	@echo "compiling the game kernels (once; a few minutes, one process a game)"
	$(BIN)/python -m tabletop.ai.warm
	touch $@

run: $(VENV)/.installed-$(EXTRAS) i18n
	$(BIN)/tabletop serve

# The translations: compile the .po catalogs to the JSON the app loads (web/i18n/, committed;
# a test fails when it is not current). `python -m tabletop.i18n update` also extracts.
i18n: $(VENV)/.installed-$(EXTRAS)
	$(BIN)/python -m tabletop.i18n compile

lint: $(VENV)/.installed-$(EXTRAS)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(VENV)/.installed-$(EXTRAS)
	$(BIN)/mypy

pytest: $(VENV)/.installed-$(EXTRAS)
	bash .ci/ensure-chromium
	bash .ci/ensure-postgres
	bash .ci/ensure-redis
	bash .ci/ensure-nginx
	bash .ci/ensure-gnugo
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

# N server processes behind nginx over a throwaway PostgreSQL and Redis, on 127.0.0.1
# (deploy/README.md); Ctrl-C stops them all. `make cluster PROCESSES=3 PORT=8080`.
PROCESSES ?= 2
PORT ?= 8000
cluster: $(VENV)/.installed-$(EXTRAS) i18n
	bash .ci/ensure-postgres
	bash .ci/ensure-redis
	bash .ci/ensure-nginx
	$(BIN)/tabletop cluster --processes $(PROCESSES) --port $(PORT)

test: i18n lint typecheck pytest

bench: $(VENV)/.installed-$(EXTRAS)
	for game in go abalone oust quoridor; do $(BIN)/python bench/playouts.py $$game || exit 1; done

# Pictures of each game at desktop and phone size in docs/screenshots/ (README shows two).
screenshots: $(VENV)/.installed-$(EXTRAS)
	bash .ci/ensure-chromium
	$(BIN)/python bench/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
