import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The arena's bot protocol (version 1) for Java bots: the loop every bot of this kit shares.
 *
 * <p>A bot is a strategy per game, a method {@code choose(obs, legal)} returning an action,
 * handed to {@link #run}:
 *
 * <pre>
 *     static Object choose(JsonObject obs, JsonArray legal) {
 *         return legal.get(0).getAsInt();
 *     }
 *     public static void main(String[] args) {
 *         Arena.run(args, "mybot", Map.of("sevencolors", MyBot::choose));
 *     }
 * </pre>
 *
 * <p>run() reads the server's lines (JSON, one a line) on stdin and answers on stdout, or, when
 * the bot is started with arguments, runs them as a command (ssh -T … bot --game …) and talks
 * to it. It answers every "turn" with the strategy for the game named in "hello", logs
 * warnings and results to stderr, skips lines that are not JSON, and returns when the server
 * closes the connection. stdout carries protocol only: print your debugging with
 * {@link #log} (stderr), never with System.out.
 *
 * <p>In a tournament (the command's words include --tournament) a lost connection (ssh's
 * status 255) or a server restarting (status 75) is not the end: run() waits (1 s, 2 s, 4 s …
 * up to 30 s, a little jitter) and runs the command again, until 30 minutes pass without a
 * connection. ARENA_RECONNECT_BASE (milliseconds, default 1000) scales every one of these
 * times; it is there for tests.
 *
 * <p>A new game is a new strategy file next to this one; this file stays as it is.
 */
public final class Arena {
    private Arena() {}

    /** A game's strategy: the action for a turn, from its observation and its legal actions. */
    @FunctionalInterface
    public interface Strategy {
        /**
         * Answers one turn. obs is the turn's observation; legal lists the legal actions, or is
         * null for a game that does not list them (Perfect Aim). The action returned is sent as
         * JSON: an Integer (7), a String ("WAIT"), or a JsonElement taken from legal as is.
         * Returning null sends nothing (the server then plays the default when time is up).
         */
        Object choose(JsonObject obs, JsonArray legal);
    }

    private static final Gson GSON = new Gson();
    private static final TypeAdapter<JsonElement> JSON = GSON.getAdapter(JsonElement.class);
    private static final OutputStream STDERR = new FileOutputStream(FileDescriptor.err);

    private static String name = "bot";
    private static long moveMs = -1, bankMs = -1, turnRead = System.nanoTime();

    /**
     * Prints a line for people, on stderr, prefixed with the bot's name. The line is made
     * whole first and written at once: the ssh child shares stderr, and a line written in
     * pieces could have the server's sentence land in its middle.
     */
    public static void log(Object... parts) {
        StringBuilder line = new StringBuilder(name).append(':');
        for (Object p : parts) {
            line.append(' ').append(p);
        }
        line.append('\n');
        System.err.flush();
        synchronized (STDERR) {
            try {
                STDERR.write(line.toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // stderr is gone: nobody is left to read it.
            }
        }
    }

    /** The current turn's move_ms: the time it may take without touching its bank (-1: none). */
    public static long moveMs() {
        return moveMs;
    }

    /** The current turn's bank_ms: the time banked for slow turns, as the turn began (-1: none). */
    public static long bankMs() {
        return bankMs;
    }

    /**
     * The milliseconds left to answer the current turn before the default action and a
     * strike: move_ms plus bank_ms less the time since the turn was read (a little less in
     * truth: the line took some time to arrive).
     */
    public static long timeLeftMs() {
        if (moveMs < 0) {
            return Long.MAX_VALUE;
        }
        long spent = (System.nanoTime() - turnRead) / 1_000_000;
        return moveMs + Math.max(0, bankMs) - spent;
    }

    /** A JSON line as an object, or null when it is not JSON at all (logged) or not an object. */
    private static JsonObject parse(String line) {
        try {
            JsonReader reader = new JsonReader(new StringReader(line));
            reader.setLenient(false);
            JsonElement e = JSON.read(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw new IOException("more after the value");
            }
            return e != null && e.isJsonObject() ? e.getAsJsonObject() : null;
        } catch (IOException | RuntimeException e) {
            String shown = line.strip();
            log("not JSON, skipped: " + shown.substring(0, Math.min(80, shown.length())));
            return null;
        }
    }

    private static String str(JsonObject o, String key) {
        JsonElement e = o.get(key);
        return e != null && e.isJsonPrimitive() ? e.getAsString() : null;
    }

    private static long num(JsonObject o, String key, long def) {
        JsonElement e = o.get(key);
        try {
            return e != null && e.isJsonPrimitive() ? e.getAsLong() : def;
        } catch (NumberFormatException x) {
            return def;
        }
    }

    /** A list's JSON as the Python kit prints it: [1, 2]. */
    private static String list(JsonElement e) {
        if (e == null || !e.isJsonArray()) {
            return String.valueOf(e);
        }
        List<String> items = new ArrayList<>();
        for (JsonElement x : e.getAsJsonArray()) {
            items.add(x.toString());
        }
        return "[" + String.join(", ", items) + "]";
    }

    /**
     * Answers turns until the server closes the connection and returns an exit status. seen,
     * when not null, collects the types of the messages received ("hello", "start", …).
     */
    static int play(InputStream in, OutputStream out, Map<String, Strategy> strategies, Set<String> seen) {
        BufferedReader inp = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        int wins = 0, games = 0;
        long me = -1;
        Strategy choose = null;
        while (true) {
            String line;
            try {
                line = inp.readLine();
            } catch (IOException e) {
                return 0; // the connection went away: its end says why
            }
            if (line == null) {
                return 0;
            }
            JsonObject msg = parse(line);
            if (msg == null) {
                continue;
            }
            String kind = str(msg, "type");
            if (seen != null && kind != null) {
                seen.add(kind);
            }
            if (kind == null) {
                continue;
            }
            switch (kind) {
                case "hello": {
                    String game = str(msg, "game");
                    choose = game == null ? null : strategies.get(game);
                    if (choose == null) {
                        log("error: this bot has no strategy for " + game + " (it plays "
                                + String.join(", ", new TreeSet<>(strategies.keySet())) + ")");
                        return 1;
                    }
                    break;
                }
                case "turn": {
                    turnRead = System.nanoTime();
                    JsonElement time = msg.get("time");
                    moveMs = bankMs = -1;
                    if (time != null && time.isJsonObject()) {
                        moveMs = num(time.getAsJsonObject(), "move_ms", -1);
                        bankMs = num(time.getAsJsonObject(), "bank_ms", -1);
                    }
                    JsonElement obs = msg.get("obs");
                    JsonElement legal = msg.get("legal");
                    Object action;
                    try {
                        action = choose.choose(obs != null && obs.isJsonObject() ? obs.getAsJsonObject() : new JsonObject(),
                                legal != null && legal.isJsonArray() ? legal.getAsJsonArray() : null);
                    } catch (RuntimeException e) {
                        StringWriter trace = new StringWriter();
                        e.printStackTrace(new PrintWriter(trace));
                        log("your strategy failed, no answer to turn " + msg.get("id") + ": " + trace.toString().strip());
                        continue;
                    }
                    if (action == null) {
                        continue;
                    }
                    JsonObject answer = new JsonObject();
                    answer.addProperty("type", "action");
                    answer.add("match", msg.get("match"));
                    answer.add("id", msg.get("id"));
                    answer.add("action", action instanceof JsonElement ? (JsonElement) action : GSON.toJsonTree(action));
                    try {
                        w.write(GSON.toJson(answer));
                        w.write('\n');
                        w.flush();
                    } catch (IOException e) {
                        return 0; // the connection went away as we answered: its end says why
                    }
                    break;
                }
                case "start":
                    me = num(msg, "seat", -1);
                    break;
                case "end": {
                    games++;
                    JsonElement outcome = msg.get("outcome");
                    JsonElement ranks = outcome != null && outcome.isJsonObject() ? outcome.getAsJsonObject().get("ranks") : null;
                    int rank = 0, n = 0, firsts = 0;
                    if (ranks != null && ranks.isJsonArray()) {
                        for (JsonElement r : ranks.getAsJsonArray()) {
                            int v = r.isJsonPrimitive() ? r.getAsInt() : 0;
                            firsts += v == 1 ? 1 : 0;
                            if (n == me) {
                                rank = v;
                            }
                            n++;
                        }
                    }
                    if (rank > 0) {
                        if (rank == 1 && firsts == 1) {
                            wins++;
                        }
                        log(String.format("game %d: rank %d of %d, scores %s (%d won so far)", games, rank, n,
                                list(outcome.getAsJsonObject().get("scores")), wins));
                    } else {
                        String note = str(msg, "note");
                        log(String.format("game %d ended without you: %s", games, note == null ? "" : note));
                    }
                    break;
                }
                case "warn":
                    log("warning:", str(msg, "code"), "-", str(msg, "msg"));
                    break;
                case "error":
                    log("error:", str(msg, "msg"));
                    return 1;
                default:
                    // pong needs no answer; unknown types are ignored (forward compatible).
                    break;
            }
        }
    }

    /** The statuses after which a tournament bot connects again. */
    private static String again(int status) {
        switch (status) {
            case 255:
                return "connection lost"; // ssh's own status
            case 75:
                return "the server is restarting"; // EX_TEMPFAIL: "I am shutting down, come back"
            default:
                return null;
        }
    }

    /**
     * Runs the command (ssh …) and plays through its stdin and stdout; returns the bot's
     * status and the command's.
     */
    private static int[] connect(List<String> command, Map<String, Strategy> strategies, Set<String> seen) {
        Process proc;
        try {
            proc = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (IOException e) {
            log("cannot run " + command.get(0) + ": " + e.getMessage());
            return new int[] {127, 127};
        }
        int status = play(proc.getInputStream(), proc.getOutputStream(), strategies, seen);
        try {
            proc.getOutputStream().close();
        } catch (IOException e) {
            // ssh is gone already
        }
        while (true) {
            try {
                return new int[] {status, proc.waitFor()};
            } catch (InterruptedException e) {
                // wait on
            }
        }
    }

    /**
     * Connects with the command again and again while it ends with a status of again();
     * returns the exit status once it ends otherwise, or after 30 minutes without a connection.
     * The wait doubles from 1 s to 30 s (plus up to a fifth, so that a class does not come
     * back in step) and starts again from 1 s after a connection that lasted a minute or
     * played a game.
     */
    private static int reconnecting(List<String> command, Map<String, Strategy> strategies) {
        double base = 0;
        try {
            base = Integer.parseInt(System.getenv().getOrDefault("ARENA_RECONNECT_BASE", "").strip()) / 1000.0;
        } catch (NumberFormatException e) {
            base = 0;
        }
        if (base <= 0) {
            base = 1.0;
        }
        int failures = 0;
        double connected = seconds(); // the end of the last connection that got its hello
        while (true) {
            double began = seconds();
            Set<String> seen = new HashSet<>();
            int[] r = connect(command, strategies, seen);
            int status = r[0], commandStatus = r[1];
            double now = seconds();
            String why = again(commandStatus);
            if (why == null) {
                return status != 0 ? status : commandStatus;
            }
            if (seen.contains("hello")) {
                connected = now;
            }
            if (seen.contains("start") || now - began >= 60 * base) {
                failures = 0;
            }
            if (now - connected >= 1800 * base) {
                log(String.format("no connection to the tournament for %s min: giving up (run the same command again to rejoin)",
                        trim(1800 * base / 60)));
                return commandStatus;
            }
            double delay = Math.min(base * Math.pow(2, failures), 30 * base);
            delay += ThreadLocalRandom.current().nextDouble() * delay / 5;
            failures++;
            log(String.format("%s (status %d); reconnecting in %.1f s…", why, commandStatus, delay));
            try {
                Thread.sleep((long) (delay * 1000));
            } catch (InterruptedException e) {
                return 130;
            }
        }
    }

    private static double seconds() {
        return System.nanoTime() / 1e9;
    }

    /** A number as %g prints it in Python, for the few this file prints: 30, 1.8. */
    private static String trim(double x) {
        String s = String.format("%.4f", x);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /**
     * Plays with strategies (game id → strategy) until the server is done, then exits the
     * process with the status. args are main's: none to play on stdin and stdout, or the
     * command to connect with (ssh -T -p 2222 arena.host bot --game …). name prefixes the log
     * lines.
     */
    public static void run(String[] args, String botName, Map<String, Strategy> strategies) {
        name = botName;
        List<String> command = Arrays.asList(args);
        int status;
        if (command.stream().anyMatch(word -> word.contains("--tournament"))) {
            status = reconnecting(command, strategies);
        } else if (!command.isEmpty()) {
            // Connect mode: run the command (ssh …) and talk to it through its stdin and stdout.
            int[] r = connect(command, strategies, null);
            status = r[0] != 0 ? r[0] : r[1];
        } else {
            status = play(System.in, new FileOutputStream(FileDescriptor.out), strategies, null);
        }
        System.exit(status);
    }
}
