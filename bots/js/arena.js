// The plumbing of the JavaScript starter: settings, the protocol, the connection, its errors.
// bot.js holds the policy; you should not need to change this file to write a bot.
"use strict";

const fs = require("fs");
const net = require("net");
const path = require("path");
const tls = require("tls");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

// The .proto files ship inside this folder (a copy of the repository's proto/, kept identical by
// `make proto` and a test), so a copy of the folder works anywhere; ARENA_PROTO_ROOT overrides.
const PROTO_ROOT = process.env.ARENA_PROTO_ROOT || path.join(__dirname, "proto");
const BACKOFF_INITIAL_MS = 250;
const BACKOFF_MAX_MS = 10000;
const DEFAULT_RETRY_FOR_S = 60; // no working connection for this long: exit 1
const PROBE_TIMEOUT_MS = 3000;
const MAX_REASON_CHARS = 300; // the server's words (untrusted) quoted in a message
const TLS_HINT = "give --tls-ca CA_FILE or set ARENA_TLS_CA (the certificate the organizer hands out)";
const USAGE =
  "usage: node bot.js [--address HOST:PORT] [--name NAME] [--token TOKEN] [--tls-ca CA_FILE]\n" +
  "                   [--seed N] [--max-matches N]\n" +
  "defaults: $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME (else js-random),\n" +
  "$ARENA_TOKEN, $ARENA_TLS_CA (a CA file: TLS; unset: plaintext), $ARENA_SEED (else 0)";
const FLAGS = {
  "--address": "address",
  "--name": "name",
  "--token": "token",
  "--tls-ca": "tlsCa",
  "--seed": "seed",
  "--max-matches": "maxMatches",
};

function fail(message, status = 1) {
  (status === 0 ? console.log : console.error)(message);
  process.exit(status);
}

// Settings from the command line, else the environment (as `arena play`, `arena tournament run`
// and `arena check-bot` set it for the bots they launch), else the defaults.
function parseArgs(argv, env = process.env) {
  const options = {
    address: env.ARENA_ADDRESS || "127.0.0.1:50051",
    name: env.ARENA_BOT_NAME || "js-random",
    token: env.ARENA_TOKEN || "",
    tlsCa: env.ARENA_TLS_CA, // undefined: plaintext; "": TLS with the system's CAs
    seed: env.ARENA_SEED || "0",
    maxMatches: "4",
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--help" || argv[i] === "-h") fail(USAGE, 0);
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const key = FLAGS[flag];
    const value = inline !== undefined ? inline : argv[++i];
    if (key === undefined || value === undefined) fail(USAGE, 2);
    options[key] = value;
  }
  if (!/^-?\d{1,18}$/.test(options.seed)) fail(`error: --seed must be an integer, not ${options.seed}`, 2);
  options.maxMatches = Number(options.maxMatches);
  if (!Number.isInteger(options.maxMatches) || options.maxMatches < 1 || options.maxMatches > 1024) {
    fail("error: --max-matches must be a whole number from 1 to 1024", 2);
  }
  const retry = Number(env.ARENA_RETRY_FOR_S || DEFAULT_RETRY_FOR_S);
  options.retryForMs = (Number.isFinite(retry) && retry >= 0 ? retry : DEFAULT_RETRY_FOR_S) * 1000;
  return options;
}

function loadProtocol() {
  // keepCase: field names as in the .proto (legal_moves, request_id);
  // longs: String: uint64 request ids arrive as strings and are echoed back unchanged;
  // oneofs: true: message.kind names the field set in a oneof ("decision_request" ...).
  // proto3 `optional` fields (Clock.budget_ms ...) also get a synthetic oneof (_budget_ms).
  const file = path.join(PROTO_ROOT, "arena", "v1", "arena.proto");
  if (!fs.existsSync(file)) {
    fail(`error: ${file} is missing: copy the arena repository's proto/ folder there, or set ARENA_PROTO_ROOT`);
  }
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

function credentials(options) {
  if (options.tlsCa === undefined) return grpc.credentials.createInsecure();
  if (options.tlsCa === "") return grpc.credentials.createSsl(); // the system's CAs
  try {
    return grpc.credentials.createSsl(fs.readFileSync(options.tlsCa));
  } catch (error) {
    fail(`error: cannot read the CA file ${options.tlsCa}: ${error.message}`);
  }
}

// --- seeded randomness: one generator per (match, seat), so a tournament replays move for move

// cyrb128: a small string hash giving the four 32-bit words that seed sfc32.
function cyrb128(text) {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

// sfc32: a small fast generator; returns a function giving floats in [0, 1), like Math.random.
function sfc32([a, b, c, d]) {
  return function next() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function seededRandom(text) {
  return sfc32(cyrb128(text));
}

const KEPT_GENERATORS = 64; // generators of matches in play (the oldest is dropped past this)

// One generator per seat in a match: from --seed and the match's bot seed (MatchStarted.bot_seed:
// the same for that seat when a tournament or a seeded `arena play` is replayed, whatever the
// match ids); from --seed, the match id and the seat where a server sends none.
class Generators {
  constructor(seed) {
    this.seed = seed;
    this.byMatch = new Map();
  }

  start(matchId, seat, botSeed) {
    const text = botSeed && botSeed !== "0" ? `${this.seed}:bot-seed:${botSeed}` : `${this.seed}:${matchId}:${seat}`;
    this.byMatch.set(`${matchId}:${seat}`, seededRandom(text));
    if (this.byMatch.size > KEPT_GENERATORS) this.byMatch.delete(this.byMatch.keys().next().value);
  }

  get(matchId, seat) {
    if (!this.byMatch.has(`${matchId}:${seat}`)) this.start(matchId, seat, "0");
    return this.byMatch.get(`${matchId}:${seat}`);
  }

  forget(matchId, seat) {
    this.byMatch.delete(`${matchId}:${seat}`);
  }
}

// --- why a connection failed, as its likely cause (the same causes as the Python SDK names)

function serverWords(details, token) {
  let text = String(details || "").replace(/[\x00-\x1f\x7f]+/g, " ").trim();
  if (token) text = text.split(token).join("***"); // a hostile server must not make us print it
  return text.length > MAX_REASON_CHARS ? text.slice(0, MAX_REASON_CHARS - 3) + "..." : text;
}

// { message, final }: final means the same Hello would fail the same way.
function diagnose(error, options, reason, speaksTlsThere) {
  const refused = `${options.address} refused bot ${JSON.stringify(options.name)}`;
  const text = reason.toLowerCase();
  switch (error.code) {
    case grpc.status.UNAUTHENTICATED:
      return { final: true, message: `${refused} (a wrong token, or a name this server does not know): ${reason}` };
    case grpc.status.PERMISSION_DENIED:
      return { final: true, message: `${refused} (not allowed to play here): ${reason}` };
    case grpc.status.UNIMPLEMENTED:
      return { final: true, message: `${refused} (no BotService there: is this the referee's gRPC address?): ${reason}` };
    case grpc.status.INVALID_ARGUMENT:
    case grpc.status.FAILED_PRECONDITION:
    case grpc.status.NOT_FOUND:
      return { final: true, message: `${refused}: ${reason}` };
    case grpc.status.ALREADY_EXISTS: // the server may still hold our previous connection
      return { final: false, message: `${options.address} holds the name ${options.name} for now: ${reason}` };
    case grpc.status.UNAVAILABLE:
      break;
    default:
      return { final: false, message: reason || "the server closed the stream" };
  }
  if (options.tlsCa !== undefined && text.includes("wrong version number")) {
    return { final: true, message: `${options.address} does not speak TLS: connect without --tls-ca and ARENA_TLS_CA` };
  }
  if (text.includes("altname") || text.includes("does not match certificate")) {
    return { final: true, message: `the TLS certificate of ${options.address} is not made out to that host name or address` };
  }
  if (/self[- ]signed|unable to verify|certificate/.test(text)) {
    const ca = options.tlsCa ? `the CA file ${options.tlsCa}` : "the system's CAs";
    return { final: true, message: `${options.address} speaks TLS but its certificate is not signed by ${ca}: ${TLS_HINT}` };
  }
  if (text.includes("econnrefused")) {
    return { final: false, message: `nothing listens on ${options.address}: is the server running, and is the port right?` };
  }
  if (text.includes("enotfound") || text.includes("name resolution")) {
    return { final: false, message: `the host of ${options.address} cannot be resolved` };
  }
  if (speaksTlsThere) return { final: true, message: `${options.address} expects TLS: ${TLS_HINT}` };
  return { final: false, message: reason };
}

function hostAndPort(address) {
  const found = /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$|^([A-Za-z0-9.-]+):(\d{1,5})$/.exec(address);
  if (!found) return null;
  const host = found[1] || found[3];
  const port = Number(found[2] || found[4]);
  return port > 0 && port < 65536 ? { host, port } : null;
}

// Whether a TLS handshake with the address completes (the certificate is not checked: this only
// asks whether the port speaks TLS, after a plaintext connection to it failed). Bounded in time.
function speaksTls(address) {
  const target = hostAndPort(address);
  if (!target) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: target.host,
      port: target.port,
      servername: net.isIP(target.host) ? undefined : target.host,
      rejectUnauthorized: false, // a probe: nothing is sent over this connection
      ALPNProtocols: ["h2"], // as gRPC asks, so a gRPC server completes it
    });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once("secureConnect", () => done(true));
    socket.once("error", () => done(false));
  });
}

// --- the connection: Hello, then answer every request until the stream ends

function connectOnce(arena, options, choose, generators, onWelcome) {
  return new Promise((resolve) => {
    const client = new arena.BotService(options.address, credentials(options), {
      "grpc.keepalive_time_ms": 20000, // finds a dead server even while no match is on
      "grpc.keepalive_timeout_ms": 10000,
      "grpc.keepalive_permit_without_calls": 1,
    });
    const call = client.Connect();
    call.write({
      hello: {
        name: options.name,
        token: options.token,
        games: [], // empty: every game of the server
        max_matches: options.maxMatches,
        version: "arena-starter-js 1.1",
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
          generators.start(m.match_id, m.seat, m.bot_seed);
          console.log(`match ${m.match_id} started: ${m.game}, seat ${m.seat} of ${m.players.join(", ")}`);
          break;
        }
        case "decision_request": {
          const r = message.decision_request;
          const view = r.view[r.view.game]; // the game's typed view, e.g. r.view.azul
          const index = choose(r, view, generators.get(r.match_id, r.seat));
          call.write({ decision: { request_id: r.request_id, match_id: r.match_id, index } });
          break;
        }
        case "match_ended": {
          const e = message.match_ended;
          console.log(`match ${e.match_id} over (${e.outcome.termination}): ranked ${e.outcome.ranks[e.seat]}`);
          generators.forget(e.match_id, e.seat);
          break;
        }
        case "ping":
          call.write({ pong: { nonce: message.ping.nonce } });
          break;
        default: // pong, notice, or a message kind from a newer server: nothing to do
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

// Connect `choose(request, view, rng)` to the referee and play until stopped (Ctrl-C, SIGTERM),
// reconnecting with backoff; exits 1 with the likely cause when retrying cannot help.
async function run(choose, argv = process.argv.slice(2)) {
  const options = parseArgs(argv);
  const arena = loadProtocol();
  const generators = new Generators(options.seed);
  let backoff = BACKOFF_INITIAL_MS;
  let lastOk = Date.now(); // when a connection last worked: its end, or the start of the bot
  for (;;) {
    let welcomed = false;
    const error = await connectOnce(arena, options, choose, generators, () => {
      welcomed = true;
    });
    if (welcomed) {
      backoff = BACKOFF_INITIAL_MS; // it worked until now: the retry deadline starts afresh
      lastOk = Date.now();
    }
    let why = { final: false, message: "the server closed the stream" };
    if (error) {
      const reason = serverWords(error.details || error.message, options.token);
      // gRPC-js says only "Failed to connect" for a plaintext bot at a TLS port: ask the port.
      const probe = error.code === grpc.status.UNAVAILABLE && options.tlsCa === undefined;
      why = diagnose(error, options, reason, probe && (await speaksTls(options.address)));
    }
    if (why.final) fail(`error: ${why.message}`);
    if (Date.now() - lastOk > options.retryForMs) {
      fail(`error: no connection to ${options.address} for ${options.retryForMs / 1000} s (${why.message})`);
    }
    console.log(`connection ended (${why.message}); retrying in ${backoff} ms`);
    await new Promise((wake) => setTimeout(wake, backoff));
    backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
  }
}

// Node warns when gRPC passes an IP address as the TLS server name (RFC 6066); the certificate
// is still checked against the address, so the warning says nothing a bot author must act on.
const emitWarning = process.emitWarning;
process.emitWarning = function filtered(warning, ...rest) {
  const code = typeof rest[0] === "object" && rest[0] !== null ? rest[0].code : rest[1];
  if (code === "DEP0123") return;
  return emitWarning.call(process, warning, ...rest);
};

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(0));
}

module.exports = { run, parseArgs, seededRandom, diagnose, serverWords, hostAndPort, speaksTls };
