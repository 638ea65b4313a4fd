"""Tournaments on a Ray cluster: one fixture per Ray task, results stored by the organizer.

Optional (`pip install 'arena[cluster]'`): nothing here is imported unless `--cluster` is given.
The worker side (fingerprint.py, fixture_task.py) plays a fixture on whatever node Ray picks;
the organizer side (organizer.py) is the match runner of play_tournament, as in one process.
"""
