package main

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

// words phrases actions for one reader: the local seat, whose name is "you".
type words struct {
	game  string       // the game's ID: its own words where it has them
	names []string     // per seat, as the table shows them ("You", "West", "Ann")
	me    games.Seat   // the reading seat; Observer for a spectator
	kinds kindWords    // the game's own words, by kind
	outs  outcomeWords // the game's own words for outcomes
}

// phrase says one kind of action.
type phrase struct {
	// told is the action as the log tells it, without the final period
	// ("East folds a card face down").
	told func(w words, d games.Description) string
	// offer is the move as a button offers it to the player ("Fold the 9
	// of clubs face down"); nil when the kind is never the player's own.
	offer func(w words, d games.Description) string
	// faceDown: the player's card goes down face down (Cat Te's fold), so
	// the hand marks it apart from a card played face up.
	faceDown bool
}

type (
	kindWords    map[string]phrase
	outcomeWords map[string]func(w words, d games.Description) string
)

// newWords is the phrasing of game for the reader me, with the seats named.
func newWords(game string, names []string, me games.Seat) words {
	return words{game: game, names: names, me: me, kinds: gameKinds[game], outs: gameOutcomes[game]}
}

// told is an action as the log and the notices tell it: one or more
// sentences. It is "" for what the table does not tell (a game's clock).
func (w words) told(d games.Description) string {
	act := w.act(d)
	if act == "" {
		return ""
	}
	parts := []string{sentence(act)}
	if o := w.outcome(d); o != "" {
		parts = append(parts, sentence(o))
	}
	for _, r := range d.Reveals {
		if s := w.reveal(r); s != "" {
			parts = append(parts, sentence(s))
		}
	}
	return strings.Join(parts, " ")
}

// act is the action itself, without its outcome.
func (w words) act(d games.Description) string {
	if p, ok := w.kinds[d.Kind]; ok && p.told != nil {
		return p.told(w, d)
	}
	if p, ok := commonKinds[d.Kind]; ok && p.told != nil {
		return p.told(w, d)
	}
	return w.someMove(d)
}

// offer is a legal move of the player in words, for its button or card: a
// short imperative ("Play the 9 of clubs").
func (w words) offer(d games.Description) string {
	if p, ok := w.kinds[d.Kind]; ok && p.offer != nil {
		return capitalize(p.offer(w, d))
	}
	if p, ok := commonKinds[d.Kind]; ok && p.offer != nil {
		return capitalize(p.offer(w, d))
	}
	return capitalize(w.someOffer(d))
}

// faceDown reports whether a move of kind puts the player's card down face
// down.
func (w words) faceDown(kind string) bool {
	if p, ok := w.kinds[kind]; ok {
		return p.faceDown
	}
	return commonKinds[kind].faceDown
}

// known reports whether the game (or the words every game shares) has its
// own words for kind.
func (w words) known(kind string) bool {
	_, own := w.kinds[kind]
	_, common := commonKinds[kind]
	return own || common
}

// someMove tells an action of a kind without words of its own: who acted,
// and what it showed or hid.
func (w words) someMove(d games.Description) string {
	var what []string
	if len(d.Cards) > 0 {
		what = append(what, cardList(d.Cards))
	}
	if d.Hidden > 0 {
		what = append(what, msg.N(d.Hidden, "%d card face down", "%d cards face down"))
	}
	s := w.who(d.Seat, "You make a move", "%s makes a move")
	if len(what) > 0 {
		s = w.who(d.Seat, "You make a move with %s", "%s makes a move with %s", andList(what))
	}
	if d.Secret {
		s = msg.T("%s, kept secret for now", s)
	}
	return s
}

// someOffer offers a move of a kind without words of its own.
func (w words) someOffer(d games.Description) string {
	switch {
	case len(d.Cards) > 0:
		return msg.T("Choose %s", cardList(d.Cards))
	case d.Choice != "":
		return msg.T("Choose %s", w.choice(d.Choice))
	}
	return msg.T("Make this move")
}

// outcome is what follows at once from an action, "" for nothing.
func (w words) outcome(d games.Description) string {
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
		return msg.T("That favours %s", w.seatList(d.Winners))
	}
	return ""
}

// reveal tells a blind choice or a face-down card made known, "" when
// there is nothing to tell.
func (w words) reveal(r games.Reveal) string {
	if f, ok := gameReveals[w.game][r.Kind]; ok {
		return f(w, r)
	}
	what := ""
	switch {
	case len(r.Cards) > 0:
		what = cardList(r.Cards)
	case r.Choice != "":
		what = w.choice(r.Choice)
	default:
		return "" // the view that follows shows it
	}
	if r.Seat == games.System {
		return msg.T("Revealed: the %s, %s", revealNoun(r.Kind), what)
	}
	return w.who(r.Seat, "Revealed: your %[1]s, %[2]s", "Revealed: %[1]s's %[2]s, %[3]s", revealNoun(r.Kind), what)
}

// revealNoun names what a reveal makes known, by its kind.
func revealNoun(kind string) string {
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

// choice says a choice's value: a suit, a number, a word.
func (w words) choice(c string) string {
	if f, ok := gameChoices[w.game]; ok {
		if s := f(c); s != "" {
			return s
		}
	}
	if s := suitWord(c); s != "" {
		return s
	}
	return humanize(c)
}

// refusal says why a move was not played: the engine's reason, or in words
// of its own what happened around it (the move came too late, the link is
// down). A move refused because the table moved on is never told by its
// notation.
func refusal(err error) string {
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
		return sentence(msg.Key(r.Format).Say(refusalArgs(r.Args)...))
	}
	if msg.Lang() != msg.English {
		// A reason the engine gives in English only: the player reads
		// that the rules refuse it, in their language.
		return msg.T("The rules do not allow that move now.")
	}
	return sentence(reasonWords(err.Error()))
}

// refusalArgs says a refusal's arguments in words: its cards and suits by
// name, numbers as they are.
func refusalArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case cards.Card:
			out[i] = cardName(v.String())
		case cards.Suit:
			out[i] = suitWord(v.String())
		case []cards.Card:
			codes := make([]string, len(v))
			for j, c := range v {
				codes[j] = c.String()
			}
			out[i] = cardList(codes)
		case string:
			out[i] = cardCode.ReplaceAllStringFunc(v, cardName)
		case fmt.Stringer: // a game's own card (Papas, Co-op Sort)
			out[i] = cardName(v.String())
		default:
			out[i] = a
		}
	}
	return out
}

// cardCode is a card of the notation inside an engine's reason.
var cardCode = regexp.MustCompile(`\b(10|[2-9AJQK])[CDHS]\b`)

// reasonWords turns an engine's reason into words a player reads: a card
// of the notation is named ("you do not hold 9C" → "you do not hold the 9
// of clubs"), and a rule is said to the player ("must follow clubs" → "you
// must follow clubs").
func reasonWords(r string) string {
	r = cardCode.ReplaceAllStringFunc(r, cardName)
	if strings.HasPrefix(r, "must ") {
		r = "you " + r
	}
	return r
}

// Seats.

// name is a seat's name as the table shows it.
func (w words) name(s games.Seat) string {
	switch {
	case s == w.me:
		return msg.T("You")
	case s == games.System:
		return msg.T("The table")
	case s >= 0 && int(s) < len(w.names):
		return w.names[s]
	}
	return msg.T("Seat %d", int(s)+1)
}

// who is a sentence about seat s, whole: the form for the reader when s is
// the reader ("You play %s"), else the form for another seat, its name
// first ("%s plays %s"). Its keys are in the message catalogue (msg).
func (w words) who(s games.Seat, you, other string, args ...any) string {
	return msg.Who(s == w.me, w.name(s), you, other, args...)
}

// winners is a sentence about the seats that won something: the reader
// alone ("You take the trick"), one other seat ("%s takes the trick"), or
// several, the reader maybe among them ("%s take the trick").
func (w words) winners(seats []games.Seat, you, one, many string, args ...any) string {
	switch {
	case len(seats) == 1 && seats[0] == w.me:
		return msg.T(you, args...)
	case len(seats) == 1:
		return msg.T(one, append([]any{w.name(seats[0])}, args...)...)
	}
	return msg.T(many, append([]any{w.seatList(seats)}, args...)...)
}

// seatList names seats: "North", "North and you".
func (w words) seatList(seats []games.Seat) string {
	var names []string
	var you bool
	for _, s := range seats {
		if s == w.me {
			you = true
			continue
		}
		names = append(names, w.name(s))
	}
	if you {
		if len(names) == 0 {
			return msg.T("you")
		}
		names = append(names, msg.T("you"))
	}
	return andList(names)
}

// Cards.

// suitWord names a suit letter ("C": "clubs"), "" for none.
func suitWord(s string) string { return components.SuitName(s) }

// rankWord names a rank of the notation ("A": "ace", "10": "10"), "" for
// what is no rank.
func rankWord(r string) string {
	switch _, err := strconv.Atoi(r); {
	case r == "A", r == "J", r == "Q", r == "K", err == nil:
		return components.RankName(r)
	}
	return ""
}

// namedCard names one of the potato game's cards with its article and
// value ("a Papa 3"), "" for a name it does not know.
func namedCard(name, value string) string {
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

// cardName is a card with its article: "the queen of hearts", "the 10 of
// spades", "a Papa 3"; "a face-down card" for none.
func cardName(code string) string {
	if code == "" {
		return msg.T("a face-down card")
	}
	if n := len(code); n >= 2 && n <= 3 {
		if suit := suitWord(code[n-1:]); suit != "" {
			if r := rankWord(code[:n-1]); r != "" {
				return msg.T("the %s of %s", r, suit)
			}
		}
	}
	i := strings.IndexAny(code, "0123456789")
	name, value := code, ""
	if i > 0 {
		name, value = code[:i], code[i:]
	}
	if s := namedCard(name, value); s != "" {
		return s
	}
	return msg.T("a card")
}

// cardList names cards: "the 9 of hearts and the ace of spades".
func cardList(codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = cardName(c)
	}
	return andList(names)
}

// countCards is "a card" or "3 cards".
func countCards(n int) string {
	if n == 1 {
		return msg.T("a card")
	}
	return msg.N(n, "%d card", "%d cards")
}

// Sentences.

// andList joins words as English does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return msg.T("%s and %s", strings.Join(items[:len(items)-1], msg.T(", ")), items[len(items)-1])
}

// sentence capitalizes s and ends it with a period unless it has its mark.
func sentence(s string) string {
	s = capitalize(strings.TrimSpace(s))
	if last, _ := utf8.DecodeLastRuneInString(s); s == "" || strings.ContainsRune(".!?…。！？।។", last) {
		return s
	}
	// The full stop of the player's language (。 । ។ …).
	return msg.T("%s.", s)
}

// joinSentences joins the sentences that are not empty.
func joinSentences(ss []string) string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, " ")
}

// lowerFirst lower-cases the first letter, to go on after a colon.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// capitalize upper-cases a sentence's first letter.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// humanize writes an option-style value in words: "ROUNDS_6_7" → "rounds
// 6 7".
func humanize(v string) string {
	return strings.ToLower(strings.ReplaceAll(v, "_", " "))
}

// first is the first card shown, "" when none is.
func first(d games.Description) string {
	if len(d.Cards) > 0 {
		return d.Cards[0]
	}
	return ""
}

// shownOr names the cards shown, or counts the hidden ones: "the 9 of
// clubs", "a card".
func shownOr(d games.Description) string {
	if len(d.Cards) > 0 {
		return cardList(d.Cards)
	}
	return countCards(max(d.Hidden, 1))
}

// Words every game shares.

var commonKinds = kindWords{
	"play": {
		told: func(w words, d games.Description) string {
			return w.who(d.Seat, "You play %s", "%s plays %s", shownOr(d))
		},
		offer: func(w words, d games.Description) string { return msg.T("Play %s", shownOr(d)) },
	},
	"draw": {
		told: func(w words, d games.Description) string {
			return w.who(d.Seat, "You draw %s", "%s draws %s", shownOr(d))
		},
		offer: func(w words, d games.Description) string { return msg.T("Draw a card") },
	},
	"pass": {
		told:  func(w words, d games.Description) string { return w.who(d.Seat, "You pass", "%s passes") },
		offer: func(w words, d games.Description) string { return msg.T("Pass") },
	},
	"timeout": {
		told:  func(w words, d games.Description) string { return msg.T("Time is up") },
		offer: func(w words, d games.Description) string { return msg.T("Let the time run out") },
	},
}

var commonOutcomes = outcomeWords{
	"trick": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The trick is complete")
		}
		return w.winners(d.Winners, "You take the trick", "%s takes the trick", "%s take the trick")
	},
	"round": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The round is over")
		}
		return w.winners(d.Winners, "The round is over: you win it", "The round is over: %s wins it", "The round is over: %s win it")
	},
	"match": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return msg.T("The match is over")
		}
		return w.winners(d.Winners, "The match is over: you win", "The match is over: %s wins", "The match is over: %s win")
	},
}

// gameKinds and gameOutcomes hold each game's own words (the kinds and
// outcomes its package doc lists); gameChoices says its choices' values.
var (
	gameKinds    = map[string]kindWords{}
	gameOutcomes = map[string]outcomeWords{}
	gameChoices  = map[string]func(string) string{}
	gameReveals  = map[string]map[string]func(w words, r games.Reveal) string{}
)
