"""One package per game: rules (engine), notation, view, render, wire conversion, strategies."""
