(* arena.ml: the bot protocol (version 1) for OCaml bots, shared by every bot of this kit
   (reading lines, answering turns with the strategy of the game named in "hello", logging,
   connecting over SSH and staying in a tournament). See arena.mli. *)

type json = Yojson.Basic.t

type strategy = json -> json list -> json

let bot_name = ref "bot"

(* The line is made whole first and handed to the kernel in one write: the ssh child shares
   stderr, and a line written in pieces can have the server's sentence land in its middle. *)
let write_line line =
  let data = Bytes.of_string (!bot_name ^ ": " ^ line ^ "\n") in
  let rec go off =
    if off < Bytes.length data then
      match Unix.write Unix.stderr data off (Bytes.length data - off) with
      | n when n > 0 -> go (off + n)
      | _ -> ()
      | exception Unix.Unix_error (Unix.EINTR, _, _) -> go off
      | exception Unix.Unix_error _ -> ()
  in
  go 0

let log fmt = Printf.ksprintf write_line fmt

(* The current turn's time fields, and when its line was read. *)
let turn_move_ms = ref 0
let turn_bank_ms = ref 0
let turn_read_at = ref 0.0

let move_ms () = !turn_move_ms
let bank_ms () = !turn_bank_ms

let time_left () =
  let used = int_of_float ((Unix.gettimeofday () -. !turn_read_at) *. 1000.0) in
  !turn_move_ms + !turn_bank_ms - used

let member key = function
  | `Assoc fields -> ( try List.assoc key fields with Not_found -> `Null)
  | _ -> `Null

let int_of = function `Int n -> n | `Float f -> int_of_float f | _ -> 0
let string_of = function `String s -> s | `Null -> "" | j -> Yojson.Basic.to_string j
let list_of = function `List l -> l | _ -> []

let send out msg =
  output_string out (Yojson.Basic.to_string msg);
  output_char out '\n';
  flush out

let shorten s n = if String.length s > n then String.sub s 0 n else s

(* What [play] saw of a connection, for the reconnecting loop. *)
type seen = { mutable hello : bool; mutable start : bool }

exception Stop of int

(* [play inp out strategies seen] answers turns until the server closes the connection and
   returns an exit status. *)
let play inp out strategies seen =
  let games = ref 0 and wins = ref 0 and seat = ref (-1) in
  let choose = ref None in
  let handle line =
    match Yojson.Basic.from_string line with
    | exception Yojson.Json_error _ -> log "not JSON, skipped: %s" (shorten (String.trim line) 80)
    | `Assoc _ as msg -> (
        match member "type" msg with
        | `String "hello" -> (
            seen.hello <- true;
            let game = string_of (member "game" msg) in
            match List.assoc_opt game strategies with
            | Some f -> choose := Some f
            | None ->
                log "error: this bot has no strategy for %s (it plays %s)" game
                  (String.concat ", " (List.map fst strategies));
                raise (Stop 1))
        | `String "turn" -> (
            match !choose with
            | None -> ()
            | Some f -> (
                let time = member "time" msg in
                turn_move_ms := int_of (member "move_ms" time);
                turn_bank_ms := int_of (member "bank_ms" time);
                let action = f (member "obs" msg) (list_of (member "legal" msg)) in
                let answer =
                  `Assoc
                    [ ("type", `String "action"); ("match", member "match" msg); ("id", member "id" msg);
                      ("action", action) ]
                in
                (* The connection went away as we answered: its end says why. *)
                try send out answer with Sys_error _ -> raise (Stop 0)))
        | `String "start" ->
            seen.start <- true;
            seat := (match member "seat" msg with `Int s -> s | _ -> -1)
        | `String "end" ->
            incr games;
            let outcome = member "outcome" msg in
            let ranks = List.map int_of (list_of (member "ranks" outcome)) in
            let scores = List.map int_of (list_of (member "scores" outcome)) in
            if !seat >= 0 && !seat < List.length ranks then begin
              let rank = List.nth ranks !seat in
              if rank = 1 && List.length (List.filter (( = ) 1) ranks) = 1 then incr wins;
              log "game %d: rank %d of %d, scores %s (%d won so far)" !games rank (List.length ranks)
                (String.concat " " (List.map string_of_int scores))
                !wins
            end
            else log "game %d ended without you: %s" !games (string_of (member "note" msg))
        | `String "warn" ->
            log "warning %s: %s" (string_of (member "code" msg)) (string_of (member "msg" msg))
        | `String "error" ->
            log "error: %s" (string_of (member "msg" msg));
            raise (Stop 1)
        | _ -> () (* pong needs no answer; unknown types are ignored (forward compatible). *))
    | _ -> ()
  in
  let rec loop () =
    match input_line inp with
    | exception End_of_file -> 0
    | exception Sys_error _ -> 0
    | line ->
        turn_read_at := Unix.gettimeofday ();
        handle line;
        loop ()
  in
  try loop () with Stop status -> status

(* [connect command strategies seen] runs the command (ssh …) and plays through its stdin
   and stdout; it returns the bot's status and the command's (-1 when it did not exit). *)
let connect command strategies seen =
  let child_in, to_child = Unix.pipe ~cloexec:true () in
  let from_child, child_out = Unix.pipe ~cloexec:true () in
  match Unix.create_process command.(0) command child_in child_out Unix.stderr with
  | exception Unix.Unix_error (err, _, _) ->
      log "cannot run %s: %s" command.(0) (Unix.error_message err);
      List.iter Unix.close [ child_in; to_child; from_child; child_out ];
      (1, -1)
  | pid ->
      Unix.close child_in;
      Unix.close child_out;
      let inp = Unix.in_channel_of_descr from_child and out = Unix.out_channel_of_descr to_child in
      let status = play inp out strategies seen in
      (try close_out out with Sys_error _ -> ());
      close_in_noerr inp;
      let rec wait () =
        match Unix.waitpid [] pid with
        | _, Unix.WEXITED code -> code
        | _, _ -> -1
        | exception Unix.Unix_error (Unix.EINTR, _, _) -> wait ()
      in
      (status, wait ())

(* The statuses after which a tournament bot connects again: ssh's "connection lost", and
   EX_TEMPFAIL, the server's "I am shutting down, come back". *)
let again = function 255 -> Some "connection lost" | 75 -> Some "the server is restarting" | _ -> None

let first_status status command = if status <> 0 then status else max command 0

(* [reconnecting command strategies] connects with the command again and again while it ends
   with a status of [again]; returns the exit status once it ends otherwise, or after 30
   minutes without a connection. The wait doubles from 1 s to 30 s (plus up to a fifth, so
   that a class does not come back in step) and starts again from 1 s after a connection
   that lasted a minute or played a game. *)
let reconnecting command strategies =
  let base =
    match float_of_string_opt (Sys.getenv "ARENA_RECONNECT_BASE") with
    | Some ms when ms > 0.0 -> ms /. 1000.0
    | _ | (exception Not_found) -> 1.0
  in
  Random.self_init ();
  let connected = ref (Unix.gettimeofday ()) in
  let rec attempt failures =
    let began = Unix.gettimeofday () in
    let seen = { hello = false; start = false } in
    let status, command_status = connect command strategies seen in
    let now = Unix.gettimeofday () in
    match again command_status with
    | None -> first_status status command_status
    | Some why ->
        if seen.hello then connected := now;
        let failures = if seen.start || now -. began >= 60.0 *. base then 0 else failures in
        if now -. !connected >= 1800.0 *. base then begin
          log "no connection to the tournament for %g min: giving up (run the same command again to rejoin)"
            (1800.0 *. base /. 60.0);
          command_status
        end
        else begin
          let delay = Float.min (base *. (2.0 ** float_of_int (min failures 30))) (30.0 *. base) in
          let delay = delay +. Random.float (delay /. 5.0) in
          log "%s (status %d); reconnecting in %.1f s\xe2\x80\xa6" why command_status delay;
          Unix.sleepf delay;
          attempt (failures + 1)
        end
  in
  attempt 0

let contains s sub =
  let n = String.length sub in
  let rec at i = i + n <= String.length s && (String.sub s i n = sub || at (i + 1)) in
  at 0

let run ?(name = "bot") strategies =
  bot_name := name;
  (* A closed connection ends the loop (an exception on write) instead of the process. *)
  Sys.set_signal Sys.sigpipe Sys.Signal_ignore;
  let command = Array.sub Sys.argv 1 (Array.length Sys.argv - 1) in
  let status =
    if Array.length command = 0 then begin
      let status = play stdin stdout strategies { hello = false; start = false } in
      (try close_out stdout with Sys_error _ -> ());
      status
    end
    else if Array.exists (fun word -> contains word "--tournament") command then
      reconnecting command strategies
    else
      let status, command_status = connect command strategies { hello = false; start = false } in
      first_status status command_status
  in
  exit status
