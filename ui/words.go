package ui

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cardtable/components"
	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/msg"
	"cardtable/rtc"
)

// This file holds every sentence the table says about an action: the game
// log, the notices, the words on the buttons and cards that offer a legal
// move and their aria labels. They are made from the engine's description
// of the action for the reading seat (games.Description), never from its
// notation, which is for records, tests and the wire. A game's own kinds get
// their own words; a kind this file does not know yet is still told in
// plain words (who acted, the cards shown, how many were hidden), so nothing
// a person reads is ever notation. With each game's words_<id>.go, it is
// the one place a translation will turn into a message catalogue.

// Words phrases actions for one reader: the local seat, whose name is "you".
type Words struct {
	Game    string       // the game's ID: its own words where it has them
	Names   []string     // per seat, as the table shows them ("You", "West", "Ann")
	Me      games.Seat   // the reading seat; Observer for a spectator
	kinds   KindWords    // the game's own words, by kind
	outs    OutcomeWords // the game's own words for outcomes
	reveals RevealWords  // the game's own words for reveals
}

// Phrase says one kind of action.
type Phrase struct {
	// Told is the action as the log tells it, without the final period
	// ("East folds a card face down").
	Told func(w Words, d games.Description) string
	// Offer is the move as a button offers it to the player ("Fold the 9
	// of clubs face down"); nil when the kind is never the player's own.
	Offer func(w Words, d games.Description) string
	// FaceDown: the player's card goes down face down (Cat Te's fold), so
	// the hand marks it apart from a card played face up.
	FaceDown bool
}

type (
	KindWords    map[string]Phrase
	OutcomeWords map[string]func(w Words, d games.Description) string
)

// NewWords is the phrasing of game for the reader me, with the seats named.
func NewWords(g Game, names []string, me games.Seat) Words {
	return Words{Game: g.ID, Names: names, Me: me, kinds: g.Kinds, outs: g.Outcomes, reveals: g.Reveals}
}

// Told is an action as the log and the notices tell it: one or more
// sentences. It is "" for what the table does not tell (a game's clock).
func (w Words) Told(d games.Description) string {
	act := w.Act(d)
	if act == "" {
		return ""
	}
	parts := []string{Sentence(act)}
	if o := w.Outcome(d); o != "" {
		parts = append(parts, Sentence(o))
	}
	for _, r := range d.Reveals {
		if s := w.Reveal(r); s != "" {
			parts = append(parts, Sentence(s))
		}
	}
	return strings.Join(parts, " ")
}

// Act is the action itself, without its outcome.
func (w Words) Act(d games.Description) string {
	if p, ok := w.kinds[d.Kind]; ok && p.Told != nil {
		return p.Told(w, d)
	}
	if p, ok := commonKinds[d.Kind]; ok && p.Told != nil {
		return p.Told(w, d)
	}
	return w.someMove(d)
}

// Offer is a legal move of the player in words, for its button or card: a
// short imperative ("Play the 9 of clubs").
func (w Words) Offer(d games.Description) string {
	if p, ok := w.kinds[d.Kind]; ok && p.Offer != nil {
		return Capitalize(p.Offer(w, d))
	}
	if p, ok := commonKinds[d.Kind]; ok && p.Offer != nil {
		return Capitalize(p.Offer(w, d))
	}
	return Capitalize(w.someOffer(d))
}

// FaceDown reports whether a move of kind puts the player's card down face
// down.
func (w Words) FaceDown(kind string) bool {
	if p, ok := w.kinds[kind]; ok {
		return p.FaceDown
	}
	return commonKinds[kind].FaceDown
}

// Known reports whether the game (or the words every game shares) has its
// own words for kind.
func (w Words) Known(kind string) bool {
	_, own := w.kinds[kind]
	_, common := commonKinds[kind]
	return own || common
}

// someMove tells an action of a kind without words of its own: who acted,
// and what it showed or hid.
func (w Words) someMove(d games.Description) string {
	var what []string
	if len(d.Cards) > 0 {
		what = append(what, CardList(d.Cards))
	}
	if d.Hidden > 0 {
		what = append(what, msg.N(d.Hidden, "%d card face down", "%d cards face down"))
	}
	s := w.Tell(d.Seat, "You make a move", "%s makes a move")
	if len(what) > 0 {
		s = w.Tell(d.Seat, "You make a move with %s", "%s makes a move with %s", AndList(what))
	}
	if d.Secret {
		s = msg.T("%s, kept secret for now", s)
	}
	return s
}

// someOffer offers a move of a kind without words of its own.
func (w Words) someOffer(d games.Description) string {
	switch {
	case len(d.Cards) > 0:
		return msg.T("Choose %s", CardList(d.Cards))
	case d.Choice != "":
		return msg.T("Choose %s", w.Choice(d.Choice))
	}
	return msg.T("Make this move")
}

// Outcome is what follows at once from an action, "" for nothing.
func (w Words) Outcome(d games.Description) string {
	if d.Outcome == "" {
		return ""
	}
	if f, ok := w.outs[d.Outcome]; ok {
		return f(w, d)
	}
	if f, ok := commonOutcomes[d.Outcome]; ok {
		return f(w, d)
	}
	if len(d.Winners) > 0 {
		return msg.T("That favours %s", w.SeatList(d.Winners))
	}
	return ""
}

// Reveal tells a blind choice or a face-down card made known, "" when
// there is nothing to tell.
func (w Words) Reveal(r games.Reveal) string {
	if f, ok := w.reveals[r.Kind]; ok {
		return f(w, r)
	}
	what := ""
	switch {
	case len(r.Cards) > 0:
		what = CardList(r.Cards)
	case r.Choice != "":
		what = w.Choice(r.Choice)
	default:
		return "" // the view that follows shows it
	}
	if r.Seat == games.System {
		return msg.T("Revealed: the %s, %s", RevealNoun(r.Kind), what)
	}
	return w.Tell(r.Seat, "Revealed: your %[1]s, %[2]s", "Revealed: %[1]s's %[2]s, %[3]s", RevealNoun(r.Kind), what)
}

// RevealNoun names what a reveal makes known, by its kind.
func RevealNoun(kind string) string {
	switch kind {
	case "hidden":
		return msg.T("hidden card")
	case "secret", "flip":
		return msg.T("face-down card")
	case "show":
		return msg.T("last card")
	case "prefer":
		return msg.T("preference")
	case "stock":
		return msg.T("stock card")
	}
	return msg.T("hidden choice")
}

// Choice says a choice's value: a suit, a number, a word.
func (w Words) Choice(c string) string {
	if s := SuitWord(c); s != "" {
		return s
	}
	return Humanize(c)
}

// Refusal says why a move was not played: the engine's reason, or in words
// of its own what happened around it (the move came too late, the link is
// down). A move refused because the table moved on is never told by its
// notation.
func Refusal(err error) string {
	switch {
	case errors.Is(err, games.ErrNotYourTurn):
		return msg.T("It is not your turn.")
	case errors.Is(err, games.ErrDone):
		return msg.T("The match is over.")
	case errors.Is(err, rtc.ErrNotStarted):
		return msg.T("The match has not started yet.")
	case errors.Is(err, rtc.ErrNotConnected):
		return msg.T("The link to the host is down: trying again…")
	case errors.Is(err, rtc.ErrTooLate):
		return msg.T("Too late: the table moved on before your move.")
	}
	var r *games.Refusal
	if errors.As(err, &r) {
		return Sentence(msg.Key(r.Format).Say(refusalArgs(r.Args)...))
	}
	if msg.Lang() != msg.English {
		// A reason the engine gives in English only: the player reads
		// that the rules refuse it, in their language.
		return msg.T("The rules do not allow that move now.")
	}
	return Sentence(ReasonWords(err.Error()))
}

// refusalArgs says a refusal's arguments in words: its cards and suits by
// name, numbers as they are.
func refusalArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case cards.Card:
			out[i] = CardName(v.String())
		case cards.Suit:
			out[i] = SuitWord(v.String())
		case []cards.Card:
			codes := make([]string, len(v))
			for j, c := range v {
				codes[j] = c.String()
			}
			out[i] = CardList(codes)
		case string:
			out[i] = cardCode.ReplaceAllStringFunc(v, CardName)
		case fmt.Stringer: // a game's own card (Papas, Co-op Sort)
			out[i] = CardName(v.String())
		default:
			out[i] = a
		}
	}
	return out
}

// cardCode is a card of the notation inside an engine's reason.
var cardCode = regexp.MustCompile(`\b(10|[2-9AJQK])[CDHS]\b`)

// ReasonWords turns an engine's reason into words a player reads: a card
// of the notation is named ("you do not hold 9C" → "you do not hold the 9
// of clubs"), and a rule is said to the player ("must follow clubs" → "you
// must follow clubs").
func ReasonWords(r string) string {
	r = cardCode.ReplaceAllStringFunc(r, CardName)
	if strings.HasPrefix(r, "must ") {
		r = "you " + r
	}
	return r
}

// Seats.

// Name is a seat's name as the table shows it.
func (w Words) Name(s games.Seat) string {
	switch {
	case s == w.Me:
		return msg.T("You")
	case s == games.System:
		return msg.T("The table")
	case s >= 0 && int(s) < len(w.Names):
		return w.Names[s]
	}
	return msg.T("Seat %d", int(s)+1)
}

// who is a sentence about seat s, whole: the form for the reader when s is
// the reader ("You play %s"), else the form for another seat, its name
// first ("%s plays %s"). Its keys are in the message catalogue (msg).
func (w Words) Tell(s games.Seat, you, other string, args ...any) string {
	return msg.Who(s == w.Me, w.Name(s), you, other, args...)
}

// Winners is a sentence about the seats that won something: the reader
// alone ("You take the trick"), one other seat ("%s takes the trick"), or
// several, the reader maybe among them ("%s take the trick").
func (w Words) Winners(seats []games.Seat, you, one, many string, args ...any) string {
	switch {
	case len(seats) == 1 && seats[0] == w.Me:
		return msg.T(you, args...)
	case len(seats) == 1:
		return msg.T(one, append([]any{w.Name(seats[0])}, args...)...)
	}
	return msg.T(many, append([]any{w.SeatList(seats)}, args...)...)
}

// SeatList names seats: "North", "North and you".
func (w Words) SeatList(seats []games.Seat) string {
	var names []string
	var you bool
	for _, s := range seats {
		if s == w.Me {
			you = true
			continue
		}
		names = append(names, w.Name(s))
	}
	if you {
		if len(names) == 0 {
			return msg.T("you")
		}
		names = append(names, msg.T("you"))
	}
	return AndList(names)
}

// Cards.

// SuitWord names a suit letter ("C": "clubs"), "" for none.
func SuitWord(s string) string { return components.SuitName(s) }

// RankWord names a rank of the notation ("A": "ace", "10": "10"), "" for
// what is no rank.
func RankWord(r string) string {
	switch _, err := strconv.Atoi(r); {
	case r == "A", r == "J", r == "Q", r == "K", err == nil:
		return components.RankName(r)
	}
	return ""
}

// NamedCard names one of the potato game's cards with its article and
// value ("a Papa 3"), "" for a name it does not know.
func NamedCard(name, value string) string {
	var s string
	switch name {
	case "papa":
		s = msg.T("a Papa")
	case "duquesas":
		s = msg.T("a Duquesas")
	case "fritas":
		s = msg.T("a Fritas")
	case "wild":
		s = msg.T("a wildcard")
	case "nopoh":
		s = msg.T("a No Poh")
	case "tedije":
		s = msg.T("a Te Dije")
	case "dorada":
		s = msg.T("a Papa Dorada")
	case "robo":
		s = msg.T("a Robo de Papa")
	default:
		return ""
	}
	if value != "" {
		return msg.T("%s %s", s, value)
	}
	return s
}

// CardName is a card with its article: "the queen of hearts", "the 10 of
// spades", "a Papa 3"; "a face-down card" for none.
func CardName(code string) string {
	if code == "" {
		return msg.T("a face-down card")
	}
	if n := len(code); n >= 2 && n <= 3 {
		if suit := SuitWord(code[n-1:]); suit != "" {
			if r := RankWord(code[:n-1]); r != "" {
				return msg.T("the %s of %s", r, suit)
			}
		}
	}
	i := strings.IndexAny(code, "0123456789")
	name, value := code, ""
	if i > 0 {
		name, value = code[:i], code[i:]
	}
	if s := NamedCard(name, value); s != "" {
		return s
	}
	return msg.T("a card")
}

// CardList names cards: "the 9 of hearts and the ace of spades".
func CardList(codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = CardName(c)
	}
	return AndList(names)
}

// CountCards is "a card" or "3 cards".
func CountCards(n int) string {
	if n == 1 {
		return msg.T("a card")
	}
	return msg.N(n, "%d card", "%d cards")
}

// Sentences.

// AndList joins words as English does: "a", "a and b", "a, b and c".
func AndList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return msg.T("%s and %s", strings.Join(items[:len(items)-1], msg.T(", ")), items[len(items)-1])
}

// Sentence capitalizes s and ends it with a period unless it has its mark.
func Sentence(s string) string {
	s = Capitalize(strings.TrimSpace(s))
	if last, _ := utf8.DecodeLastRuneInString(s); s == "" || strings.ContainsRune(".!?…。！？।។", last) {
		return s
	}
	// The full stop of the player's language (。 । ។ …).
	return msg.T("%s.", s)
}

// JoinSentences joins the sentences that are not empty.
func JoinSentences(ss []string) string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// LowerFirst lower-cases the first letter, to go on after a colon.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// Capitalize upper-cases a sentence's first letter.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// Humanize writes an option-style value in words: "ROUNDS_6_7" → "rounds
// 6 7".
func Humanize(v string) string {
	return strings.ToLower(strings.ReplaceAll(v, "_", " "))
}

// First is the first card shown, "" when none is.
func First(d games.Description) string {
	if len(d.Cards) > 0 {
		return d.Cards[0]
	}
	return ""
}

// ShownOr names the cards shown, or counts the hidden ones: "the 9 of
// clubs", "a card".
func ShownOr(d games.Description) string {
	if len(d.Cards) > 0 {
		return CardList(d.Cards)
	}
	return CountCards(max(d.Hidden, 1))
}

// Words every game shares.

var commonKinds = KindWords{
	"play": {
		Told: func(w Words, d games.Description) string {
			return w.Tell(d.Seat, "You play %s", "%s plays %s", ShownOr(d))
		},
		Offer: func(w Words, d games.Description) string { return msg.T("Play %s", ShownOr(d)) },
	},
	"draw": {
		Told: func(w Words, d games.Description) string {
			return w.Tell(d.Seat, "You draw %s", "%s draws %s", ShownOr(d))
		},
		Offer: func(w Words, d games.Description) string { return msg.T("Draw a card") },
	},
	"pass": {
		Told:  func(w Words, d games.Description) string { return w.Tell(d.Seat, "You pass", "%s passes") },
		Offer: func(w Words, d games.Description) string { return msg.T("Pass") },
	},
	"timeout": {
		Told:  func(w Words, d games.Description) string { return msg.T("Time is up") },
		Offer: func(w Words, d games.Description) string { return msg.T("Let the time run out") },
	},
}

var commonOutcomes = OutcomeWords{
	"trick": func(w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The trick is complete")
		}
		return w.Winners(d.Winners, "You take the trick", "%s takes the trick", "%s take the trick")
	},
	"round": func(w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The round is over")
		}
		return w.Winners(d.Winners, "The round is over: you win it", "The round is over: %s wins it", "The round is over: %s win it")
	},
	"match": func(w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The match is over")
		}
		return w.Winners(d.Winners, "The match is over: you win", "The match is over: %s wins", "The match is over: %s win")
	},
}
