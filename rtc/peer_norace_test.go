//go:build !race

package rtc

// slow stretches the bounds of timed tests under the race detector.
const slow = 1
