package ui

import (
	"errors"
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
)

// The table draws a game's own View, typed: each game's table file
// (ui/king, …) reads the View its engine exports and turns it into
// components. Every session hands the typed value: a local one the
// engine's, a room's joiner the host's JSON its session read with the
// game's decoder. A game without a
// package gets the generic one (table_generic.go). Legality and every
// rule come from the engine: the session's legal moves, with the engine's
// description of each, and the View.

// tableView is one decoded View of a game, ready to draw.
type View interface {
	// model lays the table out for the reading seat.
	Model(p *msg.Catalogue, in Input) Model
	// news is what changed since prev that no action tells (a new round's
	// contract, a new phase), "" for nothing. prev may be nil.
	News(p *msg.Catalogue, prev View, in Input) string
}

// Told is a turn as a short line to see and whole sentences to hear.
type Told struct{ Line, Said string }

// Carrier is a View that keeps what earlier views showed (Eat Reds' turns
// since the player's last): the page hands it the view it replaces.
type Carrier interface {
	Carry(prev View)
}

// Clocked is a View of a game that counts its time (Klondike's timed
// option): the page feeds it the seconds since the deal.
type Clocked interface {
	Clock() (timed bool, elapsed, game int)
}

// Reader reads a session's view of one game for its table.
type Reader func(v games.View) (View, error)

// DecodeView is a game's View as its type V, as State.View makes it (a *V,
// or a V for a game whose View is a value); a joiner's session has read the
// host's JSON with the game's one decoder (games.Entry.DecodeView) before.
func DecodeView[V any](v games.View) (*V, error) {
	switch x := any(v).(type) {
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
type Input struct {
	Players, Me int
	Names       []string
	Bots        []string
	Teams       string
	Say         Words
	Options     map[string]string // the match's options (public: every seat agreed to them)
}

// tableModel is a table laid out: seats, scoreboard, hand and the board in
// the middle.
type Model struct {
	Seats  []components.SeatInfo
	Stats  []components.Stat
	Hand   []string
	Centre func(m Model) app.UI
	// HandCard, when set, says which hand card a legal move plays ("" for
	// none: a button, or the board's); by default the first card its
	// description shows, when it is in the hand.
	HandCard func(m rtc.Move) string
	// BoardChoices: a hand card's several moves are offered on the board
	BoardChoices bool
	// Trick is the trick on the table, in a game of tricks: the round's
	// summary shows the deciding one.
	Trick []components.Played
	// Last is the last finished trick, with who took it, for the "Last
	// trick" control; nil before the first.
	Last      []components.Played
	LastLabel string
	// Tally is a count per seat that the round's summary compares where
	// the seats have no score (Cat Te's chips), with the summary's two
	// column heads for it; notes, when set, is the summary's last column
	// per seat instead of the badge's line.
	Tally      []int
	TallyHeads [2]string
	Notes      []string
	// Recent is every turn since the reader's own last one, one line a
	// turn, shown in place of the notice's last line (Eat Reds).
	Recent []Told
	// Status, when it says something, replaces the page's "Your turn." line (a Papas window: the seat may answer another's play).
	Status func(m Model) string
	// Stay: at the match's end the table stays until the player moves on (Co-op Sort's reveal has its own Continue).
	Stay bool

	// Set by the page.
	Legal       []rtc.Move                        // the local seat's legal moves
	Selected    string                            // the board's selection ("" for none)
	HandSel     string                            // the hand's selected card
	Hint        string                            // the suggested move (its notation), "" for none
	Choose      func(sel string) app.EventHandler // selects sel ("" clears)
	Play        func(action string) app.EventHandler
	Consumed    map[string]bool                                         // moves the board offers, not shown as buttons
	BoardAction func(code string) (components.Choice, app.EventHandler) // a board card's move
	Say         Words
	// window and windowLeft: the open timed window's length and what is left (the session's Deadline and Remaining), 0 for none.
	Window, WindowLeft time.Duration
	// Replayed is a replay's record up to the step shown (replay_page.go), nil at a table: a board counts from it, not from the saved match.
	Replayed *record.Record
	// Saved is the match being played as the page saved it (its record and
	// the player's seat; nil, 0 before the first save), nil in a replay: a
	// board counts the player's moves from it.
	Saved func() (*record.Record, games.Seat)
	// Lesson: the table is a guided first game (its record is the lesson's
	// so far, in Saved): nothing is timed or kept for it.
	Lesson bool
	// Animation is the player's setting for animations: "off", "fast",
	// "normal" or "slow".
	Animation string
}

// CardOf is the hand card move m plays, "" for none.
func (m Model) CardOf(mv rtc.Move) string {
	if m.HandCard != nil {
		return m.HandCard(mv)
	}
	if len(mv.Desc.Cards) == 0 {
		return ""
	}
	for _, c := range m.Hand {
		if c == mv.Desc.Cards[0] {
			return c
		}
	}
	return ""
}

// Choice is a move as a component offers it: its notation and its words,
// marked when it is the hint's move.
func (m Model) Choice(p *msg.Catalogue, mv rtc.Move) components.Choice {
	return components.Choice{Action: mv.Text, Say: m.Say.Offer(p, mv.Desc), FaceDown: m.Say.FaceDown(mv.Desc.Kind), Hint: m.Hint != "" && mv.Text == m.Hint}
}

// Move finds the legal move with notation text.
func (m Model) Move(text string) (rtc.Move, bool) {
	for _, mv := range m.Legal {
		if mv.Text == text {
			return mv, true
		}
	}
	return rtc.Move{}, false
}

// MovesOf lists the legal moves of a kind.
func (m Model) MovesOf(kind string) []rtc.Move {
	var out []rtc.Move
	for _, mv := range m.Legal {
		if mv.Desc.Kind == kind {
			out = append(out, mv)
		}
	}
	return out
}

// Helpers the table files share.

func At(l []int, i int) int {
	if i >= 0 && i < len(l) {
		return l[i]
	}
	return -1
}

// SeatBase is a seat's badge before the game adds its own.
func SeatBase(p *msg.Catalogue, in Input, i int) components.SeatInfo {
	s := components.SeatInfo{
		Seat: i, Name: NameOf(p, in.Names, i), Cards: -1, Tricks: -1, Team: -1,
		Position: components.Position(i, in.Me, in.Players),
	}
	if i < len(in.Bots) && in.Bots[i] != "" {
		s.Bot = LevelWord(p, in.Bots[i])
	}
	if in.Teams != "" && in.Players%2 == 0 {
		s.Team = i % 2
	}
	return s
}

// NameOf is a seat's name, "nobody" for no seat.
func NameOf(p *msg.Catalogue, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return p.T("nobody")
}

// SuitWords names a suit letter with its symbol ("♣ clubs"), "" for none.
func SuitWords(p *msg.Catalogue, s string) string {
	sym := map[string]string{"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[s]
	if sym == "" {
		return ""
	}
	return p.T("%s %s", sym, SuitWord(p, s))
}

// TrickPlays places the cards of a trick around the table.
func TrickPlays(p *msg.Catalogue, in Input, seats []int, codes []string, winner int) []components.Played {
	out := make([]components.Played, 0, len(codes))
	for i, c := range codes {
		if i >= len(seats) {
			break
		}
		out = append(out, PlayedBy(p, in, seats[i], c, seats[i] == winner))
	}
	return out
}

// LastTrickLabel names the last finished trick by who took it.
func LastTrickLabel(p *msg.Catalogue, in Input, winner int) string {
	return p.T("Last trick, taken by %s", NameOf(p, in.Names, winner))
}

// PlayedBy is a card on the table, placed at its player's side and saying
// who played it ("West played the 9 of clubs").
func PlayedBy(p *msg.Catalogue, in Input, seat int, code string, winner bool) components.Played {
	return components.Played{Code: code, Position: components.Position(seat, in.Me, in.Players), Winner: winner,
		Label: in.Say.Tell(p, SeatAt(seat), "You played %s", "%s played %s", CardName(p, code))}
}

// SeatAt is a view's seat number as a seat.
func SeatAt(i int) games.Seat { return games.Seat(i) }

// HistoryRow is one finished round of a match: its name and every seat's
// score.
type HistoryRow struct {
	Label  string
	Scores []int
}

// Historian is a View that lists a match's finished rounds (The King), for
// the result page.
type Historian interface {
	History(p *msg.Catalogue) []HistoryRow
}

// BoardCounter is a View of a finished co-op board: how many of its cards
// are in order, for the result page.
type BoardCounter interface {
	Sorted() (inOrder, onBoard int)
}

// Revealer is a View of a finished board that the result page shows turned
// face up (Co-op Sort).
type Revealer interface {
	Reveal(p *msg.Catalogue) app.UI
}
