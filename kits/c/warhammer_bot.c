/*
 * A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 * Plain C99 + POSIX, no library. The protocol loop and the JSON reader are arena.c, shared
 * by every bot of this kit: keep arena.c and arena.h beside this file.
 *
 * Build:             cc -O2 -Wall -o warhammer_bot warhammer_bot.c arena.c
 * Run by the arena:  arena match --game warhammer --seats exec:./warhammer_bot,hunter,random --games 100
 * Connect yourself:  ./warhammer_bot ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter
 *                    (the arguments are the command to run; the bot talks to its stdin/stdout)
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#include <stdio.h>
#include <stdlib.h>

#include "arena.h"

/* ------------------------------------------------------------------------------------
 * YOUR STRATEGY GOES HERE: the assignment's function, with the assignment's prototype.
 * Paste yours in place of this one; it plays unchanged.
 *
 * map has height rows of width ints; height is the board's size T and width is T + N for
 * N players:
 *   map[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
 *                         octagon; r = 0 is the top row
 *   map[0][T + k]         1 if player k is alive, 0 if dead
 *   map[1][T + k]         its row;  map[2][T + k] its column (the dead keep theirs)
 * Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
 *
 * Return a code 0..95 = 8 * first + hammer:
 *   first   0..3 a grenade right, up, left, down; 4..11 a step right, up-right, up,
 *           up-left, left, down-left, down, down-right
 *   hammer  0..7 the same eight directions, from where you stand after the first choice
 * A code outside 0..95 (or no answer in time) is a death, as the assignment says.
 *
 * This one steps to the soundest free cell around it, then brings the hammer down on an
 * opponent standing next to it if there is one, else on the weakest standing cell around.
 * ------------------------------------------------------------------------------------ */
static const int DR[8] = {0, -1, -1, -1, 0, 1, 1, 1}; /* right, up-right, up, up-left, … */
static const int DC[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static int occupied(int **map, int size, int nplayers, int r, int c) {
    for (int k = 0; k < nplayers; k++)
        if (map[0][size + k] && map[1][size + k] == r && map[2][size + k] == c)
            return 1;
    return 0;
}

int my_ai_play(int **map, int height, int width) {
    int size = height, nplayers = width - height;
    int row = map[1][size], col = map[2][size];
    int best_code = 0, best_score = -1;
    for (int step = 0; step < 8; step++) {
        int r = row + DR[step], c = col + DC[step];
        if (r < 0 || c < 0 || r >= size || c >= size || map[r][c] == 0 || occupied(map, size, nplayers, r, c))
            continue;
        for (int h = 0; h < 8; h++) {
            int hr = r + DR[h], hc = c + DC[h];
            if (hr < 0 || hc < 0 || hr >= size || hc >= size || map[hr][hc] == 0)
                continue; /* the void or a hole: the hammer would kill us */
            int score = 10 * map[r][c] + (occupied(map, size, nplayers, hr, hc) ? 100 : 5 - map[hr][hc]);
            if (score > best_score) {
                best_score = score;
                best_code = 8 * (4 + step) + h;
            }
        }
    }
    return best_code;
}

/* --- reading a turn for my_ai_play: nothing to change below ------------------------- */

/* choose is the strategy arena_run calls each turn: the matrix of the turn's observation is
 * handed to my_ai_play as the assignment's int **map, and its code goes back. */
static bool choose(const char *obs, const char *legal, char *action, size_t n) {
    (void)legal;
    static int *cells;
    static int **rows;
    static int cap_cells, cap_rows;
    int size = (int)arena_int(arena_member(obs, "size"), 0);
    int nplayers = (int)arena_int(arena_member(obs, "players"), 0);
    int width = size + nplayers;
    if (size <= 0 || size > 1000 || nplayers <= 0 || nplayers > 8)
        return false;
    if (size * width > cap_cells) {
        int *grown = realloc(cells, sizeof(int) * size * width);
        if (!grown)
            return false;
        cells = grown;
        cap_cells = size * width;
    }
    if (size > cap_rows) {
        int **grown = realloc(rows, sizeof(int *) * size);
        if (!grown)
            return false;
        rows = grown;
        cap_rows = size;
    }
    int r = 0;
    for (const char *line = arena_first(arena_member(obs, "matrix")); line && r < size; line = arena_next(line), r++) {
        rows[r] = cells + r * width;
        int c = 0;
        for (const char *v = arena_first(line); v && c < width; v = arena_next(v), c++)
            rows[r][c] = (int)arena_int(v, 0);
        if (c != width)
            return false;
    }
    if (r != size)
        return false;
    snprintf(action, n, "%d", my_ai_play(rows, size, width));
    return true;
}

int main(int argc, char **argv) {
    ArenaBot bots[] = {{"warhammer", choose}};
    return arena_run(argc, argv, "warhammer_bot", bots, 1);
}
