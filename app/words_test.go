package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/games"
	"cardtable/games/cards"
	"cardtable/games/catalog"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/ui"
	"cardtable/ui/uitest"
)

// fourSeats is the table of four seen from seat 0.
var fourSeats = []string{"You", "West", "North", "East"}

func TestToldSaysActionsInWords(t *testing.T) {
	cases := []struct {
		game  string
		names []string
		d     games.Description
		want  string
	}{
		{"catte", fourSeats, games.Description{Seat: 3, Kind: "fold", Hidden: 1}, "East folds a card face down."},
		{"catte", fourSeats, games.Description{Seat: 0, Kind: "fold", Cards: []string{"7C"}}, "You fold the 7 of clubs face down."},
		{"catte", fourSeats, games.Description{Seat: 0, Kind: "play", Cards: []string{"9C"}}, "You play the 9 of clubs."},
		{"catte", fourSeats, games.Description{Seat: 2, Kind: "secret", Secret: true, Hidden: 1}, "North chooses a card face down for this trick."},
		{"catte", fourSeats, games.Description{Seat: 1, Kind: "foldhand", Hidden: 4}, "West throws in their hand."},
		{"catte", fourSeats, games.Description{Seat: 1, Kind: "sidepot", Cards: []string{"8D"}}, "West shows the 8 of diamonds and takes the side pot."},
		{"catte", fourSeats, games.Description{Seat: 0, Kind: "play", Cards: []string{"AS"}, Outcome: "trick", Winners: []games.Seat{0}},
			"You play the ace of spades. You take the trick."},
		{"catte", fourSeats, games.Description{Seat: 0, Kind: "secret", Cards: []string{"8C"}, Outcome: "round",
			Reveals: []games.Reveal{{Seat: 0, Kind: "show", Cards: []string{"KH"}}}},
			"You play the 8 of clubs face down for this trick. The round is over. Revealed: your last card, the king of hearts."},
		{"king", fourSeats, games.Description{Seat: 1, Kind: "play", Cards: []string{"QH"}, Outcome: "trick", Winners: []games.Seat{2}},
			"West plays the queen of hearts. North takes the trick."},
		{"king", fourSeats, games.Description{Seat: 2, Kind: "trump", Choice: "H"}, "North names hearts as trump."},
		{"king", fourSeats, games.Description{Seat: 0, Kind: "trump", Choice: "none"}, "You play the round without trump."},
		{"king", fourSeats, games.Description{Seat: 3, Kind: "play", Cards: []string{"7S"}, Outcome: "match", Winners: []games.Seat{0, 2}},
			"East plays the 7 of spades. The match is over: North and you win."},
		{"mindikot", fourSeats, games.Description{Seat: 2, Kind: "hide", Secret: true, Hidden: 1}, "North sets a card aside face down: its suit is the hidden trump."},
		{"mindikot", fourSeats, games.Description{Seat: 0, Kind: "hide", Cards: []string{"9C"}}, "You set the 9 of clubs aside as the hidden trump."},
		{"mindikot", fourSeats, games.Description{Seat: 1, Kind: "reveal", Reveals: []games.Reveal{{Seat: 2, Kind: "hidden"}}},
			"West asks for the hidden trump to be shown."},
		{"mindikot", fourSeats, games.Description{Seat: 1, Kind: "reveal", Reveals: []games.Reveal{{Seat: 0, Kind: "hidden", Cards: []string{"9C"}}}},
			"West asks for the hidden trump to be shown. Revealed: your hidden card, the 9 of clubs."},
		{"mindikot", fourSeats, games.Description{Seat: 3, Kind: "play", Cards: []string{"10H"}, Outcome: "round"}, "East plays the 10 of hearts. The round is over: it is a draw."},
		{"mindikot", fourSeats, games.Description{Seat: 3, Kind: "play", Cards: []string{"10H"}, Outcome: "round", Winners: []games.Seat{1, 3}},
			"East plays the 10 of hearts. The round is over: West and East win it."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 1, Kind: "prefer", Secret: true}, "Bot 1 has chosen a preference."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 1, Kind: "prefer", Choice: "dont", Outcome: "reveal",
			Reveals: []games.Reveal{{Seat: 0, Kind: "prefer", Choice: "want"}}},
			"Bot 1 would rather not go first. Both preferences are shown."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 1, Kind: "place", Hidden: 1, Targets: []string{"4"}}, "Bot 1 places a card face down on slot 4."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 0, Kind: "place", Cards: []string{"7H"}, Targets: []string{"4"}}, "You place the 7 of hearts on slot 4."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 1, Kind: "propose", Targets: []string{"3", "9"}}, "Bot 1 proposes to swap the cards on slots 3 and 9."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 0, Kind: "done", Outcome: "match", Reveals: []games.Reveal{{Seat: 0, Kind: "board", Cards: []string{"1H"}}}},
			"You want no more swaps. The board is turned face up."},
		{"eatreds", []string{"You", "West", "East"}, games.Description{Seat: 2, Kind: "play", Cards: []string{"AD"}, Targets: []string{"9H"}, Hidden: 1, Outcome: "capture", Winners: []games.Seat{2}},
			"East plays the ace of diamonds and takes the 9 of hearts, then turns the top card of the stock."},
		{"eatreds", []string{"You", "West", "East"}, games.Description{Seat: 0, Kind: "play", Cards: []string{"4S"}, Hidden: 1}, "You lay the 4 of spades on the layout, then turn the top card of the stock."},
		{"eatreds", []string{"You", "West", "East"}, games.Description{Seat: 1, Kind: "take", Cards: []string{"3H"}, Targets: []string{"7C"}, Outcome: "round", Winners: []games.Seat{0}},
			"West takes the 7 of clubs with their stock card, the 3 of hearts. The deal is over: you score the most."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "move", Cards: []string{"7H"}, Targets: []string{"t2", "t5"}, Outcome: "flip"},
			"You move the 7 of hearts from column 2 to column 5. A face-down card turns up."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "move", Cards: []string{"QS", "JH", "10C"}, Targets: []string{"t1", "t7"}},
			"You move 3 cards from the queen of spades down from column 1 to column 7."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "move", Cards: []string{"AH"}, Targets: []string{"w", "fH"}},
			"You move the ace of hearts from the waste to the hearts foundation."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "draw", Hidden: 3}, "You draw 3 cards."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "draw", Outcome: "recycle"}, "You turn the waste over as the new stock."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "end", Outcome: "match"}, "You end the game. The match is over."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "deal", Outcome: "round"}, "You deal the next game. This game is given up."},
		{"klondike", []string{"You"}, games.Description{Seat: 0, Kind: "auto", Cards: []string{"KH"}, Outcome: "round", Winners: []games.Seat{0}},
			"You auto-complete: every card goes to the foundations. This game is won!"},
		{"klondike", []string{"You"}, games.Description{Seat: games.System, Kind: "time", Choice: "120"}, ""},
		{"papas", fourSeats, games.Description{Seat: 1, Kind: "play", Cards: []string{"robo"}, Targets: []string{"0"}, Outcome: "window"}, "West plays a Robo de Papa against you."},
		{"papas", fourSeats, games.Description{Seat: 2, Kind: "interrupt", Cards: []string{"nopoh"}, Targets: []string{"1"}, Outcome: "window"}, "North answers West with a No Poh."},
		{"papas", fourSeats, games.Description{Seat: 3, Kind: "three", Cards: []string{"papa1", "papa3", "wild"}, Choice: "type"},
			"East plays a threesome of one name: a Papa 1, a Papa 3 and a wildcard."},
		{"papas", fourSeats, games.Description{Seat: games.System, Kind: "timeout", Cards: []string{"dorada"}, Choice: "resolved", Outcome: "resolved", Winners: []games.Seat{3}},
			"No more answers: East's play of a Papa Dorada stands."},
		{"papas", fourSeats, games.Description{Seat: games.System, Kind: "timeout", Cards: []string{"papa2"}, Choice: "cancelled", Outcome: "cancelled", Winners: []games.Seat{0}},
			"No more answers: the play of a Papa 2 is cancelled, you had the last word."},
		{"papas", fourSeats, games.Description{Seat: games.System, Kind: "timeout", Cards: []string{"dorada"}, Choice: "resolved", Outcome: "match", Winners: []games.Seat{3}},
			"No more answers: the play of a Papa Dorada stands. The match is over: East wins."},
		{"papas", fourSeats, games.Description{Seat: 0, Kind: "end", Hidden: 1, Outcome: "discard"}, "You end your turn and draw a card. You must discard down to the hand limit."},
		{"papas", fourSeats, games.Description{Seat: games.System, Kind: "zombie", Targets: []string{"2"}, Choice: "on"}, "North is away: the game plays for them."},
		{"papas", fourSeats, games.Description{Seat: games.System, Kind: "zombie", Targets: []string{"0"}, Choice: "off"}, "You are back at the table."},
		{"papas", fourSeats, games.Description{Seat: 1, Kind: "discard", Cards: []string{"fritas2"}, Outcome: "turn"}, "West discards a Fritas 2."},
		{"papas", fourSeats, games.Description{Seat: 2, Kind: "redraw", Hidden: 3, Outcome: "turn"}, "North discards their only card and draws 3 cards."},
		{"sortcoop", []string{"You", "Bot 1"}, games.Description{Seat: 1, Kind: "withdraw", Targets: []string{"3", "9"}}, "Bot 1 withdraws their proposal."},
		{"mindikot", fourSeats, games.Description{Seat: 3, Kind: "pass"}, "East plays on without revealing the trump."},
		{"catte", fourSeats, games.Description{Seat: 0, Kind: "claim", Cards: []string{"AS", "KS"}, Outcome: "round"}, "You show the ace of spades and the king of spades and claim the round. The round is over."},
		// A kind a game does not know yet is told in plain words.
		{"king", fourSeats, games.Description{Seat: 1, Kind: "wobble", Cards: []string{"JD"}, Hidden: 2}, "West makes a move with the jack of diamonds and 2 cards face down."},
		{"nogame", fourSeats, games.Description{Seat: 2, Kind: "x9", Secret: true}, "North makes a move, kept secret for now."},
		{"nogame", fourSeats, games.Description{Seat: games.System, Kind: "timeout"}, "Time is up."},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.want, func(t *testing.T) {
			assert.Equal(t, c.want, newWords(c.game, c.names, 0).Told(nil, c.d))
		})
	}
}

func TestOfferSaysMovesAsButtons(t *testing.T) {
	cases := []struct {
		game string
		d    games.Description
		want string
	}{
		{"catte", games.Description{Kind: "fold", Cards: []string{"7C"}}, "Fold the 7 of clubs face down"},
		{"catte", games.Description{Kind: "foldhand"}, "Throw in my hand"},
		{"king", games.Description{Kind: "play", Cards: []string{"10D"}}, "Play the 10 of diamonds"},
		{"king", games.Description{Kind: "trump", Choice: "S"}, "Name spades as trump"},
		{"king", games.Description{Kind: "trump", Choice: "none"}, "Play without trump"},
		{"mindikot", games.Description{Kind: "pass"}, "Pass: play without revealing the trump"},
		{"sortcoop", games.Description{Kind: "prefer", Choice: "neutral"}, "Either way"},
		{"sortcoop", games.Description{Kind: "propose", Targets: []string{"2", "11"}}, "Propose to swap slots 2 and 11"},
		{"eatreds", games.Description{Kind: "play", Cards: []string{"QH"}, Targets: []string{"QC", "QS", "QD"}}, "Play the queen of hearts and take the queen of clubs, the queen of spades and the queen of diamonds"},
		{"eatreds", games.Description{Kind: "take", Cards: []string{"3H"}, Targets: []string{"7S"}}, "Take the 7 of spades with the 3 of hearts"},
		{"klondike", games.Description{Kind: "move", Cards: []string{"KC"}, Targets: []string{"fC", "t3"}}, "Move the king of clubs from the clubs foundation to column 3"},
		{"klondike", games.Description{Kind: "draw", Outcome: "recycle"}, "Turn the waste over"},
		{"papas", games.Description{Kind: "redraw", Cards: []string{"papa3"}}, "Discard my card and draw 3"},
		{"papas", games.Description{Kind: "interrupt", Cards: []string{"tedije"}, Targets: []string{"2"}}, "Answer North with a Te Dije"},
		{"papas", games.Description{Kind: "interrupt", Cards: []string{"nopoh"}}, "Interrupt with a No Poh"},
		{"nogame", games.Description{Kind: "x9", Cards: []string{"2C"}}, "Choose the 2 of clubs"},
		{"nogame", games.Description{Kind: "x9"}, "Make this move"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			assert.Equal(t, c.want, newWords(c.game, fourSeats, 0).Offer(nil, c.d))
		})
	}
}

func TestRefusalsNeverShowNotation(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{games.ErrNotYourTurn, "It is not your turn."},
		{fmt.Errorf("%w: lost", rtc.ErrNotConnected), "The link to the host is down: trying again…"},
		{fmt.Errorf("%w: %q is not among the moves now", rtc.ErrTooLate, "interrupt nopoh"), "Too late: the table moved on before your move."},
		{rtc.Notice{Kind: rtc.NoticeError, Err: "too late: the table moved on at step 196", Late: true}.Cause(), "Too late: the table moved on before your move."},
		{errors.New("you must follow suit"), "You must follow suit."},
		{games.Refuse("you must follow %s", cards.Clubs), "You must follow clubs."},
		{fmt.Errorf("9C cannot be played now: %w", games.Refuse("%s does not beat %s: play higher or fold", cards.Make(9, cards.Clubs), cards.Make(cards.Jack, cards.Clubs))),
			"The 9 of clubs does not beat the jack of clubs: play higher or fold."},
	} {
		assert.Equal(t, c.want, ui.Refusal(nil, c.err))
	}
}

// TestRefusalsSpeakThePlayersLanguage: a rule's refusal is said in the
// language the player reads, its cards and suits named in it; a reason the
// engine gives in English only becomes a sentence of that language.
func TestRefusalsSpeakThePlayersLanguage(t *testing.T) {
	ru, err := msg.Parse("ru", []byte(`{"you must follow %s": "нужно ходить в масть: %s", "clubs": "трефы",
		"The rules do not allow that move now.": "Правила сейчас не разрешают этот ход."}`))
	require.NoError(t, err)
	assert.Equal(t, "Нужно ходить в масть: трефы.", ui.Refusal(ru, games.Refuse("you must follow %s", cards.Clubs)))
	assert.Equal(t, "Правила сейчас не разрешают этот ход.", ui.Refusal(ru, errors.New("an engine's own words")))
}

func TestCardNames(t *testing.T) {
	for code, want := range map[string]string{
		"QH": "the queen of hearts", "10S": "the 10 of spades", "1D": "the 1 of diamonds", "AC": "the ace of clubs",
		"papa3": "a Papa 3", "wild": "a wildcard", "robo": "a Robo de Papa", "": "a face-down card", "zz": "a card",
	} {
		assert.Equal(t, want, ui.CardName(nil, code), code)
	}
	assert.Equal(t, "the 9 of hearts, the 3 of diamonds and the king of clubs", ui.CardList(nil, []string{"9H", "3D", "KC"}))
}

func TestSeatsInSentences(t *testing.T) {
	w := newWords("king", fourSeats, 0)
	assert.Equal(t, "you", w.SeatList(nil, []games.Seat{0}))
	assert.Equal(t, "West and you", w.SeatList(nil, []games.Seat{0, 1}))
	assert.Equal(t, "West, North and East", w.SeatList(nil, []games.Seat{1, 2, 3}))
	assert.Equal(t, "You take the trick", w.Tell(nil, 0, "You take the trick", "%s takes the trick"))
	assert.Equal(t, "East takes the trick", w.Tell(nil, 3, "You take the trick", "%s takes the trick"))
	assert.Equal(t, "Seat 9 takes the trick", w.Tell(nil, 8, "You take the trick", "%s takes the trick"), "a seat past the names")
	assert.Equal(t, "West and you take the trick", w.Winners(nil, []games.Seat{1, 0}, "You take the trick", "%s takes the trick", "%s take the trick"))
	spectator := newWords("king", []string{"Ann", "Bo", "Cy", "Di"}, games.Observer)
	assert.Equal(t, "Ann plays the 7 of clubs.", spectator.Told(nil, games.Description{Seat: 0, Kind: "play", Cards: []string{"7C"}}))
}

// TestEveryGameIsToldInWords plays random matches of every registered game,
// with its default options and with each other value of each option, and
// phrases every action for every seat and the spectator, and every legal
// move as its button: each kind a game describes has words of its own, no
// sentence shows uitest.Notation, and the moves offered at once read apart.
func TestEveryGameIsToldInWords(t *testing.T) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		t.Run(info.ID, func(t *testing.T) {
			for _, players := range []int{info.MinPlayers, info.MaxPlayers} {
				for seed := uint64(1); seed <= 2; seed++ {
					playTold(t, e, games.Config{Players: players, Seed: seed})
				}
			}
			for _, o := range info.Options {
				for _, v := range o.Values {
					cfg := games.Config{Players: info.MinPlayers, Seed: 3, Options: map[string]string{o.Name: v}}
					if v == o.Default {
						continue
					}
					if _, err := e.Game.New(cfg); err != nil {
						continue // a value that needs another option
					}
					playTold(t, e, cfg)
				}
			}
		})
	}
}

func playTold(t *testing.T, e games.Entry, cfg games.Config) {
	t.Helper()
	id := e.ID()
	players := cfg.Players
	s, err := e.Game.New(cfg)
	require.NoError(t, err)
	d := s
	names := make([]string, players)
	for i := range names {
		names[i] = ui.SeatName(nil, i, players)
	}
	rng := games.NewRand(cfg.Seed)
	check := func(kind, line string) {
		t.Helper()
		assert.NotRegexp(t, uitest.Notation, line, "%s %s", id, kind)
		assert.NotContains(t, line, "makes a move", "%s: kind %q has no words of its own", id, kind)
		assert.NotContains(t, line, "Make this move", "%s: kind %q has no words of its own", id, kind)
		assert.NotContains(t, line, "  ")
	}
	for step := 0; step < 600 && !s.Done(); step++ {
		for seat := range players {
			legal := s.Legal(games.Seat(seat), nil)
			w := newWords(id, names, games.Seat(seat))
			offered := map[string]string{}
			for _, a := range legal {
				desc := d.Describe(games.Seat(seat), games.Seat(seat), a)
				say := w.Offer(nil, desc)
				check(desc.Kind, say)
				require.True(t, w.Known(desc.Kind), "%s: kind %q has no words of its own", id, desc.Kind)
				if other, dup := offered[say]; dup {
					t.Errorf("%s: %q and %q both read %q", id, other, s.FormatAction(a), say)
				}
				offered[say] = s.FormatAction(a)
			}
		}
		actor, a, ok := randomMove(s, rng)
		if !ok {
			break
		}
		for _, viewer := range append(seatList(players), games.Observer) {
			desc := d.Describe(viewer, actor, a)
			line := newWords(id, names, viewer).Told(nil, desc)
			if desc.Kind != "time" {
				require.NotEmpty(t, line, "%s: %q told to %d", id, s.FormatAction(a), viewer)
			}
			check(desc.Kind, line)
			assert.False(t, strings.Contains(line, s.FormatAction(a)) && strings.Contains(s.FormatAction(a), " "), "%s: the notation %q", id, s.FormatAction(a))
		}
		require.NoError(t, s.Apply(actor, a))
	}
}

func seatList(n int) []games.Seat {
	out := make([]games.Seat, n)
	for i := range out {
		out[i] = games.Seat(i)
	}
	return out
}

// TestFirstLettersChangeWhole: a sentence's first letter changes case as a
// letter, not a byte, in every script.
func TestFirstLettersChangeWhole(t *testing.T) {
	assert.Equal(t, "вы ходите", ui.LowerFirst("Вы ходите"))
	assert.Equal(t, "Вы ходите", ui.Capitalize("вы ходите"))
	assert.Equal(t, "¡Tú ganas!", ui.Capitalize("¡Tú ganas!"))
	assert.Equal(t, "ខាងកើត", ui.Capitalize("ខាងកើត"))
}
