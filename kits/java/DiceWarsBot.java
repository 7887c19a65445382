import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

import java.util.HashMap;
import java.util.Map;

/**
 * A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines.
 *
 * Run it by the arena, which speaks on its stdin and stdout (./command dicewars build builds it):
 *     arena match --game dicewars --seats exec:"java -jar build/dicewars_bot.jar",seed,classic,odds --games 100
 * or let it connect itself over SSH (its arguments are the command to run):
 *     java -jar build/dicewars_bot.jar ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic
 *
 * stdout carries protocol only: print your debugging to stderr (Arena.log does).
 * The protocol loop is Arena.java, shared by every bot of this kit: keep it beside this file.
 */
public class DiceWarsBot {
    // -------------------------------------------------------------------------------------
    // YOUR STRATEGY GOES HERE: choose(obs, legal) is asked once per attack, until it answers
    // "end".
    //
    // obs "areas" element i is area i+1: {"id", "owner" (a seat), "dice" (1..8)};
    // obs "adjacency" element i lists the neighbours of area i+1; obs "you" is your seat;
    // obs "points"[seat] is a seat's largest group of areas (the dice it gains at the end of
    // its turn) and obs "stock"[seat] the dice it keeps.
    // legal lists every attack you may make, {"attack": [from, to]}, then "end".
    //
    // This one attacks where it has more dice than the defender, the biggest difference
    // first, and ends its turn when there is no such attack.
    // -------------------------------------------------------------------------------------
    static Object choose(JsonObject obs, JsonArray legal) {
        Map<Integer, Integer> dice = new HashMap<>();
        for (JsonElement a : obs.getAsJsonArray("areas")) {
            JsonObject area = a.getAsJsonObject();
            dice.put(area.get("id").getAsInt(), area.get("dice").getAsInt());
        }
        Object best = "end";
        int bestGap = 0;
        for (JsonElement action : legal) {
            if (!action.isJsonObject()) {
                continue; // "end"
            }
            JsonArray attack = action.getAsJsonObject().getAsJsonArray("attack");
            int gap = dice.get(attack.get(0).getAsInt()) - dice.get(attack.get(1).getAsInt());
            if (gap > bestGap) {
                best = action;
                bestGap = gap;
            }
        }
        return best;
    }

    public static void main(String[] args) {
        Arena.run(args, "dicewars_bot", Map.of("dicewars", DiceWarsBot::choose));
    }
}
