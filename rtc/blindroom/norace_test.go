//go:build !race

package blindroom

const raceEnabled = false
