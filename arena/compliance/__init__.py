"""The bot compliance checklist (`arena check-bot`).

`verdicts` judges played matches and needs no gRPC; `checkbot` drives the checks against a bot
process or a remote server and `checklist` lists them.
"""
