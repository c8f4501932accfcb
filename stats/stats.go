// Package stats keeps the player's statistics and match history: one Tally
// for every finished match, forever, and the last MaxMatches matches in
// detail; the figures computed from them (played, won, lost, drawn, given
// up, win rate, streaks, best and average score, Klondike's best time and
// fewest moves); the results over time a chart draws; and the store's
// versioned JSON, which two devices merge without counting a match twice.
// It is pure Go: the page keeps the encoded store (app/statistics_store.go)
// and says everything in words.
//
// A match is named by its game, its seed and the number of actions played
// (MatchID): the same match recorded again (a reload of its result) counts
// once.
//
// Outcomes (OutcomeOf): a match is won when the player's seat is among the
// result's winners. That covers team games (Mindikot's winners are the seats
// of the winning team) and the co-op game (Co-op Sort's winners are every
// seat when the table wins, none when it loses). A match of several players
// that ends with no winner at all is drawn; otherwise it is lost (a
// solitaire not won is lost). A match the player gives up (Klondike ended
// by the player without winning it), or replaces by a new one after making
// at least one move of their own, is Abandoned; one replaced before the
// player moved is not counted. A room's match the player leaves once play
// has begun is Abandoned too (a friend's page, which holds no seed before
// the end, names it by RoomMatchID); a match the host's leaving ends before
// its end is not counted on the friends' pages: it was not theirs to give
// up.
//
// Variants (Variant): the options that change the game enough that its
// figures are not comparable, written canonically as "name=value" pairs in
// a fixed order, separated by ","; an option left out is its default:
//
//	klondike   drawCount (1, 3) and scoring (STANDARD, VEGAS, NONE)
//	catte      region (VIETNAMESE, KHMER, LAOS)
//	mindikot   mode (CUT, HIDDEN)
//	others     "" (their options change the length or a detail, not the game)
//
// The page keeps the store in the browser's local storage (measured there:
// a King match of ~450 actions costs 1.9 kB in the history, most of it its
// replay, and a tally about 0.1 kB; IndexedDB would buy room not needed at
// the price of asynchronous calls).
//
// People sharing the phone (people.go): a pass-and-play match keeps, beside
// the owner's result, each other person's (Tally.People), and the page shows
// the figures of any of them (Store.Of).
//
// Store format: JSON, {"version":2,"tallies":[…],"matches":[…],"before":{…}}.
// Version 2 added the people of a pass-and-play match (a tally's "people");
// version 1 (without them) is read as it is. Decode refuses a newer version
// and damaged data with a *DecodeError whose Kind the page says in a
// sentence.
package stats

// Version is the store format this package writes; it reads every version
// from 1 to this one.
const Version = 2

// MaxMatches is how many matches the store keeps in detail, newest first.
const MaxMatches = 200

// Outcome is how a match ended for the player.
type Outcome string

// The outcomes.
const (
	Won       Outcome = "won"
	Lost      Outcome = "lost"
	Drawn     Outcome = "drawn"
	Abandoned Outcome = "abandoned" // given up, or replaced by a new match
)

// Tally is one finished match in the figures: small, kept forever.
type Tally struct {
	ID      string  `json:"id"`
	Game    string  `json:"game"`
	Variant string  `json:"variant,omitempty"`
	Room    bool    `json:"room,omitempty"` // played in a friends' room
	Seat    int     `json:"seat"`           // the player's seat
	Outcome Outcome `json:"outcome"`
	// Score is the player's (or their team's) final score; Scored says the
	// match has one (a match given up has none).
	Score  int   `json:"score,omitempty"`
	Scored bool  `json:"scored,omitempty"`
	Secs   int   `json:"secs,omitempty"`  // a timed game's time played (Klondike's)
	Moves  int   `json:"moves,omitempty"` // a counted game's moves (Klondike's)
	Ended  int64 `json:"ended"`           // when it ended, unix milliseconds
	// People are the other people on the phone who played the match, each
	// with their result (people.go); nil when the owner played alone.
	People []Person `json:"people,omitempty"`
}

// SeatKind is who sat in a seat.
type SeatKind string

// The kinds of seat.
const (
	You    SeatKind = "you"
	Bot    SeatKind = "bot"    // with its Level
	Friend SeatKind = "friend" // a person in a room
	Open   SeatKind = "open"   // a room's seat nobody took (a stand-in played it)
)

// Seat is one seat of a match as the history shows it.
type Seat struct {
	Name  string   `json:"name,omitempty"`
	Kind  SeatKind `json:"kind"`
	Level string   `json:"level,omitempty"` // a bot's level: easy, normal, hard
}

// Match is one of the last MaxMatches matches, in detail.
type Match struct {
	Tally
	Seats      []Seat `json:"seats,omitempty"`
	Scores     []int  `json:"scores,omitempty"`     // final, per seat
	TeamScores []int  `json:"teamScores,omitempty"` // final, per team, if the game has teams
	// Rounds is the running score of every seat after each round, for the
	// round-by-round chart; nil when the game has no rounds.
	Rounds [][]int `json:"rounds,omitempty"`
	// Replay is the match's record as the replay link carries it (the
	// fragment of "/replay#…": the record's JSON, DEFLATE, base64url); ""
	// when there is none.
	Replay string `json:"replay,omitempty"`
}

// Run is a run of wins counted before the store existed (Klondike kept its
// own): the game's overall figures start from it.
type Run struct {
	Current int `json:"current"`
	Best    int `json:"best"`
}

// Store is everything kept: every tally, the newest matches in detail.
type Store struct {
	Version int            `json:"version"`
	Tallies []Tally        `json:"tallies"`          // every match, newest first
	Matches []Match        `json:"matches"`          // the newest MaxMatches, newest first
	Before  map[string]Run `json:"before,omitempty"` // by game
}

// ErrorKind is what is wrong with stored or imported statistics.
type ErrorKind int

// The kinds of DecodeError.
const (
	Damaged ErrorKind = iota + 1 // not the store's JSON, or a value that cannot be
	Newer                        // written by a newer version of the app
)

// DecodeError is why data could not be read as a store. Error says it in
// English; the page says Kind in the player's language.
type DecodeError struct {
	Kind    ErrorKind
	Version int    // Newer: the version found
	Detail  string // Damaged: what is wrong, for a report
}

// Key is one line of a game's figures: an option set, solo or in rooms.
type Key struct {
	Game    string
	Variant string
	Room    bool
}

// Figures are the counts of a set of matches.
type Figures struct {
	Played, Won, Lost, Drawn, Abandoned int
	Streak, BestStreak                  int // wins in a row: now, and the longest
	// Scored matches: the best and the average score; Scored == 0 when none.
	Scored    int
	BestScore int
	AvgScore  float64
	// Won matches of a game that counts time and moves (Klondike's): the
	// shortest time and the fewest moves; 0 when none.
	BestSecs, FewestMoves int
}

// Line is the figures of one Key.
type Line struct {
	Key
	Figures
}

// Point is one match on a game's results-over-time chart.
type Point struct {
	Ended   int64   // unix milliseconds
	Played  int     // matches so far
	WinRate float64 // won / played so far, 0 to 1
	Score   int     // this match's score, if Scored
	Scored  bool
}
