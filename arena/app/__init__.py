"""The application layer: what every front end does, written once.

The CLI (`--db` and `--server`), the server's ArenaService and the web pages are thin adapters
over these modules: they decode a request, call one function here and encode its result.

- `reports`: tournament summaries and reports (standings, seats, head to head, ladder, matches),
  display status, what each audience may see of them.
- `rows`, `stats_rows`, `match_rows`: how every report row, document and text reads.
- `ladders`: leaderboards and rating histories. `stats`: `arena stats` and GetStats.
- `matches`: a stored match as an audience may see it, and its replay frames.
- `tournaments`: creating (defaults, limits, bot checks), resuming, cancelling, deleting.
- `database`: opening the store for a front end.

Nothing here imports grpc, typer, rich or a web framework.
"""
