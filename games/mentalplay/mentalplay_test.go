//go:build !(js && wasm)

package mentalplay

import (
	"encoding/base64"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// play plays one match of game dealt with no dealer, random bots in every
// seat.
func play(t testing.TB, game string, players int, opts map[string]string, seed uint64) *record.Record {
	t.Helper()
	rec, err := playE(game, players, opts, seed)
	require.NoError(t, err)
	return rec
}

func playE(game string, players int, opts map[string]string, seed uint64) (*record.Record, error) {
	e, err := catalog.Lookup(game)
	if err != nil {
		return nil, err
	}
	seats := make([]bots.Bot, players)
	for i := range seats {
		if seats[i], err = bots.New("random", e, seed*10+uint64(i)); err != nil {
			return nil, err
		}
	}
	rec, _, err := Play(e, games.Config{Players: players, Options: opts, Seed: seed}, seats, games.NewRand(seed), 100_000)
	return rec, err
}

// The matches the tests share, each played once: a deal costs about a
// second.
var (
	// kingRecord is a short King match (four collecting rounds) in which a
	// round ended early (no queens, no King of Hearts), so that its end has
	// shares.
	kingRecord = sync.OnceValue(func() []byte {
		for seed := uint64(3); ; seed++ { // the deal is random: almost always at once
			rec, err := playE("king", 4, map[string]string{"collectingRounds": "4"}, seed)
			if err != nil {
				panic(err)
			}
			if slices.ContainsFunc(rec.Mental, func(m record.MentalRound) bool { return len(m.End) > 0 }) {
				return marshal(rec)
			}
		}
	})
	// hiddenRecord is a Mindikot match of HIDDEN mode, RANDOM selection,
	// two points to win: two rounds at least, and a reveal.
	hiddenRecord = sync.OnceValue(func() []byte {
		for seed := uint64(1); ; seed++ {
			rec, err := playE("mindikot", 4, map[string]string{"mode": "HIDDEN", "targetPoints": "2"}, seed)
			if err != nil {
				panic(err)
			}
			if len(rec.Mental) >= 2 && slices.ContainsFunc(rec.Actions, func(s record.Step) bool { return s.Act == "reveal" }) {
				return marshal(rec)
			}
		}
	})
)

func marshal(rec *record.Record) []byte {
	b, err := rec.Marshal()
	if err != nil {
		panic(err)
	}
	return b
}

func parse(t testing.TB, b []byte) *record.Record {
	t.Helper()
	rec, err := record.Parse(b)
	require.NoError(t, err)
	return rec
}

func verify(t testing.TB, rec *record.Record) (games.State, error) {
	t.Helper()
	e, err := catalog.Lookup(rec.Game)
	require.NoError(t, err)
	return Verify(e.Game, rec)
}

// TestDealtWithNoDealerRecordsVerify is the rule of the package doc: every
// round dealt when the match reaches it, its hands in the record's deals,
// every card shown opened by its holder, and the whole record verifies.
func TestDealtWithNoDealerRecordsVerify(t *testing.T) {
	cases := map[string]func() *record.Record{
		"King, four collecting rounds":       func() *record.Record { return parse(t, kingRecord()) },
		"Mindikot HIDDEN RANDOM with reveal": func() *record.Record { return parse(t, hiddenRecord()) },
		"Mindikot CUT":                       func() *record.Record { return play(t, "mindikot", 4, map[string]string{"targetPoints": "1"}, 2) },
		"Mindikot HIDDEN CHOSEN": func() *record.Record {
			return play(t, "mindikot", 4, map[string]string{"mode": "HIDDEN", "hiddenCardSelection": "CHOSEN", "targetPoints": "1"}, 4)
		},
		"Mindikot six players": func() *record.Record { return play(t, "mindikot", 6, map[string]string{"targetPoints": "1"}, 5) },
	}
	for name, make := range cases {
		t.Run(name, func(t *testing.T) {
			rec := make()
			require.Len(t, rec.Deals, len(rec.Mental))
			s, err := verify(t, rec)
			require.NoError(t, err)
			assert.True(t, s.Done())
			replayed, err := record.Replay(mustGame(t, rec.Game), rec, nil)
			require.NoError(t, err, "the record replays as any other")
			assert.Equal(t, s.Result(), replayed.Result())
			opens := 0
			for _, m := range rec.Mental {
				opens += len(m.Opens)
			}
			shows := 0
			for _, st := range rec.Actions {
				if strings.HasPrefix(st.Act, "play ") || st.Act == "reveal" {
					shows++ // a hide is a secret choice: it opens nothing
				}
			}
			assert.Equal(t, shows, opens, "one open per action that shows a card")
			for r, d := range rec.Deals {
				if rec.Game == "mindikot" && rec.Options["mode"] == "HIDDEN" && rec.Options["hiddenCardSelection"] != "CHOSEN" {
					assert.NotEmpty(t, d.Hidden, "round %d names its hidden card", r+1)
				} else {
					assert.Empty(t, d.Hidden)
				}
			}
		})
	}
}

func mustGame(t testing.TB, id string) games.Game {
	e, err := catalog.Lookup(id)
	require.NoError(t, err)
	return e.Game
}

// transcript is a round's transcript as generic JSON, to change a byte of.
type transcript map[string]any

func readTranscript(t testing.TB, raw json.RawMessage) transcript {
	var m transcript
	require.NoError(t, json.Unmarshal(raw, &m))
	return m
}

func (m transcript) raw(t testing.TB) json.RawMessage {
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return b
}

// flip changes one byte of a base64 field, at i bytes from its start.
func flip(t testing.TB, s any, i int) string {
	b, err := base64.StdEncoding.DecodeString(s.(string))
	require.NoError(t, err)
	b[i] ^= 0x01
	return base64.StdEncoding.EncodeToString(b)
}

func flipBytes(b []byte, i int) []byte {
	b = slices.Clone(b)
	b[i] ^= 0x01
	return b
}

// changeTranscript changes round r's transcript (from 0).
func changeTranscript(t testing.TB, rec *record.Record, r int, f func(m transcript)) {
	m := readTranscript(t, rec.Mental[r].Transcript)
	f(m)
	rec.Mental[r].Transcript = m.raw(t)
}

// twoPlaysOfASeat is the index of two plays of one seat in round 1.
func twoPlaysOfASeat(rec *record.Record) (int, int) {
	opens := rec.Mental[0].Opens
	for x, a := range opens {
		for _, b := range opens[x+1:] {
			if rec.Actions[a.Action].Seat == rec.Actions[b.Action].Seat {
				return a.Action, b.Action
			}
		}
	}
	return -1, -1
}

// openOf is the index in round r's opens of action i's open.
func openOf(rec *record.Record, r, i int) int {
	return slices.IndexFunc(rec.Mental[r].Opens, func(o record.MentalOpen) bool { return o.Action == i })
}

// TestChangedRecordIsRefusedNamingThePart: a byte of a shuffle proof, a
// shuffled deck, a key, a share sent with the deal, an open's share or an end
// share changed, a play changed to another legal card, two plays swapped, a
// round's deal moved to another round, the hands or the hidden card of the
// record's deal changed: each is refused, and the reason names the round,
// the page or seat and the part.
func TestChangedRecordIsRefusedNamingThePart(t *testing.T) {
	type tamper struct {
		record func() []byte
		change func(t *testing.T, rec *record.Record)
		want   []string
	}
	king, hidden := kingRecord, hiddenRecord
	cases := map[string]tamper{
		"a byte of page 2's shuffle proof": {king, func(t *testing.T, rec *record.Record) {
			changeTranscript(t, rec, 0, func(m transcript) {
				s := m["shuffles"].([]any)[1].(map[string]any)
				s["proof"] = flip(t, s["proof"], 100)
			})
		}, []string{"round 1: ", "page 2: its shuffle is wrong"}},
		"a byte of page 3's shuffled deck": {hidden, func(t *testing.T, rec *record.Record) {
			changeTranscript(t, rec, 0, func(m transcript) {
				s := m["shuffles"].([]any)[2].(map[string]any)
				s["deck"] = flip(t, s["deck"], 64*5)
			})
		}, []string{"round 1: ", "page 3: ", "shuffle"}}, // a point that does not read, or a shuffle that does not hold
		"a card of page 3's shuffled deck negated (a point still)": {king, func(t *testing.T, rec *record.Record) {
			changeTranscript(t, rec, 0, func(m transcript) {
				s := m["shuffles"].([]any)[2].(map[string]any)
				b, err := base64.StdEncoding.DecodeString(s["deck"].(string))
				require.NoError(t, err)
				b[64*3+63] ^= 0x80 // the sign of x of the fourth card's B
				s["deck"] = base64.StdEncoding.EncodeToString(b)
			})
		}, []string{"round 1: page 3: its shuffle is wrong"}},
		"a byte of page 1's key": {king, func(t *testing.T, rec *record.Record) {
			changeTranscript(t, rec, 0, func(m transcript) {
				k := m["keys"].([]any)[0].(map[string]any)
				k["proof"] = flip(t, k["proof"], 3)
			})
		}, []string{"round 1: ", "page 1: its key"}},
		"a byte of a share sent with the deal": {hidden, func(t *testing.T, rec *record.Record) {
			changeTranscript(t, rec, 1, func(m transcript) {
				s := m["shares"].([]any)[7].(map[string]any)
				s["proof"] = flip(t, s["proof"], 40)
			})
		}, []string{"round 2: ", "its share of position", "is wrong"}},
		"a byte of an open's share": {king, func(t *testing.T, rec *record.Record) {
			o := &rec.Mental[0].Opens[5]
			o.Proof = flipBytes(o.Proof, 2)
		}, []string{"round 1: action ", "share opening position", "does not verify"}},
		"a byte of an end share": {king, func(t *testing.T, rec *record.Record) {
			for r := range rec.Mental {
				if len(rec.Mental[r].End) > 0 {
					e := &rec.Mental[r].End[0]
					e.D = flipBytes(e.D, 0)
					return
				}
			}
			t.Fatal("no round has end shares")
		}, []string{"end share of position", "does not"}},
		"an end share left out": {king, func(t *testing.T, rec *record.Record) {
			for r := range rec.Mental {
				if n := len(rec.Mental[r].End); n > 0 {
					rec.Mental[r].End = rec.Mental[r].End[:n-1]
					return
				}
			}
		}, []string{"withheld its share of position", "at the round's end"}},
		"a play changed to another legal card": {king, func(t *testing.T, rec *record.Record) {
			g := mustGame(t, rec.Game)
			for i := range rec.Actions {
				prefix := &record.Record{Game: rec.Game, Players: rec.Players, Options: rec.Options, Seed: rec.Seed, Deals: rec.Deals, Actions: rec.Actions[:i]}
				s, err := record.Replay(g, prefix, nil)
				require.NoError(t, err)
				st := rec.Actions[i]
				for _, a := range s.Legal(st.Seat, nil) {
					if txt := s.FormatAction(a); txt != st.Act && strings.HasPrefix(txt, "play ") {
						rec.Actions[i].Act = txt
						return
					}
				}
			}
			t.Fatal("no play had another legal card")
		}, []string{"round 1: action ", ": the card opened at position "}},
		"a play the rules forbid (a revoke)": {king, func(t *testing.T, rec *record.Record) {
			g := mustGame(t, rec.Game)
			for i := 1; i < len(rec.Actions); i++ {
				prefix := &record.Record{Game: rec.Game, Players: rec.Players, Options: rec.Options, Seed: rec.Seed, Deals: rec.Deals, Actions: rec.Actions[:i]}
				s, err := record.Replay(g, prefix, nil)
				require.NoError(t, err)
				st := rec.Actions[i]
				legal := map[string]bool{}
				for _, a := range s.Legal(st.Seat, nil) {
					legal[s.FormatAction(a)] = true
				}
				for _, c := range rec.Deals[0].Hands[st.Seat] {
					if !legal["play "+c] && !slices.Contains(actsBefore(rec, i), "play "+c) {
						rec.Actions[i].Act = "play " + c
						return
					}
				}
			}
			t.Fatal("no seat could revoke")
		}, []string{"round 1: action ", "play "}},
		"two plays of one seat swapped, with their opens": {king, func(t *testing.T, rec *record.Record) {
			i, j := twoPlaysOfASeat(rec)
			require.GreaterOrEqual(t, i, 0)
			rec.Actions[i], rec.Actions[j] = rec.Actions[j], rec.Actions[i]
			oi, oj := openOf(rec, 0, i), openOf(rec, 0, j)
			a, b := &rec.Mental[0].Opens[oi], &rec.Mental[0].Opens[oj]
			a.MentalShare, b.MentalShare = b.MentalShare, a.MentalShare
		}, []string{"round 1: action ", "share opening position", "does not verify"}},
		"two plays of one seat swapped, their opens kept": {king, func(t *testing.T, rec *record.Record) {
			i, j := twoPlaysOfASeat(rec)
			rec.Actions[i], rec.Actions[j] = rec.Actions[j], rec.Actions[i]
		}, []string{"action "}},
		"round 2's deal moved to round 1": {hidden, func(t *testing.T, rec *record.Record) {
			rec.Mental[0], rec.Mental[1] = rec.Mental[1], rec.Mental[0]
		}, []string{"round 1: the deal was made for", "/2\"", "round 1"}},
		"a card moved between the record's hands": {hidden, func(t *testing.T, rec *record.Record) {
			// Two hands but the first leader's, which holds the hidden card.
			h, first := rec.Deals[0].Hands, int(rec.Actions[0].Seat)
			a, b := (first+1)%4, (first+2)%4
			h[a][0], h[b][0] = h[b][0], h[a][0]
		}, []string{"round 1: the record's hand of seat ", " is not the one dealt to it"}},
		"the hidden card changed": {hidden, func(t *testing.T, rec *record.Record) {
			d := &rec.Deals[0]
			for _, c := range d.Hands[rec.Actions[0].Seat] {
				if c != d.Hidden {
					d.Hidden = c
					return
				}
			}
		}, []string{"round 1: the record's hidden card is"}},
		"an open left out": {hidden, func(t *testing.T, rec *record.Record) {
			rec.Mental[0].Opens = rec.Mental[0].Opens[1:]
		}, []string{"round 1: ", "withheld its share of position"}},
		"the last action left out": {hidden, func(t *testing.T, rec *record.Record) {
			rec.Actions = rec.Actions[:len(rec.Actions)-1]
		}, []string{"an open names action"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			rec := parse(t, c.record())
			c.change(t, rec)
			// Through the record's bytes, as a file carries it.
			rec = parse(t, marshal(rec))
			_, err := verify(t, rec)
			require.Error(t, err)
			t.Log(err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

// FuzzVerify: whatever a record holds, Verify answers without panicking.
func FuzzVerify(f *testing.F) {
	small := play(f, "mindikot", 4, map[string]string{"targetPoints": "1"}, 2)
	f.Add(marshal(small))
	cut := parse(f, marshal(small))
	cut.Actions = cut.Actions[:3]
	cut.Mental[0].Transcript = json.RawMessage(`{"context":"","deck":[],"keys":[],"shuffles":[],"holder":[],"shares":[]}`)
	f.Add(marshal(cut))
	cut.Mental[0].Opens = append(cut.Mental[0].Opens, record.MentalOpen{Action: -1, MentalShare: record.MentalShare{Page: 99, Pos: -3}})
	f.Add(marshal(cut))
	f.Add([]byte(`{"game":"king","players":4,"seed":1,"actions":[],"mental":[{"transcript":{},"opens":[],"end":[]}],"deals":[{}]}`))
	// A match whose host's page holds a bot's seat (owner), with the owner
	// map and an abandoned deal changed.
	e, err := catalog.Lookup("king")
	require.NoError(f, err)
	seats := make([]bots.Bot, 4)
	for i := range seats {
		seats[i], err = bots.New("random", e, uint64(60+i))
		require.NoError(f, err)
	}
	owned, _, err := PlayPages(e, games.Config{Players: 4, Options: map[string]string{"collectingRounds": "4"}, Seed: 61}, []int{0, 1, 2, 0}, seats, games.NewRand(61), 100_000)
	require.NoError(f, err)
	owned.Actions = owned.Actions[:5]
	owned.Mental = owned.Mental[:1]
	f.Add(marshal(owned))
	owned.Mental[0].Owner = []int{0, 2, 1, 0}
	f.Add(marshal(owned))
	owned.Mental[0].Owner, owned.Mental[0].Abandoned = []int{0, 1, 2, 0}, []int{1}
	f.Add(marshal(owned))
	f.Fuzz(func(t *testing.T, b []byte) {
		rec, err := record.Parse(b)
		if err != nil || len(rec.Mental) == 0 {
			return
		}
		e, err := catalog.Lookup(rec.Game)
		if err != nil {
			return
		}
		_, _ = Verify(e.Game, rec)
	})
}

func actsBefore(rec *record.Record, i int) []string {
	out := make([]string, i)
	for j, st := range rec.Actions[:i] {
		out[j] = st.Act
	}
	return out
}

// TestTheHostPageDealsForItsBots: a match in which the host's page holds
// its bots' seats (three pages for four seats, two pages for four) records
// the seats' pages and verifies; a record whose owners are not the pages
// the deal gave the positions to, or are no room's, is refused naming why,
// and so is one claiming the round's deal was dealt again after a page left
// when it was not.
func TestTheHostPageDealsForItsBots(t *testing.T) {
	for _, tc := range []struct {
		name           string
		game           string
		opts           map[string]string
		owner, swapped []int
	}{
		{"king, three pages and a bot", "king", map[string]string{"collectingRounds": "4"}, []int{0, 1, 2, 0}, []int{0, 2, 1, 0}},
		{"mindikot hidden, two pages and two bots", "mindikot", map[string]string{"mode": "HIDDEN", "targetPoints": "1"}, []int{0, 0, 1, 0}, []int{0, 1, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := catalog.Lookup(tc.game)
			require.NoError(t, err)
			seats := make([]bots.Bot, 4)
			for i := range seats {
				seats[i], err = bots.New("random", e, uint64(40+i))
				require.NoError(t, err)
			}
			rec, _, err := PlayPages(e, games.Config{Players: 4, Options: tc.opts, Seed: 41}, tc.owner, seats, games.NewRand(41), 100_000)
			require.NoError(t, err)
			raw := marshal(rec)
			assert.Contains(t, string(raw), `"owner":`)
			_, err = verify(t, parse(t, raw))
			require.NoError(t, err, "the record verifies")
			for _, bad := range []struct {
				name  string
				owner []int
				want  string
			}{
				{"no owners: page i is seat i", nil, "round 1: the deal has "},
				{"owners the deal did not deal to", tc.swapped, "round 1: the deal gives the positions to other pages than the record's owners"},
				{"the host's page does not hold seat 1", []int{1, 0, 2, 0}, "round 1: the record gives seat 1 to page 2"},
				{"a page with no seat", []int{0, 2, 2, 0}, "round 1: the record's page 2 holds no seat"},
				{"owners of three seats", []int{0, 1, 0}, "round 1: the record names the pages of 3 seats for 4"},
			} {
				r := parse(t, raw)
				r.Mental[0].Owner = bad.owner
				_, err := verify(t, r)
				require.Error(t, err, bad.name)
				assert.Contains(t, err.Error(), bad.want, bad.name)
			}
			for _, bad := range []struct {
				abandoned []int
				want      string
			}{
				{[]int{1}, "round 1: the deal was made for"},
				{[]int{0}, "round 1: an abandoned deal names page 1 as the one that left"},
			} {
				r := parse(t, raw)
				r.Mental[0].Abandoned = bad.abandoned
				_, err := verify(t, r)
				require.Error(t, err, "abandoned %v", bad.abandoned)
				assert.Contains(t, err.Error(), bad.want)
			}
			r := parse(t, raw)
			r.Mental[0].Opens[2].D[4] ^= 1
			_, err = verify(t, r)
			require.Error(t, err, "a changed byte of an open")
			assert.Contains(t, err.Error(), "round 1: action")
		})
	}
}
