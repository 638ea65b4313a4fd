"""One game being played through the adapters: the engine's state, its action table, its
observation encoder, and the moves so far (what the AEC, parallel, Gymnasium and OpenSpiel
adapters and the SDK bridge share)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.core.game import (
    Game,
    check_player_count,
    is_addon,
    new_game_state,
    option_fields,
    parse_options,
)
from arena.core.registry import get_game
from arena.core.values import Outcome, Seat, Termination
from arena.env.actions import ActionTable, table_for
from arena.env.observations import Encoder, encoder_for
from arena.env.rewards import rank_rewards
from arena.errors import InvalidMoveError, OptionError

ILLEGAL_MODES = ("lose", "raise")
CACHES = ("_seen", "_movers", "_legal", "_mask")  # what an EnvMatch keeps of its last state


def refuse_addons(game: Game[Any, Any], options: Any) -> None:
    """OptionError if an add-on option is on: a game's fixed action table and observation cover
    it without its add-ons (an expansion module brings cards the table does not number)."""
    on = [f.name for f in option_fields(game) if is_addon(f) and getattr(options, f.name)]
    if on:
        raise OptionError(
            f"{game.name}: the ML environments play it without add-on options ({', '.join(on)})"
        )


class EnvMatch:
    """A game at a table of `num_players`, dealt from a seed as the referee deals it."""

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        illegal: str = "lose",
    ) -> None:
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL_MODES)}, not {illegal!r}")
        self.game: Game[Any, Any] = get_game(game)
        self.num_players = num_players or self.game.min_players
        check_player_count(self.game, self.num_players)
        self.options = parse_options(self.game, dict(options or {}))
        refuse_addons(self.game, self.options)
        self.illegal = illegal
        self.table: ActionTable = table_for(self.game.name)
        self.encoder: Encoder = encoder_for(self.game.name, self.num_players)
        self.seed = 0
        self.state: Any = None
        self.moves: list[tuple[Seat, str]] = []
        self.fault: Outcome | None = None
        # The last state asked about, with its outcome and one seat's legal moves: a step
        # asks for them several times (mask, legality, who is next).
        self._seen: tuple[Any, Outcome | None] = (None, None)
        self._movers: tuple[Any, tuple[Seat, ...]] = (None, ())
        self._legal: tuple[Any, Seat, list[str]] = (None, -1, [])
        self._mask: tuple[Any, Seat, np.ndarray | None] = (None, -1, None)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and deep-copied) with its game by name and without the caches: a copy
        continues exactly as the original does (engine states are never changed in place)."""
        state = {k: v for k, v in vars(self).items() if k not in CACHES}
        state["game"] = self.game.name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.game = get_game(state["game"])
        self._seen = (None, None)
        self._movers = (None, ())
        self._legal = (None, -1, [])
        self._mask = (None, -1, None)

    def deal(self, seed: int) -> None:
        """Start a new game: the deal of a referee match with this seed."""
        self.seed = seed
        self.state = new_game_state(self.game, self.num_players, self.options, seed)
        self.moves = []
        self.fault = None

    def outcome(self) -> Outcome | None:
        """The result once over (a fault's adjudication included), else None."""
        if self.fault is not None:
            return self.fault
        state, outcome = self._seen
        if state is not self.state:
            outcome = self.game.outcome(self.state)
            self._seen = (self.state, outcome)
        return outcome

    def movers(self) -> tuple[Seat, ...]:
        """The seats that must decide now (none once over)."""
        state, movers = self._movers
        if state is not self.state:
            movers = () if self.outcome() is not None else tuple(self.game.to_move(self.state))
            self._movers = (self.state, movers)
        return movers

    def legal_moves(self, seat: Seat) -> list[str]:
        """The seat's legal moves now (empty when it is not to move)."""
        if seat not in self.movers():
            return []
        state, cached_seat, moves = self._legal
        if state is not self.state or cached_seat != seat:
            found = self.game.legal_moves(self.state, seat)
            moves = found if type(found) is list else list(found)  # nothing here changes it
            self._legal = (self.state, seat, moves)
        return moves

    def mask(self, seat: Seat) -> np.ndarray:
        """The seat's action mask now (all zeros when it is not to move): a new array."""
        return self._seat_mask(seat).copy()

    def _seat_mask(self, seat: Seat) -> np.ndarray:
        state, cached_seat, mask = self._mask
        if mask is None or state is not self.state or cached_seat != seat:
            if self.table.fill_mask is not None and seat in self.movers():
                mask = np.empty(self.table.size, np.int8)
                self.table.fill_mask(self.state, seat, mask)
            else:
                mask = self.table._mask(tuple(self.legal_moves(seat)))
            self._mask = (self.state, seat, mask)
        return mask

    def view(self, seat: Seat) -> dict[str, Any]:
        """What the seat may see now."""
        return self.game.view(self.state, seat)

    def observe(self, seat: Seat) -> dict[str, np.ndarray]:
        """The seat's observation: its encoded view and its action mask."""
        observation = self.encoder.encode_state(self.state, seat)
        return {"observation": observation, "action_mask": self.mask(seat)}

    def play(self, seat: Seat, action: int) -> bool:
        """Play an action of a seat to move; False when it was illegal (then, unless illegal
        is "raise", the seat loses as at the referee: ranked last, the others adjudicated)."""
        try:
            move = self.table.decode(int(action))
        except InvalidMoveError:
            return self._refuse(seat, f"action {action}")
        if seat not in self.movers() or not self._seat_mask(seat)[int(action)]:
            return self._refuse(seat, repr(move))
        self.state = self.game.play(self.state, seat, move)  # a seat to move: apply's check done
        self.moves.append((seat, move))
        return True

    def play_move(self, seat: Seat, move: str) -> bool:
        """Play a move text of a seat to move; False when it was illegal (as for `play`)."""
        move = " ".join(move.split())  # the referee's own normalisation of a reply
        if move not in self.legal_moves(seat):
            return self._refuse(seat, repr(move))
        self.state = self.game.apply(self.state, seat, move)
        self.moves.append((seat, move))
        return True

    def _refuse(self, seat: Seat, what: str) -> bool:
        if self.illegal == "raise":
            raise InvalidMoveError(f"{self.game.name}: {what} is not legal for seat {seat} now")
        self.fault = _forfeit(self.game.adjudicate(self.state, seat), seat)
        return False

    def rewards(self) -> tuple[float, ...]:
        """Each seat's reward: rank-based once over, else zeros."""
        outcome = self.outcome()
        return rank_rewards(outcome) if outcome else (0.0,) * self.num_players


def capped(outcome: Outcome) -> bool:
    """The game was stopped by the engine's cap (a turn or round limit, scored by the rules):
    the environments report it as truncated, not terminated."""
    return outcome.termination is Termination.TURN_CAP


def _forfeit(base: Outcome, seat: Seat) -> Outcome:
    return Outcome(
        ranks=base.ranks,
        scores=base.scores,
        points=base.points,
        termination=Termination.ILLEGAL_MOVE,
        offender=seat,
        detail=f"seat {seat}: an illegal action",
    )


class SeedStream:
    """Deal seeds for successive resets: a given seed deals that seed's game (as the referee
    would), and later resets without one continue a stream seeded by it."""

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        """The seed of the next deal."""
        if seed is not None:
            self._rng = random.Random(seed)
            return int(seed)
        return self._rng.getrandbits(31)
