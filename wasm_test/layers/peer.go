//go:build layer_peer

package main

import (
	"context"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/games"
	"cardtable/games/catalog"
	"cardtable/games/record"
	"cardtable/rtc"
	"cardtable/rtc/pion"
)

// rooms hosts a room of the first game over WebRTC and joins it from the
// same page: the host's and the peer's sessions, the wire, the transport
// and the signaling client.
func rooms(ctx app.Context) {
	e := catalog.All()[0]
	info := e.Game.Info()
	cfg := pion.Config{Signal: app.Window().URL().Host + "/signal/"}
	h, err := rtc.NewHost(rtc.HostConfig{Game: e, Record: record.New(info.ID, games.Config{Players: info.MinPlayers}), Name: "host"})
	if err != nil {
		app.Log(err)
		return
	}
	ctx.Async(func() {
		room, err := pion.HostRoom(context.Background(), cfg, "layer", "secret", h.Attach)
		app.Log(room, err)
		p := rtc.NewPeer(rtc.PeerConfig{Name: "peer", Room: "layer", Game: catalog.Lookup, Dial: func(c context.Context) (rtc.Conn, error) {
			return pion.Join(c, cfg, pion.RoomLink(app.Window().URL().String(), "layer"))
		}})
		app.Log(p.Run(context.Background()), h.Start())
	})
}

func init() { layers = append(layers, rooms) }
