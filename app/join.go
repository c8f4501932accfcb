//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/msg"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/ui"
)

// runJoin takes a seat in a room by its link, with pion's native WebRTC
// stack, and lets a bot play it from the seat's view, the only thing the
// host sends it. It prints what happens and the result, and ends with the
// match.
func runJoin(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("join", flag.ContinueOnError)
	level := fs.String("bot", "normal", "bot level: "+strings.Join(bots.Names(), ", "))
	name := fs.String("name", "", "the name the table shows (default: the bot level)")
	seat := fs.Int("seat", -1, "the seat wanted in the lobby (default: the first empty one)")
	token := fs.String("token", "", "the seat token an earlier join printed: takes that seat back (after a restart)")
	timeout := fs.Duration("timeout", 2*time.Hour, "give up after this long")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: app join [flags] LINK   (LINK is a room link, http://host/play?room=CODE)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("join: give one room link")
	}
	if !strings.Contains(" "+strings.Join(bots.Names(), " ")+" ", " "+*level+" ") {
		return fmt.Errorf("join: unknown bot %q (bots: %s)", *level, strings.Join(bots.Names(), ", "))
	}
	if *token != "" && !rtc.ValidToken(*token) {
		return fmt.Errorf("join: -token %q is not a seat token (%d hexadecimal characters)", *token, rtc.TokenLen)
	}
	origin, code, err := pion.ParseRoomLink(fs.Arg(0))
	if err != nil {
		return err
	}
	signal, err := pion.SignalURL(origin)
	if err != nil {
		return err
	}
	u, _ := url.Parse(origin)
	cfg := pion.Config{Signal: signal, Loopback: isLoopback(u.Hostname())}
	if *name == "" {
		*name = *level + " bot"
	}
	pc := rtc.PeerConfig{
		Name:  *name,
		Token: *token,
		Room:  code, // the code its share of the joint seed names
		Dial:  func(ctx context.Context) (rtc.Conn, error) { return pion.Join(ctx, cfg, code) },
	}
	if *seat >= 0 {
		s := games.Seat(*seat)
		pc.Seat = &s
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	fmt.Fprintf(out, "joining room %s at %s as %q (%s bot)\n", code, origin, *name, *level)
	return playJoined(nil, ctx, pc, *level, out) // the command speaks English
}

// isLoopback reports whether host names this machine: the peers then meet
// on 127.0.0.1 (no mDNS names, loopback candidates).
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// playJoined plays a joined seat with a bot of level (rtc.PeerBot) and
// prints what happens: the seat, its token, the link, the host's words, a
// move that could not be sent, and the result with this seat's own check
// of the deal.
func playJoined(p *msg.Catalogue, ctx context.Context, pc rtc.PeerConfig, level string, w io.Writer) error {
	out := &lockedWriter{w: w} // the link's notices and the bot's moves come from two goroutines
	var peer *rtc.Peer
	seated, token, said := games.Observer, "", ""
	pc.Notify = func(n rtc.Notice) {
		if (n.Kind == rtc.NoticeError || n.Kind == rtc.NoticeBye) && n.Err != "" {
			fmt.Fprintln(out, "host says:", n.Err)
		}
		if seat := peer.Seat(); seat != seated {
			seated = seat
			fmt.Fprintf(out, "seated at seat %d\n", seat)
		}
		if t := peer.Token(); t != token {
			token = t
			fmt.Fprintf(out, "seat token %s (join with -token %s to take this seat back after a restart)\n", t, t)
		}
		if status := peer.Status(); status != said {
			said = status
			fmt.Fprintln(out, "link:", status)
		}
	}
	pc.Game = catalog.Lookup
	b, err := rtc.NewPeerBot(rtc.PeerBotConfig{
		Peer: pc, Level: level,
		Started: func(e games.Entry) { fmt.Fprintf(out, "the match of %s has started\n", e.Game.Info().Title) },
		Refused: func(m rtc.Move, err error) {
			seat := peer.Seat()
			say := newWords(peer.Info().ID, roomNames(p, peer.Seats(), seat), seat)
			fmt.Fprintf(out, "could not play (%s): %s\n", ui.LowerFirst(say.Offer(p, m.Desc)), ui.Refusal(p, err))
		},
	})
	if err != nil {
		return fmt.Errorf("join: %w", err)
	}
	peer = b.Peer()
	if err := b.Run(ctx); err != nil {
		return fmt.Errorf("join: %w", err)
	}
	report(peer, out)
	return nil
}

// report prints the final scores and this seat's own check of the deal
// (rtc.Peer.Verify).
func report(p *rtc.Peer, out io.Writer) {
	snap := p.Snapshot()
	r := snap.Result
	fmt.Fprintf(out, "the match is over after %d actions: scores %v, winners %v, this seat %d\n",
		snap.Step, r.Scores, r.Winners, p.Seat())
	e, err := catalog.Lookup(p.Info().ID)
	if err != nil {
		return
	}
	if v := p.Verify(e.Game); v.Err != nil {
		fmt.Fprintf(out, "deal not verified: %v\n", v.Err)
	} else {
		fmt.Fprintf(out, "deal verified: the seed is the hash of every share (%d draws), and the match replays from it to the same scores and views\n", v.Draws)
	}
}

// lockedWriter writes one Write at a time.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
