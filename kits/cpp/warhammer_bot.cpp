// A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.
//
// Build (C++17, nlohmann/json):
//     g++ -std=c++17 -O2 -Wall -o warhammer_bot warhammer_bot.cpp arena.cpp
// Run by the arena, which speaks on its stdin and stdout:
//     arena match --game warhammer --seats exec:./warhammer_bot,hunter,random --games 100
// or let it connect itself over SSH (its arguments are the command to run):
//     ./warhammer_bot ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter
//
// stdout carries protocol only: print your debugging to stderr (arena::log does).
// The protocol loop is arena.cpp, shared by every bot of this kit: keep arena.cpp and
// arena.hpp beside this file.
#include <vector>

#include "arena.hpp"

using json = nlohmann::json;

// The eight directions in the assignment's order: right, up-right, up, up-left, left,
// down-left, down, down-right, as (row, column) steps; row 0 is the top.
const int DIRECTIONS[8][2] = {{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}};

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: the assignment's function, my_ai_play(map, height, width).
//
// map has height rows of width ints; height is the board's size T and width is T + N for
// N players:
//   map[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
//                         octagon
//   map[0][T + k]         1 if player k is alive, 0 if dead
//   map[1][T + k]         its row;  map[2][T + k] its column (the dead keep theirs)
// Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
//
// Return a code 0..95 = 8 * first + hammer:
//   first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
//   hammer  0..7 the eight directions, from where you stand after the first choice
// A code outside 0..95 (or no answer in time) is a death, as the assignment says.
//
// This one steps to the soundest free cell around it, then brings the hammer down on an
// opponent standing next to it if there is one, else on the weakest standing cell around.
// ---------------------------------------------------------------------------------------
int my_ai_play(const std::vector<std::vector<int>>& map, int height, int width) {
    int size = height, players = width - height;
    int row = map[1][size], col = map[2][size];

    auto standing = [&](int r, int c) { return 0 <= r && r < size && 0 <= c && c < size && map[r][c] > 0; };
    auto occupied = [&](int r, int c) {
        for (int k = 0; k < players; k++)
            if (map[0][size + k] && map[1][size + k] == r && map[2][size + k] == c)
                return true;
        return false;
    };

    int best_code = 0, best_score = -1;
    for (int step = 0; step < 8; step++) {
        int r = row + DIRECTIONS[step][0], c = col + DIRECTIONS[step][1];
        if (!standing(r, c) || occupied(r, c))
            continue;
        for (int hammer = 0; hammer < 8; hammer++) {
            int hr = r + DIRECTIONS[hammer][0], hc = c + DIRECTIONS[hammer][1];
            if (!standing(hr, hc))
                continue;  // the void or a hole: the hammer would kill us
            int score = 10 * map[r][c] + (occupied(hr, hc) ? 100 : 5 - map[hr][hc]);
            if (score > best_score) {
                best_code = 8 * (4 + step) + hammer;
                best_score = score;
            }
        }
    }
    return best_code;
}

// choose hands the turn's matrix to my_ai_play: nothing to change here for War Hammer.
json choose(const json& obs, const json& legal) {
    (void)legal;
    auto matrix = obs["matrix"].get<std::vector<std::vector<int>>>();
    int size = obs["size"], players = obs["players"];
    return my_ai_play(matrix, size, size + players);
}

int main(int argc, char** argv) {
    return arena::run(argc, argv, "warhammer_bot", {{"warhammer", choose}});
}
