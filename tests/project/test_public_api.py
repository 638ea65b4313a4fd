"""The package's public surface stays small and sorted."""

import arena


def test_all_is_sorted_and_importable():
    assert list(arena.__all__) == sorted(arena.__all__)
    for name in arena.__all__:
        assert hasattr(arena, name), name
