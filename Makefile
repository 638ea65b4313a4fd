# arena: `make demo` and `make test` work on a fresh machine (both create .venv if missing).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUNTIME := $(VENV)/.installed-runtime
STAMP := $(VENV)/.installed-dev
PROTOS := $(shell find proto -name '*.proto' | sort)

.PHONY: demo test proto lint bench clean screenshots

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The demo needs the runtime dependencies only; tests, lint and protoc need the dev extras (Ray,
# Playwright, grpcio-tools ...), installed on top. Dev depends on runtime so that `make -j demo
# test` never runs two pip installs in one environment at once.
# The games' compiled cores (setup.py) are built by the install: a changed core installs again.
CORES := $(wildcard arena/games/*/_core.c arena/games/*.h)
# (`arena` was this distribution's name before `arena-referee`: a venv made then drops it first.)
$(RUNTIME): pyproject.toml setup.py $(CORES) | $(PY)
	$(PY) -m pip uninstall --quiet --yes arena 2>/dev/null || true
	$(PY) -m pip install --quiet -e .
	touch $(RUNTIME)

$(STAMP): pyproject.toml $(RUNTIME)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(RUNTIME)
	$(PY) -m arena demo

# pytest through tests/run_suite.py: a run that dies without pytest's summary (SIGKILL, the OOM
# killer, _exit) still ends with a line saying how and where, and leaves no process behind.
# pytest-xdist, one worker per core (PYTEST_WORKERS=0: no workers): the tests spend much of
# their time waiting on servers and bot processes. The tests that start Ray share one worker,
# and so do those of the JS and C++ starters (tests/project/test_suite_groups.py checks it).
PYTEST_WORKERS ?= auto
test: $(STAMP)
	$(PY) tests/run_suite.py -q --durations=20 -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

# Regenerate arena/v1 (messages, gRPC stubs, type stubs) from proto/. Never edit arena/v1 by hand.
# The starter bots ship a copy of proto/ each, so that a copied bots/js or bots/cpp works anywhere.
STARTER_PROTOS := bots/js/proto bots/cpp/proto
proto: $(STAMP)
	rm -rf arena/v1
	$(PY) -m grpc_tools.protoc -Iproto --python_out=. --pyi_out=. --grpc_python_out=. \
	    --plugin=protoc-gen-mypy_grpc=$(VENV)/bin/protoc-gen-mypy_grpc --mypy_grpc_out=. $(PROTOS)
	find arena/v1 -type d -exec touch {}/__init__.py \;
	for copy in $(STARTER_PROTOS); do rm -rf $$copy && cp -R proto $$copy; done

lint: $(STAMP)
	$(PY) -m ruff check arena tests bots bench
	$(PY) -m ruff format --check arena tests bots bench
	$(PY) -m mypy arena  # strict (pyproject.toml); arena/v1 is generated, checked against only

# docs/screenshots/: the pages, every game's board (live and final) and a person's seat at each
# game (their move, the end), as the browser tests (real headless Chromium) take them into
# test-artifacts/web/.
GAMES := lucky_numbers azul the_number arctic_scavengers hypnosia epizodiak
SHOTS := leaderboard bot tournaments tournament tournament-live tournament-bracket match match-live \
	$(foreach g,$(GAMES),board-$(g)-live board-$(g)-final seat-$(g)-live seat-$(g)-final)
screenshots: $(STAMP)
	$(PY) -m pytest -q tests/web/test_web_browser.py tests/web/test_web_boards_browser.py \
		tests/web/test_web_human_seat_browser.py
	for s in $(SHOTS); do cp test-artifacts/web/$$s.png docs/screenshots/web-$$s.png; done

bench: $(STAMP)
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
	find arena -name "*.so" -delete
