package main

import (
	"slices"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/stats"
)

// ended is a match as the statistics take it: ended at a table of this page,
// or given up.
type ended struct {
	rec    *record.Record
	seat   games.Seat // the player's
	seats  []stats.Seat
	result *games.Result // nil: replaced by a new match before its end
	room   bool
	at     int64 // when, unix milliseconds
}

// matchOf is the statistics' entry for the match: its tally (outcome,
// score, the game's own figures such as Klondike's time and moves), its seats, final scores, the running
// scores round by round and its replay link's record. The record replays
// once, here; false when it does not.
func matchOf(ctx app.Context, e ended) (stats.Match, bool) {
	rec := e.rec
	if rec == nil {
		return stats.Match{}, false
	}
	g, ok := lookupGame(rec.Game)
	if !ok {
		return stats.Match{}, false
	}
	rounds, end, err := roundsOf(g.Game, rec)
	if err != nil {
		return stats.Match{}, false
	}
	t := stats.Tally{
		ID:      stats.MatchID(rec.Game, rec.Seed, len(rec.Actions)),
		Game:    rec.Game,
		Variant: stats.Variant(rec.Game, rec.Options),
		Room:    e.room,
		Seat:    int(e.seat),
		Outcome: stats.OutcomeOf(rec.Game, e.result, e.seat),
		Ended:   e.at,
	}
	if gaveUp(rec, e.seat, t.Outcome) {
		t.Outcome = stats.Abandoned
	}
	t.Score, t.Scored = stats.ScoreOf(e.result, e.seat)
	if !e.room {
		t.People = peopleOf(rec.Game, e.result, e.seats, t.Outcome == stats.Abandoned)
	}
	if secs, moves, ok := gameUI(rec.Game).TallyOf(ctx, rec, e.seat, end); ok {
		t.Secs, t.Moves = secs, moves // the game's own figures (Klondike's)
	}
	m := stats.Match{Tally: t, Seats: e.seats, Rounds: rounds}
	if e.result != nil {
		m.Scores, m.TeamScores = slices.Clone(e.result.Scores), slices.Clone(e.result.TeamScores)
	}
	if frag, err := encodeRecord(rec); err == nil {
		m.Replay = frag
	}
	return m, true
}

// peopleOf is the result of every other person on the phone (the seats of
// a solo match that are neither the owner's nor a bot's), as the game counts
// it for their seat; all of them gave up a match the owner gave up or
// replaced. Nil when the owner played alone.
func peopleOf(game string, r *games.Result, seats []stats.Seat, abandoned bool) []stats.Person {
	var out []stats.Person
	for i, st := range seats {
		if st.Kind != stats.Friend {
			continue
		}
		p := stats.Person{Name: strings.TrimSpace(st.Name), Seat: i, Outcome: stats.Abandoned}
		if !abandoned {
			p.Outcome = stats.OutcomeOf(game, r, games.Seat(i))
			p.Score, p.Scored = stats.ScoreOf(r, games.Seat(i))
		}
		out = append(out, p)
	}
	return out
}

// gaveUp: a solitaire the player ended without winning it (Klondike's
// "end") is given up.
func gaveUp(rec *record.Record, seat games.Seat, o stats.Outcome) bool {
	n := len(rec.Actions)
	return rec.Players == 1 && o != stats.Won && n > 0 && rec.Actions[n-1].Seat == seat && rec.Actions[n-1].Act == "end"
}

// roundsOf replays the record and notes every seat's running score (its
// team's, in a team game) each time a round ends, and at the end: nil for a
// game not played in rounds and a match of one round. It returns the state reached.
func roundsOf(g games.Game, rec *record.Record) ([][]int, games.State, error) {
	var rows [][]int
	row := func(s games.State) []int {
		r := s.Result()
		out := make([]int, rec.Players)
		for i := range out {
			out[i], _ = stats.ScoreOf(&r, games.Seat(i))
		}
		return out
	}
	last := -1
	end, err := record.Replay(g, rec, func(_ int, s games.State, _ record.Step) {
		if r, ok := s.(games.Rounder); ok {
			if n := r.Round(); n != last {
				if last >= 0 {
					rows = append(rows, row(s))
				}
				last = n
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if _, ok := end.(games.Rounder); !ok || len(rows) == 0 {
		return nil, end, nil // no rounds, or a single one: nothing to chart
	}
	return append(rows, row(end)), end, nil
}

// soloSeats names the seats of a solo match: the player and the bots with
// their levels.
func soloSeats(s Save) []stats.Seat {
	out := make([]stats.Seat, s.Record.Players)
	for i := range out {
		var name string
		if i < len(s.People) {
			name = s.People[i]
		}
		switch {
		case games.Seat(i) == ownerSeat(s):
			out[i] = stats.Seat{Kind: stats.You, Name: name}
		case i < len(s.Bots) && s.Bots[i] != "":
			out[i] = stats.Seat{Kind: stats.Bot, Level: s.Bots[i]}
		default:
			out[i] = stats.Seat{Kind: stats.Friend, Name: name}
		}
	}
	return out
}

// ownerSeat is the seat of the phone's owner, whose statistics these are:
// the player's, or with people sharing the phone the first seat's (the one
// who set the match up; the others are named in its seats).
func ownerSeat(s Save) games.Seat {
	if s.People != nil {
		return 0
	}
	return s.Seat
}

// roomSeats names the seats of a room's match as its lobby lists them:
// friends by their names, bots with their levels, seats nobody took.
func roomSeats(seats []rtc.SeatStatus, me games.Seat) []stats.Seat {
	out := make([]stats.Seat, len(seats))
	for i, st := range seats {
		switch {
		case games.Seat(i) == me:
			out[i] = stats.Seat{Kind: stats.You, Name: st.Name}
		case st.Kind == rtc.KindBot:
			out[i] = stats.Seat{Kind: stats.Bot, Level: st.Bot}
		case st.Kind == rtc.KindEmpty:
			out[i] = stats.Seat{Kind: stats.Open, Level: st.Bot}
		default:
			out[i] = stats.Seat{Kind: stats.Friend, Name: st.Name}
		}
	}
	return out
}

// recordedID is the match this page last counted: the table's refreshes
// after the end do not read the store again.
var recordedID string

// recordAbandoned counts a solo match replaced by a new one before its end
// as given up, when the player had made a move of their own in it.
func recordAbandoned(ctx app.Context, s Save) {
	if e, ok := abandonedOf(s); ok {
		count(ctx, e)
	}
}

// abandonedOf is a solo match given up; false when it is over or the player
// has not moved in it.
func abandonedOf(s Save) (ended, bool) {
	owner := ownerSeat(s)
	if !inProgress(s, true) || !slices.ContainsFunc(s.Record.Actions, func(st record.Step) bool { return st.Seat == owner }) {
		return ended{}, false
	}
	return ended{rec: s.Record, seat: owner, seats: soloSeats(s), at: time.Now().UnixMilli()}, true
}

// leftOf is a joiner's match given up: what its page knows of it (the game,
// its options, the seats), named by the room's code, the deal's draw and
// the step the table reached.
func leftOf(rec *record.Record, commits []string, code string, step int, e ended) stats.Match {
	t := stats.Tally{
		ID:      stats.RoomMatchID(rec.Game, code, commits, step),
		Game:    rec.Game,
		Variant: stats.Variant(rec.Game, rec.Options),
		Room:    true,
		Seat:    int(e.seat),
		Outcome: stats.Abandoned,
		Ended:   e.at,
	}
	return stats.Match{Tally: t, Seats: e.seats}
}

// count records the match in the statistics, once.
func count(ctx app.Context, e ended) {
	if e.rec == nil || stats.MatchID(e.rec.Game, e.rec.Seed, len(e.rec.Actions)) == recordedID {
		return
	}
	m, ok := matchOf(ctx, e)
	if !ok {
		return
	}
	countMatch(m)
}

// countMatch writes the match into the statistics, once.
func countMatch(m stats.Match) {
	if m.ID == recordedID {
		return
	}
	recordedID = m.ID // once, even when it cannot be written: the statistics page says why
	if _, err := recordMatch(localStore{}, m); err != nil {
		app.Log("statistics:", err)
	}
}

// forgetEnd takes back the count of a solo match whose end the player
// undid (rec is the record as it ended): its next end counts instead.
func forgetEnd(rec *record.Record) {
	if rec == nil {
		return
	}
	id := stats.MatchID(rec.Game, rec.Seed, len(rec.Actions))
	if err := forgetMatch(localStore{}, id); err != nil {
		app.Log("statistics:", err)
	}
	if recordedID == id {
		recordedID = ""
	}
}
