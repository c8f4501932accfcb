//go:build !js

package blindroom

import (
	"context"
	"sync"
	"testing"
	"time"

	"cardtable/games/bots"
)

// BenchmarkBlindRoomDeal is the time from Start to every page holding its
// hands, four seats, in one process: over in-memory links, and over pion's
// data channels on loopback (the signaling and the joins are not timed).
// Four pages, or three and the host's bot (the king-3-pages-1-bot case: three
// shuffles, not four). Each page's own work in a deal is the games/mental
// figures: one shuffle with its proof, every other page's shuffle checked,
// its shares made and the others' checked.
func BenchmarkBlindRoomDeal(b *testing.B) {
	for _, game := range []struct {
		id, name string
		owner    []int
	}{{"king", "king", nil}, {"mindikot", "mindikot", nil}, {"king", "king-3-pages-1-bot", []int{0, 1, 2, 0}}} {
		for _, link := range []string{"memory", "pion"} {
			b.Run(game.name+"/"+link, func(b *testing.B) {
				var total time.Duration
				for range b.N {
					b.StopTimer()
					var tb *table
					if link == "pion" {
						tb = newPionTableB(b, game.id, game.owner, 7)
					} else {
						tb = newOwnedTable(b, game.id, 4, game.owner, nil, 7)
					}
					b.StartTimer()
					total += dealOnce(tb)
				}
				b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/deal")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// dealOnce runs the room until every page has opened its first hand.
func dealOnce(tb *table) time.Duration {
	e, _, _ := Supported(tb.room.Game, tb.room.Cfg)
	n := tb.room.Pages()
	dealt := make(chan struct{}, n)
	tell := func(p *Page) {
		p.Dealt = func(round int) {
			if round == 1 {
				dealt <- struct{}{}
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	start := time.Now()
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			RunPeer(ctx, tb.room, i, bots.NewHeuristic(e.Advisor, 0, 1), tb.links[i], tell)
		}()
	}
	tell(tb.host.Page)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tb.host.Run(ctx)
	}()
	for range n {
		<-dealt
	}
	took := time.Since(start)
	cancel()
	wg.Wait()
	for _, l := range tb.links[1:] {
		l.Close()
	}
	return took
}
