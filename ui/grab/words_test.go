package grab

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/grab"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// TestTheGenericTablePlaysGrab: through whole matches, every seat's view is
// drawn by the generic table with the seat's hand, and every move and
// action is said in the game's own words, never in notation.
func TestTheGenericTablePlaysGrab(t *testing.T) {
	require.Nil(t, UI.Read, "Grab has no table of its own")
	for seed := uint64(1); seed <= 4; seed++ {
		in := uitest.ForGame(uitest.FourNames(), UI)
		s, err := grab.Game{}.New(games.Config{Players: 4, Seed: seed})
		require.NoError(t, err)
		rng := games.NewRand(seed)
		for !s.Done() {
			me := games.Seat(0)
			b, err := json.Marshal(s.View(me))
			require.NoError(t, err)
			v, err := grab.DecodeView(b) // as a joiner's session has it
			require.NoError(t, err)
			m := uitest.Read(t, UI, v).Model(nil, in)
			assert.Equal(t, s.View(me).(grab.View).Hand, m.Hand)
			legal := uitest.MovesOf(s, me)
			h, _ := uitest.RenderCentre(m, in, legal, "", "", "")
			assert.NotRegexp(t, uitest.Notation, uitest.Readable(h))
			for _, mv := range legal {
				assert.True(t, in.Say.Known(mv.Desc.Kind), mv.Desc.Kind)
				offer := in.Say.Offer(nil, mv.Desc)
				assert.NotRegexp(t, uitest.Notation, offer)
				assert.NotContains(t, offer, mv.Text)
			}
			actors := s.Actors(nil)
			seat, a := games.System, games.Timeout
			if len(actors) > 0 && (s.Deadline() == 0 || rng.IntN(5) > 0) {
				seat = actors[rng.IntN(len(actors))]
				l := s.Legal(seat, nil)
				a = l[rng.IntN(len(l))]
			}
			told := in.Say.Told(nil, s.Describe(me, seat, a))
			assert.NotRegexp(t, uitest.Notation, told)
			if seat > 0 && a != games.Timeout && s.FormatAction(a) != "grab" {
				assert.Equal(t, ui.Sentence(nil, in.Say.Name(nil, seat)+" buries a card face down"), told)
			}
			require.NoError(t, s.Apply(seat, a))
		}
	}
}
