// The connection of the C++ starter: Hello, answers, reconnects, and errors named by cause.
#include "arena_bot.h"

#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

namespace arena_bot {
namespace {

using arena::v1::BotMessage;
using arena::v1::BotService;
using arena::v1::DecisionRequest;
using arena::v1::ServerMessage;

constexpr int kBackoffInitialMs = 250;
constexpr int kBackoffMaxMs = 10000;
constexpr int kProbeTimeoutMs = 3000;
constexpr size_t kMaxReasonChars = 300;  // the server's words (untrusted) quoted in a message
constexpr size_t kKeptGenerators = 64;  // generators of matches in play
constexpr char kTlsHint[] =
    "give --tls-ca CA_FILE or set ARENA_TLS_CA (the certificate the organizer hands out)";
constexpr char kUsage[] =
    "usage: bot [--address HOST:PORT] [--name NAME] [--token TOKEN] [--tls-ca CA_FILE]\n"
    "           [--seed N] [--max-matches N]\n"
    "defaults: $ARENA_ADDRESS (else 127.0.0.1:50051), $ARENA_BOT_NAME (else cpp-random),\n"
    "$ARENA_TOKEN, $ARENA_TLS_CA (a CA file: TLS; unset: plaintext), $ARENA_SEED (else 0)\n";

std::string Env(const char* key, const std::string& fallback) {
  const char* value = std::getenv(key);
  return value != nullptr && *value != '\0' ? value : fallback;
}

bool Contains(const std::string& text, const std::string& word) {
  return text.find(word) != std::string::npos;
}

// Lower case, '_' as ' ': gRPC's BoringSSL says WRONG_VERSION_NUMBER, OpenSSL 3 (Debian's
// gRPC) "wrong version number".
std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
    return c == '_' ? ' ' : static_cast<char>(std::tolower(c));
  });
  return text;
}

// The server's (untrusted) text made safe to print: one bounded line, never the token.
std::string ServerWords(const std::string& details, const std::string& token) {
  std::string text;
  for (char c : details) text += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
  for (size_t at; !token.empty() && (at = text.find(token)) != std::string::npos;) {
    text.replace(at, token.size(), "***");
  }
  return text.size() > kMaxReasonChars ? text.substr(0, kMaxReasonChars - 3) + "..." : text;
}

bool ParseInt(const std::string& text, long long low, long long high, long long& out) {
  char* end = nullptr;
  errno = 0;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || value < low || value > high) return false;
  out = value;
  return true;
}

std::shared_ptr<grpc::ChannelCredentials> Credentials(const Options& options) {
  if (!options.tls_ca) return grpc::InsecureChannelCredentials();
  grpc::SslCredentialsOptions ssl;
  if (!options.tls_ca->empty()) {  // empty: the system's CAs
    std::ifstream file(*options.tls_ca);
    if (!file) {
      std::cerr << "error: cannot read the CA file " << *options.tls_ca << std::endl;
      std::exit(1);
    }
    std::stringstream pem;
    pem << file.rdbuf();
    ssl.pem_root_certs = pem.str();
  }
  return grpc::SslCredentials(ssl);
}

std::shared_ptr<grpc::Channel> OpenChannel(const Options& options,
                                           std::shared_ptr<grpc::ChannelCredentials> creds) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20000);  // finds a dead server even between matches
  args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
  args.SetInt(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  return grpc::CreateCustomChannel(options.address, creds, args);
}

// Whether the address speaks TLS, asked after a plaintext connection to it was closed: a TLS
// channel (trusting the system's CAs) either reaches the server, or fails on its certificate
// (a TLS server too: a self-signed one), or fails on the record format (a plaintext server).
// Bounded in time; nothing is sent but an empty stream.
bool SpeaksTls(const Options& options) {
  auto stub = BotService::NewStub(OpenChannel(options, grpc::SslCredentials({})));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() +
                       std::chrono::milliseconds(kProbeTimeoutMs));
  auto stream = stub->Connect(&context);
  stream->WritesDone();
  grpc::Status status = stream->Finish();
  std::string text = Lower(status.error_message());
  if (Contains(text, "wrong version number")) return false;
  if (Contains(text, "certificate")) return true;
  return status.error_code() != grpc::StatusCode::UNAVAILABLE &&
         status.error_code() != grpc::StatusCode::DEADLINE_EXCEEDED;
}

// A 64-bit FNV-1a hash: the same on every platform and compiler, unlike std::hash.
uint64_t Fnv1a(const std::string& text) {
  uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

// One generator per seat in a match: from --seed and the match's bot seed
// (MatchStarted.bot_seed: the same for that seat when a tournament or a seeded `arena play` is
// replayed, whatever the match ids); from --seed, the match id and the seat where a server
// sends none.
class Generators {
 public:
  explicit Generators(std::string seed) : seed_(std::move(seed)) {}

  void Start(const std::string& match_id, int seat, uint64_t bot_seed) {
    std::string text = bot_seed != 0 ? seed_ + ":bot-seed:" + std::to_string(bot_seed)
                                     : seed_ + ":" + match_id + ":" + std::to_string(seat);
    std::string key = Key(match_id, seat);
    Forget(match_id, seat);
    if (order_.size() >= kKeptGenerators) {
      generators_.erase(order_.front());
      order_.pop_front();
    }
    order_.push_back(key);
    generators_.emplace(key, std::mt19937_64(Fnv1a(text)));
  }

  std::mt19937_64& For(const std::string& match_id, int seat) {
    auto found = generators_.find(Key(match_id, seat));
    if (found != generators_.end()) return found->second;
    Start(match_id, seat, 0);
    return generators_.find(Key(match_id, seat))->second;
  }

  void Forget(const std::string& match_id, int seat) {
    std::string key = Key(match_id, seat);
    generators_.erase(key);
    order_.erase(std::remove(order_.begin(), order_.end(), key), order_.end());
  }

 private:
  static std::string Key(const std::string& match_id, int seat) {
    return match_id + ":" + std::to_string(seat);
  }

  std::string seed_;
  std::map<std::string, std::mt19937_64> generators_;
  std::deque<std::string> order_;
};

// One connection from Hello to the end of the stream; sets `welcomed` once the server accepted.
grpc::Status ConnectOnce(const Options& options, const Policy& policy, Generators& generators,
                         bool& welcomed) {
  auto stub = BotService::NewStub(OpenChannel(options, Credentials(options)));
  grpc::ClientContext context;
  auto stream = stub->Connect(&context);

  BotMessage hello;
  hello.mutable_hello()->set_name(options.name);
  hello.mutable_hello()->set_token(options.token);
  hello.mutable_hello()->set_max_matches(options.max_matches);
  hello.mutable_hello()->set_version("arena-starter-cpp 1.1");
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
        generators.Start(message.match_started().match_id(), message.match_started().seat(),
                         message.match_started().bot_seed());
        std::cout << "match " << message.match_started().match_id() << " started: "
                  << message.match_started().game() << ", seat " << message.match_started().seat()
                  << std::endl;
        break;
      case ServerMessage::kDecisionRequest: {
        const DecisionRequest& request = message.decision_request();
        BotMessage answer;
        answer.mutable_decision()->set_request_id(request.request_id());
        answer.mutable_decision()->set_match_id(request.match_id());
        auto& rng = generators.For(request.match_id(), request.seat());
        answer.mutable_decision()->set_index(policy(request, rng));
        stream->Write(answer);
        break;
      }
      case ServerMessage::kMatchEnded: {
        const auto& ended = message.match_ended();
        const auto& ranks = ended.outcome().ranks();
        std::cout << "match " << ended.match_id() << " over: ranked "
                  << (ended.seat() < ranks.size() ? ranks.Get(ended.seat()) : 0) << std::endl;
        generators.Forget(ended.match_id(), ended.seat());
        break;
      }
      case ServerMessage::kPing: {
        BotMessage pong;
        pong.mutable_pong()->set_nonce(message.ping().nonce());
        stream->Write(pong);
        break;
      }
      default:  // a pong, a notice, or a message kind from a newer server: nothing to do
        break;
    }
  }
  stream->WritesDone();
  return stream->Finish();
}

// The likely cause of a failed Connect, and whether retrying can help.
struct Diagnosis {
  std::string message;
  bool final;  // the same Hello over the same channel would fail the same way
};

Diagnosis Diagnose(const grpc::Status& status, const Options& options, bool speaks_tls) {
  const std::string reason = ServerWords(status.error_message(), options.token);
  const std::string refused = options.address + " refused bot '" + options.name + "'";
  const std::string text = Lower(reason);
  switch (status.error_code()) {
    case grpc::StatusCode::UNAUTHENTICATED:
      return {refused + " (a wrong token, or a name this server does not know): " + reason, true};
    case grpc::StatusCode::PERMISSION_DENIED:
      return {refused + " (not allowed to play here): " + reason, true};
    case grpc::StatusCode::UNIMPLEMENTED:
      return {refused + " (no BotService there: is this the referee's gRPC address?): " + reason,
              true};
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::NOT_FOUND:
      return {refused + ": " + reason, true};
    case grpc::StatusCode::ALREADY_EXISTS:  // the server may still hold our previous connection
      return {options.address + " holds the name " + options.name + " for now: " + reason, false};
    case grpc::StatusCode::UNAVAILABLE:
      break;
    default:
      return {status.ok() ? "the server closed the stream" : reason, false};
  }
  if (options.tls_ca && Contains(text, "wrong version number")) {
    return {options.address + " does not speak TLS: connect without --tls-ca and ARENA_TLS_CA",
            true};
  }
  if (Contains(text, "is not in peer certificate")) {
    return {"the TLS certificate of " + options.address +
                " is not made out to that host name or address",
            true};
  }
  if (Contains(text, "certificate verify failed")) {
    std::string ca = options.tls_ca && !options.tls_ca->empty() ? "the CA file " + *options.tls_ca
                                                                : "the system's CAs";
    return {options.address + " speaks TLS but its certificate is not signed by " + ca + ": " +
                kTlsHint,
            true};
  }
  if (Contains(text, "connection refused")) {
    return {"nothing listens on " + options.address +
                ": is the server running, and is the port right?",
            false};
  }
  if (Contains(text, "domain name not found") || Contains(text, "dns resolution failed")) {
    return {"the host of " + options.address + " cannot be resolved", false};
  }
  if (speaks_tls) return {options.address + " expects TLS: " + kTlsHint, true};
  return {reason, false};
}

}  // namespace

Options ParseArgs(int argc, char** argv) {
  Options options;
  options.address = Env("ARENA_ADDRESS", options.address);
  options.name = Env("ARENA_BOT_NAME", options.name);
  options.token = Env("ARENA_TOKEN", "");
  if (const char* ca = std::getenv("ARENA_TLS_CA")) options.tls_ca = ca;
  options.seed = Env("ARENA_SEED", options.seed);
  std::string max_matches = "1";
  std::string retry = Env("ARENA_RETRY_FOR_S", "60");
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::cout << kUsage;
      std::exit(0);
    }
    if (i + 1 >= argc) {
      std::cerr << kUsage;
      std::exit(2);
    }
    std::string value = argv[++i];
    if (flag == "--address") options.address = value;
    else if (flag == "--name") options.name = value;
    else if (flag == "--token") options.token = value;
    else if (flag == "--tls-ca") options.tls_ca = value;
    else if (flag == "--seed") options.seed = value;
    else if (flag == "--max-matches") max_matches = value;
    else {
      std::cerr << kUsage;
      std::exit(2);
    }
  }
  long long number = 0;
  if (!ParseInt(options.seed, -(1LL << 62), 1LL << 62, number)) {
    std::cerr << "error: --seed must be an integer, not " << options.seed << std::endl;
    std::exit(2);
  }
  if (!ParseInt(max_matches, 1, 1024, number)) {
    std::cerr << "error: --max-matches must be a whole number from 1 to 1024" << std::endl;
    std::exit(2);
  }
  options.max_matches = static_cast<int>(number);
  options.retry_for_s = ParseInt(retry, 0, 1LL << 30, number) ? static_cast<int>(number) : 60;
  return options;
}

int Run(const Options& options, const Policy& policy) {
  // gRPC's core logs each failed TLS handshake as an ERROR line, next to the message below that
  // already names the cause; GRPC_VERBOSITY=ERROR brings those lines back.
  setenv("GRPC_VERBOSITY", "NONE", 0);
  Generators generators(options.seed);
  int backoff_ms = kBackoffInitialMs;
  auto last_ok = std::chrono::steady_clock::now();
  for (;;) {
    bool welcomed = false;
    grpc::Status status = ConnectOnce(options, policy, generators, welcomed);
    if (welcomed) {
      backoff_ms = kBackoffInitialMs;
      last_ok = std::chrono::steady_clock::now();
    }
    // A plaintext connection to a TLS port only says "Socket closed": ask the port.
    bool closed = status.error_code() == grpc::StatusCode::UNAVAILABLE && !options.tls_ca &&
                  Contains(Lower(status.error_message()), "socket closed");
    Diagnosis why = Diagnose(status, options, closed && SpeaksTls(options));
    if (why.final) {
      std::cerr << "error: " << why.message << std::endl;
      return 1;
    }
    auto idle = std::chrono::steady_clock::now() - last_ok;
    if (std::chrono::duration_cast<std::chrono::milliseconds>(idle).count() >
        options.retry_for_s * 1000LL) {
      std::cerr << "error: no connection to " << options.address << " for "
                << options.retry_for_s << " s (" << why.message << ")" << std::endl;
      return 1;
    }
    std::cout << "connection ended (" << why.message << "); retrying in " << backoff_ms << " ms"
              << std::endl;
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
    backoff_ms = std::min(backoff_ms * 2, kBackoffMaxMs);
  }
}

}  // namespace arena_bot
