# tacforge: `make run` opens the application, `make test` runs the suite, `make soak` fuzzes the validator,
# `make bench` runs the benchmarks, `make lock` re-compiles the pinned requirements.
# Each target first makes sure .venv exists with the pinned dependencies and the plugins installed; once it does,
# the set-up is skipped and the target starts at once.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
READY  := $(VENV)/.ready

# requirements/: what tacforge needs to run, for the editor, for Dask clusters, for real-ground maps (OpenStreetMap
# and elevation data) and for development, each pinned with its hashes (pip then checks every download against them)
USES         := runtime editor cluster gis dev
REQUIREMENTS := $(USES:%=requirements/%.txt)

.PHONY: run play test soak bench schemas setup lock clean

setup: $(READY)

$(READY): pyproject.toml $(REQUIREMENTS) plugins/western/pyproject.toml plugins/eastern/pyproject.toml scripts/setup-system.sh engine/rules/_los_core.c engine/sim/_path_core.c engine/rules/_fire_core.c engine/ai/_strike_core.c
	@bash scripts/setup-system.sh $(PYTHON)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "setup: installing pinned dependencies into $(VENV)"
	@$(BIN)/python -m pip install --disable-pip-version-check -q --require-hashes $(REQUIREMENTS:%=-r %)
	@$(BIN)/python -m pip install --disable-pip-version-check -q --no-deps --no-build-isolation \
		-e . -e plugins/western -e plugins/eastern
	@touch $@

# The editor, on the Western pack's first historical scenario (the first bundled scenario until those exist).
run: $(READY)
	@$(BIN)/tacforge-editor

# Headless: check the packs and play the Western demo battle, computer against computer.
play: $(READY)
	@$(BIN)/tacforge validate
	@$(BIN)/tacforge play western:bocage_crossroads --seed 1

# Each requirements/USE.in compiled into USE.txt, constrained by the uses before it so that shared versions agree;
# a pin already in USE.txt is kept unless the .in no longer allows it (to move a package on, delete its pins first).
lock: $(READY)
	@cd requirements && for use in $(USES); do \
		../$(BIN)/uv pip compile --quiet --generate-hashes --python-version 3.11 --custom-compile-command "make lock" \
			$$use.in -o $$use.txt || exit 1; \
	done

# Tests marked `network` download from PyPI (tests/test_wheel.py). `make test NETWORK=0` leaves them out on a machine
# without it; CI (CI=true) runs them whatever NETWORK says.
NETWORK ?= 1
DESELECT := $(if $(filter true,$(CI)),,$(if $(filter 0,$(NETWORK)),-m "not network"))

# Before the tests: the import contracts of the engine and the editor (pyproject.toml [tool.importlinter]), ruff's
# lint and format check, and mypy over both import packages (scripts/typecheck.sh).
test: $(READY)
	@$(BIN)/lint-imports --no-cache
	@$(BIN)/ruff check --quiet .
	@$(BIN)/ruff format --check --quiet .
	@bash scripts/typecheck.sh
	@QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q $(DESELECT)

# The validator against many mutated pack files (tests/test_fuzz_validator.py): prints cases tried and failed.
SOAK ?= 10000
soak: $(READY)
	@TACFORGE_SOAK=$(SOAK) QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -s -p no:cacheprovider \
		tests/test_fuzz_validator.py

# The schemas generated from the typed model (engine/validation/schema_gen.py): run after changing a rules parameter
# or a ruleset switch; tests/test_schema_gen.py fails until the committed files are what this writes.
schemas: $(READY)
	@$(BIN)/python -m tacforge.engine.validation.schema_gen schemas

bench: $(READY)
	@QT_QPA_PLATFORM=offscreen $(BIN)/python tests/benchmarks/run_all.py

clean:
	rm -rf $(VENV) build dist *.egg-info bench-results.json
