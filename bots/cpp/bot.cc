// A starter arena bot in C++: plays a random legal move in every game.
//
//   make && ./build/bot [--address HOST:PORT] [--name NAME] [--token TOKEN]
//
// Address, name and token default to $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME
// (else cpp-random) and $ARENA_TOKEN, which `arena play --bot-cmd`, `arena tournament run` and
// `arena check-bot` set for the bots they launch. The protocol is in ../../proto/arena/v1/arena.proto.
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <thread>

#include "arena/v1/arena.grpc.pb.h"

namespace {

using arena::v1::BotMessage;
using arena::v1::BotService;
using arena::v1::DecisionRequest;
using arena::v1::ServerMessage;

constexpr int kBackoffInitialMs = 250;
constexpr int kBackoffMaxMs = 10000;
constexpr int kGiveUpMs = 60000;  // no working connection for this long: exit 1

struct Options {
  std::string address = "127.0.0.1:50051";
  std::string name = "cpp-random";
  std::string token;
};

std::string Env(const char* key, const std::string& fallback) {
  const char* value = std::getenv(key);
  return value != nullptr && *value != '\0' ? value : fallback;
}

Options ParseArgs(int argc, char** argv) {
  Options options{Env("ARENA_ADDRESS", "127.0.0.1:50051"), Env("ARENA_BOT_NAME", "cpp-random"),
                  Env("ARENA_TOKEN", "")};
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string key = argv[i];
    if (key == "--address") options.address = argv[i + 1];
    else if (key == "--name") options.name = argv[i + 1];
    else if (key == "--token") options.token = argv[i + 1];
    else {
      std::cerr << "usage: bot [--address HOST:PORT] [--name NAME] [--token TOKEN]\n";
      std::exit(2);
    }
  }
  return options;
}

// The policy: any index into legal_moves is a legal answer. Replace this with your own;
// request.view() holds the game's typed view (request.view().azul(), .lucky_numbers() ...).
int Choose(const DecisionRequest& request, std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, request.legal_moves_size() - 1);
  return pick(rng);
}

bool IsRefusal(grpc::StatusCode code) {
  // A refusal is final: the same Hello would be refused again.
  switch (code) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::UNIMPLEMENTED:
      return true;
    default:
      return false;
  }
}

// One connection from Hello to the end of the stream; sets `welcomed` once the server accepted.
grpc::Status ConnectOnce(const Options& options, std::mt19937& rng, bool& welcomed) {
  auto channel = grpc::CreateChannel(options.address, grpc::InsecureChannelCredentials());
  auto stub = BotService::NewStub(channel);
  grpc::ClientContext context;
  auto stream = stub->Connect(&context);

  BotMessage hello;
  hello.mutable_hello()->set_name(options.name);
  hello.mutable_hello()->set_token(options.token);
  hello.mutable_hello()->set_max_matches(1);  // one thread reads and answers
  hello.mutable_hello()->set_version("arena-starter-cpp 1.0");
  hello.mutable_hello()->set_protocol_version(1);
  stream->Write(hello);

  ServerMessage message;
  while (stream->Read(&message)) {
    switch (message.kind_case()) {
      case ServerMessage::kWelcome:
        welcomed = true;
        std::cout << "connected to " << options.address << " as " << options.name << std::endl;
        break;
      case ServerMessage::kMatchStarted:
        std::cout << "match " << message.match_started().match_id() << " started: "
                  << message.match_started().game() << ", seat " << message.match_started().seat()
                  << std::endl;
        break;
      case ServerMessage::kDecisionRequest: {
        const DecisionRequest& request = message.decision_request();
        BotMessage answer;
        answer.mutable_decision()->set_request_id(request.request_id());
        answer.mutable_decision()->set_match_id(request.match_id());
        answer.mutable_decision()->set_index(Choose(request, rng));
        stream->Write(answer);
        break;
      }
      case ServerMessage::kMatchEnded: {
        const auto& ended = message.match_ended();
        const auto& ranks = ended.outcome().ranks();
        std::cout << "match " << ended.match_id() << " over: ranked "
                  << (ended.seat() < ranks.size() ? ranks.Get(ended.seat()) : 0) << std::endl;
        break;
      }
      case ServerMessage::kPing: {
        BotMessage pong;
        pong.mutable_pong()->set_nonce(message.ping().nonce());
        stream->Write(pong);
        break;
      }
      default:  // a pong, or a message kind from a newer server: nothing to do
        break;
    }
  }
  stream->WritesDone();
  return stream->Finish();
}

}  // namespace

int main(int argc, char** argv) {
  Options options = ParseArgs(argc, argv);
  std::mt19937 rng(std::random_device{}());
  int backoff_ms = kBackoffInitialMs;
  auto last_ok = std::chrono::steady_clock::now();
  for (;;) {
    bool welcomed = false;
    grpc::Status status = ConnectOnce(options, rng, welcomed);
    if (welcomed) {
      backoff_ms = kBackoffInitialMs;
      last_ok = std::chrono::steady_clock::now();
    }
    if (IsRefusal(status.error_code())) {
      std::cerr << "error: " << options.address << " refused bot " << options.name << ": "
                << status.error_message() << std::endl;
      return 1;
    }
    auto idle = std::chrono::steady_clock::now() - last_ok;
    if (std::chrono::duration_cast<std::chrono::milliseconds>(idle).count() > kGiveUpMs) {
      std::cerr << "error: no connection to " << options.address << " for 60 s" << std::endl;
      return 1;
    }
    std::cout << "connection ended (" << (status.ok() ? "closed" : status.error_message())
              << "); retrying in " << backoff_ms << " ms" << std::endl;
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
    backoff_ms = std::min(backoff_ms * 2, kBackoffMaxMs);
  }
}
