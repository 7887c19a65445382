/*
 * arena.h — the bot protocol (version 1) for C bots, shared by every bot of this kit.
 *
 * A bot is a strategy per game: a function that reads a turn's observation (and its legal
 * actions, for games that list them) and writes its action as JSON text. main() hands the
 * strategies to arena_run, which talks on stdin and stdout, or, given arguments, runs them as
 * a command (ssh -T … bot --game …) and talks to it:
 *
 *     static bool choose(const char *obs, const char *legal, char *action, size_t n) {
 *         snprintf(action, n, "%ld", arena_int(arena_first(legal), 3));
 *         return true;
 *     }
 *     int main(int argc, char **argv) {
 *         ArenaBot bots[] = {{"sevencolors", choose}};
 *         return arena_run(argc, argv, "mybot", bots, 1);
 *     }
 *
 * Build a bot with this file beside it:  cc -O2 -Wall -o mybot mybot.c arena.c
 * stdout carries protocol only: log with arena_log (stderr). A new game is a new strategy
 * file; arena.c stays as it is.
 */
#ifndef ARENA_H
#define ARENA_H

#include <stdbool.h>
#include <stddef.h>

/* ArenaStrategy answers one turn. obs and legal point at JSON values inside the turn's line
 * (legal is NULL for games that do not list actions); it writes the action as JSON text
 * (7 for a number, "\"WAIT\"" for a string) into action, at most n bytes, and returns false
 * to send nothing this turn (the server then plays the default). */
typedef bool (*ArenaStrategy)(const char *obs, const char *legal, char *action, size_t n);

typedef struct {
    const char *game; /* the game id, as "hello" names it: "sevencolors", "perfectaim", … */
    ArenaStrategy choose;
} ArenaBot;

/* arena_run plays until the server is done and returns the exit status for main. name
 * prefixes the log lines. */
int arena_run(int argc, char **argv, const char *name, const ArenaBot *bots, int nbots);

/* arena_log prints one line for people on stderr, prefixed with the bot's name. */
void arena_log(const char *format, ...);

/* The JSON reader. Each function takes a pointer to a JSON value inside a line (NULL for
 * none, which every function accepts) and never reads past the line's end. */
const char *arena_ws(const char *p);                     /* skips white space */
const char *arena_skip(const char *p);                   /* what follows the value at p */
const char *arena_member(const char *p, const char *key); /* the value of key in an object */
const char *arena_first(const char *p);                  /* an array's first element */
const char *arena_next(const char *p);                   /* the element after p; NULL at the end */
long arena_int(const char *p, long def);                 /* a whole number, or def */
bool arena_bool(const char *p);                          /* true, or false for anything else */
bool arena_string(const char *p, char *buf, size_t n);   /* a string's characters */
bool arena_raw(const char *p, char *buf, size_t n);      /* a value's JSON text, as is */
int arena_name(const char *p, const char *const *names, int def); /* index of a string in names */

#endif
