"""Epizodiak scoring (spec §8, §10): round points, Score 7 totals and the final order."""

from __future__ import annotations

from collections.abc import Sequence

from .state import OUT_BONUS


def round_points(
    sets: Sequence[int],
    out: Sequence[int],
    doubled: Sequence[bool] = (False, False, False),
    *,
    only_out_scores_sets: bool = False,
) -> tuple[int, ...]:
    """Points per seat for a round: +1 per set, +3 for going out (spec §8.2).

    `doubled` (dial_double, [ASSUMPTION EP-A17]) doubles a seat's set points before the +3.
    `only_out_scores_sets` is score7_legacy: the sets of seats that did not go out score 0.
    """
    points = []
    for seat, count in enumerate(sets):
        went_out = seat in out
        set_points = count * 2 if doubled[seat] else count
        if only_out_scores_sets and not went_out:
            set_points = 0
        points.append(set_points + (OUT_BONUS if went_out else 0))
    return tuple(points)


def add_points(totals: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """Running totals after a round (Score 7, spec §8.2)."""
    return tuple(t + p for t, p in zip(totals, points, strict=True))


def target_reached(totals: Sequence[int], target: int) -> bool:
    """Spec §8.2 / [ASSUMPTION EP-A14]: checked only at round end."""
    return max(totals) >= target


def final_keys(totals: Sequence[int], last_out: Sequence[int]) -> list[tuple[int, int]]:
    """Per-seat ranking keys, larger is better: the total, then going out in the final round.

    [ASSUMPTION EP-A14] a tie on the highest total goes to the tied seat that emptied its hand
    in the final round; otherwise the win is shared. The spec breaks no tie below the top, so
    equal lower totals share their place.
    """
    top = max(totals)
    return [(t, 1 if t == top and seat in last_out else 0) for seat, t in enumerate(totals)]


def one_round_keys(points: Sequence[int]) -> list[tuple[int, int]]:
    """One round mode ([ASSUMPTION EP-A15]): rank by points alone, equal points share a rank."""
    return [(p, 0) for p in points]
