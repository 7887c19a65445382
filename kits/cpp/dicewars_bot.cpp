// A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines.
//
// Build (C++17, nlohmann/json):
//     g++ -std=c++17 -O2 -Wall -o dicewars_bot dicewars_bot.cpp arena.cpp
// Run by the arena, which speaks on its stdin and stdout:
//     arena match --game dicewars --seats exec:./dicewars_bot,seed,classic,odds --games 100
// or let it connect itself over SSH (its arguments are the command to run):
//     ./dicewars_bot ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic
//
// stdout carries protocol only: print your debugging to stderr (arena::log does).
// The protocol loop is arena.cpp, shared by every bot of this kit: keep arena.cpp and
// arena.hpp beside this file.
#include <map>

#include "arena.hpp"

using json = nlohmann::json;

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked once per attack, until it answers
// "end".
//
// obs["areas"][i] is area i+1: {"id", "owner" (a seat), "dice" (1..8)};
// obs["adjacency"][i] lists the neighbours of area i+1; obs["you"] is your seat;
// obs["points"][seat] is a seat's largest group of areas (the dice it gains at the end of
// its turn) and obs["stock"][seat] the dice it keeps.
// legal lists every attack you may make, {"attack": [from, to]}, then "end".
//
// This one attacks where it has more dice than the defender, the biggest difference first,
// and ends its turn when there is no such attack.
// ---------------------------------------------------------------------------------------
json choose(const json& obs, const json& legal) {
    std::map<int, int> dice;  // area id → its dice
    for (const json& a : obs["areas"])
        dice[a["id"].get<int>()] = a["dice"].get<int>();
    json best = "end";
    int best_gap = 0;
    for (const json& action : legal) {
        if (action == "end")
            continue;
        int src = action["attack"][0], dst = action["attack"][1];
        int gap = dice[src] - dice[dst];
        if (gap > best_gap) {
            best = action;
            best_gap = gap;
        }
    }
    return best;
}

int main(int argc, char** argv) {
    return arena::run(argc, argv, "dicewars_bot", {{"dicewars", choose}});
}
