package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// gameWords are each game's title and pitch in the player's language. The
// engine's Info keeps them in English for records and the command line; a
// page says them through these. A list, not a map: static data that the
// page does not build at start.
var gameWords = []struct {
	id           string
	title, pitch msg.Key
}{
	{"king", msg.Later("The King"), msg.Later("Russian trick-taking: dodge hearts, boys, queens and the King of Hearts, then collect tricks with your trump.")},
	{"mindikot", msg.Later("Mindikot"), msg.Later("Two teams race to capture the four tens; the trump is cut or hidden.")},
	{"catte", msg.Later("Cat Te"), msg.Later("Six cards, six tricks: beat the best card or fold it face down, and win the last trick.")},
	{"eatreds", msg.Later("Eat Reds"), msg.Later("Chinese Ten: pair cards to ten from the layout and collect the reds.")},
	{"eatpairs", msg.Later("Eat Pairs"), msg.Later("Siku: pair every card that turns up and be the first with an empty hand.")},
	{"klondike", msg.Later("Klondike"), msg.Later("The classic patience: build the four suits up from the aces.")},
	{"sortcoop", msg.Later("Co-op Sort"), msg.Later("Two players, no talking: lay your cards face down so the whole row comes out sorted.")},
	{"papas", msg.Later("Donde Las Papas Queman"), msg.Later("Race for golden potatoes with threesomes, and shout No Poh! before the 3-second window closes.")},
}

// gameTitle is a game's name in the player's language.
func gameTitle(info games.Info) string {
	for _, w := range gameWords {
		if w.id == info.ID {
			return w.title.Say()
		}
	}
	return info.Title
}

// gamePitch is a game's one-sentence pitch in the player's language.
func gamePitch(info games.Info) string {
	for _, w := range gameWords {
		if w.id == info.ID {
			return w.pitch.Say()
		}
	}
	return info.Pitch
}
