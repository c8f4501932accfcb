package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
)

// botMatchRecord plays a whole match of bots at level and returns its
// record.
func botMatchRecord(t testing.TB, id string, players int, seed uint64, level string) *record.Record {
	t.Helper()
	e, err := catalog.Lookup(id)
	require.NoError(t, err)
	cfg := games.Config{Players: players, Seed: seed}
	s, err := e.Game.New(cfg)
	require.NoError(t, err)
	rec := record.New(id, cfg)
	seats := make([]bots.Bot, players)
	for i := range seats {
		seats[i], err = bots.New(level, e, seed*31+uint64(i))
		require.NoError(t, err)
	}
	require.NoError(t, bots.Play(e, cfg, s, seats, games.NewRand(seed), 200000, func(seat games.Seat, a games.Action) {
		rec.Actions = append(rec.Actions, record.Step{Seat: seat, Act: s.FormatAction(a)})
	}))
	return rec
}

func pack(t testing.TB, data []byte) string {
	var buf bytes.Buffer
	zw, err := flate.NewWriter(&buf, flate.BestCompression)
	require.NoError(t, err)
	zw.Write(data)
	require.NoError(t, zw.Close())
	return base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// TestReplayLinkRoundTrip: a finished match of every game goes into a link
// and comes back as the same record, which opens as a replay of the whole
// match; a pasted whole link reads the same.
func TestReplayLinkRoundTrip(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			rec := botMatchRecord(t, info.ID, info.MinPlayers, 4, "random")
			link, err := replayLink(rec)
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(link, "/replay#"))
			frag := strings.TrimPrefix(link, "/replay#")
			assert.NotContains(t, frag, "=", "no padding")
			assert.Equal(t, -1, strings.IndexFunc(frag, func(r rune) bool {
				return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
			}), "base64url only")
			for _, in := range []string{frag, "#" + frag, "https://example.org" + link, " " + frag + "\n"} {
				got, err := decodeLink(nil, in)
				require.NoError(t, err)
				assert.Equal(t, rec, got)
			}
			r, err := openReplay(nil, rec)
			require.NoError(t, err)
			assert.True(t, r.Finished())
			assert.Equal(t, len(rec.Actions), r.Len())
		})
	}
}

// TestReplayLinkSaysWhatIsWrong: every kind of bad link or file gets its
// own sentence, never a panic.
func TestReplayLinkSaysWhatIsWrong(t *testing.T) {
	rec := botMatchRecord(t, "king", 4, 7, "random")
	link, err := replayLink(rec)
	require.NoError(t, err)
	frag := strings.TrimPrefix(link, "/replay#")
	illegal := *rec
	illegal.Actions = append([]record.Step(nil), rec.Actions...)
	illegal.Actions[40] = illegal.Actions[39]
	illegalData, err := illegal.Marshal()
	require.NoError(t, err)
	for _, tc := range []struct {
		name, fragment, want string
	}{
		{"empty", "", "holds no replay"},
		{"cut short", frag[:len(frag)*2/3], "cut short"},
		{"cut by one character", frag[:len(frag)-1], "cut short"},
		{"a wrong character", frag[:20] + "*" + frag[21:], "character 21"},
		{"not deflate", base64.RawURLEncoding.EncodeToString([]byte("\xff\xff\xff\xff hello")), "does not unpack"},
		{"not JSON", pack(t, []byte("hello, world")), "not a cardtable record"},
		{"JSON, not a record", pack(t, []byte(`{"name":"x"}`)), "not a cardtable record"},
		{"no game", pack(t, []byte(`{"players":4,"seed":1,"actions":[]}`)), "not a cardtable record"},
		{"an unknown game", pack(t, []byte(`{"game":"poker","players":4,"seed":1,"actions":[]}`)), "does not know (poker)"},
		{"too large", pack(t, bytes.Repeat([]byte(" "), record.MaxSize+10)), "too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeLink(nil, tc.fragment)
			require.Error(t, err)
			var re *replayError
			require.True(t, errors.As(err, &re), "a sentence for the reader: %v", err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	t.Run("an illegal step", func(t *testing.T) {
		got, err := decodeLink(nil, pack(t, illegalData))
		require.NoError(t, err, "it is a record")
		_, err = openReplay(nil, got)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "Step 41 is not legal: ")
	})
	t.Run("a setup the game refuses", func(t *testing.T) {
		got, err := decodeLink(nil, pack(t, []byte(`{"game":"king","players":3,"seed":1,"actions":[]}`)))
		require.NoError(t, err)
		_, err = openReplay(nil, got)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "setup is not one the game allows")
	})
	t.Run("a file", func(t *testing.T) {
		data, err := rec.Marshal()
		require.NoError(t, err)
		got, err := parseRecordFile(nil, data)
		require.NoError(t, err)
		assert.Equal(t, rec, got)
		_, err = parseRecordFile(nil, data[:len(data)/2])
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not a cardtable record")
		_, err = parseRecordFile(nil, []byte("\x89PNG\r\n"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "not a cardtable record")
	})
}

// FuzzDecodeLink: whatever the fragment, decoding never panics, and what it
// accepts is a record whose link reads back the same and whose replay
// opens or says which step is wrong.
func FuzzDecodeLink(f *testing.F) {
	rec := botMatchRecord(f, "king", 4, 3, "random")
	link, err := replayLink(rec)
	require.NoError(f, err)
	frag := strings.TrimPrefix(link, "/replay#")
	f.Add(frag)
	f.Add(frag[:len(frag)/2])
	f.Add("")
	f.Add("#")
	f.Add(pack(f, []byte(`{"game":"king","players":4,"seed":1,"actions":[{"seat":0,"act":"x"}]}`)))
	f.Add(pack(f, []byte(`{"game":"klondike","players":1,"seed":1,"actions":[]}`)))
	f.Fuzz(func(t *testing.T, fragment string) {
		rec, err := decodeLink(nil, fragment)
		if err != nil {
			var re *replayError
			if !errors.As(err, &re) || err.Error() == "" {
				t.Fatalf("not a sentence for the reader: %v", err)
			}
			return
		}
		again, err := replayLink(rec)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeLink(nil, again)
		if err != nil {
			t.Fatalf("a record read from a link does not read back: %v", err)
		}
		assert.Equal(t, rec, back)
		if len(rec.Actions) < 2000 {
			if _, err := openReplay(nil, rec); err != nil {
				var re *replayError
				if !errors.As(err, &re) {
					t.Fatalf("not a sentence for the reader: %v", err)
				}
			}
		}
	})
}

// BenchmarkReplayLink measures a shared replay of a typical match: the
// record's JSON, its DEFLATE size and the link's length (The King with four
// easy bots, a Klondike deal played by the normal bot), and the time to
// decode the link and open its replay (every action checked).
func BenchmarkReplayLink(b *testing.B) {
	for _, g := range []struct {
		id      string
		players int
		level   string
	}{{"king", 4, "easy"}, {"klondike", 1, "normal"}} {
		b.Run(g.id, func(b *testing.B) {
			rec := botMatchRecord(b, g.id, g.players, 5, g.level)
			data, err := rec.Marshal()
			require.NoError(b, err)
			link, err := replayLink(rec)
			require.NoError(b, err)
			frag := strings.TrimPrefix(link, replayPath+"#")
			for b.Loop() {
				got, err := decodeLink(nil, frag)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := openReplay(nil, got); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rec.Actions)), "actions")
			b.ReportMetric(float64(len(data)), "json-bytes")
			b.ReportMetric(float64(base64.RawURLEncoding.DecodedLen(len(frag))), "deflate-bytes")
			b.ReportMetric(float64(len(link)), "link-chars")
		})
	}
}

// FuzzOpenReplayFile: whatever a file holds, reading it and replaying its
// record never panics; every refusal is a sentence for the reader.
func FuzzOpenReplayFile(f *testing.F) {
	for _, id := range []string{"king", "klondike", "papas", "sortcoop"} {
		e, err := catalog.Lookup(id)
		require.NoError(f, err)
		rec := botMatchRecord(f, id, e.Game.Info().MinPlayers, 2, "random")
		rec.Actions = rec.Actions[:min(len(rec.Actions), 12)]
		data, err := rec.Marshal()
		require.NoError(f, err)
		f.Add(data)
	}
	f.Add([]byte(`{"game":"king","players":4,"seed":1,"actions":[{"seat":-1,"act":"timeout"}]}`))
	f.Add([]byte(`{"game":"papas","players":9,"seed":1,"options":{"x":"y"},"actions":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := parseRecordFile(nil, data)
		if err != nil {
			var re *replayError
			if !errors.As(err, &re) {
				t.Fatalf("not a sentence for the reader: %v", err)
			}
			return
		}
		if len(rec.Actions) > 2000 || rec.Players > 16 {
			return
		}
		r, err := openReplay(nil, rec)
		if err != nil {
			var re *replayError
			if !errors.As(err, &re) {
				t.Fatalf("not a sentence for the reader: %v", err)
			}
			return
		}
		for _, k := range []int{r.Len(), r.Len() / 2, 0} {
			if err := r.Seek(k); err != nil {
				t.Fatalf("step %d of a record that opened: %v", k, err)
			}
		}
	})
}
