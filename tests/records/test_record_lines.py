"""Reading record lines: nesting is bounded before json parses a line, bytes that are not
UTF-8 name their line (issue 40)."""

from __future__ import annotations

import pytest

from arena.records import RecordError, from_line
from arena.records.files import decode_lines
from arena.records.portable import MAX_DEPTH, nests_deeper


def test_nesting_is_counted_outside_strings_only():
    assert not nests_deeper('{"a": [[1]]}', 3) and nests_deeper('{"a": [[1]]}', 2)
    assert not nests_deeper('"[[[[" ', 0)  # brackets in a string
    assert not nests_deeper(r'"\"[[[[" ', 0)  # after an escaped quote: still in the string
    assert nests_deeper(r'"\\" [[', 1)  # an escaped backslash ends before the quote
    assert not nests_deeper('"unterminated \\', 0)


@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_a_line_nested_past_the_bound_is_refused_with_its_line(opener):
    closer = "]" if opener == "[" else "}"
    with pytest.raises(RecordError, match=f"^line 7: .* deeper than {MAX_DEPTH} levels"):
        from_line(opener * 200_000 + "1" + closer * 200_000, 7)
    with pytest.raises(RecordError, match="^line 7: a record is a JSON object"):
        from_line("[" * MAX_DEPTH + "]" * MAX_DEPTH, 7)  # within the bound: parsed


def test_each_line_is_decoded_on_its_own():
    assert decode_lines(b"a\r\nb\n\xe2\x80\xa8c") == ["a", "b", "\u2028c"]
    with pytest.raises(RecordError, match=r"^line 3: not UTF-8 \(byte 0xc3 at byte 2"):
        decode_lines(b"{}\n{}\nx\xc3(\n")
