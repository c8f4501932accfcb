package bots

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"cardtable/games"
)

// New returns the bot called name for a seat, seeded with seed. Names:
// random.
func New(name string, seed uint64) (Bot, error) {
	switch name {
	case "random":
		return NewRandom(seed), nil
	}
	return nil, fmt.Errorf("unknown bot %q (bots: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the bots New knows.
func Names() []string { return []string{"random"} }

// Play runs a match to its end with one bot per seat. In a timed window the
// clock is simulated: each time, either the window passes (Timeout by System)
// or one of the seats that may act does, chosen by rng. each, when set, sees
// every applied action. maxSteps guards against a game that never ends.
func Play(s games.State, seats []Bot, rng *rand.Rand, maxSteps int, each func(seat games.Seat, a games.Action)) error {
	var actors []games.Seat
	for step := 0; !s.Done(); step++ {
		if step >= maxSteps {
			return fmt.Errorf("no end after %d actions", maxSteps)
		}
		actors = s.Actors(actors[:0])
		seat, a := games.System, games.Timeout
		if len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(len(actors)+1) > 0) {
			seat = actors[rng.IntN(len(actors))]
			if int(seat) >= len(seats) {
				return fmt.Errorf("seat %d has no bot", seat)
			}
			var err error
			if a, err = seats[seat].Choose(s, seat); err != nil {
				return fmt.Errorf("bot of seat %d: %w", seat, err)
			}
		} else if len(actors) == 0 && s.Deadline() == 0 {
			return fmt.Errorf("no seat may act and no window is open")
		}
		if err := s.Apply(seat, a); err != nil {
			return fmt.Errorf("seat %d %q: %w", seat, s.FormatAction(a), err)
		}
		if each != nil {
			each(seat, a)
		}
	}
	return nil
}
