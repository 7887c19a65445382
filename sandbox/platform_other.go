//go:build !linux || !(amd64 || arm64)

package sandbox

import (
	"errors"
	"os"
	"runtime"

	"github.com/arena-classroom/arena/lang"
)

const (
	helperName   = "arena-sandbox"
	policyEnv    = "ARENA_SANDBOX_POLICY"
	helperFailed = 126
)

// unavailable says what this system lacks for the sandbox.
func unavailable() lang.Text {
	return lang.T("the sandbox needs Linux (with Landlock) on amd64 or arm64; this is %s", runtime.GOOS+"/"+runtime.GOARCH)
}

func jsonOf(Policy) (string, error)           { return "", errors.New("no sandbox") }       // lang:keep never reached
func socketPair() (*os.File, *os.File, error) { return nil, nil, errors.New("no sandbox") } // lang:keep never reached
func receiveListener(*os.File) (int, error)   { return -1, errors.New("no sandbox") }       // lang:keep never reached
func (r *Run) supervise(int)                  {}
