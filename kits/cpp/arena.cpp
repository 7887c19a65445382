// arena.cpp — the bot protocol (version 1) for C++ bots: the loop every bot of this kit
// shares (reading lines, answering turns with the strategy of the game named in "hello",
// logging, connecting over SSH, reconnecting in a tournament). See arena.hpp.
// C++17 and POSIX; JSON with nlohmann/json.
#include "arena.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace arena {

namespace {

using Clock = std::chrono::steady_clock;

std::string bot_name = "bot";
Time current_time;
Clock::time_point turn_read = Clock::now();

// A line of input, without its '\n'; false at the end of the input.
bool read_line(FILE* in, std::string& line) {
    static char* buf = nullptr;
    static size_t cap = 0;
    ssize_t n = getline(&buf, &cap, in);
    if (n <= 0)
        return false;
    if (buf[n - 1] == '\n')
        n--;
    line.assign(buf, static_cast<size_t>(n));
    return true;
}

// send writes one line and flushes it; false when the connection is gone.
bool send(FILE* out, const std::string& line) {
    if (std::fwrite(line.data(), 1, line.size(), out) != line.size() || std::fputc('\n', out) == EOF)
        return false;
    return std::fflush(out) == 0;
}

std::string dump(const json& value) {
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string text_of(const json& msg, const char* key) {
    auto it = msg.find(key);
    if (it == msg.end())
        return "";
    return it->is_string() ? it->get<std::string>() : dump(*it);
}

long number_of(const json& value, const char* key, long def) {
    auto it = value.find(key);
    return it != value.end() && it->is_number() ? it->get<long>() : def;
}

// What play saw of a connection, for the reconnecting loop.
struct Seen {
    bool hello = false;
    bool start = false;
};

// play answers turns until the server closes the connection and returns an exit status.
int play(FILE* in, FILE* out, const std::map<std::string, Strategy>& strategies, Seen& seen) {
    const Strategy* choose = nullptr;
    long seat = -1;
    int games = 0, wins = 0;
    std::string line;
    while (read_line(in, line)) {
        Clock::time_point read_at = Clock::now();
        json msg = json::parse(line, nullptr, false);
        if (msg.is_discarded()) {
            log("not JSON, skipped: " + line.substr(0, 80));
            continue;
        }
        if (!msg.is_object())
            continue;
        std::string type = text_of(msg, "type");
        if (type == "hello") {
            seen.hello = true;
            std::string game = text_of(msg, "game");
            auto it = strategies.find(game);
            if (it == strategies.end()) {
                std::string plays;
                for (const auto& s : strategies)
                    plays += (plays.empty() ? "" : ", ") + s.first;
                log("error: this bot has no strategy for " + game + " (it plays " + plays + ")");
                return 1;
            }
            choose = &it->second;
        } else if (type == "turn") {
            if (!choose || !msg.contains("match") || !msg.contains("id"))
                continue;
            current_time = Time{};
            if (auto t = msg.find("time"); t != msg.end() && t->is_object())
                current_time = Time{number_of(*t, "move_ms", 0), number_of(*t, "bank_ms", 0)};
            turn_read = read_at;
            json none;
            auto legal = msg.find("legal");
            auto obs = msg.find("obs");
            json action;
            try {
                action = (*choose)(obs != msg.end() ? *obs : none, legal != msg.end() ? *legal : none);
            } catch (const std::exception& e) {
                log("no answer to turn " + dump(msg["id"]) + ": the strategy threw: " + e.what());
                continue;
            }
            std::string answer = "{\"type\":\"action\",\"match\":" + dump(msg["match"]) + ",\"id\":" + dump(msg["id"]) +
                                 ",\"action\":" + dump(action) + "}";
            if (!send(out, answer))
                return 0;  // the connection went away as we answered: its end says why
        } else if (type == "start") {
            seen.start = true;
            seat = number_of(msg, "seat", -1);
        } else if (type == "end") {
            games++;
            json outcome = msg.value("outcome", json());
            json ranks = outcome.is_object() ? outcome.value("ranks", json::array()) : json::array();
            json scores = outcome.is_object() ? outcome.value("scores", json::array()) : json::array();
            if (seat >= 0 && ranks.is_array() && seat < static_cast<long>(ranks.size()) && ranks[seat].is_number()) {
                long rank = ranks[seat].get<long>(), firsts = 0;
                for (const auto& r : ranks)
                    firsts += r.is_number() && r.get<long>() == 1;
                if (rank == 1 && firsts == 1)
                    wins++;
                std::string list;
                for (const auto& s : scores)
                    list += " " + dump(s);
                log("game " + std::to_string(games) + ": rank " + std::to_string(rank) + " of " +
                    std::to_string(ranks.size()) + ", scores" + list + " (" + std::to_string(wins) + " won so far)");
            } else {
                log("game " + std::to_string(games) + " ended without you: " + text_of(msg, "note"));
            }
        } else if (type == "warn") {
            log("warning " + text_of(msg, "code") + ": " + text_of(msg, "msg"));
        } else if (type == "error") {
            log("error: " + text_of(msg, "msg"));
            return 1;
        }
        // pong needs no answer; unknown types are ignored (forward compatible).
    }
    return 0;
}

// connect_once runs the command (ssh …) and plays through two pipes to it. It returns the
// bot's status and sets command_status to the command's exit status (-1 when it did not
// exit, 127 when it could not be started).
int connect_once(const std::vector<std::string>& command, const std::map<std::string, Strategy>& strategies, Seen& seen,
                 int& command_status) {
    command_status = -1;
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) {
        log(std::string("cannot make a pipe: ") + std::strerror(errno));
        return 1;
    }
    // The command gets its ends as its stdin and stdout, and none of the four as they are.
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]})
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    std::vector<char*> argv;
    for (const auto& word : command)
        argv.push_back(const_cast<char*>(word.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    pid_t pid;
    int err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    if (err != 0) {
        close(to_child[1]);
        close(from_child[0]);
        log("cannot run " + command[0] + ": " + std::strerror(err));
        command_status = 127;
        return 1;
    }
    FILE* in = fdopen(from_child[0], "r");
    FILE* out = fdopen(to_child[1], "w");
    int status = 1;
    if (in && out)
        status = play(in, out, strategies, seen);
    else
        log("cannot read the command's output");
    if (out)
        std::fclose(out);  // ssh is gone already, or it now sees the end of its input
    else
        close(to_child[1]);
    if (in)
        std::fclose(in);
    else
        close(from_child[0]);
    int child;
    while (waitpid(pid, &child, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(child))
        command_status = WEXITSTATUS(child);
    return status;
}

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// reconnecting connects with the command again and again while it ends with ssh's
// "connection lost" (255) or the server's "I am shutting down, come back" (75,
// EX_TEMPFAIL), and returns the exit status once it ends otherwise, or after 30 minutes
// without a connection. The wait doubles from 1 s to 30 s (plus up to a fifth, so that a
// class does not come back in step) and starts again from 1 s after a connection that
// lasted a minute or played a game. ARENA_RECONNECT_BASE (milliseconds, default 1000)
// scales every one of these times; it is there for tests.
int reconnecting(const std::vector<std::string>& command, const std::map<std::string, Strategy>& strategies) {
    double base = 0;
    if (const char* env = std::getenv("ARENA_RECONNECT_BASE")) {
        char* end;
        base = std::strtod(env, &end) / 1000;
        if (end == env || *end)
            base = 0;
    }
    if (base <= 0)
        base = 1;
    std::mt19937 rng(std::random_device{}());
    int failures = 0;
    Clock::time_point connected = Clock::now();  // the end of the last connection that got its hello
    for (;;) {
        Seen seen;
        Clock::time_point began = Clock::now();
        int command_status;
        int status = connect_once(command, strategies, seen, command_status);
        if (command_status != 255 && command_status != 75)
            return status ? status : command_status > 0 ? command_status : 0;
        if (seen.hello)
            connected = Clock::now();
        if (seen.start || seconds_since(began) >= 60 * base)
            failures = 0;
        if (seconds_since(connected) >= 1800 * base) {
            char minutes[32];
            std::snprintf(minutes, sizeof minutes, "%g", 1800 * base / 60);
            log(std::string("no connection to the tournament for ") + minutes +
                " min: giving up (run the same command again to rejoin)");
            return command_status;
        }
        double delay = std::min(base * static_cast<double>(1L << std::min(failures, 5)), 30 * base);
        delay += std::uniform_real_distribution<double>(0, delay / 5)(rng);
        failures++;
        char text[128];
        std::snprintf(text, sizeof text, "%s (status %d); reconnecting in %.1f s\xe2\x80\xa6",
                      command_status == 255 ? "connection lost" : "the server is restarting", command_status, delay);
        log(text);
        std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    }
}

}  // namespace

void write_log(const std::string& text) {
    std::string line = bot_name + ": " + text + "\n";
    std::fflush(stderr);
    const char* p = line.data();
    size_t left = line.size();
    while (left > 0) {
        ssize_t n = write(STDERR_FILENO, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        p += n;
        left -= static_cast<size_t>(n);
    }
}

Time turn_time() { return current_time; }

long ms_left() {
    long elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn_read).count();
    return current_time.move_ms - elapsed;
}

long ms_left_with_bank() { return ms_left() + current_time.bank_ms; }

int run(int argc, char** argv, const std::string& name, const std::map<std::string, Strategy>& strategies) {
    bot_name = name;
    std::signal(SIGPIPE, SIG_IGN);  // a closed connection ends the loop instead of the process
    std::vector<std::string> command(argv + 1, argv + argc);
    for (const auto& word : command)
        if (word.find("--tournament") != std::string::npos)
            return reconnecting(command, strategies);
    Seen seen;
    if (!command.empty()) {
        // Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
        int command_status;
        int status = connect_once(command, strategies, seen, command_status);
        return status ? status : command_status > 0 ? command_status : 0;
    }
    return play(stdin, stdout, strategies, seen);
}

}  // namespace arena
