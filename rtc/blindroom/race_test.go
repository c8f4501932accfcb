//go:build race

package blindroom

// raceEnabled: the race detector slows the cryptography about ten times;
// the short tests leave out cases another case already covers.
const raceEnabled = true
