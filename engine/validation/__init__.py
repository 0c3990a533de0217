"""Validation: YAML syntax, JSON Schema and semantic checks, reported as one list of issues (docs/architecture.md 4)."""
