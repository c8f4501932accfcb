//go:build unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// run replaces this process with program, given args: the runner then gets
// the signals and the exit status that go test gives and reads.
func run(program string, args []string) error {
	path, err := exec.LookPath(program)
	if err != nil {
		return err
	}
	return syscall.Exec(path, append([]string{program}, args...), os.Environ())
}
