"""What search bots share: the factory contract every game's boss follows, the budget of one
decision (budget.py), the seeded policy shell (seeded.py), the levels' factories (levels.py),
sequential halving (halving.py) and a race that drops a candidate only when shown worse
(racing.py).
Each game's own search lives in its package (arena/games/<game>/boss.py); nothing here imports
grpc, typer or rich.

The boss factory contract
-------------------------
A game's `strategy.py` registers its boss in `STRATEGIES` under `"boss"` (the default level,
the strongest, thinking with the referee's clock) and `"boss:1"`, `"boss:2"`, `"boss:3"`
(rungs between greedy and the strongest). Every one of them is a factory with this signature:

    factory(seed: int | None, *, budget_ms: int | None = None,
            iterations: int | None = None) -> Policy

- `seed`: the policy's own randomness, per match (`arena.match.strategies.make_policy` passes it;
  `bots/boss_bot.py` derives one per match from its `--seed` and the server's bot seed for the
  seat, else the match id). The same seed and the same requests give the same moves, in any
  process, whenever the search is bounded by iterations (below).
- `budget_ms`: a cap on thinking time per decision, in milliseconds, under the referee's clock
  (never more than the clock allows: its budget plus a slice of its bank, less a margin).
  None: the referee's clock alone (1 s a decision when there is no clock).
- `iterations`: fixed work per decision (what an iteration is, a rollout or a playout, is the
  game's own), for reproducible strength on any machine: it overrides the level's own amount.
  A referee's clock still stops the search early rather than let it forfeit on time, so an
  iteration-bound boss replays exactly in-process (no clock) and never loses on time.
- The policy it returns reads only `request.view` and `request.legal_moves` (the same dict a
  bot over gRPC receives, never the engine's state) and returns a move or an index.

`search_budget(request, budget_ms=..., iterations=...)` (budget.py) turns these settings and
the request's clock into a `Budget`, less a headroom every boss keeps for a loaded machine
(`decision_budget` is the same without it); `budget.deadline()` then says when to answer
(`deadline.spent(iterations_done)`). A level is a factory with its own default work, which
`levels.boss_levels` makes from a table (boss.py is imported when a boss is made):

    # boss.py
    def make_boss(seed, *, budget_ms=None, iterations=None, level_iterations=None,
                  level_cap_ms=None): ...   # level_cap_ms: only if a level caps its time
    # or, for a boss that is one search of the view (seeded.view_search_policy):
    make_boss = view_search_boss(search)   # search(view, legal, deadline, rng)

    # strategy.py
    BOSS_LEVELS = {"boss:1": (100, None), "boss:2": (400, None), "boss:3": (None, 300),
                   "boss": (None, None)}   # (iterations, ms cap); None: the clock decides
    STRATEGIES = {"greedy": make_greedy, **boss_levels("arena.games.<game>.boss", BOSS_LEVELS)}

`arena.match.strategies.make_policy(game, "boss:2", seed, budget_ms=..., iterations=...)` passes the
settings that are not None (so every strategy, greedy included, takes `make_policy(game, name,
seed)`); a strategy that takes no such setting is refused with a ConfigError.
"""
