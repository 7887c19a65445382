(* A Perfect Aim bot for the arena, speaking the bot protocol (version 1) in JSON lines.

   Build it (from this folder):
     ocamlfind ocamlopt -package yojson,unix -linkpkg arena.mli arena.ml perfectaim_bot.ml -o perfectaim_bot
   Run it by the arena, which speaks on its stdin and stdout:
     arena match --game perfectaim --seats exec:./perfectaim_bot,zidane --games 12
   or let it connect itself over SSH (its arguments are the command to run):
     ./perfectaim_bot ssh -T -p 2222 arena.host bot --game perfectaim --practice --vs zidane

   stdout carries protocol only: print your debugging with Arena.log (stderr).
   The protocol loop is arena.ml, shared by every bot of this kit: keep it beside this file. *)

open Yojson.Basic.Util

let log = Arena.log

(* The four directions, in scan order, and what each does to (x, y). *)
let steps = [ ("UP", 0, -1); ("DOWN", 0, 1); ("LEFT", -1, 0); ("RIGHT", 1, 0) ]

(* [grid obs key] is the named grid as a string array array: [g.(y).(x)]. *)
let grid obs key =
  obs |> member key |> to_list |> List.map (fun row -> Array.of_list (List.map to_string (to_list row))) |> Array.of_list

(* [dangerous_cells obs] are the cells to keep out of: lava, fireballs, and the cell each
   fireball enters next. *)
let dangerous_cells obs =
  let bad = Hashtbl.create 64 in
  Array.iteri (fun y row -> Array.iteri (fun x tile -> if tile = "LAVA" then Hashtbl.replace bad (x, y) ()) row) (grid obs "background");
  List.iter
    (fun f ->
      let x = f |> member "x" |> to_int and y = f |> member "y" |> to_int in
      let action = f |> member "action" |> to_string in
      Hashtbl.replace bad (x, y) ();
      List.iter (fun (name, dx, dy) -> if action = "MOVE_" ^ name then Hashtbl.replace bad (x + dx, y + dy) ()) steps)
    (obs |> member "fireballs" |> to_list);
  bad

let starts_with prefix s = String.length s >= String.length prefix && String.sub s 0 (String.length prefix) = prefix

(* [first_step_to obs wanted bad] searches breadth-first from you for the nearest cell where
   [wanted x y] holds, through cells that are not walls, players or bad, and returns the first
   move ("MOVE_UP", …) on the way there, if any. *)
let first_step_to obs wanted bad =
  let me = member "you" obs in
  let g = grid obs "tile_grid" and size = obs |> member "size" |> to_int in
  let sx = me |> member "x" |> to_int and sy = me |> member "y" |> to_int in
  let inside x y = x >= 0 && x < size && y >= 0 && y < size in
  let seen = Hashtbl.create 256 and queue = Queue.create () in
  Hashtbl.replace seen (sx, sy) ();
  List.iter
    (fun (name, dx, dy) ->
      let x = sx + dx and y = sy + dy in
      if inside x y && (not (Hashtbl.mem bad (x, y))) && g.(y).(x) <> "WALL" && not (starts_with "PLAYER_" g.(y).(x))
      then begin
        Hashtbl.replace seen (x, y) ();
        Queue.add (x, y, "MOVE_" ^ name) queue
      end)
    steps;
  let rec search () =
    match Queue.take_opt queue with
    | None -> None
    | Some (x, y, first) when wanted x y -> Some first
    | Some (x, y, first) ->
        List.iter
          (fun (_, dx, dy) ->
            let nx = x + dx and ny = y + dy in
            if inside nx ny && (not (Hashtbl.mem seen (nx, ny))) && (not (Hashtbl.mem bad (nx, ny))) && g.(ny).(nx) <> "WALL"
            then begin
              Hashtbl.replace seen (nx, ny) ();
              Queue.add (nx, ny, first) queue
            end)
          steps;
        search ()
  in
  search ()

(* ---------------------------------------------------------------------------------------
   YOUR STRATEGY GOES HERE.

   [grid obs "tile_grid"] is what each cell shows, [g.(y).(x)]: "FLOOR", "WALL", "COIN",
   "PLAYER_BLUE", "FIREBALL", …; [grid obs "background"] is FLOOR, WALL, LAVA or
   DAMAGED_FLOOR (lava next: ring after ring closes in from t = 35 s). member "you" obs is
   your player (x, y, speed, coins, super_fireballs, shield), member "players" obs every
   living player, member "fireballs" obs every fireball with its direction ("MOVE_LEFT", …)
   and its thrower. member "t" obs is the time, "num/den" seconds.
   legal is [] (actions are checked at the instant). Return `String "WAIT", "MOVE_UP",
   "MOVE_DOWN", "MOVE_LEFT", "MOVE_RIGHT", "ATTACK_UP", … . An invalid action (into a wall
   or a player, or an attack while your fireball still flies) is played as WAIT, with a
   warning. Arena.time_left () is the milliseconds left for this move.

   This one walks to the nearest coin, avoiding lava and fireballs; on damaged floor it
   first gets back to sound floor; otherwise it waits.
   --------------------------------------------------------------------------------------- *)
let choose obs _legal =
  let me = member "you" obs in
  let mx = me |> member "x" |> to_int and my = me |> member "y" |> to_int in
  let bg = grid obs "background" and g = grid obs "tile_grid" in
  let bad = dangerous_cells obs in
  let off_damaged =
    if bg.(my).(mx) = "DAMAGED_FLOOR" then first_step_to obs (fun x y -> bg.(y).(x) = "FLOOR") bad else None
  in
  let step =
    match off_damaged with
    | Some _ -> off_damaged
    | None -> first_step_to obs (fun x y -> g.(y).(x) = "COIN" && bg.(y).(x) = "FLOOR") bad
  in
  `String (Option.value step ~default:"WAIT")

let () = Arena.run ~name:"perfectaim_bot" [ ("perfectaim", choose) ]
