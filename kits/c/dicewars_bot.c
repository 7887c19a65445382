/*
 * A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines, around
 * a C interface of its own (the structs SMap, SCell, SCellInfo, SGameState, STurn, and the
 * functions InitGame / PlayTurn). Plain C99 + POSIX, no library. The protocol
 * loop and the JSON reader are arena.c: keep arena.c and arena.h beside this file.
 *
 * Build:             cc -O2 -Wall -o dicewars_bot dicewars_bot.c arena.c
 * Run by the arena:  arena match --game dicewars --seats exec:./dicewars_bot,seed,classic,odds --games 100
 * Connect yourself:  ./dicewars_bot ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* The interface. Area ids run 1..nbCells; cells[i] is area i+1. */
typedef struct {
    unsigned int id;
    unsigned int owner; /* a seat, 0..7 */
    unsigned int nbDices;
} SCellInfo;

typedef struct SCell {
    SCellInfo infos;
    struct SCell **neighbors;
    unsigned int nbNeighbors;
} SCell;

typedef struct {
    SCell *cells;
    unsigned int nbCells;
} SMap;

typedef struct {
    SCellInfo *cells;
    unsigned int nbCells;
    unsigned int points[8];    /* each seat's largest group of areas */
    unsigned int diceStock[8]; /* each seat's dice kept for later */
} SGameState;

typedef struct {
    unsigned int cellFrom;
    unsigned int cellTo;
} STurn;

/* ------------------------------------------------------------------------------------
 * YOUR STRATEGY GOES HERE: InitGame and PlayTurn, with these prototypes. Paste yours.
 *
 * InitGame is called when a game starts (id is your seat), with the map, which does not
 * change during the game. PlayTurn is called once per attack: return 1 with turn filled to
 * attack turn->cellTo from turn->cellFrom, or 0 to end your turn. An attack the rules refuse
 * ends your turn too (the arena tells you why on stderr).
 *
 * This one attacks where it has more dice than the defender, the biggest difference first.
 * ------------------------------------------------------------------------------------ */
static unsigned int my_id;
static const SMap *my_map;

void InitGame(unsigned int id, unsigned int nbPlayer, const SMap *map) {
    (void)nbPlayer;
    my_id = id;
    my_map = map;
}

int PlayTurn(unsigned int gameTurn, const SGameState *state, STurn *turn) {
    (void)gameTurn;
    int best_gap = 0;
    for (unsigned int i = 0; i < my_map->nbCells; i++) {
        const SCellInfo *a = &state->cells[i];
        if (a->owner != my_id || a->nbDices < 2)
            continue;
        const SCell *cell = &my_map->cells[i];
        for (unsigned int k = 0; k < cell->nbNeighbors; k++) {
            const SCellInfo *t = &state->cells[cell->neighbors[k]->infos.id - 1];
            int gap = (int)a->nbDices - (int)t->nbDices;
            if (t->owner != my_id && gap > best_gap) {
                best_gap = gap;
                turn->cellFrom = a->id;
                turn->cellTo = t->id;
            }
        }
    }
    return best_gap > 0;
}

/* --- the protocol loop around the interface: nothing to change below ---------------- */

#define MAX_AREAS 256
#define MAX_LINKS 16

static SCell map_cells[MAX_AREAS];
static SCell *links[MAX_AREAS][MAX_LINKS];
static SMap map = {map_cells, 0};
static SCellInfo infos[MAX_AREAS];
static char last_adjacency[1 << 14];
static long last_you = -1;

static bool choose(const char *obs, const char *legal, char *action, size_t n) {
    (void)legal;
    long you = arena_int(arena_member(obs, "you"), 0);
    char adjacency[sizeof last_adjacency];
    if (!arena_raw(arena_member(obs, "adjacency"), adjacency, sizeof adjacency))
        return false;
    SGameState state = {infos, 0, {0}, {0}};
    unsigned int count = 0;
    for (const char *a = arena_first(arena_member(obs, "areas")); a && count < MAX_AREAS; a = arena_next(a), count++) {
        infos[count].id = (unsigned int)arena_int(arena_member(a, "id"), 0);
        infos[count].owner = (unsigned int)arena_int(arena_member(a, "owner"), 0);
        infos[count].nbDices = (unsigned int)arena_int(arena_member(a, "dice"), 0);
        map_cells[count].infos = infos[count];
    }
    state.nbCells = map.nbCells = count;
    unsigned int k = 0;
    for (const char *v = arena_first(arena_member(obs, "points")); v && k < 8; v = arena_next(v), k++)
        state.points[k] = (unsigned int)arena_int(v, 0);
    k = 0;
    for (const char *v = arena_first(arena_member(obs, "stock")); v && k < 8; v = arena_next(v), k++)
        state.diceStock[k] = (unsigned int)arena_int(v, 0);
    /* A new map or a new seat is a new game: build the neighbour lists and call InitGame. */
    if (you != last_you || strcmp(adjacency, last_adjacency) != 0) {
        unsigned int i = 0;
        for (const char *list = arena_first(arena_member(obs, "adjacency")); list && i < count; list = arena_next(list), i++) {
            unsigned int nb = 0;
            for (const char *v = arena_first(list); v && nb < MAX_LINKS; v = arena_next(v)) {
                long id = arena_int(v, 0);
                if (id >= 1 && id <= (long)count)
                    links[i][nb++] = &map_cells[id - 1];
            }
            map_cells[i].neighbors = links[i];
            map_cells[i].nbNeighbors = nb;
        }
        unsigned int players = 0;
        for (const char *v = arena_first(arena_member(obs, "order")); v; v = arena_next(v))
            players++;
        strcpy(last_adjacency, adjacency);
        last_you = you;
        InitGame((unsigned int)you, players, &map);
    }
    STurn turn = {0, 0};
    if (PlayTurn((unsigned int)arena_int(arena_member(obs, "round"), 1), &state, &turn))
        snprintf(action, n, "{\"attack\":[%u,%u]}", turn.cellFrom, turn.cellTo);
    else
        snprintf(action, n, "\"end\"");
    return true;
}

int main(int argc, char **argv) {
    ArenaBot bots[] = {{"dicewars", choose}};
    return arena_run(argc, argv, "dicewars_bot", bots, 1);
}
