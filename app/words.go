package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"cardtable/games"
	"cardtable/rtc"
)

// This file holds every sentence the table says about an action: the game
// log, the notices, the words on the buttons and cards that offer a legal
// move and their aria labels. They are made from the engine's description
// of the action for the reading seat (games.Description), never from its
// notation, which is for records, tests and the wire. A game's own kinds get
// their own words; a kind this file does not know yet is still told in
// plain words (who acted, the cards shown, how many were hidden), so nothing
// a person reads is ever notation. It is the one place a translation will
// turn into a message catalogue.

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
	s := w.subject(d.Seat, "make", "makes") + " a move"
	var what []string
	if len(d.Cards) > 0 {
		what = append(what, cardList(d.Cards))
	}
	if d.Hidden > 0 {
		what = append(what, countCards(d.Hidden)+" face down")
	}
	if len(what) > 0 {
		s += " with " + strings.Join(what, " and ")
	}
	if d.Secret {
		s += ", kept secret for now"
	}
	return s
}

// someOffer offers a move of a kind without words of its own.
func (w words) someOffer(d games.Description) string {
	switch {
	case len(d.Cards) > 0:
		return "choose " + cardList(d.Cards)
	case d.Choice != "":
		return "choose " + w.choice(d.Choice)
	}
	return "make this move"
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
		return "That favours " + w.seatList(d.Winners)
	}
	return ""
}

// reveal tells a blind choice or a face-down card made known, "" when
// there is nothing to tell.
func (w words) reveal(r games.Reveal) string {
	if f, ok := gameReveals[w.game][r.Kind]; ok {
		return f(w, r)
	}
	noun := revealNouns[r.Kind]
	if noun == "" {
		noun = "hidden choice"
	}
	whose := w.possessive(r.Seat) + " " + noun
	if r.Seat == games.System {
		whose = "the " + noun
	}
	switch {
	case len(r.Cards) > 0:
		return "Revealed: " + whose + ", " + cardList(r.Cards)
	case r.Choice != "":
		return "Revealed: " + whose + ", " + w.choice(r.Choice)
	}
	return "" // the view that follows shows it
}

// revealNouns names what a reveal makes known, by its kind.
var revealNouns = map[string]string{
	"hidden": "hidden card",
	"secret": "face-down card",
	"show":   "last card",
	"prefer": "preference",
	"flip":   "face-down card",
	"stock":  "stock card",
}

// choice says a choice's value: a suit, a number, a word.
func (w words) choice(c string) string {
	if f, ok := gameChoices[w.game]; ok {
		if s := f(c); s != "" {
			return s
		}
	}
	if s, ok := suitNames[c]; ok {
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
		return "It is not your turn."
	case errors.Is(err, games.ErrDone):
		return "The match is over."
	case errors.Is(err, rtc.ErrNotStarted):
		return "The match has not started yet."
	case errors.Is(err, rtc.ErrNotConnected):
		return "The link to the host is down: trying again…"
	case strings.Contains(err.Error(), "is not a legal move now"), strings.HasPrefix(err.Error(), "too late"):
		return "Too late: the table moved on before your move."
	}
	return sentence(err.Error())
}

// Seats.

// name is a seat's name as the table shows it.
func (w words) name(s games.Seat) string {
	switch {
	case s == w.me:
		return "You"
	case s == games.System:
		return "The table"
	case s >= 0 && int(s) < len(w.names):
		return w.names[s]
	}
	return "Seat " + strconv.Itoa(int(s)+1)
}

// subject starts a sentence with seat and the verb conjugated for it: "You
// play", "East plays".
func (w words) subject(s games.Seat, you, other string) string {
	if s == w.me {
		return "You " + you
	}
	return w.name(s) + " " + other
}

// objectName names a seat after a verb: "you", "East".
func (w words) objectName(s games.Seat) string {
	if s == w.me {
		return "you"
	}
	return w.name(s)
}

// verb conjugates a verb for the seat that is the sentence's subject.
func (w words) verb(s games.Seat, you, other string) string {
	if s == w.me {
		return you
	}
	return other
}

// possessive is "your" or "East's".
func (w words) possessive(s games.Seat) string {
	if s == w.me {
		return "your"
	}
	return w.name(s) + "'s"
}

// their is the seat's possessive pronoun: "your" or "their".
func (w words) their(s games.Seat) string {
	if s == w.me {
		return "your"
	}
	return "their"
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
			return "you"
		}
		names = append(names, "you")
	}
	return andList(names)
}

// winVerb conjugates a verb for a list of seats: "North wins", "you win",
// "North and South win".
func (w words) winVerb(seats []games.Seat, you, other string) string {
	if len(seats) == 1 && seats[0] != w.me {
		return other
	}
	return you
}

// Cards.

var suitNames = map[string]string{"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

var rankNames = map[string]string{"A": "ace", "J": "jack", "Q": "queen", "K": "king"}

// namedCards are the potato game's cards, with their article.
var namedCards = map[string]string{
	"papa": "a Papa", "duquesas": "a Duquesas", "fritas": "a Fritas", "wild": "a wildcard",
	"nopoh": "a No Poh", "tedije": "a Te Dije", "dorada": "a Papa Dorada", "robo": "a Robo de Papa",
}

// cardName is a card with its article: "the queen of hearts", "the 10 of
// spades", "a Papa 3"; "a face-down card" for none.
func cardName(code string) string {
	if code == "" {
		return "a face-down card"
	}
	if n := len(code); n >= 2 && n <= 3 {
		if suit, ok := suitNames[code[n-1:]]; ok {
			rank := code[:n-1]
			if r, ok := rankNames[rank]; ok {
				return "the " + r + " of " + suit
			}
			if _, err := strconv.Atoi(rank); err == nil {
				return "the " + rank + " of " + suit
			}
		}
	}
	i := strings.IndexAny(code, "0123456789")
	name, value := code, ""
	if i > 0 {
		name, value = code[:i], code[i:]
	}
	if n, ok := namedCards[name]; ok {
		if value != "" {
			return n + " " + value
		}
		return n
	}
	return "a card"
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
		return "a card"
	}
	return strconv.Itoa(n) + " cards"
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
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// sentence capitalizes s and ends it with a period unless it has its mark.
func sentence(s string) string {
	s = capitalize(strings.TrimSpace(s))
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
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
	return strings.ToLower(s[:1]) + s[1:]
}

// lowerFirstName lower-cases a sentence that starts with "You" to go on
// after a colon; a name keeps its capital.
func lowerFirstName(s string) string {
	if rest, ok := strings.CutPrefix(s, "You "); ok {
		return "you " + rest
	}
	return s
}

// capitalize upper-cases a sentence's first letter.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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
			return w.subject(d.Seat, "play", "plays") + " " + shownOr(d)
		},
		offer: func(w words, d games.Description) string { return "play " + shownOr(d) },
	},
	"draw": {
		told: func(w words, d games.Description) string {
			return w.subject(d.Seat, "draw", "draws") + " " + shownOr(d)
		},
		offer: func(w words, d games.Description) string { return "draw a card" },
	},
	"pass": {
		told:  func(w words, d games.Description) string { return w.subject(d.Seat, "pass", "passes") },
		offer: func(w words, d games.Description) string { return "pass" },
	},
	"timeout": {
		told:  func(w words, d games.Description) string { return "Time is up" },
		offer: func(w words, d games.Description) string { return "let the time run out" },
	},
}

var commonOutcomes = outcomeWords{
	"trick": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return "The trick is complete"
		}
		return w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "take", "takes") + " the trick"
	},
	"round": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return "The round is over"
		}
		return "The round is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins") + " it"
	},
	"match": func(w words, d games.Description) string {
		if len(d.Winners) == 0 {
			return "The match is over"
		}
		return "The match is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins")
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

// The King.

func init() {
	gameKinds["king"] = kindWords{
		"trump": {
			told: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return w.subject(d.Seat, "play", "plays") + " the round without trump"
				}
				return w.subject(d.Seat, "name", "names") + " " + w.choice(d.Choice) + " as trump"
			},
			offer: func(w words, d games.Description) string {
				if d.Choice == "none" {
					return "play without trump"
				}
				return "name " + w.choice(d.Choice) + " as trump"
			},
		},
	}
}

// Mindikot.

func init() {
	gameKinds["mindikot"] = kindWords{
		"hide": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "set", "sets") + " " + cardName(d.Cards[0]) + " aside as the hidden trump"
				}
				return w.subject(d.Seat, "set", "sets") + " a card aside face down: its suit is the hidden trump"
			},
			offer: func(w words, d games.Description) string {
				return "set " + cardName(first(d)) + " aside as the hidden trump"
			},
		},
		"reveal": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "ask", "asks") + " for the hidden trump to be shown"
			},
			offer: func(w words, d games.Description) string { return "reveal the hidden trump" },
		},
		"pass": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " on without revealing the trump"
			},
			offer: func(w words, d games.Description) string { return "pass: play without revealing the trump" },
		},
	}
	gameOutcomes["mindikot"] = outcomeWords{
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "The round is over: it is a draw"
			}
			return "The round is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins") + " it"
		},
	}
}

// Klondike.

// klondikePlace names a place of the Klondike table: "column 5", "the
// waste", "the hearts foundation".
func klondikePlace(p string) string {
	switch {
	case p == "w":
		return "the waste"
	case p == "f":
		return "the foundations"
	case strings.HasPrefix(p, "t") && len(p) > 1:
		return "column " + p[1:]
	case strings.HasPrefix(p, "f") && suitNames[p[1:]] != "":
		return "the " + suitNames[p[1:]] + " foundation"
	}
	return "another place"
}

// klondikeMoved names the cards a move takes: "the 7 of hearts", "3 cards
// from the 7 of hearts".
func klondikeMoved(d games.Description) string {
	switch len(d.Cards) {
	case 0:
		return "a card"
	case 1:
		return cardName(d.Cards[0])
	}
	return fmt.Sprintf("%d cards from %s down", len(d.Cards), cardName(d.Cards[0]))
}

func klondikeFromTo(d games.Description) string {
	if len(d.Targets) < 2 {
		return ""
	}
	return " from " + klondikePlace(d.Targets[0]) + " to " + klondikePlace(d.Targets[1])
}

func init() {
	gameKinds["klondike"] = kindWords{
		"draw": {
			told: func(w words, d games.Description) string {
				if d.Outcome == "recycle" {
					return w.subject(d.Seat, "turn", "turns") + " the waste over as the new stock"
				}
				return w.subject(d.Seat, "draw", "draws") + " " + shownOr(d)
			},
			offer: func(w words, d games.Description) string {
				if d.Outcome == "recycle" {
					return "turn the waste over"
				}
				return "draw from the stock"
			},
		},
		"move": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "move", "moves") + " " + klondikeMoved(d) + klondikeFromTo(d)
			},
			offer: func(w words, d games.Description) string {
				return "move " + klondikeMoved(d) + klondikeFromTo(d)
			},
		},
		"auto": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "auto-complete", "auto-completes") + ": every card goes to the foundations"
			},
			offer: func(w words, d games.Description) string { return "auto-complete" },
		},
		"end": {
			told:  func(w words, d games.Description) string { return w.subject(d.Seat, "end", "ends") + " the game" },
			offer: func(w words, d games.Description) string { return "end the game" },
		},
		"deal": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "deal", "deals") + " the next game"
			},
			offer: func(w words, d games.Description) string { return "deal the next game" },
		},
		// The clock's seconds are not news.
		"time": {told: func(words, games.Description) string { return "" }},
	}
	gameOutcomes["klondike"] = outcomeWords{
		"recycle": func(words, games.Description) string { return "" },
		"flip":    func(words, games.Description) string { return "A face-down card turns up" },
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "This game is given up" // a deal before it was won
			}
			return "This game is won!"
		},
		"match": func(w words, d games.Description) string {
			if len(d.Winners) > 0 {
				return "The match is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "win", "wins")
			}
			return "The match is over"
		},
	}
}

// Co-op Sort.

// sortcoopPref says a seat's preference: "Bot 1 wants to go first".
func sortcoopPref(w words, s games.Seat, pick string) string {
	switch pick {
	case "want":
		return w.subject(s, "want", "wants") + " to go first"
	case "neutral":
		return w.subject(s, "don't", "doesn't") + " mind who goes first"
	case "dont":
		return w.subject(s, "would", "would") + " rather not go first"
	}
	return w.subject(s, "choose", "chooses") + " a preference"
}

// sortcoopSlots says a move's slots: "slot 4", "slots 3 and 9".
func sortcoopSlots(d games.Description) string {
	switch len(d.Targets) {
	case 0:
		return "two slots"
	case 1:
		return "slot " + d.Targets[0]
	}
	return "slots " + andList(d.Targets)
}

func init() {
	gameKinds["sortcoop"] = kindWords{
		"prefer": {
			told: func(w words, d games.Description) string {
				if d.Secret || d.Choice == "" {
					return w.subject(d.Seat, "have", "has") + " chosen a preference"
				}
				return sortcoopPref(w, d.Seat, d.Choice)
			},
			offer: func(w words, d games.Description) string {
				switch d.Choice {
				case "want":
					return "I want to go first"
				case "neutral":
					return "either way"
				case "dont":
					return "I'd rather not go first"
				}
				return "choose a preference"
			},
		},
		"place": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "place", "places") + " " + cardName(d.Cards[0]) + " on " + sortcoopSlots(d)
				}
				return w.subject(d.Seat, "place", "places") + " a card face down on " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string {
				return "place " + cardName(first(d)) + " on " + sortcoopSlots(d)
			},
		},
		"pass": {
			told:  func(w words, d games.Description) string { return w.subject(d.Seat, "pass", "passes") + " this turn" },
			offer: func(w words, d games.Description) string { return "pass (once per game)" },
		},
		"propose": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "propose", "proposes") + " to swap the cards on " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "propose to swap " + sortcoopSlots(d) },
		},
		"accept": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "accept", "accepts") + " the swap of " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "accept the swap" },
		},
		"reject": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "reject", "rejects") + " the swap of " + sortcoopSlots(d)
			},
			offer: func(w words, d games.Description) string { return "reject the swap" },
		},
		"withdraw": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "withdraw", "withdraws") + " " + w.their(d.Seat) + " proposal"
			},
			offer: func(w words, d games.Description) string { return "withdraw my proposal" },
		},
		"done": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "want", "wants") + " no more swaps"
			},
			offer: func(w words, d games.Description) string { return "no more swaps" },
		},
	}
	gameOutcomes["sortcoop"] = outcomeWords{
		"reveal": func(words, games.Description) string { return "Both preferences are shown" },
		"match":  func(words, games.Description) string { return "The board is turned face up" },
	}
	gameReveals["sortcoop"] = map[string]func(w words, r games.Reveal) string{
		"prefer": func(w words, r games.Reveal) string {
			if r.Seat == w.me {
				return "" // the reader knows its own pick
			}
			return "Revealed: " + sortcoopPref(w, r.Seat, r.Choice)
		},
		// The view that follows shows the board.
		"board": func(words, games.Reveal) string { return "" },
	}
}

// Cat Te.

func init() {
	gameKinds["catte"] = kindWords{
		"fold": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "fold", "folds") + " " + cardName(d.Cards[0]) + " face down"
				}
				return w.subject(d.Seat, "fold", "folds") + " a card face down"
			},
			offer: func(w words, d games.Description) string { return "fold " + cardName(first(d)) + " face down" },
		},
		"secret": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "play", "plays") + " " + cardName(d.Cards[0]) + " face down for this trick"
				}
				return w.subject(d.Seat, "choose", "chooses") + " a card face down for this trick"
			},
			offer: func(w words, d games.Description) string { return "play " + cardName(first(d)) + " face down" },
		},
		"foldhand": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "throw", "throws") + " in " + w.their(d.Seat) + " hand"
			},
			offer: func(w words, d games.Description) string { return "throw in my hand" },
		},
		"claim": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "show", "shows") + " " + cardList(d.Cards) + " and " + w.verb(d.Seat, "claim", "claims") + " the round"
				}
				return w.subject(d.Seat, "show", "shows") + " " + w.their(d.Seat) + " hand and " + w.verb(d.Seat, "claim", "claims") + " the round"
			},
			offer: func(w words, d games.Description) string { return "claim the round" },
		},
		"sidepot": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "show", "shows") + " " + cardName(d.Cards[0]) + " and " + w.verb(d.Seat, "take", "takes") + " the side pot"
				}
				return w.subject(d.Seat, "take", "takes") + " the side pot"
			},
			offer: func(w words, d games.Description) string { return "claim the side pot" },
		},
	}
}

// Eat Reds.

// redsCaptured says what a card takes: "the ace of diamonds", "the three
// queens".
func redsCaptured(d games.Description) string {
	return cardList(d.Targets)
}

func init() {
	gameKinds["eatreds"] = kindWords{
		"play": {
			told: func(w words, d games.Description) string {
				s := w.subject(d.Seat, "play", "plays") + " " + cardName(first(d))
				if len(d.Targets) > 0 {
					s += " and " + w.verb(d.Seat, "take", "takes") + " " + redsCaptured(d)
				} else {
					s = w.subject(d.Seat, "lay", "lays") + " " + cardName(first(d)) + " on the layout"
				}
				if d.Hidden > 0 {
					s += ", then " + w.verb(d.Seat, "turn", "turns") + " the top card of the stock"
				}
				return s
			},
			offer: func(w words, d games.Description) string {
				if len(d.Targets) > 0 {
					return "play " + cardName(first(d)) + " and take " + redsCaptured(d)
				}
				return "lay " + cardName(first(d)) + " on the layout"
			},
		},
		"take": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "take", "takes") + " " + redsCaptured(d) + " with " + w.their(d.Seat) + " stock card, " + cardName(first(d))
			},
			offer: func(w words, d games.Description) string {
				return "take " + redsCaptured(d) + " with " + cardName(first(d))
			},
		},
	}
	gameOutcomes["eatreds"] = outcomeWords{
		// The action itself says what was captured.
		"capture": func(words, games.Description) string { return "" },
		"round": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "The deal is over"
			}
			return "The deal is over: " + w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "score", "scores") + " the most"
		},
	}
	gameReveals["eatreds"] = map[string]func(w words, r games.Reveal) string{
		"stock": func(w words, r games.Reveal) string { return "The stock card is " + cardList(r.Cards) },
	}
}

// Donde Las Papas Queman.

// papasAgainst says a Robo de Papa's or an interrupt's target seat.
func papasAgainst(w words, d games.Description) string {
	if len(d.Targets) == 0 {
		return ""
	}
	n, err := strconv.Atoi(d.Targets[0])
	if err != nil {
		return ""
	}
	return " against " + w.objectName(games.Seat(n))
}

func init() {
	gameKinds["papas"] = kindWords{
		"play": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " " + cardList(d.Cards) + papasAgainst(w, d)
			},
			offer: func(w words, d games.Description) string { return "play " + cardList(d.Cards) + papasAgainst(w, d) },
		},
		"three": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "play", "plays") + " " + papasThree(d) + ": " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string { return "play " + papasThree(d) + ": " + cardList(d.Cards) },
		},
		"interrupt": {
			told: func(w words, d games.Description) string {
				if against := papasAgainst(w, d); against != "" {
					return w.subject(d.Seat, "answer", "answers") + " " + strings.TrimPrefix(against, " against ") + " with " + cardList(d.Cards)
				}
				return w.subject(d.Seat, "interrupt", "interrupts") + " with " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string { return "interrupt with " + cardList(d.Cards) },
		},
		"redraw": {
			told: func(w words, d games.Description) string {
				s := w.subject(d.Seat, "discard", "discards") + " " + w.their(d.Seat) + " only card"
				if len(d.Cards) > 0 {
					s = w.subject(d.Seat, "discard", "discards") + " " + cardList(d.Cards)
				}
				return s + " and " + w.verb(d.Seat, "draw", "draws") + " " + countCards(max(d.Hidden, 0))
			},
			offer: func(w words, d games.Description) string { return "discard my card and draw 3" },
		},
		"end": {
			told: func(w words, d games.Description) string {
				s := w.subject(d.Seat, "end", "ends") + " " + w.their(d.Seat) + " turn"
				if d.Hidden > 0 {
					s += " and " + w.verb(d.Seat, "draw", "draws") + " " + countCards(d.Hidden)
				}
				return s
			},
			offer: func(w words, d games.Description) string { return "end my turn" },
		},
		"discard": {
			told: func(w words, d games.Description) string {
				return w.subject(d.Seat, "discard", "discards") + " " + cardList(d.Cards)
			},
			offer: func(w words, d games.Description) string { return "discard " + cardList(d.Cards) },
		},
		"zombie": {
			told: func(w words, d games.Description) string {
				who := games.System
				if len(d.Targets) > 0 {
					if n, err := strconv.Atoi(d.Targets[0]); err == nil {
						who = games.Seat(n)
					}
				}
				if d.Choice == "off" {
					return w.subject(who, "are", "is") + " back at the table"
				}
				return w.subject(who, "are", "is") + " away: the game plays for " + map[bool]string{true: "you", false: "them"}[who == w.me]
			},
		},
		"timeout": {
			told: func(w words, d games.Description) string { return papasVerdict(w, d) },
		},
	}
	gameOutcomes["papas"] = outcomeWords{
		"window": func(words, games.Description) string { return "" },
		"turn":   func(words, games.Description) string { return "" },
		"discard": func(w words, d games.Description) string {
			return w.subject(d.Seat, "must", "must") + " discard down to the hand limit"
		},
		// The timeout's own words tell the verdict.
		"resolved":  func(words, games.Description) string { return "" },
		"cancelled": func(words, games.Description) string { return "" },
	}
}

// papasVerdict tells a reaction window passing: whether its main play
// stands.
func papasVerdict(w words, d games.Description) string {
	if len(d.Cards) == 0 {
		return "Time is up"
	}
	play := "the play of " + cardList(d.Cards) + papasAgainst(w, d)
	byWinner := d.Outcome == d.Choice && len(d.Winners) == 1 // not the match's winners
	switch d.Choice {
	case "resolved":
		if byWinner {
			play = w.possessive(d.Winners[0]) + " play of " + cardList(d.Cards) + papasAgainst(w, d)
		}
		return "Time is up: " + play + " stands"
	case "cancelled":
		s := "Time is up: " + play + " is cancelled"
		if byWinner {
			s += ", " + w.objectName(d.Winners[0]) + " had the last word"
		}
		return s
	}
	return "Time is up"
}

// papasThree names a threesome by what it is made of.
func papasThree(d games.Description) string {
	switch d.Choice {
	case "type":
		return "a threesome of one name"
	case "value":
		return "a threesome of one value"
	}
	return "a threesome"
}

// Eat Pairs.

func init() {
	gameKinds["eatpairs"] = kindWords{
		"draw": {
			told: func(w words, d games.Description) string {
				if len(d.Cards) > 0 {
					return w.subject(d.Seat, "turn", "turns") + " " + cardList(d.Cards) + " from the stock"
				}
				return w.subject(d.Seat, "turn", "turns") + " the top card of the stock"
			},
			offer: func(w words, d games.Description) string { return "draw from the stock" },
		},
	}
	gameOutcomes["eatpairs"] = outcomeWords{
		"pair": func(w words, d games.Description) string {
			if len(d.Winners) == 0 {
				return "It is paired"
			}
			return w.seatList(d.Winners) + " " + w.winVerb(d.Winners, "pair", "pairs") + " it"
		},
		"dead": func(words, games.Description) string { return "Nobody pairs it: it is dead" },
	}
}
