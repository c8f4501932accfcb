package main

import (
	"math"
	"strconv"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/stats"
	"cardtable/ui"
)

// statsWords say the statistics page's figures and matches in the player's
// language. Its methods are where the page's sentences are made.
type statsWords struct {
	p  *msg.Catalogue // the reader's language
	tz *time.Location // the reader's time zone; nil is the device's
}

// at is the time ms (unix milliseconds) in the reader's time zone.
func (w statsWords) at(ms int64) time.Time {
	if w.tz != nil {
		return time.UnixMilli(ms).In(w.tz)
	}
	return time.UnixMilli(ms).Local()
}

// date says when a match ended, in the reader's time zone, in the
// language's order of day, month and year (the catalogue's pattern).
func (w statsWords) date(ms int64) string {
	t := w.at(ms)
	return w.p.T("%[3]s-%[2]s-%[1]s %[4]s:%[5]s", two(t.Day()), two(int(t.Month())), strconv.Itoa(t.Year()), two(t.Hour()), two(t.Minute()))
}

// day is a date without the time, for a chart's axis.
func (w statsWords) day(ms int64) string {
	t := w.at(ms)
	return w.p.T("%[2]s-%[1]s", two(t.Day()), two(int(t.Month())))
}

// two writes a day, a month, an hour or a minute in two digits.
func two(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// variant says a line's options in words ("Draw 3 cards, Standard"), ""
// for a game without options that split it.
func (w statsWords) variant(game, variant string) string {
	if variant == "" {
		return ""
	}
	var words []string
	for _, kv := range strings.Split(variant, ",") {
		k, v, _ := strings.Cut(kv, "=")
		words = append(words, w.p.T("%s: %s", optionTitle(w.p, game, k), valueText(w.p, game, k, v)))
	}
	return strings.Join(words, w.p.T(", "))
}

// line names one line of a game's figures: its options and solo or rooms.
func (w statsWords) line(k stats.Key) string {
	where := w.p.T("Solo")
	if k.Room {
		where = w.p.T("In rooms")
	}
	if v := w.variant(k.Game, k.Variant); v != "" {
		return w.p.T("%[1]s — %[2]s", v, where)
	}
	return where
}

// percent says a share from 0 to 1 as a whole per cent.
func (w statsWords) percent(share float64) string {
	return w.p.T("%d%%", int(share*100+.5))
}

// level names a bot's level.
func (w statsWords) level(l string) string {
	switch l {
	case "random":
		return w.p.T("random")
	case "easy":
		return w.p.T("easy")
	case "hard":
		return w.p.T("hard")
	}
	return w.p.T("normal")
}

// seats says who sat where, from the player round the table: "You, West
// (bot, hard), North (friend), East (open seat)"; a person who shared the
// phone is "(on this phone)".
func (w statsWords) seats(m stats.Match) string {
	n := len(m.Seats)
	var out []string
	for j := range n {
		i := (j + m.Seat) % n
		st := m.Seats[i]
		name := w.seatName(m, i, j, n)
		switch {
		case st.Kind == stats.Bot:
			out = append(out, w.p.T("%s (bot, %s)", name, w.level(st.Level)))
		case st.Kind == stats.Friend && !m.Room:
			out = append(out, w.p.T("%s (on this phone)", name))
		case st.Kind == stats.Friend:
			out = append(out, w.p.T("%s (friend)", name))
		case st.Kind == stats.Open:
			out = append(out, w.p.T("%s (open seat)", name))
		default:
			out = append(out, name)
		}
	}
	return strings.Join(out, w.p.T(", "))
}

// person names a person who played on this phone: the name they gave, or
// their seat's number as the table says it ("Player 3").
func (w statsWords) person(name string, seat int) string {
	if name = strings.TrimSpace(name); name != "" {
		return name
	}
	return unnamedPerson(w.p, seat)
}

// people says each person's result in a match played on this phone: "Ann
// won, Bo lost".
func (w statsWords) people(ps []stats.Person) string {
	out := make([]string, 0, len(ps))
	for _, pr := range ps {
		name := w.person(pr.Name, pr.Seat)
		switch pr.Outcome {
		case stats.Won:
			out = append(out, w.p.T("%s won", name))
		case stats.Drawn:
			out = append(out, w.p.T("%s drew", name))
		case stats.Abandoned:
			out = append(out, w.p.T("%s did not finish", name))
		default:
			out = append(out, w.p.T("%s lost", name))
		}
	}
	return strings.Join(out, w.p.T(", "))
}

// seatName names seat i of a match, at place j from the player's seat of
// n: a friend or a person on the phone by their name (a person left
// unnamed as the table calls them, "Player 3"), any other seat by its place.
func (w statsWords) seatName(m stats.Match, i, j, n int) string {
	if i < len(m.Seats) && m.Seats[i].Kind == stats.Friend {
		if name := strings.TrimSpace(m.Seats[i].Name); name != "" {
			return name
		}
		if !m.Room {
			return unnamedPerson(w.p, i)
		}
	}
	return ui.SeatName(w.p, j, n)
}

// names are the seats' names from the player's point of view, in seat
// order, for a chart's legend.
func (w statsWords) names(m stats.Match, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = w.seatName(m, i, (i-m.Seat+n)%n, n)
	}
	return out
}

// result says how a match ended for the player, in words: "Won with 42
// points.", "Your team lost 3–5.", "Given up."
func (w statsWords) result(m stats.Match) string {
	e := matchEnd{game: m.Game}
	switch m.Outcome {
	case stats.Abandoned:
		return w.p.T("Given up.")
	case stats.Drawn:
		return w.p.T("Drawn.")
	}
	won := m.Outcome == stats.Won
	switch {
	case len(m.TeamScores) == 1 && won:
		return w.p.T("Won together.")
	case len(m.TeamScores) == 1:
		return w.p.T("Lost together.")
	case len(m.TeamScores) == 2:
		us := teamOf(games.Seat(m.Seat), 2)
		if won {
			return w.p.T("Your team won %d–%d.", m.TeamScores[us], m.TeamScores[1-us])
		}
		return w.p.T("Your team lost %d–%d.", m.TeamScores[us], m.TeamScores[1-us])
	}
	if own := gameUI(m.Game).WonWords(w.p, m.Tally); won && own != "" {
		return own // the game's own figures (Klondike's time and moves)
	}
	switch {
	case m.Scored && won:
		return w.p.T("Won with %s.", e.score(w.p, m.Score))
	case m.Scored:
		return w.p.T("Lost with %s.", e.score(w.p, m.Score))
	case won:
		return w.p.T("Won.")
	}
	return w.p.T("Lost.")
}

// chartSeries is a match's running score, seat by seat, round by round:
// the chart's summary in words and its series.
func (w statsWords) chartSeries(names []string, rounds [][]int) (summary string, series [][]float64) {
	n := len(names)
	series = make([][]float64, n)
	for _, r := range rounds {
		for i := range n {
			v := math.NaN() // a seat without a score that round: no point
			if i < len(r) {
				v = float64(r[i])
			}
			series[i] = append(series[i], v)
		}
	}
	var last []string
	if len(rounds) > 0 {
		end := rounds[len(rounds)-1]
		for i, nm := range names {
			if i < len(end) {
				last = append(last, w.p.T("%s: %d", nm, end[i]))
			}
		}
	}
	summary = w.p.N(len(rounds), "Score after %d round: %s.", "Score round by round over %d rounds, at the end: %s.", strings.Join(last, w.p.T(", ")))
	return summary, series
}

// whole writes a whole number.
func whole(n int) string { return strconv.Itoa(n) }
