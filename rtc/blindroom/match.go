package blindroom

import (
	"cardtable/games"
	"cardtable/games/record"
)

// Match is the match's record as any table keeps it: the room's game,
// players, options and seed, the true deal of every finished round (public
// once its end shares are read) and every action, with no proof of a
// deal. It replays (record.Replay) to the page's state of the match; the
// browser's build has it too, for a page's statistics and replay link. The
// record is the caller's.
func (p *Page) Match() *record.Record {
	rec := record.New(p.room.Game, games.Config{Players: p.room.Cfg.Players, Options: p.room.Cfg.Options, Seed: p.room.Cfg.Seed})
	rec.Actions = p.actions()
	for _, rl := range p.rounds {
		if rl.deal.Hands == nil {
			break // the round is not finished
		}
		rec.Deals = append(rec.Deals, rl.deal)
	}
	return rec
}
