//go:build !unix && !js

package signaling

import "syscall"

// waitReadable does not wait where the socket cannot be peeked at: the
// WebSocket library's read waits instead.
func waitReadable(syscall.RawConn) {}
