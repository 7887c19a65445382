/*
 * A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 * Plain C99 + POSIX, no library: the few JSON fields it needs are read by hand.
 *
 * Build:             cc -O2 -Wall -o mybot mybot.c
 * Run by the arena:  arena match --game sevencolors --seats exec:./mybot,greedy --games 100
 * Connect yourself:  ./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
 *                    (the arguments are the command to run; the bot talks to its stdin/stdout)
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* The seed's GameState.h. */
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
 * that touches nothing loses your turn. The seed's `Color ai(GameState*, Color)` ports here.
 * ------------------------------------------------------------------------------------ */
static Color ai(GameState *state, Color player, const int *legal, int nlegal) {
    (void)state;
    (void)player;
    (void)get_map_value;
    return nlegal > 0 ? (Color)legal[0] : RED;
}

/* --- the protocol: nothing to change below for 7 Colors ------------------------------ */

/* find returns what follows "key": in line, or NULL. The server writes compact JSON. */
static const char *find(const char *line, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p ? p + strlen(pat) : NULL;
}

static int get_string(const char *line, const char *key, char *buf, size_t n) {
    const char *p = find(line, key);
    size_t i = 0;
    if (!p || *p != '"' || n == 0)
        return 0;
    for (p++; *p && *p != '"' && i + 1 < n; p++) {
        if (*p == '\\' && p[1])
            p++;
        buf[i++] = *p;
    }
    buf[i] = '\0';
    return 1;
}

static long get_int(const char *line, const char *key, long def) {
    const char *p = find(line, key);
    return p ? strtol(p, NULL, 10) : def;
}

/* read_ints reads up to max integers from p, through nested arrays, until the array that
 * starts at p closes. It returns how many it read. */
static int read_ints(const char *p, int *out, int max) {
    int n = 0, depth = 0;
    if (!p)
        return 0;
    for (; *p; p++) {
        if (*p == '[')
            depth++;
        else if (*p == ']') {
            if (--depth <= 0)
                break;
        } else if (*p == '-' || (*p >= '0' && *p <= '9')) {
            char *end;
            long v = strtol(p, &end, 10);
            if (n < max)
                out[n++] = (int)v;
            p = end - 1;
        }
    }
    return n;
}

static int play(FILE *in, FILE *out) {
    char *line = NULL;
    size_t cap = 0;
    int *cells = NULL;
    Color *map = NULL;
    int legal[16], ranks[16];
    int seat = -1, games = 0, wins = 0, status = 0;
    char type[32], match[256], msg[512];

    while (getline(&line, &cap, in) > 0) {
        if (!get_string(line, "type", type, sizeof type))
            continue;
        if (strcmp(type, "turn") == 0) {
            int size = (int)get_int(line, "size", 0);
            if (size <= 0 || size > 1000)
                continue;
            cells = realloc(cells, sizeof(int) * size * size);
            map = realloc(map, sizeof(Color) * size * size);
            int got = read_ints(find(line, "board"), cells, size * size);
            for (int i = 0; i < size * size; i++)
                map[i] = i < got ? (Color)cells[i] : EMPTY;
            int nlegal = read_ints(find(line, "legal"), legal, 16);
            GameState state = {map, size};
            Color c = ai(&state, (Color)get_int(line, "you", 0), legal, nlegal);
            get_string(line, "match", match, sizeof match);
            fprintf(out, "{\"type\":\"action\",\"match\":\"%s\",\"id\":%ld,\"action\":%d}\n", match,
                    get_int(line, "id", 0), (int)c);
            fflush(out);
        } else if (strcmp(type, "start") == 0) {
            seat = (int)get_int(line, "seat", -1);
        } else if (strcmp(type, "end") == 0) {
            games++;
            int n = read_ints(find(line, "ranks"), ranks, 16);
            if (n > 0 && seat >= 0 && seat < n) {
                int firsts = 0;
                for (int i = 0; i < n; i++)
                    firsts += ranks[i] == 1;
                wins += ranks[seat] == 1 && firsts == 1;
                fprintf(stderr, "mybot: game %d: rank %d (%d won so far)\n", games, ranks[seat], wins);
            } else {
                msg[0] = '\0';
                get_string(line, "note", msg, sizeof msg);
                fprintf(stderr, "mybot: game %d ended without you: %s\n", games, msg);
            }
        } else if (strcmp(type, "warn") == 0) {
            get_string(line, "msg", msg, sizeof msg);
            fprintf(stderr, "mybot: warning: %s\n", msg);
        } else if (strcmp(type, "error") == 0) {
            get_string(line, "msg", msg, sizeof msg);
            fprintf(stderr, "mybot: error: %s\n", msg);
            status = 1;
            break;
        }
        /* hello and pong need no answer; unknown types are ignored. */
    }
    free(line);
    free(cells);
    free(map);
    return status;
}

int main(int argc, char **argv) {
    FILE *in = stdin, *out = stdout;
    pid_t pid = -1;
    signal(SIGPIPE, SIG_IGN); /* a closed connection ends the loop instead of the process */
    if (argc > 1) {
        /* Connect mode: run the command (ssh …) and talk to it through two pipes. */
        int to_child[2], from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0) {
            perror("mybot: pipe");
            return 1;
        }
        pid = fork();
        if (pid < 0) {
            perror("mybot: fork");
            return 1;
        }
        if (pid == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            close(to_child[0]);
            close(to_child[1]);
            close(from_child[0]);
            close(from_child[1]);
            execvp(argv[1], argv + 1);
            perror("mybot: exec");
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in = fdopen(from_child[0], "r");
        out = fdopen(to_child[1], "w");
    }
    int status = play(in, out);
    fclose(out);
    if (pid > 0) {
        int ws;
        waitpid(pid, &ws, 0);
        if (status == 0 && WIFEXITED(ws))
            status = WEXITSTATUS(ws);
    }
    return status;
}
