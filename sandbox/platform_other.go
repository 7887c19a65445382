//go:build !linux || !(amd64 || arm64)

package sandbox

import (
	"errors"
	"os"
	"runtime"
)

const (
	helperName   = "arena-sandbox"
	policyEnv    = "ARENA_SANDBOX_POLICY"
	helperFailed = 126
)

// Unavailable says what this system lacks for the sandbox.
func Unavailable() string {
	return "the sandbox needs Linux (with Landlock) on amd64 or arm64; this is " + runtime.GOOS + "/" + runtime.GOARCH
}

func jsonOf(Policy) (string, error)           { return "", errors.New("no sandbox") }
func socketPair() (*os.File, *os.File, error) { return nil, nil, errors.New("no sandbox") }
func receiveListener(*os.File) (int, error)   { return -1, errors.New("no sandbox") }
func (r *Run) supervise(int)                  {}
