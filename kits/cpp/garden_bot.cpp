// A Garden Tensions bot for the arena, speaking the bot protocol (version 1) in JSON lines.
//
// Build (C++17, nlohmann/json):
//     g++ -std=c++17 -O2 -Wall -o garden_bot garden_bot.cpp arena.cpp
// Run by the arena, which speaks on its stdin and stdout:
//     arena match --game garden --seats exec:./garden_bot,heuristic --games 100
// or let it connect itself over SSH (its arguments are the command to run):
//     ./garden_bot ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic
//
// stdout carries protocol only: print your debugging to stderr (arena::log does).
// The protocol loop is arena.cpp, shared by every bot of this kit: keep arena.cpp and
// arena.hpp beside this file.
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "arena.hpp"

using json = nlohmann::json;

// cell_of is the observation's cell at (r, q), or null.
const json* cell_of(const json& obs, int r, int q) {
    for (const json& c : obs["cells"])
        if (c["r"] == r && c["q"] == q)
            return &c;
    return nullptr;
}

// words splits a command ("move 2 0 2 1") at its spaces.
std::vector<std::string> words(const std::string& command) {
    std::istringstream in(command);
    std::vector<std::string> all;
    for (std::string w; in >> w;)
        all.push_back(w);
    return all;
}

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE: choose(obs, legal) is asked for every decision: the clan first,
// then each conquest action until you answer "end" (5 at most a turn), then each creature
// of your reinforcement ("place r q") until none is left or you answer "end".
//
// obs["phase"] is "clan", "conquest" or "reinforcement"; obs["you"] your seat.
// obs["cells"] are the 29 cells: {"id", "r", "q", "adj" (the neighbours' ids), "kind"
// (simple, sky, candy, bbq, pool), "terrain", "resource", "yield", "owner" (a seat, -1 for
// empty), "creatures", "status", "timer", "forged", "immobile"}; cells[i]["id"] == i.
// obs["players"][seat] is {"clan", "food", "metal", "stone", "wood", "points", "pending"}.
// legal lists every command you may send now, as strings: "clan miners", "move 2 0 2 1",
// "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2 2 2 3" for the
// Lumberjacks), "place 2 1", and "end" (last).
//
// This one takes the first clan offered. In conquest it fires the first BBQ, Pool, pillage
// or zone attack offered (they cost resources or points it would not use otherwise); else
// attacks where its creatures outnumber the defender's most (the first such on ties); else
// moves into the first empty cell it may; else ends. Sky is yours to add. It places each
// creature on its weakest cell next to the enemy, else its weakest cell.
// ---------------------------------------------------------------------------------------
json choose(const json& obs, const json& legal) {
    std::string phase = obs["phase"];
    if (phase == "clan")
        return legal[0];
    int me = obs["you"];
    if (phase == "reinforcement") {
        std::string best = "end";
        std::pair<int, int> best_key;
        bool found = false;
        for (const json& action : legal) {
            std::vector<std::string> w = words(action);
            if (w.size() != 3 || w[0] != "place")
                continue;
            const json* c = cell_of(obs, std::stoi(w[1]), std::stoi(w[2]));
            if (!c)
                continue;
            bool front = false;
            for (const json& n : (*c)["adj"])
                front = front || obs["cells"][n.get<int>()]["owner"] == 1 - me;
            std::pair<int, int> key{front ? 0 : 1, (*c)["creatures"]};  // the front first, then the weakest
            if (!found || key < best_key) {
                best = action;
                best_key = key;
                found = true;
            }
        }
        return best;
    }
    json attack, expand;
    int best_gap = 0;
    for (const json& action : legal) {
        std::vector<std::string> w = words(action);
        if (w.empty())
            continue;
        if (w[0] == "bbq" || w[0] == "pool" || w[0] == "pillage" || w[0] == "zone")
            return action;
        if (w[0] != "move" || w.size() != 5)
            continue;
        const json* src = cell_of(obs, std::stoi(w[1]), std::stoi(w[2]));
        const json* dst = cell_of(obs, std::stoi(w[3]), std::stoi(w[4]));
        if (!src || !dst)
            continue;
        int gap = (*src)["creatures"].get<int>() - (*dst)["creatures"].get<int>();
        if ((*dst)["owner"] == -1) {
            if (expand.is_null())
                expand = action;
        } else if (gap > best_gap) {
            attack = action;
            best_gap = gap;
        }
    }
    if (!attack.is_null())
        return attack;
    if (!expand.is_null())
        return expand;
    return "end";
}

int main(int argc, char** argv) {
    return arena::run(argc, argv, "garden_bot", {{"garden", choose}});
}
