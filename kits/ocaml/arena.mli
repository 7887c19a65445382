(** The arena's bot protocol (version 1) for OCaml bots: the loop every bot of this kit
    shares.

    A bot is a strategy per game, a function [choose obs legal] returning an action, handed
    to {!run}:

    {[
      let choose obs legal = List.hd legal

      let () = Arena.run ~name:"mybot" [ ("sevencolors", choose) ]
    ]}

    [run] reads the server's lines (JSON, one a line) on stdin and answers on stdout, or,
    when the bot is started with arguments, runs them as a command ([ssh -T … bot --game …])
    and talks to it. It answers every "turn" with your strategy for the game named in
    "hello", logs warnings and results to stderr, skips lines that are not JSON, and returns
    when the server closes the connection. stdout carries protocol only: print your
    debugging with [Arena.log] (stderr).

    In a tournament (the command's words include [--tournament]) a lost connection (ssh's
    status 255) or a server restarting (status 75) is not the end: [run] waits (1 s, 2 s,
    4 s … up to 30 s, a little jitter) and runs the command again, until 30 minutes pass
    without a connection. [ARENA_RECONNECT_BASE] (milliseconds, default 1000) scales every
    one of these times; it is there for tests.

    JSON values are Yojson's [Yojson.Basic.t]: read them with [Yojson.Basic.Util]
    ([member "board" obs |> to_list], [to_int], [to_string], …), and answer with [`Int 3],
    [`String "WAIT"], or the legal action you picked as it is.

    A new game is a new strategy file next to this one; this library stays as it is. *)

type json = Yojson.Basic.t

type strategy = json -> json list -> json
(** [choose obs legal]: the turn's observation and its legal actions ([[]] for games that
    do not list them, such as Perfect Aim); returns the action to send. *)

val log : ('a, unit, string, unit) format4 -> 'a
(** [log "game %d" n] prints one line for people on stderr, prefixed with the bot's name,
    written at once (the ssh child shares stderr). Never print on stdout: it is the
    protocol. *)

val move_ms : unit -> int
(** The current turn's [time.move_ms]: the time this move may take for free. *)

val bank_ms : unit -> int
(** The current turn's [time.bank_ms]: the bank that pays for moves beyond [move_ms]. *)

val time_left : unit -> int
(** Milliseconds left for the current turn before its move is late: [move_ms + bank_ms]
    less what the turn has taken since its line was read. *)

val run : ?name:string -> (string * strategy) list -> unit
(** [run ~name strategies] plays with [strategies] ([(game id, choose)] pairs) until the
    server is done, then exits the process with the status. [name] (default ["bot"])
    prefixes the log lines. *)
