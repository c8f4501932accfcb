package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/msg"
	"cardtable/ui"
)

// rulesPage explains a game for players (written from the project's rules
// reference; the engine is the authority on details).
type rulesPage struct {
	app.Compo
	settings Settings
	info     games.Info
	ok       bool
}

func (p *rulesPage) OnNav(ctx app.Context) {
	p.settings = loadSettings(ctx)
	var g games.Entry
	if g, p.ok = lookupGame(ctx.Page().URL().Query().Get("game")); p.ok {
		p.info = g.Game.Info()
	}
}

type ruleSection struct {
	Title msg.Key
	Items []msg.Key
}

// rulesOf is a game's rules in sections, nil for a game without written
// rules.
func rulesOf(game string) []ruleSection {
	for _, r := range gameRules {
		if r.id == game {
			return r.sections
		}
	}
	return nil
}

func (p *rulesPage) Render() app.UI {
	if !p.ok {
		return page(p.settings, msg.T("Rules"), app.P().Text(msg.T("Unknown game.")), app.A().Class("btn").Href("/").Text(msg.T("Home")))
	}
	secs := []app.UI{app.P().Class("lead").Text(gamePitch(p.info)), app.P().Text(ui.Sentence(playerCount(p.info)))}
	for _, s := range rulesOf(p.info.ID) {
		items := []app.UI{}
		for _, it := range s.Items {
			items = append(items, app.Li().Text(it.Say()))
		}
		secs = append(secs, app.Section().Body(app.H2().Text(s.Title.Say()), app.Ul().Body(items...)))
	}
	if len(p.info.Options) > 0 {
		items := []app.UI{}
		for _, o := range p.info.Options {
			items = append(items, app.Li().Body(
				app.Strong().Text(msg.T("%s: ", optionTitle(p.info.ID, o.Name))),
				app.Text(msg.T("%s Usual choice: %s.", optionHelp(p.info.ID, o), valueText(p.info.ID, o.Name, o.Default))),
			))
		}
		// Folded: a phone shows the rules first; the options are one tap away.
		secs = append(secs, app.Details().Class("rules__options").ID("rules-options").Body(
			app.Summary().Text(msg.T("Options you can choose (%d)", len(p.info.Options))),
			app.Ul().Body(items...),
		))
	}
	if p.info.MaxPlayers > 1 {
		secs = append(secs, app.P().Class("rules__fair").Text(fairDealNote()))
	}
	secs = append(secs, app.Div().Class("actions").Body(
		app.A().Class("btn btn--primary").Href(gameURL("/new", p.info.ID)).Text(msg.T("New game")),
		app.A().Class("btn btn--ghost").Href("/").Text(msg.T("Home")),
	))
	return page(p.settings, msg.T("Rules: %s", gameTitle(p.info)), app.Article().Class("rules").ID("rules").Body(secs...))
}

// gameRules are each game's rules in sections: a list, not a map, so static
// data that the page does not build at start.
var gameRules = []struct {
	id       string
	sections []ruleSection
}{
	{"king", []ruleSection{
		{msg.Later("The deal"), []msg.Key{
			msg.Later("Four players, a 32-card deck (7 up to ace), eight cards each, every round."),
			msg.Later("You must follow the suit that was led if you can; the highest card of the led suit takes the trick, and the winner leads next."),
			msg.Later("The first leader moves one seat to the left each round."),
		}},
		{msg.Later("Avoiding rounds: take as little as you can"), []msg.Key{
			msg.Later("1. No tricks: −2 for every trick you take."),
			msg.Later("2. No hearts: −2 for every heart you take. You may not lead a heart while you hold another suit."),
			msg.Later("3. No boys: −2 for every jack and king you take."),
			msg.Later("4. No queens: −4 for every queen you take."),
			msg.Later("5. No last two: −8 each for tricks 7 and 8."),
			msg.Later("6. No king of hearts: −16 for taking K♥. If you can't follow suit and hold K♥, you must throw it."),
			msg.Later("Optional round 7: every penalty at once."),
			msg.Later("A round stops early once every penalty card of it has been taken."),
		}},
		{msg.Later("Collecting rounds: take all you can"), []msg.Key{
			msg.Later("+3 for every trick."),
			msg.Later("The round's first leader looks at their hand and names the trump suit before leading."),
			msg.Later("A trump beats every card of the other suits; you never have to trump unless the option says so."),
		}},
		{msg.Later("The end"), []msg.Key{msg.Later("After the last collecting round the highest total wins; equal totals share the win.")}},
	}},
	{"mindikot", []ruleSection{
		{msg.Later("Teams and deal"), []msg.Key{
			msg.Later("Four players in two teams (partners sit opposite) with 52 cards, or six players in two teams of three with 48 cards (no 2s)."),
			msg.Later("Follow the led suit if you can. The highest trump wins the trick; without trumps, the highest card of the led suit."),
		}},
		{msg.Later("Trumps"), []msg.Key{
			msg.Later("Cut (default): there is no trump at first; the first card played by someone who can't follow suit makes its suit trumps."),
			msg.Later("Hidden: one card of the first leader is set aside; a player who can't follow suit may reveal it (its suit becomes trumps, and they must then play a trump if they have one) or pass."),
		}},
		{msg.Later("Winning"), []msg.Key{
			msg.Later("The team that takes three or four of the tens wins the round; with two tens each, the team with more tricks."),
			msg.Later("A win scores 1, all four tens 2, all the tricks 3. The first team to the target wins the match."),
		}},
	}},
	{"catte", []ruleSection{
		{msg.Later("Play"), []msg.Key{
			msg.Later("Six cards each; each player antes chips into the pot."),
			msg.Later("In each of the first tricks, play a higher card of the led suit face up, or fold any card face down. The leader always plays face up."),
			msg.Later("The last face-up card wins the trick and leads the next one."),
			msg.Later("After trick 4, players who have taken no trick are out; someone who took all four wins at once."),
			msg.Later("Trick 5 is played face down, then revealed; trick 6 decides the round."),
		}},
		{msg.Later("Instant wins and chips"), []msg.Key{
			msg.Later("Four aces, four of a kind, a six-card flush or a low hand (all cards A–5) win at once."),
			msg.Later("The round winner takes the pot. Most chips after the last round wins the match."),
		}},
	}},
	{"eatreds", []ruleSection{
		{msg.Later("Play"), []msg.Key{
			msg.Later("Four cards lie face up in the layout. On your turn play a card from your hand, then turn the top card of the stock."),
			msg.Later("A card captures one layout card that adds up to 10 with it (A counts 1; 5 takes 5); a 10, J, Q or K captures the same rank."),
			msg.Later("Capturing is compulsory; when two cards could be taken you choose which. Uncaptured cards stay in the layout."),
		}},
		{msg.Later("Scoring"), []msg.Key{msg.Later("Only red cards score: red ace 20, red 9 to K 10 each, red 2 to 8 their pips. The highest score wins.")}},
	}},
	{"eatpairs", []ruleSection{
		{msg.Later("Play"), []msg.Key{
			msg.Later("The dealer gets 8 cards, the others 7; every pair in a hand is laid down at once."),
			msg.Later("The dealer exposes one card; the first player holding the same rank pairs it and becomes the lead."),
			msg.Later("The lead draws from the stock; a drawn card pairs with the first holder of its rank, otherwise it is dead."),
			msg.Later("The first player with no cards left wins."),
		}},
	}},
	{"klondike", []ruleSection{
		{msg.Later("Goal"), []msg.Key{msg.Later("Move all 52 cards to the four foundations, each built up by suit from ace to king.")}},
		{msg.Later("Moves"), []msg.Key{
			msg.Later("Build the seven columns down in alternating colours; you may move any face-up run."),
			msg.Later("Only a king (or a run headed by a king) may fill an empty column."),
			msg.Later("Turn cards from the stock to the waste; the top waste card is playable. An empty stock can be refilled from the waste."),
			msg.Later("A face-down card that becomes uncovered turns over by itself."),
		}},
	}},
	{"sortcoop", []ruleSection{
		{msg.Later("Together"), []msg.Key{
			msg.Later("Two players, 40 cards (1–10 in four suits), seven each, and a row of 15 slots."),
			msg.Later("Take turns placing a card face down in any empty slot; each player may pass once."),
			msg.Later("Each player may have one swap of two placed cards accepted by the partner."),
			msg.Later("You both win if the 14 cards read in increasing order from left to right: hearts, then spades, then diamonds, then clubs. No talking!"),
		}},
	}},
	{"papas", []ruleSection{
		{msg.Later("Golden potatoes"), []msg.Key{
			msg.Later("Play potato cards alone or as threesomes: three of one kind (wildcards help) or three of one value."),
			msg.Later("Threesomes earn golden potatoes; Papa Dorada takes one from the pile and Robo steals one."),
			msg.Later("After each play the others have a few seconds to cancel it with No Poh; Te Dije cancels anything."),
			msg.Later("End your turn by drawing a card. The first to the target of golden potatoes wins."),
		}},
	}},
}
