"""The six games registered with OpenSpiel (pyspiel's Python game API), as `arena_<game>`.

    import pyspiel
    import arena.env.openspiel  # registers arena_lucky_numbers, arena_azul ...
    game = pyspiel.load_game("arena_azul", {"players": 3, "wall": "gray"})

Modelling (docs/ml.md): sequential and imperfect-information. The engines draw their
randomness inside `apply` from a seeded stream held in the state, so there are no chance
nodes: the deal and every later draw are hidden state (chance mode "sampled stochastic"), and
`resample_from_infostate` re-deals all of it (the engine's `sampling.resample`: hidden cards
and the stream of future draws), as ISMCTS needs. A simultaneous decision (The Number) is
played seat by seat, lowest seat first; a seat's information state never shows the pending
choices of the seats before it, so it is the same game. Information state string: the seat's
view (the engine's own definition of what it may know) as canonical JSON; observation string:
the game's text picture for that seat; both tensors: the environments' observation vector.
"""

from __future__ import annotations

import enum
import json
import random
from typing import Any

import numpy as np
import pyspiel

from arena.core.game import (
    Game,
    is_addon,
    option_fields,
    options_to_dict,
    parse_options,
)
from arena.core.registry import adapter, game_entry, get_game, list_games, load_part
from arena.env.actions import table_for
from arena.env.observations import encoder_for
from arena.env.rewards import rank_rewards
from arena.env.spiel_state import TERMINAL, Deal, EngineState, GameLink, Shared, SpielContext

PREFIX = "arena_"
_registered: set[str] = set()


def short_name(game_name: str) -> str:
    """The OpenSpiel name of an arena game: arena_<game>."""
    return PREFIX + get_game(game_name).name


def _option_defaults(game: Game[Any, Any]) -> dict[str, Any]:
    """Each option as an OpenSpiel parameter: its default as bool, int or text (add-ons, which
    the environments do not play, are no parameters)."""
    defaults = game.options_type()
    out: dict[str, Any] = {}
    for f in option_fields(game):
        if is_addon(f):
            continue
        value = getattr(defaults, f.name)
        out[f.name] = value.value if isinstance(value, enum.Enum) else value
    return out


def max_length(game_name: str, n: int, options: Any) -> int:
    """An upper bound on the decisions of a game, from the engines' documented caps."""
    bound: int = adapter(game_name, "actions").max_decisions(n, options_to_dict(options))
    return bound


class ArenaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One arena game as an OpenSpiel game; subclassed per game by `register`."""

    arena_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = get_game(self.arena_name)
        values = {**_default_params(game), **(params or {})}
        n = int(values["players"])
        options = parse_options(game, {k: values[k] for k in _option_defaults(game)})
        table = table_for(game.name)
        info = pyspiel.GameInfo(
            num_distinct_actions=table.size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length(game.name, n, options),
        )
        fixed = int(values["seed"]) >= 0
        super().__init__(_game_type(game, deterministic=fixed), info, params or {})
        rng_seed = int(values["rng_seed"])
        context = SpielContext(
            game=game,
            num_players=n,
            options=options,
            table=table,
            encoder=encoder_for(game.name, n),
            resample=load_part(game_entry(game.name).sampling),
            fixed_seed=int(values["seed"]),
            deals=random.Random(rng_seed),
            resampling=random.Random(rng_seed + 1),
        )
        self._ctx = Shared(context)

    def new_initial_state(self) -> ArenaSpielState:
        """A new deal: the referee's deal of `seed`, or (seed -1) a fresh seed every time."""
        return ArenaSpielState(self)

    def information_state_tensor_shape(self) -> list[int]:
        """[the observation vector's length] (pyspiel's own would make and encode a state)."""
        return [self._ctx.value.encoder.size]

    def information_state_tensor_size(self) -> int:
        """The observation vector's length."""
        return int(self._ctx.value.encoder.size)

    observation_tensor_shape = information_state_tensor_shape
    observation_tensor_size = information_state_tensor_size

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of information states and observations (the same vector)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self._ctx.value, perfect_recall)


class ArenaSpielState(pyspiel.State):  # type: ignore[misc]
    """A position of an arena game; the engine's state, untouched, inside."""

    def __init__(self, game: ArenaSpielGame) -> None:
        super().__init__(game)
        ctx: SpielContext = game._ctx.value
        self._ctx = GameLink(ctx)
        self._deal = Shared(Deal(ctx, ctx.fixed_seed if ctx.fixed_seed >= 0 else None))
        self._engine: EngineState | None = None  # set up on first use: clones start as new states

    @property
    def context(self) -> SpielContext:
        """The loaded game's shared context."""
        link = self._ctx
        if link.ctx is None:  # unpickled: the game deserialising it is this state's game
            link.ctx = self.get_game()._ctx.value
            deal: Deal = self._deal.value
            deal.ctx = link.ctx
        ctx: SpielContext = link.ctx
        return ctx

    @property
    def deal_seed(self) -> int:
        """The referee's seed of this state's deal."""
        seed: int = self._deal.value.taken()
        return seed

    @property
    def engine_state(self) -> Any:
        """The engine's state (the deal is set up on first use)."""
        return self._dealt().value

    def _dealt(self) -> EngineState:
        if self._engine is None:
            ctx = self.context
            self._engine = EngineState(ctx.initial_state(self._deal.value.taken()))
        return self._engine

    def shown_engine_state(self) -> Any:
        """The engine's state, without dealing a state not yet dealt: the deal it would get."""
        if self._engine is not None:
            return self._engine.value
        ctx = self.context
        return ctx.initial_state(self._deal.value.preview())

    def view(self, player: int) -> dict[str, Any]:
        """What `player` may see now."""
        return dict(self.context.view(self.engine_state, player))

    def current_player(self) -> int:
        """The lowest seat to move, or TERMINAL."""
        return self._dealt().current_player(self.context.game)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """`player`'s (default: the player to move) observation vector, as pyspiel's own
        returns it (a list of floats, the same values): from Python, without pyspiel's
        throwaway initial state, its copy through the observer's parts, and its list
        conversion. C++ callers still go through the observer (`make_py_observer`)."""
        ctx = self.context
        if player is None:
            player = self.current_player()
        if not 0 <= player < ctx.num_players:
            raise pyspiel.SpielError(
                f"player {player} has no tensor: players are 0 to {ctx.num_players - 1}"
            )
        return ctx.encoder.floats(ctx.vector(self.shown_engine_state(), player))

    observation_tensor = information_state_tensor  # the same vector

    def _legal_actions(self, player: int) -> list[int]:
        ctx = self.context
        return ctx.table.legal_actions(ctx.game, self.engine_state, player)

    def _apply_action(self, action: int) -> None:
        ctx = self.context
        move = ctx.table.decode(int(action))
        state = ctx.game.apply(self.engine_state, self.current_player(), move)
        self._engine = EngineState(state)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.context.table.decode(int(action)))

    def is_terminal(self) -> bool:
        """The game is over."""
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        """Rank-based returns in [-1, 1] once over (zero-sum), zeros before."""
        ctx = self.context
        outcome = ctx.game.outcome(self.engine_state)
        return list(rank_rewards(outcome)) if outcome else [0.0] * ctx.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one: everything hidden from it re-dealt."""
        ctx = self.context
        rng = random.Random(ctx.resampling.getrandbits(64))
        other = self.clone()
        other._engine = EngineState(ctx.resample(self.engine_state, player_id, rng))
        return other

    def __str__(self) -> str:
        return str(self.context.game.render(self.engine_state, None))


class _Observer:
    """OpenSpiel's PyObserver: the environments' observation vector, named by its parts."""

    def __init__(self, ctx: SpielContext, perfect_recall: bool) -> None:
        self._ctx = ctx
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(ctx.encoder.size, np.float32)
        self.dict = ctx.encoder.layout.split(self.tensor)

    def set_from(self, state: ArenaSpielState, player: int) -> None:
        """Encode `player`'s view of `state` into `tensor` (a state not yet dealt shows the deal
        it would get, and keeps it: pyspiel reads a tensor of a new state just for its shape)."""
        self.tensor[:] = self._ctx.vector(state.shown_engine_state(), player)

    def string_from(self, state: ArenaSpielState, player: int) -> str:
        """Information state: the view as canonical JSON; observation: the text picture."""
        if self._perfect_recall:
            view = self._ctx.view(state.engine_state, player)
            return json.dumps(view, sort_keys=True, separators=(",", ":"))
        return str(self._ctx.game.render(state.engine_state, player))


def _default_params(game: Game[Any, Any]) -> dict[str, Any]:
    return {"players": game.min_players, "seed": -1, "rng_seed": 0, **_option_defaults(game)}


def _game_type(game: Game[Any, Any], deterministic: bool = False) -> pyspiel.GameType:
    """The game's OpenSpiel type. A game loaded with a fixed `seed` is deterministic: the deal
    and every later draw follow from the seed (hidden from the players, as the deal is); with
    seed -1 every new state deals afresh ("sampled stochastic", whose game-and-state
    serialisation pyspiel does not offer Python games: it needs the game's C++ RNG state)."""
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"arena {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.DETERMINISTIC if deterministic else mode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_default_params(game),
    )


def register() -> list[str]:
    """Register every arena game with pyspiel (once); their OpenSpiel names."""
    for game in list_games():
        if game.name in _registered:
            continue
        cls = type(f"Arena_{game.name}", (ArenaSpielGame,), {"arena_name": game.name})
        pyspiel.register_game(_game_type(game), cls)
        _registered.add(game.name)
    return [PREFIX + name for name in sorted(_registered)]


register()
