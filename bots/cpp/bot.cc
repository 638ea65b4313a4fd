// A starter arena bot in C++: plays a random legal move in every game.
//
//   make && ./build/bot [--address HOST:PORT] [--name NAME] [--token TOKEN] [--tls-ca CA_FILE]
//                       [--seed N] [--max-matches N]
//
// Settings default to $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME (else cpp-random),
// $ARENA_TOKEN, $ARENA_TLS_CA (a CA file: connect with TLS) and $ARENA_SEED (else 0);
// `arena play --bot-cmd`, `arena tournament run` and `arena check-bot` set the first three for
// the bots they launch. The protocol is in proto/arena/v1/arena.proto; the plumbing in
// arena_bot.cc.
#include <cstdint>
#include <random>

#include "arena_bot.h"

namespace {

// The policy: any index into legal_moves is a legal answer. Replace this with your own;
// request.view() holds the game's typed view (request.view().azul(), .lucky_numbers() ...).
// `rng` is seeded from --seed and the seat's bot seed in the match (MatchStarted.bot_seed),
// so a tournament replays move for move.
int Choose(const arena::v1::DecisionRequest& request, std::mt19937_64& rng) {
  // Not std::uniform_int_distribution: its numbers differ between standard libraries, and the
  // bias of a 64-bit modulo over a few dozen moves is nil.
  return static_cast<int>(rng() % static_cast<uint64_t>(request.legal_moves_size()));
}

}  // namespace

int main(int argc, char** argv) {
  return arena_bot::Run(arena_bot::ParseArgs(argc, argv), Choose);
}
