(* A DiceWars bot for the arena, speaking the bot protocol (version 1) in JSON lines.

   Build it (from this folder):
     ocamlfind ocamlopt -package yojson,unix -linkpkg arena.mli arena.ml dicewars_bot.ml -o dicewars_bot
   Run it by the arena, which speaks on its stdin and stdout:
     arena match --game dicewars --seats exec:./dicewars_bot,seed,classic,odds --games 100
   or let it connect itself over SSH (its arguments are the command to run):
     ./dicewars_bot ssh -T -p 2222 arena.host bot --game dicewars --practice --vs seed,classic

   stdout carries protocol only: print your debugging with Arena.log (stderr).
   The protocol loop is arena.ml, shared by every bot of this kit: keep it beside this file. *)

open Yojson.Basic.Util

let log = Arena.log

(* ---------------------------------------------------------------------------------------
   YOUR STRATEGY GOES HERE: choose obs legal is asked once per attack, until it answers
   `String "end".

   member "areas" obs lists the areas, area i+1 at index i: {"id", "owner" (a seat), "dice"
   (1..8)}; member "adjacency" obs lists the neighbours of each area; member "you" obs is your
   seat; member "points" obs, by seat, each seat's largest group of areas (the dice it gains
   at the end of its turn) and member "stock" obs the dice it keeps.
   legal lists every attack you may make, {"attack": [from, to]}, then "end".
   Arena.time_left () is the milliseconds left for this move.

   This one attacks where it has more dice than the defender, the biggest difference first,
   and ends its turn when there is no such attack.
   --------------------------------------------------------------------------------------- *)
let choose obs legal =
  let dice = Hashtbl.create 64 in
  List.iter (fun a -> Hashtbl.replace dice (a |> member "id" |> to_int) (a |> member "dice" |> to_int)) (obs |> member "areas" |> to_list);
  let best, _ =
    List.fold_left
      (fun (best, best_gap) action ->
        match action with
        | `Assoc _ -> (
            match action |> member "attack" |> to_list |> List.map to_int with
            | [ src; dst ] ->
                let gap = Hashtbl.find dice src - Hashtbl.find dice dst in
                if gap > best_gap then (action, gap) else (best, best_gap)
            | _ -> (best, best_gap))
        | _ -> (best, best_gap) (* "end" *))
      (`String "end", 0) legal
  in
  best

let () = Arena.run ~name:"dicewars_bot" [ ("dicewars", choose) ]
