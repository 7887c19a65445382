/*
 * A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 * Plain C99 + POSIX, no library. The protocol loop and the JSON reader are arena.c, shared
 * by every bot of this kit: keep arena.c and arena.h beside this file.
 *
 * Build:             cc -O2 -Wall -o mybot mybot.c arena.c
 * Run by the arena:  arena match --game sevencolors --seats exec:./mybot,greedy --games 100
 * Connect yourself:  ./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
 *                    (the arguments are the command to run; the bot talks to its stdin/stdout)
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#include <stdio.h>
#include <stdlib.h>

#include "arena.h"

/* The board: cell codes 0..9 (0 empty, 1 and 2 the players, 3..9 the colours). */
typedef enum { ERROR = -1, EMPTY, PLAYER_1, PLAYER_2, RED, GREEN, BLUE, YELLOW, MAGENTA, CYAN, WHITE } Color;
typedef struct {
    Color *map; /* size*size cells, row-major: map[y*size+x] */
    int size;
} GameState;

static Color get_map_value(GameState *state, int x, int y) { return state->map[y * state->size + x]; }

/* ------------------------------------------------------------------------------------
 * YOUR STRATEGY GOES HERE.
 *
 * state is the whole board (get_map_value(state, x, y); y = 0 is the top row), player your
 * code (PLAYER_1 starts bottom-left, PLAYER_2 top-right). legal lists the colours (RED..WHITE,
 * 3..9) that capture something; when none does it lists them all. Return one colour: one
 * that touches nothing loses your turn. A `Color ai(GameState*, Color)` ports here as is.
 * ------------------------------------------------------------------------------------ */
/* captured counts the cells of colour that playing it takes: those joined to player's
 * territory through cells of that colour. */
static int captured(GameState *state, Color player, Color colour) {
    int n = state->size, taken = 0, top = 0;
    static int *stack;
    static unsigned char *seen;
    static int cap;
    if (n * n > cap) {
        free(stack);
        free(seen);
        stack = malloc(sizeof(int) * n * n);
        seen = malloc((size_t)n * n);
        if (!stack || !seen)
            return 0;
        cap = n * n;
    }
    for (int i = 0; i < n * n; i++) {
        seen[i] = state->map[i] == player;
        if (seen[i])
            stack[top++] = i;
    }
    while (top > 0) {
        int i = stack[--top], x = i % n, y = i / n;
        int next[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
        for (int k = 0; k < 4; k++) {
            int nx = next[k][0], ny = next[k][1];
            if (nx < 0 || ny < 0 || nx >= n || ny >= n || seen[ny * n + nx] || get_map_value(state, nx, ny) != colour)
                continue;
            seen[ny * n + nx] = 1;
            stack[top++] = ny * n + nx;
            taken++;
        }
    }
    return taken;
}

/* This one is greedy: it plays the colour that captures the most cells now. Beat it. */
static Color ai(GameState *state, Color player, const int *legal, int nlegal) {
    Color best = nlegal > 0 ? (Color)legal[0] : RED;
    int most = -1;
    for (int k = 0; k < nlegal; k++) {
        int n = captured(state, player, (Color)legal[k]);
        if (n > most) {
            most = n;
            best = (Color)legal[k];
        }
    }
    return best;
}

/* --- reading a turn for ai(): nothing to change below for 7 Colors ------------------- */

/* choose is the strategy arena_run calls each turn: the board and the legal colours, read
 * from the turn's JSON, go to ai(); its colour goes back. */
static bool choose(const char *obs, const char *legal_json, char *action, size_t n) {
    static Color *map;
    static int cap;
    int legal[16], nlegal = 0;
    int size = (int)arena_int(arena_member(obs, "size"), 0);
    if (size <= 0 || size > 1000)
        return false;
    if (size * size > cap) {
        Color *grown = realloc(map, sizeof(Color) * size * size);
        if (!grown)
            return false;
        map = grown;
        cap = size * size;
    }
    int i = 0;
    for (const char *row = arena_first(arena_member(obs, "board")); row; row = arena_next(row))
        for (const char *cell = arena_first(row); cell; cell = arena_next(cell))
            if (i < size * size)
                map[i++] = (Color)arena_int(cell, EMPTY);
    for (; i < size * size; i++)
        map[i] = EMPTY;
    for (const char *c = arena_first(legal_json); c && nlegal < 16; c = arena_next(c))
        legal[nlegal++] = (int)arena_int(c, RED);
    GameState state = {map, size};
    snprintf(action, n, "%d", (int)ai(&state, (Color)arena_int(arena_member(obs, "you"), 0), legal, nlegal));
    return true;
}

int main(int argc, char **argv) {
    ArenaBot bots[] = {{"sevencolors", choose}};
    return arena_run(argc, argv, "mybot", bots, 1);
}
