# tacforge: `make run` opens the application, `make test` runs the suite, `make soak` fuzzes the validator,
# `make bench` runs the benchmarks.
# Each target first makes sure .venv exists with the pinned dependencies and the plugins installed; once it does,
# the set-up is skipped and the target starts at once.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
READY  := $(VENV)/.ready

.PHONY: run play test soak bench schemas setup clean

setup: $(READY)

$(READY): pyproject.toml requirements.lock plugins/western/pyproject.toml plugins/eastern/pyproject.toml scripts/setup-system.sh
	@bash scripts/setup-system.sh $(PYTHON)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "setup: installing pinned dependencies into $(VENV)"
	@$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements.lock
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

# lint-imports: the engine's layering contracts in pyproject.toml [tool.importlinter]
test: $(READY)
	@$(BIN)/lint-imports --no-cache
	@QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

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
