// A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.
//
// Build (C++17, nlohmann/json):
//     g++ -std=c++17 -O2 -Wall -o perfectaim_bot perfectaim_bot.cpp arena.cpp
// Run by the arena, which speaks on its stdin and stdout:
//     arena match --game perfectaim --seats exec:./perfectaim_bot,zidane --games 12
// or let it connect itself over SSH (its arguments are the command to run):
//     ./perfectaim_bot ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
//
// stdout carries protocol only: print your debugging to stderr (arena::log does).
// The protocol loop is arena.cpp, shared by every bot of this kit: keep arena.cpp and
// arena.hpp beside this file.
#include <deque>
#include <functional>
#include <set>
#include <string>
#include <utility>

#include "arena.hpp"

using json = nlohmann::json;

// The four directions, in scan order, and what each does to (x, y).
struct Step {
    const char* name;
    int dx, dy;
};
const Step STEPS[] = {{"UP", 0, -1}, {"DOWN", 0, 1}, {"LEFT", -1, 0}, {"RIGHT", 1, 0}};

using Cell = std::pair<int, int>;  // (x, y)

// The tile at (x, y) of a grid, as a string ("FLOOR", "WALL", "COIN", …).
std::string tile(const json& grid, int x, int y) { return grid[y][x].get<std::string>(); }

// dangerous_cells are the cells to keep out of: lava, fireballs, and the cell each fireball
// enters next.
std::set<Cell> dangerous_cells(const json& obs) {
    std::set<Cell> bad;
    const json& bg = obs["background"];
    for (int y = 0; y < static_cast<int>(bg.size()); y++)
        for (int x = 0; x < static_cast<int>(bg[y].size()); x++)
            if (tile(bg, x, y) == "LAVA")
                bad.insert({x, y});
    for (const json& f : obs.value("fireballs", json::array())) {
        int x = f["x"], y = f["y"];
        bad.insert({x, y});
        for (const Step& s : STEPS)
            if (f.value("action", "") == std::string("MOVE_") + s.name)
                bad.insert({x + s.dx, y + s.dy});
    }
    return bad;
}

// first_step_to searches breadth first from you to the nearest cell where wanted(x, y)
// holds, through cells that are not walls, players or bad. It returns the first move
// ("MOVE_UP", …), or "" when no such cell can be reached.
std::string first_step_to(const json& obs, const std::function<bool(int, int)>& wanted, const std::set<Cell>& bad) {
    const json& me = obs["you"];
    const json& grid = obs["tile_grid"];
    int size = obs["size"];
    Cell start{me["x"], me["y"]};
    std::set<Cell> seen{start};
    struct Item {
        int x, y;
        std::string first;
    };
    std::deque<Item> queue;
    auto inside = [size](int x, int y) { return 0 <= x && x < size && 0 <= y && y < size; };
    for (const Step& s : STEPS) {
        int x = start.first + s.dx, y = start.second + s.dy;
        if (inside(x, y) && !bad.count({x, y}) && tile(grid, x, y) != "WALL" && tile(grid, x, y).rfind("PLAYER_", 0) != 0) {
            seen.insert({x, y});
            queue.push_back({x, y, std::string("MOVE_") + s.name});
        }
    }
    while (!queue.empty()) {
        Item item = queue.front();
        queue.pop_front();
        if (wanted(item.x, item.y))
            return item.first;
        for (const Step& s : STEPS) {
            int nx = item.x + s.dx, ny = item.y + s.dy;
            if (seen.count({nx, ny}) || !inside(nx, ny))
                continue;
            if (bad.count({nx, ny}) || tile(grid, nx, ny) == "WALL")
                continue;
            seen.insert({nx, ny});
            queue.push_back({nx, ny, item.first});
        }
    }
    return "";
}

// ---------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// obs["tile_grid"][y][x] is what a cell shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE",
// "FIREBALL", …); obs["background"][y][x] is FLOOR, WALL, LAVA or DAMAGED_FLOOR (lava
// next: ring after ring closes in from t = 35 s). obs["you"] is your player (x, y,
// speed, coins, super_fireballs, shield), obs["players"] every living player,
// obs["fireballs"] every fireball with its direction ("MOVE_LEFT", …) and its thrower.
// obs["t"] is the time, "num/den" seconds.
// (No legal list: legal is null; actions are checked at the instant.) Return "WAIT",
// "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … .
// An invalid action (into a wall or a player, or an attack while your fireball still
// flies) is played as WAIT, with a warning.
//
// This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
// first gets back to sound floor; otherwise it waits.
// ---------------------------------------------------------------------------------------
json choose(const json& obs, const json& legal) {
    (void)legal;
    const json& me = obs["you"];
    const json& bg = obs["background"];
    const json& grid = obs["tile_grid"];
    std::set<Cell> bad = dangerous_cells(obs);
    if (tile(bg, me["x"], me["y"]) == "DAMAGED_FLOOR") {
        std::string step = first_step_to(obs, [&](int x, int y) { return tile(bg, x, y) == "FLOOR"; }, bad);
        if (!step.empty())
            return step;
    }
    std::string step =
        first_step_to(obs, [&](int x, int y) { return tile(grid, x, y) == "COIN" && tile(bg, x, y) == "FLOOR"; }, bad);
    return step.empty() ? "WAIT" : step;
}

int main(int argc, char** argv) {
    return arena::run(argc, argv, "perfectaim_bot", {{"perfectaim", choose}});
}
