package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
)

// The table draws a game's own View, typed: each game's table file
// (table_king.go, …) decodes the View its engine exports and turns it into
// components. A local session hands the typed value, a room's joiner the
// JSON its host sent; either decodes into the same type. A game without a
// table file gets the generic one (table_generic.go). Legality and every
// rule come from the engine: the session's legal moves, with the engine's
// description of each, and the View.

// tableView is one decoded View of a game, ready to draw.
type tableView interface {
	// model lays the table out for the reading seat.
	model(in modelInput) tableModel
	// news is what changed since prev that no action tells (a new round's
	// contract, a new phase), "" for nothing. prev may be nil.
	news(prev tableView, in modelInput) string
}

// told is a turn as a short line to see and whole sentences to hear.
type told struct{ line, said string }

// carrier is a View that keeps what earlier views showed (Eat Reds' turns
// since the player's last): the page hands it the view it replaces.
type carrier interface {
	carry(prev tableView)
}

// clocked is a View of a game that counts its time (Klondike's timed
// option): the page feeds it the seconds since the deal.
type clocked interface {
	clock() (timed bool, elapsed, game int)
}

// reader reads one game's View (games.View, the game's own type) for its
// table.
type reader func(v any) (tableView, error)

// tables maps a game's ID to its table's reader; each table file adds its
// own.
var tables = map[string]reader{}

// readView reads a session's view for the table of game: the game's own
// View for its table file, any JSON object for the generic table.
func readView(game string, v any) (tableView, error) {
	if v == nil {
		return nil, errors.New("no view yet")
	}
	r, ok := tables[game]
	if !ok {
		return readGeneric(v)
	}
	view, err := gameView(game, v)
	if err != nil {
		return nil, err
	}
	return r(view)
}

// gameView is a session's view as the game's own View: a local session and
// a replay hand the engine's value, a joiner the host's JSON, which the
// game's one decoder reads (games.Entry.DecodeView).
func gameView(game string, v any) (games.View, error) {
	var b []byte
	switch x := v.(type) {
	case nil:
		return nil, errors.New("no view yet")
	case games.View:
		return x, nil
	case json.RawMessage:
		b = x
	case []byte:
		b = x
	default:
		return nil, fmt.Errorf("a view of type %T", v)
	}
	e, err := catalog.Lookup(game)
	if err != nil {
		return nil, err
	}
	return e.DecodeView(b)
}

// decodeView is a game's View as its type V, as State.View makes it (a *V,
// or a V for a game whose View is a value).
func decodeView[V any](v any) (*V, error) {
	switch x := v.(type) {
	case *V:
		if x == nil {
			return nil, errors.New("no view")
		}
		return x, nil
	case V:
		return &x, nil
	}
	var want V
	return nil, fmt.Errorf("a view of type %T where %T was expected", v, want)
}

// modelInput is who reads the table: the seats and their names.
type modelInput struct {
	players, me int
	names       []string
	bots        []string
	teams       string
	say         words
	options     map[string]string // the match's options (public: every seat agreed to them)
}

// tableModel is a table laid out: seats, scoreboard, hand and the board in
// the middle.
type tableModel struct {
	seats  []components.SeatInfo
	stats  []components.Stat
	hand   []string
	centre func(m tableModel) app.UI
	// handCard, when set, says which hand card a legal move plays ("" for
	// none: a button, or the board's); by default the first card its
	// description shows, when it is in the hand.
	handCard func(m rtc.Move) string
	// boardChoices: a hand card's several moves are offered on the board
	boardChoices bool
	// trick is the trick on the table, in a game of tricks: the round's
	// summary shows the deciding one.
	trick []components.Played
	// last is the last finished trick, with who took it, for the "Last
	// trick" control; nil before the first.
	last      []components.Played
	lastLabel string
	// tally is a count per seat that the round's summary compares where
	// the seats have no score (Cat Te's chips), with the summary's two
	// column heads for it; notes, when set, is the summary's last column
	// per seat instead of the badge's line.
	tally      []int
	tallyHeads [2]string
	notes      []string
	// recent is every turn since the reader's own last one, one line a
	// turn, shown in place of the notice's last line (Eat Reds).
	recent []told
	// status, when it says something, replaces the page's "Your turn." line (a Papas window: the seat may answer another's play).
	status func(m tableModel) string
	// stay: at the match's end the table stays until the player moves on (Co-op Sort's reveal has its own Continue).
	stay bool

	// Set by the page.
	legal       []rtc.Move                        // the local seat's legal moves
	selected    string                            // the board's selection ("" for none)
	handSel     string                            // the hand's selected card
	hint        string                            // the suggested move (its notation), "" for none
	choose      func(sel string) app.EventHandler // selects sel ("" clears)
	play        func(action string) app.EventHandler
	consumed    map[string]bool                                         // moves the board offers, not shown as buttons
	boardAction func(code string) (components.Choice, app.EventHandler) // a board card's move
	say         words
	// window and windowLeft: the open timed window's length and what is left (the session's Deadline and Remaining), 0 for none.
	window, windowLeft time.Duration
	// replayed is a replay's record up to the step shown (replay_page.go), nil at a table: a board counts from it, not from the saved match.
	replayed *record.Record
}

// cardOf is the hand card move m plays, "" for none.
func (m tableModel) cardOf(mv rtc.Move) string {
	if m.handCard != nil {
		return m.handCard(mv)
	}
	if len(mv.Desc.Cards) == 0 {
		return ""
	}
	for _, c := range m.hand {
		if c == mv.Desc.Cards[0] {
			return c
		}
	}
	return ""
}

// choice is a move as a component offers it: its notation and its words.
func (m tableModel) choice(mv rtc.Move) components.Choice {
	return components.Choice{Action: mv.Text, Say: m.say.offer(mv.Desc), FaceDown: m.say.faceDown(mv.Desc.Kind)}
}

// move finds the legal move with notation text.
func (m tableModel) move(text string) (rtc.Move, bool) {
	for _, mv := range m.legal {
		if mv.Text == text {
			return mv, true
		}
	}
	return rtc.Move{}, false
}

// movesOf lists the legal moves of a kind.
func (m tableModel) movesOf(kind string) []rtc.Move {
	var out []rtc.Move
	for _, mv := range m.legal {
		if mv.Desc.Kind == kind {
			out = append(out, mv)
		}
	}
	return out
}

// Helpers the table files share.

func at(l []int, i int) int {
	if i >= 0 && i < len(l) {
		return l[i]
	}
	return -1
}

// seatBase is a seat's badge before the game adds its own.
func seatBase(in modelInput, i int) components.SeatInfo {
	s := components.SeatInfo{
		Seat: i, Name: nameOf(in.names, i), Cards: -1, Tricks: -1, Team: -1,
		Position: components.Position(i, in.me, in.players),
	}
	if i < len(in.bots) && in.bots[i] != "" {
		s.Bot = levelWord(in.bots[i])
	}
	if in.teams != "" && in.players%2 == 0 {
		s.Team = i % 2
	}
	return s
}

// nameOf is a seat's name, "nobody" for no seat.
func nameOf(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return msg.T("nobody")
}

// suitWords names a suit letter with its symbol ("♣ clubs"), "" for none.
func suitWords(s string) string {
	sym := map[string]string{"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[s]
	if sym == "" {
		return ""
	}
	return msg.T("%s %s", sym, suitWord(s))
}

// trickPlays places the cards of a trick around the table.
func trickPlays(in modelInput, seats []int, codes []string, winner int) []components.Played {
	out := make([]components.Played, 0, len(codes))
	for i, c := range codes {
		if i >= len(seats) {
			break
		}
		out = append(out, playedBy(in, seats[i], c, seats[i] == winner))
	}
	return out
}

// lastTrickLabel names the last finished trick by who took it.
func lastTrickLabel(in modelInput, winner int) string {
	return msg.T("Last trick, taken by %s", nameOf(in.names, winner))
}

// playedBy is a card on the table, placed at its player's side and saying
// who played it ("West played the 9 of clubs").
func playedBy(in modelInput, seat int, code string, winner bool) components.Played {
	return components.Played{Code: code, Position: components.Position(seat, in.me, in.players), Winner: winner,
		Label: in.say.who(seatAt(seat), "You played %s", "%s played %s", cardName(code))}
}

// seatAt is a view's seat number as a seat.
func seatAt(i int) games.Seat { return games.Seat(i) }
