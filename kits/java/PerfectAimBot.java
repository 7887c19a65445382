import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout (./command perfectaim build builds it):
 *     arena match --game perfectaim --seats exec:"java -jar build/perfectaim_bot.jar",zidane --games 12
 * or let it connect itself over SSH (its arguments are the command to run):
 *     java -jar build/perfectaim_bot.jar ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane
 *
 * stdout carries protocol only: print your debugging to stderr (Arena.log does).
 * The protocol loop is Arena.java, shared by every bot of this kit: keep it beside this file.
 */
public class PerfectAimBot {
    /** The four directions, in scan order, and what each does to (x, y). */
    static final String[] NAMES = {"UP", "DOWN", "LEFT", "RIGHT"};
    static final int[][] STEPS = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};

    /** A cell test for the search. */
    interface Wanted {
        boolean at(int x, int y);
    }

    /** The string at grid[y][x]. */
    static String at(JsonArray grid, int x, int y) {
        return grid.get(y).getAsJsonArray().get(x).getAsString();
    }

    /** Cells to keep out of (as y * size + x): lava, fireballs, and the cell each fireball enters next. */
    static Set<Integer> dangerousCells(JsonObject obs) {
        int size = obs.get("size").getAsInt();
        JsonArray bg = obs.getAsJsonArray("background");
        Set<Integer> bad = new HashSet<>();
        for (int y = 0; y < bg.size(); y++) {
            JsonArray row = bg.get(y).getAsJsonArray();
            for (int x = 0; x < row.size(); x++) {
                if (row.get(x).getAsString().equals("LAVA")) {
                    bad.add(y * size + x);
                }
            }
        }
        JsonArray fireballs = obs.getAsJsonArray("fireballs");
        if (fireballs != null) {
            for (JsonElement e : fireballs) {
                JsonObject f = e.getAsJsonObject();
                int x = f.get("x").getAsInt(), y = f.get("y").getAsInt();
                String action = f.has("action") ? f.get("action").getAsString() : "";
                bad.add(key(size, x, y));
                for (int d = 0; d < 4; d++) {
                    if (action.equals("MOVE_" + NAMES[d])) {
                        bad.add(key(size, x + STEPS[d][0], y + STEPS[d][1]));
                    }
                }
            }
        }
        return bad;
    }

    /** A cell as one number; cells off the board get numbers no cell on it has. */
    static int key(int size, int x, int y) {
        return x < 0 || y < 0 || x >= size || y >= size ? -1 - (y * 1000 + x + 500_000) : y * size + x;
    }

    /**
     * Breadth-first search from you to the nearest cell where wanted holds, through cells
     * that are not walls, players or bad. Returns the first move ("MOVE_UP", …) or null.
     */
    static String firstStepTo(JsonObject obs, Wanted wanted, Set<Integer> bad) {
        JsonObject me = obs.getAsJsonObject("you");
        JsonArray grid = obs.getAsJsonArray("tile_grid");
        int size = obs.get("size").getAsInt();
        int sx = me.get("x").getAsInt(), sy = me.get("y").getAsInt();
        boolean[] seen = new boolean[size * size];
        if (sx >= 0 && sy >= 0 && sx < size && sy < size) {
            seen[sy * size + sx] = true;
        }
        ArrayDeque<int[]> queue = new ArrayDeque<>(); // x, y, the first step's index
        for (int d = 0; d < 4; d++) {
            int x = sx + STEPS[d][0], y = sy + STEPS[d][1];
            if (0 <= x && x < size && 0 <= y && y < size && !seen[y * size + x] && !bad.contains(y * size + x)
                    && !at(grid, x, y).equals("WALL") && !at(grid, x, y).startsWith("PLAYER_")) {
                seen[y * size + x] = true;
                queue.add(new int[] {x, y, d});
            }
        }
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            int x = cell[0], y = cell[1];
            if (wanted.at(x, y)) {
                return "MOVE_" + NAMES[cell[2]];
            }
            for (int[] step : STEPS) {
                int nx = x + step[0], ny = y + step[1];
                if (!(0 <= nx && nx < size && 0 <= ny && ny < size) || seen[ny * size + nx]) {
                    continue;
                }
                if (bad.contains(ny * size + nx) || at(grid, nx, ny).equals("WALL")) {
                    continue;
                }
                seen[ny * size + nx] = true;
                queue.add(new int[] {nx, ny, cell[2]});
            }
        }
        return null;
    }

    // -------------------------------------------------------------------------------------
    // YOUR STRATEGY GOES HERE.
    //
    // obs "tile_grid"[y][x] is what a cell shows ("FLOOR", "WALL", "COIN", "PLAYER_BLUE",
    // "FIREBALL", …); obs "background"[y][x] is FLOOR, WALL, LAVA or DAMAGED_FLOOR (lava
    // next: ring after ring closes in from t = 35 s). obs "you" is your player (x, y, speed,
    // coins, super_fireballs, shield), obs "players" every living player, obs "fireballs"
    // every fireball with its direction ("MOVE_LEFT", …) and its thrower. obs "t" is the
    // time, "num/den" seconds.
    // (No legal list: legal is null; actions are checked at the instant.) Return "WAIT",
    // "MOVE_UP", "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … . An invalid action
    // (into a wall or a player, or an attack while your fireball still flies) is played as
    // WAIT, with a warning.
    //
    // This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
    // first gets back to sound floor; otherwise it waits.
    // -------------------------------------------------------------------------------------
    static Object choose(JsonObject obs, JsonArray legal) {
        JsonObject me = obs.getAsJsonObject("you");
        JsonArray bg = obs.getAsJsonArray("background");
        JsonArray grid = obs.getAsJsonArray("tile_grid");
        Set<Integer> bad = dangerousCells(obs);
        if (at(bg, me.get("x").getAsInt(), me.get("y").getAsInt()).equals("DAMAGED_FLOOR")) {
            String step = firstStepTo(obs, (x, y) -> at(bg, x, y).equals("FLOOR"), bad);
            if (step != null) {
                return step;
            }
        }
        String step = firstStepTo(obs, (x, y) -> at(grid, x, y).equals("COIN") && at(bg, x, y).equals("FLOOR"), bad);
        return step != null ? step : "WAIT";
    }

    public static void main(String[] args) {
        Arena.run(args, "perfectaim_bot", Map.of("perfectaim", PerfectAimBot::choose));
    }
}
