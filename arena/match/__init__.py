"""Playing one match: the referee's loop, its clocks, where a policy runs, the bounds on
what comes from outside, and the built-in strategies by name. No grpc, typer or web framework.

- `referee`: the authoritative match loop (legality, faults, seeds -> MatchRecord).
- `clock`: each decision's time limit, the time bank, the timers.
- `policy_runner`: a policy on worker threads, or on the event loop once proved fast.
- `limits`: bounds on everything from the network or the command line, written once.
- `strategies`: built-in strategies by name (generic ones and each game's own).
"""
