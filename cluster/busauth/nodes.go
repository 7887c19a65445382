package busauth

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
)

// NodeKey is a line of the bus's nodes file: a node's name and one of its public keys.
type NodeKey struct{ Name, Key string }

// ParseNodes reads a nodes file: one node a line, "NAME PUBLICKEY" (an NKey user public
// key, U…), blank lines and # comment lines ignored. Bad lines are returned as problems,
// each naming its line, and skipped: one typo must not shut every node out.
//
// One name may come on two lines with two keys, on purpose: that is how a node's key is
// rotated without stopping it (add the new key's line, restart the node on its new key,
// remove the old line). One key on two lines is a mistake (it would speak for two names,
// or be listed twice): the first line stands.
//
// A problem never quotes a key: a secret key pasted by mistake must not reach a log.
func ParseNodes(r io.Reader) (nodes []NodeKey, problems []string) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, []string{fmt.Sprintf("reading the nodes: %v", err)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte order mark some editors write
	firstLine := map[string]int{}                         // key → the line it is first on
	for n, raw := range strings.Split(string(data), "\n") {
		n++ // lines count from 1
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if hasSeed(fields) {
			problems = append(problems, fmt.Sprintf("line %d: a node's secret key (a seed, S…), which only the node's key file may hold: remove the line, and give that node a new key, this one is no longer secret", n))
			continue
		}
		if len(fields) != 2 {
			problems = append(problems, fmt.Sprintf("line %d: %d words, not a node's NAME and PUBLICKEY", n, len(fields)))
			continue
		}
		name, key := fields[0], fields[1]
		if !ValidName(name) {
			problems = append(problems, fmt.Sprintf("line %d: %s is not a node's name (letters, digits, - and _, at most 64)", n, quoteShort(name)))
			continue
		}
		if !nkeys.IsValidPublicUserKey(key) {
			problems = append(problems, fmt.Sprintf("line %d: node %s: not a node's public key (an NKey user public key, U…, 56 characters)", n, name))
			continue
		}
		if first, seen := firstLine[key]; seen {
			problems = append(problems, fmt.Sprintf("line %d: node %s: the key of line %d again (a key is one node's, listed once)", n, name, first))
			continue
		}
		firstLine[key] = n
		nodes = append(nodes, NodeKey{Name: name, Key: key})
	}
	return nodes, problems
}

// hasSeed reports whether a line holds a secret key.
func hasSeed(fields []string) bool {
	for _, f := range fields {
		if isSeed(f) {
			return true
		}
	}
	return false
}

// quoteShort quotes a word for a problem, cut if long.
func quoteShort(s string) string {
	if len(s) > 70 {
		s = s[:64] + "…"
	}
	return strconv.Quote(s)
}

// ReadNodes reads the nodes file at path (ParseNodes); err is for a file that cannot be
// read at all.
func ReadNodes(path string) ([]NodeKey, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("nodes file %s: %w", path, unwrapPath(err))
	}
	defer f.Close()
	nodes, problems := ParseNodes(f)
	return nodes, problems, nil
}

// Users are the bus's users for nodes: one a key, with its node's Permissions.
//
// With no node at all, it is one user whose key nobody holds (its secret is thrown away at
// once), with no rights: a NATS server given no users lets everybody in, and an empty
// nodes file must let nobody in.
func Users(nodes []NodeKey) []*server.NkeyUser {
	if len(nodes) == 0 {
		return []*server.NkeyUser{nobody()}
	}
	users := make([]*server.NkeyUser, 0, len(nodes))
	for _, n := range nodes {
		users = append(users, &server.NkeyUser{Nkey: n.Key, Permissions: Permissions(n.Name)})
	}
	return users
}

// nobody is a user that no client can be: see Users.
func nobody() *server.NkeyUser {
	kp, err := nkeys.CreateUser()
	if err != nil {
		panic(fmt.Sprintf("busauth: no random key: %v", err)) // crypto/rand failed: nothing is safe
	}
	defer kp.Wipe()
	public, err := kp.PublicKey()
	if err != nil {
		panic(fmt.Sprintf("busauth: a new key has no public key: %v", err))
	}
	return &server.NkeyUser{Nkey: public, Permissions: &server.Permissions{
		Publish:   &server.SubjectPermission{Deny: []string{">"}},
		Subscribe: &server.SubjectPermission{Deny: []string{">"}},
	}}
}

// ServerConfig is the authorization block of a nats-server configuration file that gives
// nodes what Users gives them, for an operator who runs their own nats-server rather
// than arena nats (arena nats --print-config). It is written from Permissions, so that it
// follows the protocol's subjects.
func ServerConfig(nodes []NodeKey) string {
	var b strings.Builder
	b.WriteString("# The arena's bus: its nodes' keys, each node publishing on its own subjects only\n")
	b.WriteString("# (arena nats --print-config). Include it in the server's configuration file; the\n")
	b.WriteString("# server reads it again on a reload (nats-server --signal reload). Give the server\n")
	b.WriteString("# max_payload: 8MB too: a room's replay crosses the bus when the room moves.\n")
	b.WriteString("authorization {\n  users = [\n")
	users := Users(nodes)
	for i, u := range users {
		if len(nodes) == 0 {
			b.WriteString("    # No node is listed: a key nobody holds, so that the server lets nobody in\n")
			b.WriteString("    # rather than everybody.\n")
		} else {
			fmt.Fprintf(&b, "    # node %s\n", nodes[i].Name)
		}
		fmt.Fprintf(&b, "    {\n      nkey: %s\n      permissions: {\n", u.Nkey)
		writeSubjects(&b, "publish", u.Permissions.Publish)
		writeSubjects(&b, "subscribe", u.Permissions.Subscribe)
		if r := u.Permissions.Response; r != nil {
			fmt.Fprintf(&b, "        allow_responses: { max: %d, expires: %q }\n", r.MaxMsgs, r.Expires.String())
		}
		b.WriteString("      }\n    }\n")
	}
	b.WriteString("  ]\n}\n")
	return b.String()
}

// writeSubjects writes one direction of a user's permissions.
func writeSubjects(b *strings.Builder, what string, p *server.SubjectPermission) {
	if p == nil {
		return
	}
	list := func(subjects []string) string {
		q := make([]string, len(subjects))
		for i, s := range subjects {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	}
	fmt.Fprintf(b, "        %s: {", what)
	sep := " "
	if len(p.Allow) > 0 {
		fmt.Fprintf(b, "%sallow: %s", sep, list(p.Allow))
		sep = ", "
	}
	if len(p.Deny) > 0 {
		fmt.Fprintf(b, "%sdeny: %s", sep, list(p.Deny))
	}
	b.WriteString(" }\n")
}
