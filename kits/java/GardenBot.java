import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.util.Map;

/**
 * A Garden Tensions bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout (./command garden build builds it):
 *     arena match --game garden --seats exec:"java -jar build/garden_bot.jar",heuristic --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     java -jar build/garden_bot.jar ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic
 *
 * stdout carries protocol only: print your debugging to stderr (Arena.log does).
 * The protocol loop is Arena.java, shared by every bot of this kit: keep it beside this file.
 */
public class GardenBot {
    /** The observation's cell at (r, q), or null. */
    static JsonObject cellOf(JsonObject obs, int r, int q) {
        for (JsonElement e : obs.getAsJsonArray("cells")) {
            JsonObject c = e.getAsJsonObject();
            if (c.get("r").getAsInt() == r && c.get("q").getAsInt() == q) {
                return c;
            }
        }
        return null;
    }

    // -------------------------------------------------------------------------------------
    // YOUR STRATEGY GOES HERE: choose(obs, legal) is asked for every decision: the clan
    // first, then each conquest action until you answer "end" (5 at most a turn), then each
    // creature of your reinforcement ("place r q") until none is left or you answer "end".
    //
    // obs "phase" is "clan", "conquest" or "reinforcement"; obs "you" your seat.
    // obs "cells" are the 29 cells: {"id", "r", "q", "adj" (the neighbours' ids), "kind"
    // (simple, sky, candy, bbq, pool), "terrain", "resource", "yield", "owner" (a seat, -1
    // for empty), "creatures", "status", "timer", "forged", "immobile"}; cell i has id i.
    // obs "players"[seat] is {"clan", "food", "metal", "stone", "wood", "points", "pending"}.
    // legal lists every command you may send now, as strings: "clan miners", "move 2 0 2 1",
    // "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2 2 2 3" for
    // the Lumberjacks), "place 2 1", and "end" (last).
    //
    // This one takes the first clan offered. In conquest it fires the first BBQ, Pool,
    // pillage or zone attack offered (they cost resources or points it would not use
    // otherwise); else attacks where its creatures outnumber the defender's most (the first
    // such on ties); else moves into the first empty cell it may; else ends. Sky is yours to
    // add. It places each creature on its weakest cell next to the enemy, else its weakest
    // cell.
    // -------------------------------------------------------------------------------------
    static Object choose(JsonObject obs, JsonArray legal) {
        String phase = obs.get("phase").getAsString();
        if (phase.equals("clan")) {
            return legal.get(0).getAsString();
        }
        int me = obs.get("you").getAsInt();
        JsonArray cells = obs.getAsJsonArray("cells");
        if (phase.equals("reinforcement")) {
            String best = "end";
            int bestFront = 0, bestCreatures = 0;
            boolean found = false;
            for (JsonElement e : legal) {
                String action = e.getAsString();
                if (!action.startsWith("place ")) {
                    continue;
                }
                String[] words = action.split(" ");
                JsonObject c = cellOf(obs, Integer.parseInt(words[1]), Integer.parseInt(words[2]));
                boolean front = false;
                for (JsonElement n : c.getAsJsonArray("adj")) {
                    if (cells.get(n.getAsInt()).getAsJsonObject().get("owner").getAsInt() == 1 - me) {
                        front = true;
                    }
                }
                // the front first, then the weakest
                int f = front ? 0 : 1, creatures = c.get("creatures").getAsInt();
                if (!found || f < bestFront || (f == bestFront && creatures < bestCreatures)) {
                    best = action;
                    bestFront = f;
                    bestCreatures = creatures;
                    found = true;
                }
            }
            return best;
        }
        String attack = null, expand = null;
        int bestGap = 0;
        for (JsonElement e : legal) {
            String action = e.getAsString();
            String[] words = action.split(" ");
            switch (words[0]) {
                case "bbq":
                case "pool":
                case "pillage":
                case "zone":
                    return action;
                case "move":
                    break;
                default:
                    continue;
            }
            JsonObject src = cellOf(obs, Integer.parseInt(words[1]), Integer.parseInt(words[2]));
            JsonObject dst = cellOf(obs, Integer.parseInt(words[3]), Integer.parseInt(words[4]));
            int gap = src.get("creatures").getAsInt() - dst.get("creatures").getAsInt();
            if (dst.get("owner").getAsInt() == -1) {
                if (expand == null) {
                    expand = action;
                }
            } else if (gap > bestGap) {
                attack = action;
                bestGap = gap;
            }
        }
        return attack != null ? attack : expand != null ? expand : "end";
    }

    public static void main(String[] args) {
        Arena.run(args, "garden_bot", Map.of("garden", GardenBot::choose));
    }
}
