//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/rtc"
	"cardtable/rtc/pion"
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
		Name: *name,
		Dial: func(ctx context.Context) (rtc.Conn, error) { return pion.Join(ctx, cfg, code) },
	}
	if *seat >= 0 {
		s := games.Seat(*seat)
		pc.Seat = &s
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	j := &joiner{level: *level, out: out, wake: make(chan rtc.Notice, 64)}
	pc.Notify = func(n rtc.Notice) {
		select {
		case j.wake <- n:
		default: // a wake is already pending: it reads the newest state
		}
	}
	j.peer = rtc.NewPeer(pc)
	fmt.Fprintf(out, "joining room %s at %s as %q (%s bot)\n", code, origin, *name, *level)
	return j.run(ctx)
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

// joiner plays a joined seat with a bot.
type joiner struct {
	level  string
	out    io.Writer
	peer   *rtc.Peer
	wake   chan rtc.Notice
	game   games.Game
	bot    bots.Bot
	seated games.Seat
	said   string
}

func (j *joiner) run(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- j.peer.Run(ctx) }()
	j.seated = games.Observer
	for {
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("join: %w", err)
			}
			j.report()
			return nil
		case n := <-j.wake:
			if n.Kind == rtc.NoticeError && n.Err != "" {
				fmt.Fprintln(j.out, "host says:", n.Err)
			}
			if err := j.step(); err != nil {
				return err
			}
		}
	}
}

// step reads the peer's state after a notice and plays when the seat may.
func (j *joiner) step() error {
	p := j.peer
	if seat := p.Seat(); seat != j.seated {
		j.seated = seat
		fmt.Fprintf(j.out, "seated at seat %d\n", seat)
	}
	if status := p.Status(); status != j.said {
		j.said = status
		fmt.Fprintln(j.out, "link:", status)
	}
	if !p.Started() || p.Done() {
		return nil
	}
	legal := p.Legal()
	if len(legal) == 0 {
		return nil
	}
	if j.game == nil {
		g, err := catalog.Lookup(p.Info().ID)
		if err != nil {
			return err
		}
		b, err := bots.NewForView(j.level, g, newSeed())
		if err != nil {
			return fmt.Errorf("join: %w", err)
		}
		j.game, j.bot = g, b
		fmt.Fprintf(j.out, "the match of %s has started\n", g.Info().Title)
	}
	view, _ := p.View().(json.RawMessage)
	texts := make([]string, len(legal))
	for i, m := range legal {
		texts[i] = m.Text
	}
	rec := p.Record()
	vs, err := bots.NewViewState(j.game, games.Config{Players: rec.Players, Options: rec.Options}, p.Seat(), view, texts, p.Deadline())
	if err != nil {
		return fmt.Errorf("join: the host's view: %w", err)
	}
	a, err := chooseSafely(j.bot, vs, p.Seat())
	if errors.Is(err, bots.ErrWait) {
		return nil // lets the timed window run
	}
	if err != nil {
		return fmt.Errorf("join: the bot: %w", err)
	}
	text := vs.FormatAction(a)
	if err := p.Act(text); err != nil {
		fmt.Fprintf(j.out, "could not play %s: %v\n", text, err)
	}
	return nil
}

// chooseSafely asks the bot for a move on a view the host sent. The view is
// outside input: one no table shows could drive a game's heuristic where it
// was never meant to go, and that must end in an error, not a crash.
func chooseSafely(b bots.Bot, vs *bots.ViewState, seat games.Seat) (a games.Action, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the bot could not read the host's view: %v", r)
		}
	}()
	return b.Choose(vs, seat)
}

// report prints the final scores.
func (j *joiner) report() {
	r := j.peer.Result()
	fmt.Fprintf(j.out, "the match is over after %d actions: scores %v, winners %v, this seat %d\n",
		j.peer.Step(), r.Scores, r.Winners, j.peer.Seat())
}
