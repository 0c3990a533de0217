"""A compiled pre-check of the schemas: jsonschema-rs (in Rust) says whether a document is valid, about a hundred
times faster than jsonschema's iter_errors (1.5 against 170 ms of CPU for the 33 documents of the bundled packs), and
jsonschema, which takes tens of ms to import, is not imported. Nearly every document a designer loads is valid; only
for the others does validation run jsonschema, whose errors make the messages (schemas.validate).

The pre-check must never call valid what jsonschema calls invalid (it could only hide an error, never invent one:
an "invalid" here only means jsonschema looks again). tests/test_schema_precheck.py holds the proof: the same verdict
from both on every schema example and shipped file and on many mutated documents of every kind, and a check that
`pattern` and `format`, the keywords whose details differ between the two, appear only where a stricter check can only
reject more. The one format the schemas use, "date", is checked here with jsonschema's own rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

import jsonschema_rs

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$", re.ASCII)


def is_date(text: str) -> bool:
    """jsonschema's "date" format (jsonschema/_format.py is_date): YYYY-MM-DD in ASCII digits, a real calendar day
    that Python's date accepts (jsonschema-rs's own check also takes year 0000, which Python's date refuses)."""
    if not _DATE.fullmatch(text):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _refuse_retrieval(uri: str) -> Any:
    raise ValueError(f"{uri}: tacforge's schemas refer only to each other")


def compile_check(uri: str, documents: dict[str, Any]) -> Callable[[Any], bool]:
    """A function that says True only of data valid against the schema at uri (documents: every schema by its URI).
    False means invalid or data the compiled validator cannot take (keys that are not text, ruamel.yaml's scalar
    types, text that is not UTF-8): either way the caller asks jsonschema."""
    registry = jsonschema_rs.Registry(list(documents.items()), retriever=_refuse_retrieval)
    compiled = jsonschema_rs.Draft202012Validator(
        documents[uri],
        registry=registry,
        base_uri=uri,
        retriever=_refuse_retrieval,
        validate_formats=True,
        formats={"date": is_date},
    )

    def surely_valid(data: Any) -> bool:
        try:
            return compiled.is_valid(data)
        except ValueError:  # "Unsupported type", "Dict key must be str", UnicodeEncodeError
            return False

    return surely_valid
