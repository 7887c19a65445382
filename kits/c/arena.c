/*
 * arena.c — the bot protocol (version 1) for C bots: the loop every bot of this kit shares
 * (reading lines, answering turns with the strategy of the game named in "hello", logging,
 * connecting over SSH), and a small JSON reader for observations. See arena.h.
 * Plain C99 + POSIX, no library.
 */
#define _POSIX_C_SOURCE 200809L
#include "arena.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *bot_name = "bot";

/* arena_log formats the whole line first and hands it to the kernel in one write: the
 * ssh child shares this stderr, and a line written in pieces can have the server's own
 * sentence land in its middle. A line longer than the buffer is cut, never split. */
void arena_log(const char *format, ...) {
    char line[1024];
    int n = snprintf(line, sizeof line - 1, "%s: ", bot_name);
    if (n < 0)
        return;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    va_list args;
    va_start(args, format);
    int m = vsnprintf(line + n, sizeof line - 1 - (size_t)n, format, args);
    va_end(args);
    if (m < 0)
        m = 0;
    size_t len = (size_t)n + (size_t)m;
    if (len > sizeof line - 2)
        len = sizeof line - 2;
    line[len++] = '\n';
    for (size_t done = 0; done < len;) {
        ssize_t w = write(STDERR_FILENO, line + done, len - done);
        if (w <= 0)
            return;
        done += (size_t)w;
    }
}

/* --- a small JSON reader: each function takes a pointer to a value in a line ---------
 * (NULL for none) and never reads past the line's end. */

const char *arena_ws(const char *p) {
    while (p && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    return p;
}

/* skip returns what follows the value at p, or NULL when it is malformed. */
const char *arena_skip(const char *p) {
    p = arena_ws(p);
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
                p = arena_skip(p);
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
const char *arena_member(const char *p, const char *key) {
    size_t n = strlen(key);
    p = arena_ws(p);
    if (!p || *p != '{')
        return NULL;
    for (p = arena_ws(p + 1); p && *p == '"'; p = arena_ws(p + 1)) {
        const char *name = p + 1, *value = arena_ws(arena_skip(p));
        if (!value || *value != ':')
            return NULL;
        value = arena_ws(value + 1);
        if (strncmp(name, key, n) == 0 && name[n] == '"')
            return value;
        p = arena_ws(arena_skip(value));
        if (!p || *p != ',')
            return NULL;
    }
    return NULL;
}

/* first returns the first element of the array at p; next the element after the one at p.
 * Both return NULL at the end: for (e = arena_first(a); e; e = arena_next(e)) visits them all. */
const char *arena_first(const char *p) {
    p = arena_ws(p);
    if (!p || *p != '[')
        return NULL;
    p = arena_ws(p + 1);
    return p && *p != ']' && *p ? p : NULL;
}

const char *arena_next(const char *p) {
    p = arena_ws(arena_skip(p));
    return p && *p == ',' ? arena_ws(p + 1) : NULL;
}

long arena_int(const char *p, long def) { return p && (*p == '-' || (*p >= '0' && *p <= '9')) ? strtol(p, NULL, 10) : def; }

bool arena_bool(const char *p) { return p && strncmp(p, "true", 4) == 0; }

/* string_of copies the string at p into buf (escapes kept as their character). */
bool arena_string(const char *p, char *buf, size_t n) {
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
bool arena_raw(const char *p, char *buf, size_t n) {
    const char *end = arena_skip(p);
    if (!end || (size_t)(end - p) >= n)
        return false;
    memcpy(buf, p, end - p);
    buf[end - p] = '\0';
    return true;
}

/* name_of returns the index of the string at p in names (NULL-terminated), or def. */
int arena_name(const char *p, const char *const *names, int def) {
    if (!p || *p != '"')
        return def;
    for (int i = 0; names[i]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(p + 1, names[i], n) == 0 && p[1 + n] == '"')
            return i;
    }
    return def;
}


/* What play saw of a connection, for the reconnecting loop. */
enum { SAW_HELLO = 1, SAW_START = 2 };

/* play answers turns until the server closes the connection; it returns an exit status and
 * adds to *seen the SAW_ flags of the messages received. */
static int play(FILE *in, FILE *out, const ArenaBot *bots, int nbots, int *seen) {
    char *line = NULL;
    size_t cap = 0;
    int seat = -1, games = 0, wins = 0, status = 0;
    ArenaStrategy choose = NULL;
    char type[32], game[64], match[256], id[32], msg[512], action[4096], scores[512];

    while (getline(&line, &cap, in) > 0) {
        const char *root = arena_ws(line);
        if (!arena_string(arena_member(root, "type"), type, sizeof type))
            continue;
        if (strcmp(type, "hello") == 0) {
            *seen |= SAW_HELLO;
            game[0] = '\0';
            arena_string(arena_member(root, "game"), game, sizeof game);
            choose = NULL;
            for (int i = 0; i < nbots; i++)
                if (strcmp(bots[i].game, game) == 0)
                    choose = bots[i].choose;
            if (!choose) {
                arena_log("error: this bot has no strategy for %s", game);
                status = 1;
                break;
            }
        } else if (strcmp(type, "turn") == 0) {
            if (!choose || !arena_raw(arena_member(root, "match"), match, sizeof match) ||
                !arena_raw(arena_member(root, "id"), id, sizeof id))
                continue;
            if (!choose(arena_member(root, "obs"), arena_member(root, "legal"), action, sizeof action)) {
                arena_log("no answer this turn (the observation could not be read)");
                continue;
            }
            fprintf(out, "{\"type\":\"action\",\"match\":%s,\"id\":%s,\"action\":%s}\n", match, id, action);
            fflush(out);
        } else if (strcmp(type, "start") == 0) {
            *seen |= SAW_START;
            seat = (int)arena_int(arena_member(root, "seat"), -1);
        } else if (strcmp(type, "end") == 0) {
            const char *outcome = arena_member(root, "outcome");
            int n = 0, firsts = 0, rank = 0;
            size_t used = 0;
            games++;
            for (const char *r = arena_first(arena_member(outcome, "ranks")); r; r = arena_next(r), n++) {
                firsts += arena_int(r, 0) == 1;
                if (n == seat)
                    rank = (int)arena_int(r, 0);
            }
            scores[0] = '\0';
            for (const char *s = arena_first(arena_member(outcome, "scores")); s && used + 24 < sizeof scores; s = arena_next(s))
                used += (size_t)snprintf(scores + used, sizeof scores - used, " %ld", arena_int(s, 0));
            if (rank > 0) {
                wins += rank == 1 && firsts == 1;
                arena_log("game %d: rank %d of %d, scores%s (%d won so far)", games, rank, n, scores, wins);
            } else {
                msg[0] = '\0';
                arena_string(arena_member(root, "note"), msg, sizeof msg);
                arena_log("game %d ended without you: %s", games, msg);
            }
        } else if (strcmp(type, "warn") == 0) {
            char code[64] = "";
            msg[0] = '\0';
            arena_string(arena_member(root, "code"), code, sizeof code);
            arena_string(arena_member(root, "msg"), msg, sizeof msg);
            arena_log("warning %s: %s", code, msg);
        } else if (strcmp(type, "error") == 0) {
            msg[0] = '\0';
            arena_string(arena_member(root, "msg"), msg, sizeof msg);
            arena_log("error: %s", msg);
            status = 1;
            break;
        }
        /* pong needs no answer; unknown types are ignored (forward compatible). */
    }
    free(line);
    return status;
}

/* connect_once runs the command argv (ssh …) and plays through two pipes to it. It returns the
 * bot's status and sets *command to the command's exit status (-1 when it did not exit). */
static int connect_once(char **argv, const ArenaBot *bots, int nbots, int *seen, int *command) {
    int to_child[2], from_child[2], status, child;
    pid_t pid;
    FILE *in, *out;
    *command = -1;
    if (pipe(to_child) != 0 || pipe(from_child) != 0) {
        arena_log("pipe failed");
        return 1;
    }
    pid = fork();
    if (pid < 0) {
        arena_log("fork failed");
        return 1;
    }
    if (pid == 0) {
        dup2(to_child[0], 0);
        dup2(from_child[1], 1);
        close(to_child[0]);
        close(to_child[1]);
        close(from_child[0]);
        close(from_child[1]);
        execvp(argv[0], argv);
        perror("exec");
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in = fdopen(from_child[0], "r");
    out = fdopen(to_child[1], "w");
    if (!in || !out) {
        arena_log("fdopen failed");
        return 1;
    }
    status = play(in, out, bots, nbots, seen);
    fclose(out);
    fclose(in);
    if (waitpid(pid, &child, 0) == pid && WIFEXITED(child))
        *command = WEXITSTATUS(child);
    return status;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sleep_seconds(double s) {
    struct timespec ts;
    ts.tv_sec = (time_t)s;
    ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* reconnecting connects with the command again and again while it ends with ssh's
 * "connection lost" (255) or the server's "I am shutting down, come back" (75, EX_TEMPFAIL),
 * and returns the exit status once it ends otherwise, or after 30 minutes without a
 * connection. The wait doubles from 1 s to 30 s (plus up to a fifth, so that a class does
 * not come back in step) and starts again from 1 s after a connection that lasted a minute or
 * played a game. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
 * times; it is there for tests. */
static int reconnecting(char **argv, const ArenaBot *bots, int nbots) {
    const char *env = getenv("ARENA_RECONNECT_BASE");
    double base = env ? strtod(env, NULL) / 1000 : 0, connected = now_seconds();
    int failures = 0;
    if (base <= 0)
        base = 1;
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    for (;;) {
        int seen = 0, command;
        double began = now_seconds(), now, delay;
        int status = connect_once(argv, bots, nbots, &seen, &command);
        now = now_seconds();
        if (command != 255 && command != 75)
            return status ? status : command > 0 ? command : 0;
        if (seen & SAW_HELLO)
            connected = now;
        if ((seen & SAW_START) || now - began >= 60 * base)
            failures = 0;
        if (now - connected >= 1800 * base) {
            arena_log("no connection to the tournament for %g min: giving up (run the same command again to rejoin)",
                      1800 * base / 60);
            return command;
        }
        delay = base * (double)(1L << (failures < 5 ? failures : 5));
        if (delay > 30 * base)
            delay = 30 * base;
        delay += delay / 5 * ((double)rand() / RAND_MAX);
        failures++;
        arena_log("%s (status %d); reconnecting in %.1f s\xe2\x80\xa6",
                  command == 255 ? "connection lost" : "the server is restarting", command, delay);
        sleep_seconds(delay);
    }
}

int arena_run(int argc, char **argv, const char *name, const ArenaBot *bots, int nbots) {
    int seen = 0, command;
    bot_name = name;
    signal(SIGPIPE, SIG_IGN); /* a closed connection ends the loop instead of the process */
    if (argc <= 1) {
        int status = play(stdin, stdout, bots, nbots, &seen);
        fclose(stdout);
        return status;
    }
    /* Connect mode: run the command (ssh …) and talk to it. In a tournament, stay. */
    for (int i = 1; i < argc; i++)
        if (strstr(argv[i], "--tournament"))
            return reconnecting(argv + 1, bots, nbots);
    int status = connect_once(argv + 1, bots, nbots, &seen, &command);
    return status ? status : command > 0 ? command : 0;
}
