#!/usr/bin/env node
// A starter arena bot in JavaScript: plays a random legal move in every game.
//
//   npm ci && node bot.js [--address HOST:PORT] [--name NAME] [--token TOKEN]
//
// Address, name and token default to $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME
// (else js-random) and $ARENA_TOKEN, which `arena play --bot-cmd`, `arena tournament run` and
// `arena check-bot` set for the bots they launch. The protocol is in ../../proto/arena/v1/arena.proto.
"use strict";

const path = require("path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

const PROTO_ROOT = process.env.ARENA_PROTO_ROOT || path.join(__dirname, "..", "..", "proto");
const BACKOFF_INITIAL_MS = 250;
const BACKOFF_MAX_MS = 10000;
const GIVE_UP_MS = 60000; // no working connection for this long: exit 1
// A refusal is final: the same Hello would be refused again.
const FATAL = new Set([
  grpc.status.INVALID_ARGUMENT,
  grpc.status.FAILED_PRECONDITION,
  grpc.status.NOT_FOUND,
  grpc.status.UNAUTHENTICATED,
  grpc.status.PERMISSION_DENIED,
  grpc.status.ALREADY_EXISTS,
  grpc.status.UNIMPLEMENTED,
]);

function loadProtocol() {
  // keepCase: field names as in the .proto (legal_moves, request_id);
  // longs: String: uint64 request ids arrive as strings and are echoed back unchanged;
  // oneofs: true: message.kind names the field set in a oneof ("decision_request" ...).
  // proto3 `optional` fields (Clock.budget_ms ...) also get a synthetic oneof (_budget_ms).
  const definition = protoLoader.loadSync("arena/v1/arena.proto", {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    enums: String,
    defaults: true,
    oneofs: true,
  });
  return grpc.loadPackageDefinition(definition).arena.v1;
}

function parseArgs(argv) {
  const options = {
    address: process.env.ARENA_ADDRESS || "127.0.0.1:50051",
    name: process.env.ARENA_BOT_NAME || "js-random",
    token: process.env.ARENA_TOKEN || "",
  };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in options) || i + 1 >= argv.length) {
      console.error(`usage: node bot.js [--address HOST:PORT] [--name NAME] [--token TOKEN]`);
      process.exit(2);
    }
    options[key] = argv[i + 1];
  }
  return options;
}

// The policy: any index into legal_moves is a legal answer. Replace this with your own.
function choose(request) {
  return Math.floor(Math.random() * request.legal_moves.length);
}

function connectOnce(arena, options, onWelcome) {
  return new Promise((resolve) => {
    const client = new arena.BotService(options.address, grpc.credentials.createInsecure());
    const call = client.Connect();
    call.write({
      hello: {
        name: options.name,
        token: options.token,
        games: [], // empty: every game of the server
        max_matches: 4,
        version: "arena-starter-js 1.0",
        protocol_version: 1,
      },
    });
    call.on("data", (message) => {
      switch (message.kind) {
        case "welcome":
          console.log(`connected to ${options.address} as ${options.name}: ${message.welcome.games.join(", ")}`);
          onWelcome();
          break;
        case "match_started": {
          const m = message.match_started;
          console.log(`match ${m.match_id} started: ${m.game}, seat ${m.seat} of ${m.players.join(", ")}`);
          break;
        }
        case "decision_request": {
          const r = message.decision_request;
          const view = r.view[r.view.game]; // the game's typed view, e.g. r.view.azul
          const index = choose(r, view);
          call.write({ decision: { request_id: r.request_id, match_id: r.match_id, index } });
          break;
        }
        case "match_ended": {
          const e = message.match_ended;
          const o = e.outcome;
          console.log(`match ${e.match_id} over (${o.termination}): ranked ${o.ranks[e.seat]}`);
          break;
        }
        case "ping":
          call.write({ pong: { nonce: message.ping.nonce } });
          break;
        default: // pong, or a message kind from a newer server: nothing to do
          break;
      }
    });
    call.on("error", (error) => {
      client.close();
      resolve(error);
    });
    call.on("end", () => {
      call.end();
      client.close();
      resolve(null);
    });
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const arena = loadProtocol();
  let backoff = BACKOFF_INITIAL_MS;
  let lastOk = Date.now();
  for (;;) {
    const error = await connectOnce(arena, options, () => {
      backoff = BACKOFF_INITIAL_MS;
      lastOk = Date.now();
    });
    if (error && FATAL.has(error.code)) {
      console.error(`error: ${options.address} refused bot ${options.name}: ${error.details}`);
      process.exit(1);
    }
    if (Date.now() - lastOk > GIVE_UP_MS) {
      console.error(`error: no connection to ${options.address} for ${GIVE_UP_MS / 1000} s`);
      process.exit(1);
    }
    const why = error ? error.details || error.message : "the server closed the stream";
    console.log(`connection ended (${why}); retrying in ${backoff} ms`);
    await new Promise((wake) => setTimeout(wake, backoff));
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(0));
}
main();
