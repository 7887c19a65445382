(* A War Hammer bot for the arena, speaking the bot protocol (version 1) in JSON lines.

   Build it (from this folder):
     ocamlfind ocamlopt -package yojson,unix -linkpkg arena.mli arena.ml warhammer_bot.ml -o warhammer_bot
   Run it by the arena, which speaks on its stdin and stdout:
     arena match --game warhammer --seats exec:./warhammer_bot,hunter,random --games 100
   or let it connect itself over SSH (its arguments are the command to run):
     ./warhammer_bot ssh -T -p 2222 arena.host bot --game warhammer --practice --vs hunter

   stdout carries protocol only: print your debugging with Arena.log (stderr).
   The protocol loop is arena.ml, shared by every bot of this kit: keep it beside this file. *)

open Yojson.Basic.Util

let log = Arena.log

(* The eight directions in the assignment's order: right, up-right, up, up-left, left,
   down-left, down, down-right, as (row, column) steps; row 0 is the top. *)
let directions = [| (0, 1); (-1, 1); (-1, 0); (-1, -1); (0, -1); (1, -1); (1, 0); (1, 1) |]

(* ---------------------------------------------------------------------------------------
   YOUR STRATEGY GOES HERE: the assignment's function, my_ai_play map height width.

   map has height rows of width ints; height is the board's size T and width is T + N for
   N players:
     map.(r).(c), c < T      the HP of cell (r, c): 4 at the start, 0 a hole or outside
                             the octagon
     map.(0).(T + k)         1 if player k is alive, 0 if dead
     map.(1).(T + k)         its row;  map.(2).(T + k) its column (the dead keep theirs)
   Player 0 (column T) is YOU; the others follow in turn order, the next to play first.

   Return a code 0..95 = 8 * first + hammer:
     first   0..3 a grenade right, up, left, down; 4..11 a step in the eight directions
     hammer  0..7 the eight directions, from where you stand after the first choice
   A code outside 0..95 (or no answer in time) is a death, as the assignment says.
   Arena.time_left () is the milliseconds left for this move.

   This one steps to the soundest free cell around it, then brings the hammer down on an
   opponent standing next to it if there is one, else on the weakest standing cell around.
   --------------------------------------------------------------------------------------- *)
let my_ai_play (map : int array array) height width =
  let size = height and players = width - height in
  let row = map.(1).(size) and col = map.(2).(size) in
  let standing r c = r >= 0 && r < size && c >= 0 && c < size && map.(r).(c) > 0 in
  let occupied r c =
    let rec any k = k < players && ((map.(0).(size + k) <> 0 && map.(1).(size + k) = r && map.(2).(size + k) = c) || any (k + 1)) in
    any 0
  in
  let best_code = ref 0 and best_score = ref (-1) in
  Array.iteri
    (fun step (dr, dc) ->
      let r = row + dr and c = col + dc in
      if standing r c && not (occupied r c) then
        Array.iteri
          (fun hammer (hr, hc) ->
            let hr = r + hr and hc = c + hc in
            (* The void or a hole: the hammer would kill us. *)
            if standing hr hc then begin
              let score = (10 * map.(r).(c)) + if occupied hr hc then 100 else 5 - map.(hr).(hc) in
              if score > !best_score then begin
                best_code := (8 * (4 + step)) + hammer;
                best_score := score
              end
            end)
          directions)
    directions;
  !best_code

let choose obs _legal =
  let matrix = obs |> member "matrix" |> to_list |> List.map (fun row -> Array.of_list (List.map to_int (to_list row))) |> Array.of_list in
  let size = obs |> member "size" |> to_int and players = obs |> member "players" |> to_int in
  `Int (my_ai_play matrix size (size + players))

let () = Arena.run ~name:"warhammer_bot" [ ("warhammer", choose) ]
