package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arena-classroom/arena/keys"
	"github.com/arena-classroom/arena/lang"
	"github.com/arena-classroom/arena/store"
)

// storeUsage is arena store --help in l.
func storeUsage(l lang.Lang) string {
	return l.Sprintf(`Usage: arena store copy --from WHERE --to WHERE [--replace [--yes]] [--allow-empty]

Copies an arena's whole store, every table, from one database to another: a data
directory (SQLite, DIR/arena.db) or a PostgreSQL URL (postgres://USER@HOST:PORT/DB?sslmode=…),
either way. Stop the servers of both first.

  --from WHERE   the arena to copy. It is read only, never written to, and must hold an
                 arena store of this arena's schema (a mistyped database is refused)
  --to WHERE     where it goes; a data directory is created if needed
  --replace      empty a target that holds data first (it is refused otherwise): what it
                 deletes is listed, and you are asked to type yes
  --yes          with --replace, no question (for scripts)
  --allow-empty  copy a source that holds no account, game or tournament (refused
                 otherwise: copied with --replace it would wipe the target)

Each table's row count is printed, verified on both sides; the copy is one transaction of
the target: all of it or nothing. The secrets go with it (the key that tournament seeds
derive from), and so does the host key: a data directory keeps it in a file
(host_ed25519), PostgreSQL in the database, so players' known_hosts stay valid.
`)
}

func runStore(l lang.Lang, args []string) int {
	return storeMain(l, args, os.Stdin, os.Stdout, os.Stderr)
}

// storeMain is arena store, saying in l what it says to people.
func storeMain(l lang.Lang, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help" || args[0] == "help") {
		fmt.Fprint(stdout, storeUsage(l))
		return 0
	}
	c, err := parseStoreCopy(l, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		complain(stderr, l, "arena store", err) // lang:keep the command's name
		fmt.Fprintf(stderr, "\n%s", storeUsage(l))
		return 2
	}
	c.lang = l
	if err := copyStore(context.Background(), c, stdin, stdout); err != nil {
		complain(stderr, l, "arena store copy", err) // lang:keep the command's name
		return 1
	}
	return 0
}

// storeCopy is arena store copy's command line.
type storeCopy struct {
	lang                     lang.Lang // what it says to people; English when unset
	from, to                 string
	replace, yes, allowEmpty bool
}

func parseStoreCopy(l lang.Lang, args []string, stderr io.Writer) (storeCopy, error) {
	c := storeCopy{lang: l}
	if len(args) == 0 || args[0] != "copy" {
		return c, lang.Errorf("the one command is copy")
	}
	// lang:keep the flag set's name
	fs := flag.NewFlagSet("store copy", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&c.from, "from", "", "")
	fs.StringVar(&c.to, "to", "", "")
	fs.BoolVar(&c.replace, "replace", false, "")
	fs.BoolVar(&c.yes, "yes", false, "")
	fs.BoolVar(&c.allowEmpty, "allow-empty", false, "")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stderr, storeUsage(l))
			return c, err
		}
		return c, flagError(err, nil)
	}
	if c.from == "" || c.to == "" {
		return c, lang.Errorf("copy: --from and --to are both needed")
	}
	if fs.NArg() > 0 {
		return c, lang.Errorf("copy: unexpected argument %q", fs.Arg(0))
	}
	return c, nil
}

// place is one side of a copy: a data directory, or a PostgreSQL database.
type place struct {
	where string // the store's: a URL, or DIR/arena.db
	dir   string // the data directory; "" for PostgreSQL
}

func placeOf(arg string) place {
	if store.IsURL(arg) {
		return place{where: arg}
	}
	return place{where: filepath.Join(arg, store.FileName), dir: arg}
}

func copyStore(ctx context.Context, c storeCopy, in io.Reader, out io.Writer) error {
	fromArg, toArg, replace := c.from, c.to, c.replace
	from, to := placeOf(fromArg), placeOf(toArg)
	if from.where == to.where {
		return lang.Errorf("--from and --to are the same database")
	}
	if from.dir != "" {
		if _, err := os.Stat(from.where); err != nil {
			return lang.Errorf("--from %s: no arena database there (%s)", fromArg, store.FileName)
		}
	}
	if to.dir != "" {
		if err := os.MkdirAll(to.dir, 0o700); err != nil {
			return lang.Errorf("--to %s: %v", toArg, err)
		}
	}
	src, err := store.OpenSource(ctx, from.where)
	if err != nil {
		return lang.Errorf("--from: %v", err)
	}
	defer src.Close()
	if empty, err := src.Empty(ctx); err != nil {
		return err
	} else if empty && !c.allowEmpty {
		return lang.Errorf("--from %s holds no account, game or tournament: is it the right database? (--allow-empty copies it all the same)", store.Redact(fromArg))
	}
	dst, err := store.Open(ctx, to.where)
	if err != nil {
		return err
	}
	defer dst.Close()
	if replace {
		if err := confirmReplace(ctx, c.lang, dst, toArg, c.yes, in, out); err != nil {
			return err
		}
	}

	hostKey, err := readHostKey(ctx, from, src)
	if err != nil {
		return err
	}
	opts := store.CopyOptions{Replace: replace}
	if hostKey != nil && to.dir == "" {
		opts.Secrets = map[string][]byte{store.HostKeySecret: hostKey}
	}
	keyFile := ""
	if to.dir != "" && hostKey != nil {
		keyFile = filepath.Join(to.dir, keys.HostKeyFile)
		if err := mayWriteHostKey(keyFile, hostKey, replace); err != nil {
			return err
		}
	}
	counts, err := store.Copy(ctx, src, dst, opts)
	if errors.Is(err, store.ErrNotEmpty) {
		return lang.Errorf("%v: --replace empties it first", err)
	}
	if err != nil {
		return err
	}
	if keyFile != "" {
		if err := os.WriteFile(keyFile, hostKey, 0o600); err != nil {
			return lang.Errorf("host key: %v", err)
		}
	}
	total, l := 0, c.lang
	for _, c := range counts {
		fmt.Fprintf(out, "%-20s %8s %s\n", c.Table, count(l, c.Rows), l.Sprintf("rows, verified"))
		total += c.Rows
	}
	fmt.Fprintf(out, "%s %8s %s\n", pad(l.Sprintf("total"), 20, true), count(l, total), l.Sprintf("rows copied from %s to %s", store.Redact(fromArg), store.Redact(toArg)))
	if hostKey != nil {
		signer, err := keys.ParseHostKey(hostKey)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, l.Sprintf("host key %s copied", keys.Fingerprint(signer.PublicKey())))
	}
	return nil
}

// readHostKey is the arena's host key: its data directory's file, or its database's
// secret; nil when it has none yet.
func readHostKey(ctx context.Context, p place, st *store.Store) ([]byte, error) {
	if p.dir != "" {
		data, err := os.ReadFile(filepath.Join(p.dir, keys.HostKeyFile))
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return data, err
	}
	return st.StoredHostKeyPEM(ctx)
}

// confirmReplace lists what --replace deletes from the target, if anything, and asks for
// "yes" on in, unless yes.
func confirmReplace(ctx context.Context, l lang.Lang, dst *store.Store, toArg string, yes bool, in io.Reader, out io.Writer) error {
	counts, err := dst.Counts(ctx)
	if err != nil {
		return err
	}
	var held []string
	for _, c := range counts {
		if c.Rows > 0 && c.Table != "secrets" {
			held = append(held, fmt.Sprintf("%s %d", c.Table, c.Rows))
		}
	}
	if len(held) == 0 {
		return nil
	}
	fmt.Fprintln(out, l.Sprintf("--replace deletes everything %s holds: %s, and its secrets (the host key, the seeds' key).",
		store.Redact(toArg), strings.Join(held, ", ")))
	if yes {
		return nil
	}
	fmt.Fprint(out, l.Sprintf("Type yes to go on: "))
	answer, _ := bufio.NewReader(in).ReadString('\n')
	if a := strings.TrimSpace(answer); a != "yes" && a != l.Sprintf("yes") {
		return lang.Errorf("nothing copied, nothing deleted (--yes answers for a script)")
	}
	return nil
}

// mayWriteHostKey refuses to overwrite another host key at file unless replace.
func mayWriteHostKey(file string, key []byte, replace bool) error {
	old, err := os.ReadFile(file)
	switch {
	case errors.Is(err, os.ErrNotExist) || replace || bytes.Equal(old, key):
		return nil
	case err != nil:
		return lang.Errorf("host key: %v", err)
	}
	return lang.Errorf("%s holds another host key: --replace overwrites it", file)
}
