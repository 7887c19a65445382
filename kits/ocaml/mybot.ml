(* A 7 Colors bot for the arena, speaking the bot protocol (version 1) in JSON lines.

   Build it (from this folder):
     ocamlfind ocamlopt -package yojson,unix -linkpkg arena.mli arena.ml mybot.ml -o mybot
   Run it by the arena, which speaks on its stdin and stdout:
     arena match --game sevencolors --seats exec:./mybot,greedy --games 100
   or let it connect itself over SSH (its arguments are the command to run):
     ./mybot ssh -T -p 2222 arena.host bot --game sevencolors --practice --vs greedy

   stdout carries protocol only: print your debugging with Arena.log (stderr).
   The protocol loop is arena.ml, shared by every bot of this kit: keep it beside this file. *)

open Yojson.Basic.Util

let log = Arena.log

(* [board obs] is the board as an int array array: [b.(y).(x)]. *)
let board obs =
  obs |> member "board" |> to_list
  |> List.map (fun row -> Array.of_list (List.map to_int (to_list row)))
  |> Array.of_list

(* [captured b me colour] is how many cells [colour] would capture for player [me]: a flood
   from your territory through cells of that colour, four neighbours each (the rules). *)
let captured b me colour =
  let n = Array.length b in
  let seen = Array.make_matrix n n false in
  let queue = Queue.create () in
  Array.iteri
    (fun y row ->
      Array.iteri
        (fun x v ->
          if v = me then begin
            seen.(y).(x) <- true;
            Queue.add (x, y) queue
          end)
        row)
    b;
  let count = ref 0 in
  while not (Queue.is_empty queue) do
    let x, y = Queue.pop queue in
    List.iter
      (fun (nx, ny) ->
        if nx >= 0 && nx < n && ny >= 0 && ny < n && (not seen.(ny).(nx)) && b.(ny).(nx) = colour then begin
          seen.(ny).(nx) <- true;
          incr count;
          Queue.add (nx, ny) queue
        end)
      [ (x - 1, y); (x + 1, y); (x, y - 1); (x, y + 1) ]
  done;
  !count

(* ---------------------------------------------------------------------------------------
   YOUR STRATEGY GOES HERE.

   [board obs] is the board, [b.(y).(x)], rows top to bottom: 0 empty, 1 player 1 ('^',
   starts bottom-left), 2 player 2 ('v', starts top-right), 3..9 the colours A..G.
   obs |> member "you" |> to_int is your code (1 or 2), obs |> member "size" |> to_int the
   width N. legal lists the colours that capture something (all of 3..9 when none does),
   as `Int values. Arena.time_left () is the milliseconds left for this move.
   Return one colour, 3..9 (`Int c). A colour that touches nothing loses your turn.

   This one is greedy: it plays the legal colour that captures the most cells now (the
   first on ties).
   --------------------------------------------------------------------------------------- *)
let choose obs legal =
  let b = board obs and me = obs |> member "you" |> to_int in
  let best, _ =
    List.fold_left
      (fun (best, most) c ->
        let k = captured b me (to_int c) in
        if k > most then (c, k) else (best, most))
      (List.hd legal, -1) legal
  in
  best

let () = Arena.run ~name:"mybot" [ ("sevencolors", choose) ]
