/*
 * A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 * Plain C99 + POSIX, no library: a small JSON reader below picks the fields it needs.
 *
 * Build:             cc -O2 -Wall -o perfectaim_bot perfectaim_bot.c
 * Run by the arena:  arena match --game perfectaim --seats exec:./perfectaim_bot,zidane --games 12
 * Connect yourself:  ./perfectaim_bot ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
 *                    (the arguments are the command to run; the bot talks to its stdin/stdout)
 *
 * stdout carries protocol only: print your debugging to stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Upstream's names (perfect-aim's Tile, Action and colours), in upstream's order. */
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

/* Upstream's directions, in its scan order: UP, DOWN, LEFT, RIGHT (the MOVE_ actions). */
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

/* --- a small JSON reader: each function takes a pointer to a value in a line ---------
 * (NULL for none) and never reads past the line's end. */

static const char *ws(const char *p) {
    while (p && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

/* skip returns what follows the value at p, or NULL when it is malformed. */
static const char *skip(const char *p) {
    p = ws(p);
    if (!p || !*p)
        return NULL;
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++)
            if (*p == '\\' && p[1])
                p++;
        return *p ? p + 1 : NULL;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (*p) {
            if (*p == '"') {
                p = skip(p);
                if (!p)
                    return NULL;
                continue;
            }
            if (*p == '{' || *p == '[')
                depth++;
            else if ((*p == '}' || *p == ']') && --depth == 0)
                return p + 1;
            p++;
        }
        return NULL;
    }
    const char *start = p; /* a number, true, false or null */
    while (*p && !strchr(",}] \t\r\n", *p))
        p++;
    return p > start ? p : NULL;
}

/* member returns the value of key in the object at p, or NULL. */
static const char *member(const char *p, const char *key) {
    size_t n = strlen(key);
    p = ws(p);
    if (!p || *p != '{')
        return NULL;
    for (p = ws(p + 1); p && *p == '"'; p = ws(p + 1)) {
        const char *name = p + 1, *value = ws(skip(p));
        if (!value || *value != ':')
            return NULL;
        value = ws(value + 1);
        if (strncmp(name, key, n) == 0 && name[n] == '"')
            return value;
        p = ws(skip(value));
        if (!p || *p != ',')
            return NULL;
    }
    return NULL;
}

/* first returns the first element of the array at p; next the element after the one at p.
 * Both return NULL at the end: for (e = first(a); e; e = next(e)) visits them all. */
static const char *first(const char *p) {
    p = ws(p);
    if (!p || *p != '[')
        return NULL;
    p = ws(p + 1);
    return p && *p != ']' && *p ? p : NULL;
}

static const char *next(const char *p) {
    p = ws(skip(p));
    return p && *p == ',' ? ws(p + 1) : NULL;
}

static long int_of(const char *p, long def) { return p && (*p == '-' || (*p >= '0' && *p <= '9')) ? strtol(p, NULL, 10) : def; }

static bool bool_of(const char *p) { return p && strncmp(p, "true", 4) == 0; }

/* string_of copies the string at p into buf (escapes kept as their character). */
static bool string_of(const char *p, char *buf, size_t n) {
    size_t i = 0;
    if (!p || *p != '"' || n == 0)
        return false;
    for (p++; *p && *p != '"' && i + 1 < n; p++) {
        if (*p == '\\' && p[1])
            p++;
        buf[i++] = *p;
    }
    buf[i] = '\0';
    return true;
}

/* raw_of copies the JSON text of the value at p (quotes included), to send it back as is. */
static bool raw_of(const char *p, char *buf, size_t n) {
    const char *end = skip(p);
    if (!end || (size_t)(end - p) >= n)
        return false;
    memcpy(buf, p, end - p);
    buf[end - p] = '\0';
    return true;
}

/* name_of returns the index of the string at p in names (NULL-terminated), or def. */
static int name_of(const char *p, const char *const *names, int def) {
    if (!p || *p != '"')
        return def;
    for (int i = 0; names[i]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(p + 1, names[i], n) == 0 && p[1 + n] == '"')
            return i;
    }
    return def;
}

static Fraction fraction_of(const char *p) {
    Fraction f = {0, 1};
    char buf[64];
    if (string_of(p, buf, sizeof buf)) {
        char *slash;
        f.num = strtol(buf, &slash, 10);
        if (*slash == '/' && strtol(slash + 1, NULL, 10) > 0)
            f.den = strtol(slash + 1, NULL, 10);
    }
    return f;
}

static Player player_of(const char *p) {
    Player pl;
    pl.color = (Color)name_of(member(p, "color"), COLOR_NAMES, NO_COLOR);
    pl.x = (int)int_of(member(p, "x"), 0);
    pl.y = (int)int_of(member(p, "y"), 0);
    pl.speed = fraction_of(member(p, "speed"));
    pl.coins = (int)int_of(member(p, "coins"), 0);
    pl.super_fireballs = (int)int_of(member(p, "super_fireballs"), 0);
    pl.shield = bool_of(member(p, "shield"));
    pl.action = (Action)name_of(member(p, "action"), ACTION_NAMES, WAIT);
    return pl;
}

static bool grid_of(const char *p, Tile grid[MAX_SIZE][MAX_SIZE], int size) {
    int y = 0;
    for (const char *row = first(p); row && y < size; row = next(row), y++) {
        int x = 0;
        for (const char *cell = first(row); cell && x < size; cell = next(cell), x++)
            grid[y][x] = (Tile)name_of(cell, TILE_NAMES, UNKNOWN_TILE);
        if (x != size)
            return false;
    }
    return y == size;
}

/* game_of reads an observation into g; false when it is not one this bot can read. */
static bool game_of(const char *obs, Game *g) {
    g->size = (int)int_of(member(obs, "size"), 0);
    if (g->size <= 0 || g->size > MAX_SIZE)
        return false;
    g->t = fraction_of(member(obs, "t"));
    g->you = player_of(member(obs, "you"));
    if (!inside(g, g->you.x, g->you.y) || !grid_of(member(obs, "tile_grid"), g->tile_grid, g->size) ||
        !grid_of(member(obs, "background"), g->background, g->size))
        return false;
    g->nplayers = 0;
    for (const char *e = first(member(obs, "players")); e && g->nplayers < 4; e = next(e))
        g->players[g->nplayers++] = player_of(e);
    g->nfireballs = 0;
    for (const char *e = first(member(obs, "fireballs")); e && g->nfireballs < MAX_FIREBALLS; e = next(e)) {
        Fireball *f = &g->fireballs[g->nfireballs++];
        f->x = (int)int_of(member(e, "x"), -1);
        f->y = (int)int_of(member(e, "y"), -1);
        f->action = (Action)name_of(member(e, "action"), ACTION_NAMES, WAIT);
        f->sender = (Color)name_of(member(e, "sender"), COLOR_NAMES, NO_COLOR);
    }
    return true;
}

/* --- the protocol: nothing to change below ------------------------------------------- */

static int play(FILE *in, FILE *out) {
    static Game game;
    char *line = NULL;
    size_t cap = 0;
    int seat = -1, games = 0, wins = 0, status = 0;
    char type[32], match[256], id[32], msg[512];

    while (getline(&line, &cap, in) > 0) {
        const char *root = ws(line);
        if (!string_of(member(root, "type"), type, sizeof type))
            continue;
        if (strcmp(type, "turn") == 0) {
            Action a = WAIT;
            if (!raw_of(member(root, "match"), match, sizeof match) || !raw_of(member(root, "id"), id, sizeof id))
                continue;
            if (game_of(member(root, "obs"), &game))
                a = play_turn(&game);
            else
                fprintf(stderr, "perfectaim_bot: cannot read this turn's obs; waiting\n");
            fprintf(out, "{\"type\":\"action\",\"match\":%s,\"id\":%s,\"action\":\"%s\"}\n", match, id, ACTION_NAMES[a]);
            fflush(out);
        } else if (strcmp(type, "start") == 0) {
            seat = (int)int_of(member(root, "seat"), -1);
        } else if (strcmp(type, "end") == 0) {
            const char *outcome = member(root, "outcome");
            int n = 0, firsts = 0, rank = 0;
            games++;
            for (const char *r = first(member(outcome, "ranks")); r; r = next(r), n++) {
                firsts += int_of(r, 0) == 1;
                if (n == seat)
                    rank = (int)int_of(r, 0);
            }
            if (rank > 0) {
                wins += rank == 1 && firsts == 1;
                fprintf(stderr, "perfectaim_bot: game %d: rank %d of %d, coins", games, rank, n);
                for (const char *s = first(member(outcome, "scores")); s; s = next(s))
                    fprintf(stderr, " %ld", int_of(s, 0));
                fprintf(stderr, " (%d won so far)\n", wins);
            } else {
                msg[0] = '\0';
                string_of(member(root, "note"), msg, sizeof msg);
                fprintf(stderr, "perfectaim_bot: game %d ended without you: %s\n", games, msg);
            }
        } else if (strcmp(type, "warn") == 0) {
            char code[64] = "";
            msg[0] = '\0';
            string_of(member(root, "code"), code, sizeof code);
            string_of(member(root, "msg"), msg, sizeof msg);
            fprintf(stderr, "perfectaim_bot: warning %s: %s\n", code, msg);
        } else if (strcmp(type, "error") == 0) {
            msg[0] = '\0';
            string_of(member(root, "msg"), msg, sizeof msg);
            fprintf(stderr, "perfectaim_bot: error: %s\n", msg);
            status = 1;
            break;
        }
        /* hello and pong (the answer to a ping you send) need no answer; unknown types are
         * ignored (forward compatible). */
    }
    free(line);
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
            perror("perfectaim_bot: pipe");
            return 1;
        }
        pid = fork();
        if (pid < 0) {
            perror("perfectaim_bot: fork");
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
            perror("perfectaim_bot: exec");
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in = fdopen(from_child[0], "r");
        out = fdopen(to_child[1], "w");
        if (!in || !out) {
            perror("perfectaim_bot: fdopen");
            return 1;
        }
    }
    int status = play(in, out);
    fclose(out);
    if (pid > 0) {
        int child;
        waitpid(pid, &child, 0);
        if (status == 0 && WIFEXITED(child))
            status = WEXITSTATUS(child);
    }
    return status;
}
