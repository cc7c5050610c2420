"""JSON from outside: nesting is measured without recursion and deep text refused."""

from __future__ import annotations

import pytest

from game.jsontext import MAX_DEPTH, depth, parse


def test_depth_counts_arrays_and_objects_not_brackets_in_strings() -> None:
    assert depth("1") == 0
    assert depth('{"a": [1, [2]], "b": {}}') == 3
    assert depth('["[[[[", "\\"[[[", "}}}"]') == 1


def test_deep_text_is_refused_before_parsing() -> None:
    assert parse("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    for text in ("[" * (MAX_DEPTH + 1), "[" * 200_000, '{"a":' * 1000):
        with pytest.raises(ValueError, match="nested more than"):
            parse(text)
