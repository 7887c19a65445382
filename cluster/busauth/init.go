package busauth

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/nats-io/nkeys"
)

// The files Init makes in its directory.
const (
	NodesFile   = "nodes"        // the bus's nodes file (arena nats --nodes)
	CAFile      = "ca.pem"       // the CA certificate the nodes trust (arena serve --cluster-ca)
	BusCertFile = "bus-cert.pem" // the bus's certificate (arena nats --tls-cert)
	BusKeyFile  = "bus-key.pem"  // its private key, 0600 (arena nats --tls-key)
)

// KeyFile is the name of node's key file in Init's directory (arena serve --cluster-key).
func KeyFile(node string) string { return node + ".nkey" }

// How long the certificates Init makes are valid.
const (
	caLifetime   = 10 * 365 * 24 * time.Hour
	certLifetime = 2 * 365 * 24 * time.Hour
)

// nodesHeader starts the nodes file Init writes.
const nodesHeader = `# The nodes the arena's bus lets in, one a line: NAME PUBLICKEY (an NKey user public key,
# U…). Each node publishes on its own subjects only. arena nats --nodes FILE reads this
# file again when it changes: a node removed is disconnected at once.
#
# Add a node: run it (arena serve --cluster URL --cluster-key FILE); when the bus refuses
# its key, it prints the line to add here.
# Rotate a node's key, without stopping the cluster: add a line with the node's name and
# its new key (the old line stays), restart the node on the new key (--cluster-key), then
# remove the old line.
`

// Init makes a bus's keys in dir (arena nats init): the nodes file listing names, a key file
// for each node (mode 0600), and, when tlsHosts names the bus's host names or addresses, a
// CA certificate and the bus's certificate and key for TLS. It never replaces a file: it
// checks first that none of the files exists, so that running it again cannot replace live
// keys. With no names, it makes the TLS files alone (a certificate renewed).
func Init(dir string, names []string, tlsHosts []string) error {
	if len(names) == 0 && len(tlsHosts) == 0 {
		return errors.New("nothing to make: name the nodes, or the bus's hosts for TLS")
	}
	seen := map[string]bool{}
	for _, n := range names {
		if !ValidName(n) {
			return fmt.Errorf("%s is not a node's name (letters, digits, - and _, at most 64)", quoteShort(n))
		}
		if seen[n] {
			return fmt.Errorf("node %s is named twice", n)
		}
		seen[n] = true
	}
	for _, h := range tlsHosts {
		if !validHost(h) {
			return fmt.Errorf("%s is not a host name or an IP address", quoteShort(h))
		}
	}

	files := map[string][]byte{} // file name in dir → its contents
	secret := map[string]bool{}
	defer func() {
		for name, data := range files {
			if secret[name] {
				wipe(data)
			}
		}
	}()
	if len(names) > 0 {
		nodes := bytes.NewBufferString(nodesHeader)
		for _, n := range names {
			kp, err := nkeys.CreateUser()
			if err != nil {
				return err
			}
			data, err := keyFile(kp)
			if err != nil {
				return err
			}
			files[KeyFile(n)], secret[KeyFile(n)] = data, true
			fmt.Fprintln(nodes, NodeLine(n, kp))
			kp.Wipe()
		}
		files[NodesFile] = nodes.Bytes()
	}
	if len(tlsHosts) > 0 {
		ca, cert, key, err := busCertificates(tlsHosts)
		if err != nil {
			return fmt.Errorf("certificates: %w", err)
		}
		files[CAFile], files[BusCertFile], files[BusKeyFile] = ca, cert, key
		secret[BusKeyFile] = true
	}

	// The nodes file before the keys, so that an interrupted init leaves no key without its
	// line.
	var order []string
	for _, name := range append([]string{CAFile, BusCertFile, BusKeyFile, NodesFile}, keyFiles(names)...) {
		if _, ok := files[name]; ok {
			order = append(order, name)
		}
	}
	for _, name := range order {
		if _, err := os.Lstat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s exists already: init never replaces a file (move it away first to make a new one)", filepath.Join(dir, name))
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, name := range order {
		data := files[name]
		mode := os.FileMode(0o644)
		if secret[name] {
			mode = 0o600
		}
		if err := writeNew(filepath.Join(dir, name), data, mode); err != nil {
			return err
		}
	}
	return nil
}

func keyFiles(names []string) []string {
	files := make([]string, len(names))
	for i, n := range names {
		files[i] = KeyFile(n)
	}
	return files
}

// writeNew writes a file that must not exist yet (O_EXCL: never one made meanwhile).
func writeNew(path string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// validHost is a DNS name (letters, digits, -, dots; a leading * for a wildcard) or an IP
// address.
var hostName = regexp.MustCompile(`^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\.?$`)

func validHost(h string) bool {
	return net.ParseIP(h) != nil || (len(h) <= 253 && hostName.MatchString(h))
}

// busCertificates makes a CA and the bus's certificate for hosts, signed by it, as PEM.
//
// The CA's key is not kept: it signs this one certificate and is thrown away. Kept, it
// would be a key that can make a certificate every node trusts, lying in a directory that
// is copied to the nodes (their key files are there); the bus's own key can only be the
// bus. The price: a new certificate (in two years, or for another host name) comes with a
// new CA, which every node must be given (--cluster-ca) before the bus uses it.
func busCertificates(hosts []string) (caPEM, certPEM, keyPEM []byte, err error) {
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	caTemplate := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: "arena bus CA " + now.UTC().Format("2006-01-02")},
		NotBefore:             now.Add(-time.Hour), // a node whose clock is a little behind
		NotAfter:              now.Add(caLifetime),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, nil, nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, nil, nil, err
	}

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	template := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{CommonName: hosts[0]},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(certLifetime),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			template.IPAddresses = append(template.IPAddresses, ip)
		} else {
			template.DNSNames = append(template.DNSNames, strings.TrimSuffix(h, "."))
		}
	}
	certDER, err := x509.CreateCertificate(rand.Reader, template, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, nil, nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, nil, err
	}
	caPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})
	certPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: certDER})
	keyPEM = pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	wipe(keyDER)
	return caPEM, certPEM, keyPEM, nil
}

// serial is a certificate's random serial number (128 bits, positive).
func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 128))
	if err != nil {
		panic(fmt.Sprintf("busauth: no random serial: %v", err)) // crypto/rand failed
	}
	return n.Add(n, big.NewInt(1))
}
