/*
 * A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 * Plain C99 + POSIX, no library. The protocol loop and the JSON reader are arena.c, shared
 * by every bot of this kit: keep arena.c and arena.h beside this file.
 *
 * Build:             cc -O2 -Wall -o perfectaim_bot perfectaim_bot.c arena.c
 * Run by the arena:  arena match --game perfectaim --seats exec:./perfectaim_bot,zidane --games 12
 * Connect yourself:  ./perfectaim_bot ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
 *                    (the arguments are the command to run; the bot talks to its stdin/stdout)
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* The protocol's names (Tile, Action and colours), in the protocol's order. */
typedef enum {
    FLOOR, WALL, LAVA, DAMAGED_FLOOR, SPEEDBOOST, SPEEDPENALTY, COIN, SUPER_FIREBALL, SHIELD,
    PLAYER_RED, PLAYER_BLUE, PLAYER_YELLOW, PLAYER_GREEN, FIREBALL, UNKNOWN_TILE
} Tile;
static const char *const TILE_NAMES[] = {
    "FLOOR", "WALL", "LAVA", "DAMAGED_FLOOR", "SPEEDBOOST", "SPEEDPENALTY", "COIN", "SUPER_FIREBALL", "SHIELD",
    "PLAYER_RED", "PLAYER_BLUE", "PLAYER_YELLOW", "PLAYER_GREEN", "FIREBALL", NULL};

typedef enum {
    WAIT, MOVE_UP, MOVE_DOWN, MOVE_LEFT, MOVE_RIGHT, ATTACK_UP, ATTACK_DOWN, ATTACK_LEFT, ATTACK_RIGHT
} Action;
static const char *const ACTION_NAMES[] = {
    "WAIT", "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT",
    "ATTACK_UP", "ATTACK_DOWN", "ATTACK_LEFT", "ATTACK_RIGHT", NULL};

typedef enum { RED, BLUE, YELLOW, GREEN, NO_COLOR } Color;
static const char *const COLOR_NAMES[] = {"RED", "BLUE", "YELLOW", "GREEN", NULL};

#define MAX_SIZE 64       /* the board is 21x21; room to spare */
#define MAX_FIREBALLS 256 /* more than can fly at once */

/* An exact fraction such as the time "17/4" (seconds) or a speed "5/4" (actions a second). */
typedef struct {
    long num, den;
} Fraction;

typedef struct {
    Color color;
    int x, y;
    Fraction speed;
    int coins, super_fireballs;
    bool shield;
    Action action; /* the action now ending */
} Player;

typedef struct {
    int x, y;
    Action action; /* its direction, as a move: MOVE_LEFT, … */
    Color sender;
} Fireball;

/* Game is one observation: everything your player sees, at every turn. */
typedef struct {
    Fraction t; /* the decision instant, in seconds */
    int size;
    Player you;
    Tile tile_grid[MAX_SIZE][MAX_SIZE];  /* tile_grid[y][x]: what each cell shows */
    Tile background[MAX_SIZE][MAX_SIZE]; /* background[y][x]: FLOOR, WALL, LAVA or DAMAGED_FLOOR */
    int nplayers;
    Player players[4]; /* the living players, you included, in colour order */
    int nfireballs;
    Fireball fireballs[MAX_FIREBALLS];
} Game;

/* The four directions, in scan order: UP, DOWN, LEFT, RIGHT (the MOVE_ actions). */
static const int DX[] = {0, 0, -1, 1};
static const int DY[] = {-1, 1, 0, 0};

static bool inside(const Game *g, int x, int y) { return x >= 0 && y >= 0 && x < g->size && y < g->size; }

static bool is_player(Tile t) { return t >= PLAYER_RED && t <= PLAYER_GREEN; }

typedef bool Cells[MAX_SIZE][MAX_SIZE];

/* dangerous_cells marks the cells to keep out of: lava, fireballs, and the cell each
 * fireball enters next. */
static void dangerous_cells(const Game *g, Cells bad) {
    memset(bad, 0, sizeof(Cells));
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++)
            bad[y][x] = g->background[y][x] == LAVA;
    for (int i = 0; i < g->nfireballs; i++) {
        const Fireball *f = &g->fireballs[i];
        if (inside(g, f->x, f->y))
            bad[f->y][f->x] = true;
        if (f->action >= MOVE_UP && f->action <= MOVE_RIGHT) {
            int x = f->x + DX[f->action - MOVE_UP], y = f->y + DY[f->action - MOVE_UP];
            if (inside(g, x, y))
                bad[y][x] = true;
        }
    }
}

/* first_step_to searches breadth first from you to the nearest cell where wanted(g, x, y)
 * holds, through cells that are not walls, players (next to you) or bad. It returns the
 * first move (MOVE_UP, …), or WAIT when no such cell can be reached. */
static Action first_step_to(const Game *g, bool (*wanted)(const Game *, int, int), Cells bad) {
    typedef struct {
        int x, y;
        Action first; /* the move out of your cell that leads here */
    } Step;
    Step queue[MAX_SIZE * MAX_SIZE];
    Cells seen;
    int head = 0, tail = 0;
    memset(seen, 0, sizeof seen);
    seen[g->you.y][g->you.x] = true;
    for (int d = 0; d < 4; d++) {
        int x = g->you.x + DX[d], y = g->you.y + DY[d];
        if (!inside(g, x, y) || bad[y][x] || g->tile_grid[y][x] == WALL || is_player(g->tile_grid[y][x]))
            continue;
        seen[y][x] = true;
        queue[tail++] = (Step){x, y, (Action)(MOVE_UP + d)};
    }
    while (head < tail) {
        int x = queue[head].x, y = queue[head].y;
        Action first = queue[head].first;
        head++;
        if (wanted(g, x, y))
            return first;
        for (int d = 0; d < 4; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            if (!inside(g, nx, ny) || seen[ny][nx] || bad[ny][nx] || g->tile_grid[ny][nx] == WALL)
                continue;
            seen[ny][nx] = true;
            queue[tail++] = (Step){nx, ny, first};
        }
    }
    return WAIT;
}

static bool sound_floor(const Game *g, int x, int y) { return g->background[y][x] == FLOOR; }

static bool safe_coin(const Game *g, int x, int y) {
    return g->tile_grid[y][x] == COIN && g->background[y][x] == FLOOR;
}

/* ------------------------------------------------------------------------------------
 * YOUR STRATEGY GOES HERE.
 *
 * g->tile_grid[y][x] is what a cell shows (FLOOR, WALL, COIN, PLAYER_BLUE, FIREBALL, …);
 * g->background[y][x] is FLOOR, WALL, LAVA or DAMAGED_FLOOR (lava next: ring after ring
 * closes in from t = 35 s). g->you is your player (x, y, speed, coins, super_fireballs,
 * shield), g->players[0..nplayers-1] every living player, g->fireballs[0..nfireballs-1]
 * every fireball with its direction (MOVE_LEFT, …) and its thrower. g->t is the time in
 * seconds (t.num / t.den). y = 0 is the top row; MOVE_UP goes to y-1.
 * Return WAIT, MOVE_UP, MOVE_DOWN, MOVE_LEFT, MOVE_RIGHT, ATTACK_UP, … . An invalid action
 * (into a wall or a player, or an attack while your fireball still flies) is played as
 * WAIT, with a warning.
 *
 * This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
 * first gets back to sound floor; otherwise it waits.
 * ------------------------------------------------------------------------------------ */
static Action play_turn(const Game *g) {
    Cells bad;
    dangerous_cells(g, bad);
    if (g->background[g->you.y][g->you.x] == DAMAGED_FLOOR) {
        Action step = first_step_to(g, sound_floor, bad);
        if (step != WAIT)
            return step;
    }
    return first_step_to(g, safe_coin, bad);
}

static Fraction fraction_of(const char *p) {
    Fraction f = {0, 1};
    char buf[64];
    if (arena_string(p, buf, sizeof buf)) {
        char *slash;
        f.num = strtol(buf, &slash, 10);
        if (*slash == '/' && strtol(slash + 1, NULL, 10) > 0)
            f.den = strtol(slash + 1, NULL, 10);
    }
    return f;
}

static Player player_of(const char *p) {
    Player pl;
    pl.color = (Color)arena_name(arena_member(p, "color"), COLOR_NAMES, NO_COLOR);
    pl.x = (int)arena_int(arena_member(p, "x"), 0);
    pl.y = (int)arena_int(arena_member(p, "y"), 0);
    pl.speed = fraction_of(arena_member(p, "speed"));
    pl.coins = (int)arena_int(arena_member(p, "coins"), 0);
    pl.super_fireballs = (int)arena_int(arena_member(p, "super_fireballs"), 0);
    pl.shield = arena_bool(arena_member(p, "shield"));
    pl.action = (Action)arena_name(arena_member(p, "action"), ACTION_NAMES, WAIT);
    return pl;
}

static bool grid_of(const char *p, Tile grid[MAX_SIZE][MAX_SIZE], int size) {
    int y = 0;
    for (const char *row = arena_first(p); row && y < size; row = arena_next(row), y++) {
        int x = 0;
        for (const char *cell = arena_first(row); cell && x < size; cell = arena_next(cell), x++)
            grid[y][x] = (Tile)arena_name(cell, TILE_NAMES, UNKNOWN_TILE);
        if (x != size)
            return false;
    }
    return y == size;
}

/* game_of reads an observation into g; false when it is not one this bot can read. */
static bool game_of(const char *obs, Game *g) {
    g->size = (int)arena_int(arena_member(obs, "size"), 0);
    if (g->size <= 0 || g->size > MAX_SIZE)
        return false;
    g->t = fraction_of(arena_member(obs, "t"));
    g->you = player_of(arena_member(obs, "you"));
    if (!inside(g, g->you.x, g->you.y) || !grid_of(arena_member(obs, "tile_grid"), g->tile_grid, g->size) ||
        !grid_of(arena_member(obs, "background"), g->background, g->size))
        return false;
    g->nplayers = 0;
    for (const char *e = arena_first(arena_member(obs, "players")); e && g->nplayers < 4; e = arena_next(e))
        g->players[g->nplayers++] = player_of(e);
    g->nfireballs = 0;
    for (const char *e = arena_first(arena_member(obs, "fireballs")); e && g->nfireballs < MAX_FIREBALLS; e = arena_next(e)) {
        Fireball *f = &g->fireballs[g->nfireballs++];
        f->x = (int)arena_int(arena_member(e, "x"), -1);
        f->y = (int)arena_int(arena_member(e, "y"), -1);
        f->action = (Action)arena_name(arena_member(e, "action"), ACTION_NAMES, WAIT);
        f->sender = (Color)arena_name(arena_member(e, "sender"), COLOR_NAMES, NO_COLOR);
    }
    return true;
}

/* choose is the strategy arena_run calls each turn: read the observation, answer. */
static bool choose(const char *obs, const char *legal, char *action, size_t n) {
    static Game game; /* large: kept out of the stack */
    (void)legal;      /* Perfect Aim lists no actions: they are checked at the instant */
    if (!game_of(obs, &game))
        return false;
    snprintf(action, n, "\"%s\"", ACTION_NAMES[play_turn(&game)]);
    return true;
}

int main(int argc, char **argv) {
    ArenaBot bots[] = {{"perfectaim", choose}};
    return arena_run(argc, argv, "perfectaim_bot", bots, 1);
}
