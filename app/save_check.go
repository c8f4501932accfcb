package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/record"
	"cardtable/msg"
	"cardtable/rtc"
)

// maxSaveSize caps a save read from local storage: its record's limit and
// room for the seats, the flags and the result.
const maxSaveSize = record.MaxSize + 64<<10

// saveDamage is how a stored save is damaged, said in the player's
// language when shown.
type saveDamage struct {
	why  msg.Key
	args []any
}

func damaged(why msg.Key, args ...any) *saveDamage { return &saveDamage{why: why, args: args} }

func (d *saveDamage) Error() string {
	return "damaged save: " + fmt.Sprintf(string(d.why), d.args...)
}

// Say is the damage in the player's language.
func (d *saveDamage) Say(p *msg.Catalogue) string { return d.why.Say(p, d.args...) }

// sayDamage says why a save cannot be opened, in the player's language.
func sayDamage(p *msg.Catalogue, err error) string {
	var d *saveDamage
	if errors.As(err, &d) {
		return d.Say(p)
	}
	return p.T("It is not a whole saved game: it may have been cut short.")
}

// checkSave reads the text stored under game e's save key and checks all
// of it before anything is built from it: the record is this game's, its
// players a count the game allows, the player's seat at the table, a bot
// named for every other seat, the options the game's own, and every action
// replays. The save's Done and Result are the replay's, not the stored
// ones. A damaged save is a *saveDamage that says how, in words.
func checkSave(e games.Entry, data []byte) (Save, error) {
	info := e.Game.Info()
	if len(data) > maxSaveSize {
		return Save{}, damaged(msg.Later("It is too large to be a saved game."))
	}
	var s Save
	if err := json.Unmarshal(data, &s); err != nil || s.Record == nil {
		return Save{}, damaged(msg.Later("It is not a whole saved game: it may have been cut short."))
	}
	rec := s.Record
	switch {
	case rec.Game != info.ID:
		return Save{}, damaged(msg.Later("It is the save of a different game."))
	case !info.AllowsPlayers(rec.Players):
		return Save{}, damaged(msg.Later("Its number of players is not one this game allows."))
	case s.Seat < 0 || int(s.Seat) >= rec.Players:
		return Save{}, damaged(msg.Later("The seat it gives you is not at its table."))
	case !seatsMatch(s):
		return Save{}, damaged(msg.Later("Its list of bots does not match its seats."))
	}
	if _, err := info.Resolve(rec.Config()); err != nil {
		return Save{}, damaged(msg.Later("Its options are not ones this game has."))
	}
	st, err := record.Replay(e.Game, rec, nil)
	var step *record.StepError
	if errors.As(err, &step) {
		return Save{}, damaged(msg.Later("Its move %d can't be played again."), step.Index+1)
	}
	if err != nil {
		return Save{}, damaged(msg.Later("The game can't be dealt again from what it holds."))
	}
	s.Done, s.Result = st.Done(), nil
	if s.Done {
		r := st.Result()
		s.Result = &r
	}
	return s, nil
}

// seatsMatch tells whether the save names the player's seat and a known bot
// for every other seat, one entry a seat; with people sharing the phone,
// any seat may be a person's, and the seat shown is one.
func seatsMatch(s Save) bool {
	n := s.Record.Players
	if len(s.Bots) != n || (s.People != nil && len(s.People) != n) {
		return false
	}
	for i, level := range s.Bots {
		person := level == ""
		if games.Seat(i) == s.Seat && !person || s.People == nil && games.Seat(i) != s.Seat && person {
			return false
		}
		if len(s.People) == n && len(s.People[i]) > maxPersonName || !person && s.People != nil && s.People[i] != "" {
			return false
		}
		if level != "" && !slices.Contains(bots.Names(), level) {
			return false
		}
	}
	return true
}

// maxPersonName is the longest name of a person sharing the phone, in bytes.
const maxPersonName = 96

// saveBots makes the bots of a checked save's seats: nil for the player's.
func saveBots(e games.Entry, s Save) []bots.Bot {
	seats := make([]bots.Bot, len(s.Bots))
	for i, level := range s.Bots {
		if level != "" {
			seats[i] = newBot(e, level, rtc.BotSeed())
		}
	}
	return seats
}
