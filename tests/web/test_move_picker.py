"""The move picker of a person's seat: few moves are buttons of their own, many are grouped by
how they begin, and every legal move is reached by following groups, in a few clicks."""

from __future__ import annotations

from arena.web.move_picker import Choice, choices

THE_NUMBER = [f"write {i:03d}" for i in range(1000)]
AZUL = [
    f"take {source} {colour} {line}"
    for source in ("f1", "f2", "f3", "f4", "f5", "c")
    for colour in "YRKBW"
    for line in ("1", "2", "3", "floor")
]


def reach(moves: list[str], target: str) -> tuple[int, int]:
    """(clicks to play `target` following the groups it belongs to, its index)."""
    prefix, clicks = "", 0
    while True:
        clicks += 1
        shown = choices(moves, prefix)
        assert 1 < len(shown) <= 40 or len(moves) <= 40 or len(shown) == 1
        move = next((c for c in shown if c.index is not None and c.text == target), None)
        if move is not None:
            assert move.index is not None
            return clicks, move.index
        group = next(c for c in shown if c.index is None and target.startswith(c.text))
        prefix = group.text


def test_few_moves_are_each_a_button() -> None:
    moves = ["draw", "take 2", "take 20"]
    assert choices(moves) == [Choice("draw", 0), Choice("take 2", 1), Choice("take 20", 2)]


def test_a_thousand_moves_are_three_clicks_of_ten_buttons() -> None:
    first = choices(THE_NUMBER)
    assert [c.text for c in first] == [f"write {d}" for d in range(10)]
    assert all(c.index is None and c.count == 100 for c in first)
    for target in ("write 000", "write 537", "write 999"):
        assert reach(THE_NUMBER, target) == (3, THE_NUMBER.index(target))


def test_moves_are_grouped_by_their_first_differing_word() -> None:
    shown = choices(AZUL)
    assert [c.text for c in shown] == [f"take {s} " for s in ("f1", "f2", "f3", "f4", "f5", "c")]
    assert [c.text for c in choices(AZUL, "take f2 ")] == AZUL[20:40]
    for target in AZUL:
        assert reach(AZUL, target) == (2, AZUL.index(target))


def test_a_move_that_another_extends_stays_a_move_of_its_own() -> None:
    moves = ["1 A5", "1 A15", "1 A15 in", "1 A16", "2 A5"]
    shown = choices(moves, limit=2)
    assert [c.text for c in shown] == ["1 ", "2 A5"] and shown[1].index == 4
    assert [c.text for c in choices(moves, "1 A15", limit=2)] == ["1 A15", "1 A15 in"]
    for target in moves:
        clicks = 0
        prefix = ""
        while True:
            clicks += 1
            shown = choices(moves, prefix, limit=2)
            hit = [c for c in shown if c.index is not None and c.text == target]
            if hit:
                assert hit[0].index == moves.index(target)
                break
            prefix = next(c.text for c in shown if c.index is None and target.startswith(c.text))
        assert clicks <= 4


def test_a_prefix_no_move_starts_with_shows_every_move_again() -> None:
    assert choices(["draw", "take 1"], "<script>") == [Choice("draw", 0), Choice("take 1", 1)]
    assert len(choices(THE_NUMBER, "x" * 10_000)) == 10


def test_a_thing_clicked_on_the_board_lists_the_moves_that_name_it() -> None:
    shown = choices(AZUL, word="f2")
    assert [c.text for c in shown] == AZUL[20:40]
    assert [c.index for c in shown] == list(range(20, 40))
    hypnosia = ["4 S4", "4 A17", "4 B0", "3 A17", "3 B0", "3 B6"]
    assert [c.text for c in choices(hypnosia, word="A17")] == ["4 A17", "3 A17"]
    assert [c.text for c in choices(hypnosia, word="A1")] == hypnosia  # names no move: all
    assert [c.text for c in choices(THE_NUMBER, "write 1", word="write")][:2] == [
        "write 10",
        "write 11",
    ]
