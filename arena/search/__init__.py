"""What search bots share: their budget per decision (budget.py). Each game's own search lives
in its package (arena/games/<game>/boss.py); nothing here imports grpc, typer or rich."""
