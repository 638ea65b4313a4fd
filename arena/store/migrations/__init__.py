"""The Alembic scripts of the arena schema: env.py, the revision template and versions/.

Shipped inside the package so an installed arena upgrades its database without the source
tree; arena.store.revisions runs them (docs/migrations.md: how to add one).
"""
