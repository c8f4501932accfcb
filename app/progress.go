package main

import (
	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/ui"
)

// progress is how far a saved match got: its round as the game's UI reads
// it from its view (ui.Game's Round; 0 for a game not played in rounds, or
// when the record does not replay) and the moves played.
type progress struct{ round, moves int }

func progressOf(s Save) progress {
	var p progress
	if s.Record == nil {
		return p
	}
	for _, st := range s.Record.Actions {
		if st.Seat != games.System {
			p.moves++
		}
	}
	ug := gameUI(s.Record.Game)
	g, found := lookupGame(s.Record.Game)
	if ug.Round == nil || !found {
		return p
	}
	st, err := record.Replay(g.Game, s.Record, nil)
	if err != nil || st == nil {
		return p
	}
	p.round = ug.RoundOf(st.View(s.Seat))
	return p
}

// inProgress is the saved match of game that a new one would replace: one
// that is not over and has had a move. A match nobody moved in loses
// nothing.
func inProgress(s Save, ok bool) bool {
	return ok && !s.Done && s.Record != nil && len(s.Record.Actions) > 0
}

// progressWords says how far a match got: "Round 2, 14 moves."
func progressWords(p *msg.Catalogue, pr progress) string {
	moves := p.N(pr.moves, "%d move", "%d moves")
	if pr.round > 0 {
		return p.T("Round %[1]d, %[2]s.", pr.round, moves)
	}
	return ui.Sentence(p, moves)
}

// lossWarning says what starting a new game would lose: "Your match of
// Mindikot (round 2, 14 moves) will be lost."
func lossWarning(p *msg.Catalogue, title string, pr progress) string {
	moves := p.N(pr.moves, "%d move", "%d moves")
	if pr.round > 0 {
		return p.T("Your match of %[1]s (round %[2]d, %[3]s) will be lost.", title, pr.round, moves)
	}
	return p.T("Your match of %[1]s (%[2]s) will be lost.", title, moves)
}
