//go:build layer_engines || layer_peer

package main

import (
	"context"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
)

// soloMatches plays a match of every game, every seat a hard bot but the
// first, which plays its first legal move, through the local session the
// table page uses.
func soloMatches(ctx app.Context) {
	for _, e := range catalog.All() {
		info := e.Game.Info()
		rec := record.New(info.ID, games.Config{Players: info.MinPlayers, Seed: rtc.BotSeed()})
		seats := make([]bots.Bot, info.MinPlayers)
		for i := 1; i < info.MinPlayers; i++ {
			seats[i], _ = bots.New("hard", e, rtc.BotSeed())
		}
		l, err := rtc.NewLocal(e, rec, 0, seats)
		if err != nil {
			app.Log(err)
			continue
		}
		ctx.Async(func() {
			err := l.Run(context.Background(), func() time.Duration { return 0 }, func(rtc.Event) {
				if legal := l.Snapshot().Legal; len(legal) > 0 {
					l.Act(legal[0].Text)
				}
			})
			snap := l.Snapshot()
			app.Log(info.ID, err, snap.Result, len(l.Record().Actions), snap.View)
		})
	}
}

func init() { layers = append(layers, soloMatches) }
