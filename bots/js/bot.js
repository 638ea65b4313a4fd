#!/usr/bin/env node
// A starter arena bot in JavaScript: plays a random legal move in every game.
//
//   npm ci && node bot.js [--address HOST:PORT] [--name NAME] [--token TOKEN] [--tls-ca CA_FILE]
//                         [--seed N] [--max-matches N]
//
// Settings default to $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME (else js-random),
// $ARENA_TOKEN, $ARENA_TLS_CA (a CA file: connect with TLS) and $ARENA_SEED (else 0);
// `arena play --bot-cmd`, `arena tournament run` and `arena check-bot` set the first three for
// the bots they launch. The protocol is in proto/arena/v1/arena.proto; the plumbing in arena.js.
"use strict";

const { run } = require("./arena");

// The policy: any index into legal_moves is a legal answer. Replace this with your own.
// `view` is the game's typed view (request.view.azul ...; fields in docs/games/<game>.md);
// `rng()` gives numbers in [0, 1) like Math.random, seeded from --seed and the seat's bot seed
// in the match (MatchStarted.bot_seed), so a tournament of this bot replays move for move.
function choose(request, view, rng) {
  return Math.floor(rng() * request.legal_moves.length);
}

run(choose);
