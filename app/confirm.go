package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// confirmQuestion is the question the table asks before a move that gives
// something up for good, saying what is lost; "" for a move that is played
// at once.
func confirmQuestion(p *msg.Catalogue, game string, d games.Description) string {
	return gameUI(game).Question(p, d)
}
