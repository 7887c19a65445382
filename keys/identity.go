// Package keys handles the server's host key, the identity of clients (the SHA256 fingerprint
// of their public key) and the admin (teacher) keys.
package keys

// Identity is who a session belongs to.
type Identity struct {
	// ID is the stable identity: the key's SHA256 fingerprint ("SHA256:…"), or "guest:…" for a
	// keyless client (fresh on every connection).
	ID string
	// Name is the display name: sanitized, unique among keys (reserved by the first key that
	// used it). Guests get "guest-xxxx".
	Name  string
	Guest bool
	Admin bool
}
