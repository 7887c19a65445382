import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import java.util.Map;

/**
 * A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Build it (with Arena.java beside it; ./command sevencolors OUTDIR does the same):
 *     javac -cp /usr/share/java/gson.jar -d classes Arena.java MyBot.java
 * Run it by the arena, which speaks on its stdin and stdout:
 *     arena match --game sevencolors --seats exec:"java -jar build/sevencolors_bot.jar",greedy --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     java -jar build/sevencolors_bot.jar ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy
 *
 * stdout carries protocol only: print your debugging to stderr (Arena.log does).
 * The protocol loop is Arena.java, shared by every bot of this kit: keep it beside this file.
 */
public class MyBot {
    // -------------------------------------------------------------------------------------
    // YOUR STRATEGY GOES HERE.
    //
    // obs.getAsJsonArray("board").get(y).getAsJsonArray().get(x).getAsInt() is a cell, rows
    // top to bottom: 0 empty, 1 player 1 ('^', starts bottom-left), 2 player 2 ('v', starts
    // top-right), 3..9 the colours A..G. obs.get("you").getAsInt() is your code (1 or 2),
    // obs.get("size").getAsInt() the width N.
    // legal lists the colours that capture something (all of 3..9 when none does).
    // Return one colour, 3..9. A colour that touches nothing loses your turn.
    // Arena.timeLeftMs() is the time left to answer; Arena.log(...) prints on stderr.
    //
    // This one is greedy: it plays the colour that captures the most cells now. Beat it.
    // -------------------------------------------------------------------------------------
    static Object choose(JsonObject obs, JsonArray legal) {
        int best = legal.get(0).getAsInt(), most = -1;
        for (var c : legal) {
            int n = captured(obs, c.getAsInt());
            if (n > most) {
                best = c.getAsInt();
                most = n;
            }
        }
        return best;
    }

    /** The cells of colour that playing it takes: those joined to your territory through cells of that colour. */
    static int captured(JsonObject obs, int colour) {
        JsonArray rows = obs.getAsJsonArray("board");
        int n = rows.size(), me = obs.get("you").getAsInt(), taken = 0;
        int[][] board = new int[n][n];
        boolean[][] seen = new boolean[n][n];
        java.util.ArrayDeque<int[]> todo = new java.util.ArrayDeque<>();
        for (int y = 0; y < n; y++) {
            JsonArray row = rows.get(y).getAsJsonArray();
            for (int x = 0; x < n; x++) {
                board[y][x] = row.get(x).getAsInt();
                if (board[y][x] == me) {
                    seen[y][x] = true;
                    todo.push(new int[] {x, y});
                }
            }
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!todo.isEmpty()) {
            int[] c = todo.pop();
            for (int[] d : steps) {
                int x = c[0] + d[0], y = c[1] + d[1];
                if (x < 0 || y < 0 || x >= n || y >= n || seen[y][x] || board[y][x] != colour) {
                    continue;
                }
                seen[y][x] = true;
                todo.push(new int[] {x, y});
                taken++;
            }
        }
        return taken;
    }

    public static void main(String[] args) {
        Arena.run(args, "mybot", Map.of("sevencolors", MyBot::choose));
    }
}
