(* A Garden Tensions bot for the arena, speaking the bot protocol (version 1) in JSON lines.

   Build it (from this folder):
     ocamlfind ocamlopt -package yojson,unix -linkpkg arena.mli arena.ml garden_bot.ml -o garden_bot
   Run it by the arena, which speaks on its stdin and stdout:
     arena match --game garden --seats exec:./garden_bot,heuristic --games 100
   or let it connect itself over SSH (its arguments are the command to run):
     ./garden_bot ssh -T -p 2222 arena.host bot --game garden --practice --vs heuristic

   stdout carries protocol only: print your debugging with Arena.log (stderr).
   The protocol loop is arena.ml, shared by every bot of this kit: keep it beside this file. *)

open Yojson.Basic.Util

let log = Arena.log

(* [cell_of obs r q] is the observation's cell at (r, q). *)
let cell_of obs r q =
  List.find (fun c -> to_int (member "r" c) = r && to_int (member "q" c) = q) (obs |> member "cells" |> to_list)

let words action = String.split_on_char ' ' action |> List.filter (( <> ) "")

(* ---------------------------------------------------------------------------------------
   YOUR STRATEGY GOES HERE: choose obs legal is asked for every decision: the clan first,
   then each conquest action until you answer "end" (5 at most a turn), then each creature
   of your reinforcement ("place r q") until none is left or you answer "end".

   member "phase" obs is "clan", "conquest" or "reinforcement"; member "you" obs your seat.
   member "cells" obs are the 29 cells: {"id", "r", "q", "adj" (the neighbours' ids), "kind"
   (simple, sky, candy, bbq, pool), "terrain", "resource", "yield", "owner" (a seat, -1 for
   empty), "creatures", "status", "timer", "forged", "immobile"}; cell i has "id" i.
   member "players" obs, by seat: {"clan", "food", "metal", "stone", "wood", "points",
   "pending"}. legal lists every command you may send now, as strings: "clan miners",
   "move 2 0 2 1", "sky 2 0 4 3", "bbq 3 3", "pool 3 3", "pillage 3 3", "zone 3 3" ("zone 2
   2 2 3" for the Lumberjacks), "place 2 1", and "end" (last).
   Arena.time_left () is the milliseconds left for this move.

   This one takes the first clan offered. In conquest it fires the first BBQ, Pool, pillage
   or zone attack offered (they cost resources or points it would not use otherwise); else
   attacks where its creatures outnumber the defender's most (the first such on ties); else
   moves into the first empty cell it may; else ends. Sky is yours to add. It places each
   creature on its weakest cell next to the enemy, else its weakest cell.
   --------------------------------------------------------------------------------------- *)
let choose obs legal =
  let me = obs |> member "you" |> to_int in
  let cells = obs |> member "cells" |> to_list |> Array.of_list in
  let creatures c = c |> member "creatures" |> to_int and owner c = c |> member "owner" |> to_int in
  let commands = List.map to_string legal in
  match obs |> member "phase" |> to_string with
  | "clan" -> List.hd legal
  | "reinforcement" ->
      (* The front first, then the weakest. *)
      let best, _ =
        List.fold_left
          (fun (best, best_key) action ->
            match words action with
            | [ "place"; r; q ] ->
                let c = cell_of obs (int_of_string r) (int_of_string q) in
                let front = List.exists (fun n -> owner cells.(to_int n) = 1 - me) (c |> member "adj" |> to_list) in
                let key = ((if front then 0 else 1), creatures c) in
                if best_key = None || Some key < best_key then (action, Some key) else (best, best_key)
            | _ -> (best, best_key))
          ("end", None) commands
      in
      `String best
  | _ ->
      let rec scan attack best_gap expand = function
        | [] -> (
            match (attack, expand) with Some a, _ | None, Some a -> a | None, None -> "end")
        | action :: rest -> (
            match words action with
            | ("bbq" | "pool" | "pillage" | "zone") :: _ -> action
            | [ "move"; r1; q1; r2; q2 ] ->
                let src = cell_of obs (int_of_string r1) (int_of_string q1) in
                let dst = cell_of obs (int_of_string r2) (int_of_string q2) in
                if owner dst = -1 then scan attack best_gap (if expand = None then Some action else expand) rest
                else if creatures src - creatures dst > best_gap then
                  scan (Some action) (creatures src - creatures dst) expand rest
                else scan attack best_gap expand rest
            | _ -> scan attack best_gap expand rest)
      in
      `String (scan None 0 None commands)

let () = Arena.run ~name:"garden_bot" [ ("garden", choose) ]
