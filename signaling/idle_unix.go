//go:build unix

package signaling

import "syscall"

// waitReadable blocks until the socket has bytes to read (or an error or
// its end to report), without reading them: it peeks, and lets Go's poller
// wait while there is nothing. The wait takes a few hundred bytes of stack,
// which is what an idle connection's goroutine keeps.
func waitReadable(raw syscall.RawConn) {
	var one [1]byte
	raw.Read(func(fd uintptr) bool {
		_, _, err := syscall.Recvfrom(int(fd), one[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		return err != syscall.EAGAIN && err != syscall.EWOULDBLOCK
	})
}
