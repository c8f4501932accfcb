//go:build linux

package wasmtest

import (
	"os/exec"
	"syscall"
)

// dieWithParent ends the server if the test process dies first.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
