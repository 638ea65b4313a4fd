"""arena.store.schema: the models every revision must reach; JSON in Text, keys and cascades."""

from __future__ import annotations

import sqlalchemy as sa

from arena.store import schema
from arena.store.schema import SCHEMA_VERSION, metadata


def test_the_tables_of_the_arena() -> None:
    assert sorted(metadata.tables) == [
        "bots", "credentials", "fixtures", "matches", "meta", "rating_history", "ratings",
        "tournaments",
    ]  # fmt: skip
    assert SCHEMA_VERSION == 4


def test_json_lives_in_text_columns_the_store_decodes_itself() -> None:
    json_columns = [
        schema.tournaments.c.options, schema.tournaments.c.bots, schema.tournaments.c.settings,
        schema.fixtures.c.seats, schema.matches.c.players, schema.matches.c.outcome,
        schema.matches.c.record, schema.matches.c.options,
    ]  # fmt: skip
    assert all(isinstance(c.type, sa.Text) for c in json_columns)


def test_seeds_are_64_bit_and_ratings_are_doubles() -> None:
    for column in (schema.tournaments.c.seed, schema.fixtures.c.seed, schema.matches.c.seed):
        assert isinstance(column.type, sa.BigInteger)
    for column in (schema.ratings.c.mu, schema.rating_history.c.sigma):
        assert isinstance(column.type, sa.Double)


def test_one_match_per_fixture_and_children_cascade() -> None:
    unique = [c for c in schema.matches.constraints if isinstance(c, sa.UniqueConstraint)]
    assert [[col.name for col in c.columns] for c in unique] == [["tournament_id", "fixture_idx"]]
    keys = {
        (fk.parent.table.name, fk.column.table.name): fk.ondelete
        for table in metadata.tables.values()
        for fk in table.foreign_keys
    }
    assert keys == {
        ("fixtures", "tournaments"): "CASCADE",
        ("matches", "fixtures"): "CASCADE",
        ("rating_history", "matches"): "CASCADE",
    }


def test_credentials_keep_a_hash_never_a_token() -> None:
    names = set(schema.credentials.c.keys())
    assert "token_hash" in names and not any("token" == n or "secret" in n for n in names)
    assert schema.credentials.c.token_hash.type.length == 64  # hex SHA-256
