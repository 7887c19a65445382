import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import java.util.Map;

/**
 * A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout (./command warhammer build builds it):
 *     arena match --game warhammer --seats exec:"java -jar build/warhammer_bot.jar",hunter,random --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     java -jar build/warhammer_bot.jar ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter
 *
 * stdout carries protocol only: print your debugging to stderr (Arena.log does).
 * The protocol loop is Arena.java, shared by every bot of this kit: keep it beside this file.
 */
public class WarHammerBot {
    /**
     * The eight directions in the assignment's order: right, up-right, up, up-left, left,
     * down-left, down, down-right, as (row, column) steps; row 0 is the top.
     */
    static final int[][] DIRECTIONS = {{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}};

    // -------------------------------------------------------------------------------------
    // YOUR STRATEGY GOES HERE: the assignment's function, myAiPlay(map, height, width).
    //
    // map has height rows of width ints; height is the board's size T and width is T + N for
    // N players:
    //   map[r][c], c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside the
    //                         octagon
    //   map[0][T + k]         1 if player k is alive, 0 if dead
    //   map[1][T + k]         its row;  map[2][T + k] its column (the dead keep theirs)
    // Player 0 (column T) is YOU; the others follow in turn order, the next to play first.
    //
    // Return a code 0..95 = 8 * first + hammer:
    //   first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
    //   hammer  0..7 the eight directions, from where you stand after the first choice
    // A code outside 0..95 (or no answer in time) is a death, as the assignment says.
    //
    // This one steps to the soundest free cell around it, then brings the hammer down on an
    // opponent standing next to it if there is one, else on the weakest standing cell around.
    // -------------------------------------------------------------------------------------
    static int myAiPlay(int[][] map, int height, int width) {
        int size = height, players = width - height;
        int row = map[1][size], col = map[2][size];
        int bestCode = 0, bestScore = -1;
        for (int step = 0; step < 8; step++) {
            int r = row + DIRECTIONS[step][0], c = col + DIRECTIONS[step][1];
            if (!standing(map, size, r, c) || occupied(map, size, players, r, c)) {
                continue;
            }
            for (int hammer = 0; hammer < 8; hammer++) {
                int hr = r + DIRECTIONS[hammer][0], hc = c + DIRECTIONS[hammer][1];
                if (!standing(map, size, hr, hc)) {
                    continue; // the void or a hole: the hammer would kill us
                }
                int score = 10 * map[r][c] + (occupied(map, size, players, hr, hc) ? 100 : 5 - map[hr][hc]);
                if (score > bestScore) {
                    bestCode = 8 * (4 + step) + hammer;
                    bestScore = score;
                }
            }
        }
        return bestCode;
    }

    /** Whether (r, c) is a cell of the board with floor left. */
    static boolean standing(int[][] map, int size, int r, int c) {
        return 0 <= r && r < size && 0 <= c && c < size && map[r][c] > 0;
    }

    /** Whether a living player stands on (r, c). */
    static boolean occupied(int[][] map, int size, int players, int r, int c) {
        for (int k = 0; k < players; k++) {
            if (map[0][size + k] != 0 && map[1][size + k] == r && map[2][size + k] == c) {
                return true;
            }
        }
        return false;
    }

    static Object choose(JsonObject obs, JsonArray legal) {
        int size = obs.get("size").getAsInt(), players = obs.get("players").getAsInt();
        JsonArray rows = obs.getAsJsonArray("matrix");
        int[][] map = new int[size][size + players];
        for (int r = 0; r < size; r++) {
            JsonArray cells = rows.get(r).getAsJsonArray();
            for (int c = 0; c < size + players; c++) {
                map[r][c] = cells.get(c).getAsInt();
            }
        }
        return myAiPlay(map, size, size + players);
    }

    public static void main(String[] args) {
        Arena.run(args, "warhammer_bot", Map.of("warhammer", WarHammerBot::choose));
    }
}
