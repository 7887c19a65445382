// Package busauth is what makes the cluster's bus speak only for the arena's nodes: the
// subjects of the bus protocol, each node's permissions on them, the nodes' keys and the
// bus's list of them.
//
// Every subject a node publishes on ends with, or is made of, the publishing node's own
// name, and the bus lets a node publish on its own subjects only (Permissions). So a
// receiver reads who sent a message from the subject it came on, never from the message:
// a node cannot speak as another, and a client without a node's key cannot speak at all.
//
//	subject                      published by   heard by          carries
//	arena.hb.NODE                NODE           every node        NODE's heartbeat
//	arena.req.TO.FROM            FROM           TO                one request; the answer goes to FROM's inbox
//	arena.frames.OWNER.ROOM      OWNER          nodes showing it  a room's frames
//	arena.seats.TO.FROM          FROM           TO                a room's calls on a program's seat at TO
//	_INBOX.NODE.…                (answers)      NODE              answers to NODE's requests
package busauth

import (
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Proto is the version of the bus protocol this build speaks. Every heartbeat and request
// carries it; a node ignores a peer that speaks another, and says so in its log. Nodes of
// different versions cannot share a bus: an upgrade that changes it stops the whole
// cluster (docs/operations.md).
const Proto = 3

// HeartbeatSubject is where node announces itself.
func HeartbeatSubject(node string) string { return "arena.hb." + node }

// Heartbeats is every node's heartbeat subject.
const Heartbeats = "arena.hb.*"

// RequestSubject is where from sends a request to node to.
func RequestSubject(to, from string) string { return "arena.req." + to + "." + from }

// RequestsTo is every request to node.
func RequestsTo(node string) string { return "arena.req." + node + ".*" }

// FramesSubject carries room's frames from its owner.
func FramesSubject(owner, room string) string { return "arena.frames." + owner + "." + room }

// SeatsSubject is where from sends its rooms' calls on the programs seated from node to.
func SeatsSubject(to, from string) string { return "arena.seats." + to + "." + from }

// SeatsTo is every room's calls on node's programs.
func SeatsTo(node string) string { return "arena.seats." + node + ".*" }

// InboxPrefix is the prefix of node's inboxes, where the answers to its requests come.
func InboxPrefix(node string) string { return "_INBOX." + node }

// Sender is the node that published a message on subject, read from the subject itself
// (which the bus lets only that node publish on); false for a subject not of the protocol.
func Sender(subject string) (string, bool) {
	t := strings.Split(subject, ".")
	if len(t) < 3 || t[0] != "arena" {
		return "", false
	}
	switch {
	case t[1] == "hb" && len(t) == 3:
		return t[2], true
	case (t[1] == "req" || t[1] == "seats") && len(t) == 4:
		return t[3], true
	case t[1] == "frames" && len(t) == 4:
		return t[2], true
	}
	return "", false
}

// ResponseTTL bounds how long a node may take to answer a request it heard (the bus lets
// it publish that one answer, and no other message, to the asker's inbox).
const ResponseTTL = time.Minute

// Permissions are node's rights on the bus: it publishes only on its own subjects, and
// hears the heartbeats, the requests and calls meant for it, any room's frames, and the
// answers to its own requests.
func Permissions(node string) *server.Permissions {
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			HeartbeatSubject(node),
			RequestSubject("*", node),
			"arena.frames." + node + ".*",
			SeatsSubject("*", node),
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{
			Heartbeats,
			RequestsTo(node),
			"arena.frames.*.*",
			SeatsTo(node),
			InboxPrefix(node) + ".>",
		}},
		Response: &server.ResponsePermission{MaxMsgs: 1, Expires: ResponseTTL},
	}
}
