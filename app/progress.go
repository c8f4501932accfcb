package main

import (
	"encoding/json"
	"slices"

	"cardtable/games"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/ui"
)

// roundField names, for a game played in rounds, the field of its View that
// counts them and what to add to make it the round's number as the table
// says it ("Round 2").
var roundField = []roundOf{
	{"king", "round", 0},
	{"mindikot", "round", 0},
	{"catte", "round", 0},
	{"eatpairs", "round", 1},
	{"eatreds", "deal", 1},
}

// roundOf is a game's field that counts its rounds.
type roundOf struct {
	game, name string
	add        int
}

// progress is how far a saved match got: its round (0 for a game not played
// in rounds, or when the record does not replay) and the moves played.
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
	i := slices.IndexFunc(roundField, func(f roundOf) bool { return f.game == s.Record.Game })
	g, found := lookupGame(s.Record.Game)
	if i < 0 || !found {
		return p
	}
	f := roundField[i]
	st, err := record.Replay(g.Game, s.Record, nil)
	if err != nil || st == nil {
		return p
	}
	b, err := json.Marshal(st.View(s.Seat))
	if err != nil {
		return p
	}
	var fields map[string]json.RawMessage
	var n int
	if json.Unmarshal(b, &fields) != nil || json.Unmarshal(fields[f.name], &n) != nil || n+f.add < 1 {
		return p
	}
	p.round = n + f.add
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
