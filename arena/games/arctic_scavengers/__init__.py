"""Arctic Scavengers (Robert K. Gabhart, 2009) for 2-5 players, with the HQ and Recon expansion
modules as options: `GAME`.

Rules: docs/games/arctic_scavengers.md. Modules: cards (the card database and statistics),
state (options, zones, state, setup), notation (move tokens and their public text), rounds
(drawing, the order of gathering, game end), gathering (draw, dig and keep, hunt, hire,
trash), skirmish (declarations and the fight), rules (legal moves and play by phase, the
result), view (what a seat sees), render (the text picture), game (the Game object, `GAME`),
wire (protobuf), strategy (built-in bots), sampling (hidden cards re-dealt), positions
(literal positions for tests).

The expansion modules (a state's `ext`; a base game never enters them): expansion (their
state), values (the generalised best pairing, leaders' changes), module_setup (market, setup
order), module_rounds (Phase 1, turns, game end), module_rules (legal moves and play by
phase), module_gathering (the gather list, draw with Couriers, hunt, trash), digging (digs
with Scrappers and Cargo Sleds, builds), hiring, buildings (HQ 2 and Recon 3 buildings, HQ 4
repairs), leaders (HQ 3 and the Recon 5 leaders), recon (Recon 1), responses (targeted
actions and their answers), recruits (Drill Sergeant, Map), module_skirmish (declarations,
saves, the fight), gangs (owned cards, gangs, final people), module_notation, module_view,
module_sampling, module_positions, strategy_modules (the greedy bot's module play).
"""

from .game import GAME, ArcticScavengersGame
from .state import ArcticScavengersOptions, State

__all__ = ["GAME", "ArcticScavengersGame", "ArcticScavengersOptions", "State"]
