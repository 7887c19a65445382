// A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.
//
// Build (C++17, nlohmann/json):  g++ -std=c++17 -O2 -Wall -o mybot mybot.cpp arena.cpp
// Run by the arena, which speaks on its stdin and stdout:
//     arena match --game sevencolors --seats exec:./mybot,greedy --games 100
// or let it connect itself over SSH (its arguments are the command to run):
//     ./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
//
// stdout carries protocol only: print your debugging to stderr (arena::log does).
// The protocol loop is arena.cpp, shared by every bot of this kit: keep arena.cpp and
// arena.hpp beside this file.
#include <utility>
#include <vector>

#include "arena.hpp"

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs["board"][y][x] is a cell, rows top to bottom: 0 empty, 1 player 1 ('^', starts
// bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
// obs["you"] is your code (1 or 2), obs["size"] the width N. Read a number with
// obs["board"][y][x].get<int>() (or int cell = obs["board"][y][x];).
// legal lists the colours that capture something (all of 3..9 when none does).
// Return one colour, 3..9. A colour that touches nothing loses your turn.
// arena::ms_left() is what is left of this move's time, in milliseconds.
//
// This one is greedy: it plays the colour that captures the most cells now. Beat it.
// ---------------------------------------------------------------------------------------

// captured counts the cells of colour that playing it takes: those joined to your
// territory through cells of that colour.
static int captured(const json& obs, int colour) {
    const json& board = obs["board"];
    int n = static_cast<int>(board.size()), me = obs["you"].get<int>(), taken = 0;
    std::vector<bool> seen(n * n);
    std::vector<std::pair<int, int>> todo;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            if (board[y][x].get<int>() == me) {
                seen[y * n + x] = true;
                todo.emplace_back(x, y);
            }
    const int steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    while (!todo.empty()) {
        auto [cx, cy] = todo.back();
        todo.pop_back();
        for (const auto& d : steps) {
            int x = cx + d[0], y = cy + d[1];
            if (x < 0 || y < 0 || x >= n || y >= n || seen[y * n + x] || board[y][x].get<int>() != colour)
                continue;
            seen[y * n + x] = true;
            todo.emplace_back(x, y);
            taken++;
        }
    }
    return taken;
}

json choose(const json& obs, const json& legal) {
    int best = legal[0].get<int>(), most = -1;
    for (const auto& c : legal) {
        int n = captured(obs, c.get<int>());
        if (n > most) {
            best = c.get<int>();
            most = n;
        }
    }
    return best;
}

int main(int argc, char** argv) {
    return arena::run(argc, argv, "mybot", {{"sevencolors", choose}});
}
