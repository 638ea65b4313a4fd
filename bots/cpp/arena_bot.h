// The plumbing of the C++ starter: settings, the connection and its errors, seeded randomness.
// bot.cc holds the policy; you should not need to change these files to write a bot.
#pragma once

#include <functional>
#include <optional>
#include <random>
#include <string>

#include "arena/v1/arena.grpc.pb.h"

namespace arena_bot {

// How the bot connects and what it says in its Hello.
struct Options {
  std::string address = "127.0.0.1:50051";
  std::string name = "cpp-random";
  std::string token;
  std::optional<std::string> tls_ca;  // unset: plaintext; "": TLS with the system's CAs
  std::string seed = "0";
  int max_matches = 1;  // one thread reads and answers: see README.md before raising it
  int retry_for_s = 60;  // no working connection for this long: exit 1
};

// Settings from the command line, else the environment, else the defaults (exits on bad input).
Options ParseArgs(int argc, char** argv);

// A policy: the index into request.legal_moves() to play. `rng` is this seat's generator in this
// match, seeded from --seed and the seat's bot seed (MatchStarted.bot_seed): a tournament
// replays move for move.
using Policy = std::function<int(const arena::v1::DecisionRequest& request, std::mt19937_64& rng)>;

// Connect and play until stopped (SIGINT / SIGTERM end the process), reconnecting with backoff;
// returns 1 with the likely cause on stderr when retrying cannot help.
int Run(const Options& options, const Policy& policy);

}  // namespace arena_bot
