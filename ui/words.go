package ui

import (
	"errors"
	"fmt"
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
	Told func(p *msg.Catalogue, w Words, d games.Description) string
	// Offer is the move as a button offers it to the player ("Fold the 9
	// of clubs face down"); nil when the kind is never the player's own.
	Offer func(p *msg.Catalogue, w Words, d games.Description) string
	// FaceDown: the player's card goes down face down (Cat Te's fold), so
	// the hand marks it apart from a card played face up.
	FaceDown bool
}

type (
	KindWords    map[string]Phrase
	OutcomeWords map[string]func(p *msg.Catalogue, w Words, d games.Description) string
)

// NewWords is the phrasing of game for the reader me, with the seats named.
func NewWords(g Game, names []string, me games.Seat) Words {
	return Words{Game: g.ID, Names: names, Me: me, kinds: g.Kinds, outs: g.Outcomes, reveals: g.Reveals}
}

// Told is an action as the log and the notices tell it: one or more
// sentences. It is "" for what the table does not tell (a game's clock).
func (w Words) Told(p *msg.Catalogue, d games.Description) string {
	act := w.Act(p, d)
	if act == "" {
		return ""
	}
	parts := []string{Sentence(p, act)}
	if o := w.Outcome(p, d); o != "" {
		parts = append(parts, Sentence(p, o))
	}
	for _, r := range d.Reveals {
		if s := w.Reveal(p, r); s != "" {
			parts = append(parts, Sentence(p, s))
		}
	}
	return strings.Join(parts, " ")
}

// Act is the action itself, without its outcome.
func (w Words) Act(p *msg.Catalogue, d games.Description) string {
	if ph, ok := w.kinds[d.Kind]; ok && ph.Told != nil {
		return ph.Told(p, w, d)
	}
	if ph, ok := commonKinds[d.Kind]; ok && ph.Told != nil {
		return ph.Told(p, w, d)
	}
	return w.someMove(p, d)
}

// Offer is a legal move of the player in words, for its button or card: a
// short imperative ("Play the 9 of clubs").
func (w Words) Offer(p *msg.Catalogue, d games.Description) string {
	if ph, ok := w.kinds[d.Kind]; ok && ph.Offer != nil {
		return Capitalize(ph.Offer(p, w, d))
	}
	if ph, ok := commonKinds[d.Kind]; ok && ph.Offer != nil {
		return Capitalize(ph.Offer(p, w, d))
	}
	return Capitalize(w.someOffer(p, d))
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
func (w Words) someMove(p *msg.Catalogue, d games.Description) string {
	var what []string
	if len(d.Cards) > 0 {
		what = append(what, CardList(p, d.Cards))
	}
	if d.Hidden > 0 {
		what = append(what, p.N(d.Hidden, "%d card face down", "%d cards face down"))
	}
	s := w.Tell(p, d.Seat, "You make a move", "%s makes a move")
	if len(what) > 0 {
		s = w.Tell(p, d.Seat, "You make a move with %s", "%s makes a move with %s", AndList(p, what))
	}
	if d.Secret {
		s = p.T("%s, kept secret for now", s)
	}
	return s
}

// someOffer offers a move of a kind without words of its own.
func (w Words) someOffer(p *msg.Catalogue, d games.Description) string {
	switch {
	case len(d.Cards) > 0:
		return p.T("Choose %s", CardList(p, d.Cards))
	case d.Choice != "":
		return p.T("Choose %s", w.Choice(p, d.Choice))
	}
	return p.T("Make this move")
}

// Outcome is what follows at once from an action, "" for nothing.
func (w Words) Outcome(p *msg.Catalogue, d games.Description) string {
	if d.Outcome == "" {
		return ""
	}
	if f, ok := w.outs[d.Outcome]; ok {
		return f(p, w, d)
	}
	if f, ok := commonOutcomes[d.Outcome]; ok {
		return f(p, w, d)
	}
	if len(d.Winners) > 0 {
		return p.T("That favours %s", w.SeatList(p, d.Winners))
	}
	return ""
}

// Reveal tells a blind choice or a face-down card made known, "" when
// there is nothing to tell.
func (w Words) Reveal(p *msg.Catalogue, r games.Reveal) string {
	if f, ok := w.reveals[r.Kind]; ok {
		return f(p, w, r)
	}
	what := ""
	switch {
	case len(r.Cards) > 0:
		what = CardList(p, r.Cards)
	case r.Choice != "":
		what = w.Choice(p, r.Choice)
	default:
		return "" // the view that follows shows it
	}
	if r.Seat == games.System {
		return p.T("Revealed: the %s, %s", RevealNoun(p, r.Kind), what)
	}
	return w.Tell(p, r.Seat, "Revealed: your %[1]s, %[2]s", "Revealed: %[1]s's %[2]s, %[3]s", RevealNoun(p, r.Kind), what)
}

// RevealNoun names what a reveal makes known, by its kind.
func RevealNoun(p *msg.Catalogue, kind string) string {
	switch kind {
	case "hidden":
		return p.T("hidden card")
	case "secret", "flip":
		return p.T("face-down card")
	case "show":
		return p.T("last card")
	case "prefer":
		return p.T("preference")
	case "stock":
		return p.T("stock card")
	}
	return p.T("hidden choice")
}

// Choice says a choice's value: a suit, a number, a word.
func (w Words) Choice(p *msg.Catalogue, c string) string {
	if s := SuitWord(p, c); s != "" {
		return s
	}
	return Humanize(c)
}

// Refusal says why a move was not played: the engine's reason, or in words
// of its own what happened around it (the move came too late, the link is
// down). A move refused because the table moved on is never told by its
// notation.
func Refusal(p *msg.Catalogue, err error) string {
	switch {
	case errors.Is(err, games.ErrNotYourTurn):
		return p.T("It is not your turn.")
	case errors.Is(err, games.ErrDone):
		return p.T("The match is over.")
	case errors.Is(err, rtc.ErrNotStarted):
		return p.T("The match has not started yet.")
	case errors.Is(err, rtc.ErrNotConnected):
		return p.T("The link to the host is down: trying again…")
	case errors.Is(err, rtc.ErrTooLate):
		return p.T("Too late: the table moved on before your move.")
	}
	var r *games.Refusal
	if errors.As(err, &r) {
		return Sentence(p, msg.Key(r.Format).Say(p, refusalArgs(p, r.Args)...))
	}
	if p.Lang() != msg.English {
		// A reason the engine gives in English only: the player reads
		// that the rules refuse it, in their language.
		return p.T("The rules do not allow that move now.")
	}
	return Sentence(p, ReasonWords(p, err.Error()))
}

// refusalArgs says a refusal's arguments in words: its cards and suits by
// name, numbers as they are.
func refusalArgs(p *msg.Catalogue, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case cards.Card:
			out[i] = CardName(p, v.String())
		case cards.Suit:
			out[i] = SuitWord(p, v.String())
		case []cards.Card:
			codes := make([]string, len(v))
			for j, c := range v {
				codes[j] = c.String()
			}
			out[i] = CardList(p, codes)
		case string:
			out[i] = replaceCardCodes(v, func(code string) string { return CardName(p, code) })
		case fmt.Stringer: // a game's own card (Papas, Co-op Sort)
			out[i] = CardName(p, v.String())
		default:
			out[i] = a
		}
	}
	return out
}

// replaceCardCodes replaces each card of the notation inside an engine's
// reason (a word of its own: a rank 2–10, A, J, Q or K, then a suit C, D, H
// or S, as the regular expression \b(10|[2-9AJQK])[CDHS]\b finds them) with
// name(code). Plain string code, not package regexp: the page compiles no
// regular expression when it starts. go-app's router still links package
// regexp whole (its compiler stays reachable through *regexp.Regexp's
// UnmarshalText), so app.wasm is only about 1.5 kB of brotli smaller.
func replaceCardCodes(s string, name func(code string) string) string {
	var b strings.Builder
	last := 0 // s[last:i] is not yet written
	for i := 0; i < len(s); {
		n := cardCodeAt(s, i)
		if n == 0 {
			i++
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(name(s[i : i+n]))
		i += n
		last = i
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// cardCodeAt is the length of the card code that starts at s[i] as a word
// of its own (no ASCII letter, digit or underscore either side), or 0.
func cardCodeAt(s string, i int) int {
	if i > 0 && isWordByte(s[i-1]) {
		return 0
	}
	n := 0
	switch {
	case strings.HasPrefix(s[i:], "10"):
		n = 2
	case strings.IndexByte("23456789AJQK", s[i]) >= 0:
		n = 1
	default:
		return 0
	}
	if i+n >= len(s) || strings.IndexByte("CDHS", s[i+n]) < 0 {
		return 0
	}
	n++
	if i+n < len(s) && isWordByte(s[i+n]) {
		return 0
	}
	return n
}

// isWordByte is an ASCII word character, as \w and \b read them.
func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// ReasonWords turns an engine's reason into words a player reads: a card
// of the notation is named ("you do not hold 9C" → "you do not hold the 9
// of clubs"), and a rule is said to the player ("must follow clubs" → "you
// must follow clubs").
func ReasonWords(p *msg.Catalogue, r string) string {
	r = replaceCardCodes(r, func(code string) string { return CardName(p, code) })
	if strings.HasPrefix(r, "must ") {
		r = "you " + r
	}
	return r
}

// Seats.

// Name is a seat's name as the table shows it.
func (w Words) Name(p *msg.Catalogue, s games.Seat) string {
	switch {
	case s == w.Me:
		return p.T("You")
	case s == games.System:
		return p.T("The table")
	case s >= 0 && int(s) < len(w.Names):
		return w.Names[s]
	}
	return p.T("Seat %d", int(s)+1)
}

// who is a sentence about seat s, whole: the form for the reader when s is
// the reader ("You play %s"), else the form for another seat, its name
// first ("%s plays %s"). Its keys are in the message catalogue (msg).
func (w Words) Tell(p *msg.Catalogue, s games.Seat, you, other string, args ...any) string {
	return p.Who(s == w.Me, w.Name(p, s), you, other, args...)
}

// Winners is a sentence about the seats that won something: the reader
// alone ("You take the trick"), one other seat ("%s takes the trick"), or
// several, the reader maybe among them ("%s take the trick").
func (w Words) Winners(p *msg.Catalogue, seats []games.Seat, you, one, many string, args ...any) string {
	switch {
	case len(seats) == 1 && seats[0] == w.Me:
		return p.T(you, args...)
	case len(seats) == 1:
		return p.T(one, append([]any{w.Name(p, seats[0])}, args...)...)
	}
	return p.T(many, append([]any{w.SeatList(p, seats)}, args...)...)
}

// SeatList names seats: "North", "North and you".
func (w Words) SeatList(p *msg.Catalogue, seats []games.Seat) string {
	var names []string
	var you bool
	for _, s := range seats {
		if s == w.Me {
			you = true
			continue
		}
		names = append(names, w.Name(p, s))
	}
	if you {
		if len(names) == 0 {
			return p.T("you")
		}
		names = append(names, p.T("you"))
	}
	return AndList(p, names)
}

// Cards.

// SuitWord names a suit letter ("C": "clubs"), "" for none.
func SuitWord(p *msg.Catalogue, s string) string { return components.SuitName(p, s) }

// RankWord names a rank of the notation ("A": "ace", "10": "10"), "" for
// what is no rank.
func RankWord(p *msg.Catalogue, r string) string {
	switch _, err := strconv.Atoi(r); {
	case r == "A", r == "J", r == "Q", r == "K", err == nil:
		return components.RankName(p, r)
	}
	return ""
}

// NamedCard names one of the potato game's cards with its article and
// value ("a Papa 3"), "" for a name it does not know.
func NamedCard(p *msg.Catalogue, name, value string) string {
	var s string
	switch name {
	case "papa":
		s = p.T("a Papa")
	case "duquesas":
		s = p.T("a Duquesas")
	case "fritas":
		s = p.T("a Fritas")
	case "wild":
		s = p.T("a wildcard")
	case "nopoh":
		s = p.T("a No Poh")
	case "tedije":
		s = p.T("a Te Dije")
	case "dorada":
		s = p.T("a Papa Dorada")
	case "robo":
		s = p.T("a Robo de Papa")
	default:
		return ""
	}
	if value != "" {
		return p.T("%s %s", s, value)
	}
	return s
}

// CardName is a card with its article: "the queen of hearts", "the 10 of
// spades", "a Papa 3"; "a face-down card" for none.
func CardName(p *msg.Catalogue, code string) string {
	if code == "" {
		return p.T("a face-down card")
	}
	if n := len(code); n >= 2 && n <= 3 {
		if suit := SuitWord(p, code[n-1:]); suit != "" {
			if r := RankWord(p, code[:n-1]); r != "" {
				return p.T("the %s of %s", r, suit)
			}
		}
	}
	i := strings.IndexAny(code, "0123456789")
	name, value := code, ""
	if i > 0 {
		name, value = code[:i], code[i:]
	}
	if s := NamedCard(p, name, value); s != "" {
		return s
	}
	return p.T("a card")
}

// CardList names cards: "the 9 of hearts and the ace of spades".
func CardList(p *msg.Catalogue, codes []string) string {
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = CardName(p, c)
	}
	return AndList(p, names)
}

// CountCards is "a card" or "3 cards".
func CountCards(p *msg.Catalogue, n int) string {
	if n == 1 {
		return p.T("a card")
	}
	return p.N(n, "%d card", "%d cards")
}

// Sentences.

// AndList joins words as English does: "a", "a and b", "a, b and c".
func AndList(p *msg.Catalogue, items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return p.T("%s and %s", strings.Join(items[:len(items)-1], p.T(", ")), items[len(items)-1])
}

// Sentence capitalizes s and ends it with a period unless it has its mark.
func Sentence(p *msg.Catalogue, s string) string {
	s = Capitalize(strings.TrimSpace(s))
	if last, _ := utf8.DecodeLastRuneInString(s); s == "" || strings.ContainsRune(".!?…。！？।។", last) {
		return s
	}
	// The full stop of the player's language (。 । ។ …).
	return p.T("%s.", s)
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
func ShownOr(p *msg.Catalogue, d games.Description) string {
	if len(d.Cards) > 0 {
		return CardList(p, d.Cards)
	}
	return CountCards(p, max(d.Hidden, 1))
}

// Words every game shares.

var commonKinds = KindWords{
	"play": {
		Told: func(p *msg.Catalogue, w Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You play %s", "%s plays %s", ShownOr(p, d))
		},
		Offer: func(p *msg.Catalogue, w Words, d games.Description) string { return p.T("Play %s", ShownOr(p, d)) },
	},
	"draw": {
		Told: func(p *msg.Catalogue, w Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You draw %s", "%s draws %s", ShownOr(p, d))
		},
		Offer: func(p *msg.Catalogue, w Words, d games.Description) string { return p.T("Draw a card") },
	},
	"pass": {
		Told: func(p *msg.Catalogue, w Words, d games.Description) string {
			return w.Tell(p, d.Seat, "You pass", "%s passes")
		},
		Offer: func(p *msg.Catalogue, w Words, d games.Description) string { return p.T("Pass") },
	},
	"timeout": {
		Told:  func(p *msg.Catalogue, w Words, d games.Description) string { return p.T("Time is up") },
		Offer: func(p *msg.Catalogue, w Words, d games.Description) string { return p.T("Let the time run out") },
	},
}

var commonOutcomes = OutcomeWords{
	"trick": func(p *msg.Catalogue, w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("The trick is complete")
		}
		return w.Winners(p, d.Winners, "You take the trick", "%s takes the trick", "%s take the trick")
	},
	"round": func(p *msg.Catalogue, w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("The round is over")
		}
		return w.Winners(p, d.Winners, "The round is over: you win it", "The round is over: %s wins it", "The round is over: %s win it")
	},
	"match": func(p *msg.Catalogue, w Words, d games.Description) string {
		if len(d.Winners) == 0 {
			return p.T("The match is over")
		}
		return w.Winners(p, d.Winners, "The match is over: you win", "The match is over: %s wins", "The match is over: %s win")
	},
}
