// arena.hpp — the bot protocol (version 1) for C++ bots, shared by every bot of this kit.
//
// A bot is a strategy per game: a function choose(obs, legal) that gets a turn's
// observation and its legal actions (null for games that list none) as JSON values and
// returns its action as a JSON value. main() hands the strategies to arena::run, which talks
// on stdin and stdout, or, given arguments, runs them as a command (ssh -T … bot --game …)
// and talks to it through pipes:
//
//     #include "arena.hpp"
//     using json = nlohmann::json;
//
//     json choose(const json& obs, const json& legal) {
//         return legal[0];
//     }
//
//     int main(int argc, char** argv) {
//         return arena::run(argc, argv, "mybot", {{"sevencolors", choose}});
//     }
//
// Build a bot with arena.cpp beside it (C++17, nlohmann/json: Debian's nlohmann-json3-dev):
//     g++ -std=c++17 -O2 -Wall -o mybot mybot.cpp arena.cpp
//
// arena::run answers every "turn" with the strategy of the game named in "hello", plays
// game after game, logs warnings and results to stderr, skips lines that are not JSON, and
// returns when the server closes the connection. stdout carries protocol only: print your
// debugging with arena::log (stderr), never with std::cout.
//
// In a tournament (the command's words include --tournament) a lost connection (ssh's
// status 255) or a server restarting (status 75) is not the end: run() waits (1 s, 2 s,
// 4 s … up to 30 s, a little jitter) and runs the command again, until 30 minutes pass
// without a connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one
// of these times; it is there for tests.
//
// A new game is a new strategy file next to this one; arena.cpp stays as it is.
#ifndef ARENA_HPP
#define ARENA_HPP

#include <functional>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace arena {

using json = nlohmann::json;

// A Strategy answers one turn: obs is the observation, legal the legal actions (a JSON
// array, or null for games that list none, such as Perfect Aim). It returns the action: a
// number (7), a string ("WAIT"), an object ({"attack": [3, 5]}), as the game wants. A
// strategy that throws sends nothing this turn (the server plays the default); the kit logs
// why.
using Strategy = std::function<json(const json& obs, const json& legal)>;

// run plays with strategies ({game id: choose}) until the server is done and returns the
// exit status for main. name prefixes the log lines ("mybot: game 1: rank 1 of 2, …").
int run(int argc, char** argv, const std::string& name, const std::map<std::string, Strategy>& strategies);

// The clock of the turn being answered, from the turn's "time" field: move_ms is the time
// for this move, bank_ms the bank drawn from beyond it (an empty bank means the default
// action and a strike).
struct Time {
    long move_ms = 0;
    long bank_ms = 0;
};
Time turn_time();

// ms_left is what is left of the turn's move_ms now, counted from the moment the kit read
// the turn (negative when the bank is being used); ms_left_with_bank adds the bank.
long ms_left();
long ms_left_with_bank();

// write_log prints one line for people on stderr, prefixed with the bot's name, in one
// write: the ssh child shares stderr, and a line written in pieces can have the server's
// sentence land in its middle. Use log() below.
void write_log(const std::string& text);

// log prints its arguments, separated by spaces, as one line on stderr:
//     arena::log("turn", id, "playing", colour);
template <typename... Args>
void log(const Args&... args) {
    std::ostringstream line;
    const char* sep = "";
    ((line << sep << args, sep = " "), ...);
    write_log(line.str());
}

}  // namespace arena

#endif
