"""Alembic revisions of the arena schema, oldest first (r0001: the schema of arena 0.1, v4)."""
