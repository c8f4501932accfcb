//go:build !linux && !js

package wasmtest

import "os/exec"

func dieWithParent(cmd *exec.Cmd) {}
