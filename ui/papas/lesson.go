package papas

import (
	"cardtable/msg"
	"cardtable/ui"
)

// papasLesson is the guided first game: three players from a fixed deal,
// the player in seat 0 and first. The player scores a threesome of one
// kind, ends the turn, cancels the next player's Papa Dorada with No Poh
// and lets a lone potato card pass. The reaction windows wait for the
// player: the script says when each passes.
var papasLesson = &ui.Lesson{
	Record: `{"game":"papas","players":3,"seed":1,"deals":[{"hands":[` +
		`["fritas3","fritas3","wild","nopoh","nopoh"],` +
		`["dorada","papa2","duquesas4","papa5","fritas1"],` +
		`["papa1","duquesas3","papa4","fritas2","duquesas1"]],` +
		`"stock":["papa2","duquesas5","fritas4",` +
		`"papa1","papa1","papa1","papa1","papa1","duquesas1","duquesas1","duquesas1","duquesas1","fritas1","fritas1","fritas1",` +
		`"papa2","papa2","papa2","papa2","duquesas2","duquesas2","duquesas2","duquesas2","duquesas2","fritas2","fritas2","fritas2",` +
		`"papa3","papa3","papa3","papa3","papa3","papa3","duquesas3","duquesas3","duquesas3","duquesas3","fritas3","fritas3",` +
		`"papa4","papa4","papa4","papa4","papa4","duquesas4","duquesas4","duquesas4","duquesas4","fritas4","fritas4","fritas4",` +
		`"papa5","papa5","papa5","papa5","papa5","duquesas5","duquesas5","duquesas5","duquesas5","fritas5","fritas5","fritas5","fritas5",` +
		`"wild","wild","wild","wild","wild","wild","wild","wild","wild","wild","wild","wild","wild","wild",` +
		`"nopoh","nopoh","nopoh","nopoh","nopoh","nopoh","nopoh","nopoh","tedije","tedije","tedije",` +
		`"dorada","dorada","dorada","dorada","dorada","robo","robo","robo","robo"],"first":0}],"actions":[` +
		`{"seat":0,"act":"three fritas3 fritas3 wild"},{"seat":-1,"act":"timeout"},{"seat":0,"act":"end"},` +
		`{"seat":1,"act":"play dorada"},{"seat":0,"act":"interrupt nopoh"},{"seat":-1,"act":"timeout"},{"seat":1,"act":"end"},` +
		`{"seat":2,"act":"play papa1"},{"seat":-1,"act":"timeout"},{"seat":2,"act":"end"}]}`,
	Steps: []msg.Key{
		msg.Later("You start. Fritas 3, Fritas 3 and a Wildcard make a threesome of one kind: play the three together for 3 golden potatoes."),
		msg.Later("No Poh is never played on your own turn. Tap “End my turn”: you draw a card."),
		msg.Later("The next player plays Papa Dorada to take a golden potato. Answer with No Poh: it cancels a single card someone else played."),
		msg.Later("A lone Papa 1 scores nothing, so keep your last No Poh: tap “Let it pass”. In a real game the window closes by itself after 3 seconds."),
	},
	Learned: []msg.Key{
		msg.Later("A threesome of one kind earns golden potatoes: Papa 1, Duquesas 2, Fritas 3; three of one value earn 1."),
		msg.Later("After every play the others have 3 seconds to answer: No Poh cancels a single card, Te Dije cancels anything."),
		msg.Later("Save your No Poh for plays that score, like Papa Dorada and Robo."),
		msg.Later("End your turn by drawing a card; the first to the target of golden potatoes wins."),
	},
}
