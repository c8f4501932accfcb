package ui

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
)

// Game is one game's UI as data: everything the pages need of a game beyond
// its engine. Each game's package (ui/<id>) exports one, and the catalog
// (ui/catalog) lists them in the engines' order. A game without one plays
// through the generic table and the words every game shares: the zero Game
// with only its ID.
type Game struct {
	ID string // the engine's ID (games.Info.ID)
	// Title and Pitch are the game's name and one-sentence pitch in the
	// player's language; "" says the engine's English Info.
	Title, Pitch msg.Key
	// Read reads a session's view into the game's table; nil draws the
	// generic table (Generic).
	Read Reader
	// Kinds, Outcomes and Reveals are the words of the game's own action
	// kinds, outcomes and reveals (its engine's package doc lists them);
	// what they leave out is told in the words every game shares.
	Kinds    KindWords
	Outcomes OutcomeWords
	Reveals  RevealWords
	// Reasons are the words of the game's own heuristic reasons, said
	// after a hint's move (ReasonOf); nil when it has none of its own.
	Reasons HintReasons
	// Options are the words of the game's options, in the engine's order.
	Options []OptionWords
	// Rules are the game's rules in sections, for the rules page.
	Rules []RuleSection
	// Confirm is the question the table asks before a move that gives
	// something up for good, saying what is lost; "" for a move played at
	// once. Nil when no move asks.
	Confirm func(p *msg.Catalogue, d games.Description) string
	// Verdict is the result's headline for a co-op board (its view a
	// BoardCounter): inOrder of its onBoard cards in order, and whether
	// the table won. Nil for a game without one.
	Verdict func(p *msg.Catalogue, inOrder, onBoard int, won bool) string
	// Lesson is the game's guided first game (lesson.go); nil for none.
	Lesson *Lesson
	// Score says a seat's result in the unit the game counts it in during
	// play (Cat Te's chips, Papas' golden potatoes); nil says points.
	Score func(p *msg.Catalogue, n int) string
	// End is the game's own panel of figures at a match's end, in the box
	// over the table and on the result page (Klondike's time, moves, score
	// and run of wins):
	// rec is the finished match, end its final state, run the statistics'
	// run of wins now and the best. Nil, or a nil panel, for none.
	End func(ctx app.Context, rec *record.Record, seat games.Seat, end games.State, run Run) EndPanel
	// Stats is the game's own part in the statistics (stats.go: Klondike's
	// time and moves); nil for none.
	Stats *Stats
	// Round is the round a match is in, as the table numbers it ("Round
	// 2"), read from the game's own view (RoundOf); nil for a game not
	// played in rounds. It is a function of the game's package, not a call
	// in the Game literal: a call there makes the whole UI value start-up
	// code instead of static data in app.wasm.
	Round func(v games.View) int
	// NoDealer: the game's rooms may deal with no dealer (rtc/blindroom):
	// the pages shuffle and deal the cards together, so that no page, the
	// host's included, sees another's hand.
	NoDealer bool
}

// Run is a run of wins as the statistics count it: wins in a row now, and
// the best run.
type Run struct{ Streak, Best int }

// EndPanel is a game's panel at a match's end, drawn in the reader's
// language.
type EndPanel interface {
	Render(p *msg.Catalogue) app.UI
}

// RevealWords says a game's reveals, by their kind.
type RevealWords map[string]func(p *msg.Catalogue, w Words, r games.Reveal) string

// RuleSection is one section of a game's rules: a title and its points.
type RuleSection struct {
	Title msg.Key
	Items []msg.Key
}

// ReadView reads a session's view for the game's table: its own, or the
// generic one.
func (g Game) ReadView(v games.View) (View, error) {
	if v == nil {
		return nil, errors.New("no view yet")
	}
	if g.Read != nil {
		return g.Read(v)
	}
	return ReadGeneric(v)
}

// Question is the question asked before move d, "" for none.
func (g Game) Question(p *msg.Catalogue, d games.Description) string {
	if g.Confirm == nil {
		return ""
	}
	return g.Confirm(p, d)
}

// VerdictOf is the result's headline for a co-op board's end, "" for a
// game without one or a board with no card counted.
func (g Game) VerdictOf(p *msg.Catalogue, inOrder, onBoard int, won bool) string {
	if g.Verdict == nil || onBoard <= 0 {
		return ""
	}
	return g.Verdict(p, inOrder, onBoard, won)
}

// TitleOf is the game's name in the player's language.
func (g Game) TitleOf(p *msg.Catalogue, info games.Info) string {
	if g.Title != "" {
		return g.Title.Say(p)
	}
	return info.Title
}

// PitchOf is the game's one-sentence pitch in the player's language.
func (g Game) PitchOf(p *msg.Catalogue, info games.Info) string {
	if g.Pitch != "" {
		return g.Pitch.Say(p)
	}
	return info.Pitch
}
