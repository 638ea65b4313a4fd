"""Ratings: the TrueSkill ladder (`trueskill_ladder`) and two-bot statistics as chess
testers compute them (`elo`: Elo with an interval, SPRT, pentanomial)."""
