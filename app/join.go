//go:build !(js && wasm)

package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
	"cardtable/games/catalog"
	"cardtable/rtc"
	"cardtable/rtc/pion"
	"cardtable/rtc/wire"
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
	if *token != "" && !wire.ValidToken(*token) {
		return fmt.Errorf("join: -token %q is not a seat token (%d hexadecimal characters)", *token, wire.TokenLen)
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
	entry  games.Entry
	bot    bots.Bot
	rng    *rand.Rand
	seated games.Seat
	token  string // the seat token last printed
	said   string
	acted  int // the step of the last intent sent, -1 for none
}

func (j *joiner) run(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- j.peer.Run(ctx) }()
	j.seated, j.acted = games.Observer, -1
	for {
		select {
		case err := <-done:
			if err != nil {
				return fmt.Errorf("join: %w", err)
			}
			j.report()
			return nil
		case n := <-j.wake:
			if (n.Kind == rtc.NoticeError || n.Kind == rtc.NoticeBye) && n.Err != "" {
				fmt.Fprintln(j.out, "host says:", n.Err)
			}
			if err := j.step(); err != nil {
				return err
			}
			if j.peer.Done() {
				// The link would stay for a next match; this joiner ends
				// with this one.
				j.report()
				return nil
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
	if token := p.Token(); token != j.token {
		j.token = token
		fmt.Fprintf(j.out, "seat token %s (join with -token %s to take this seat back after a restart)\n", token, token)
	}
	if status := p.Status(); status != j.said {
		j.said = status
		fmt.Fprintln(j.out, "link:", status)
	}
	if !p.Started() || p.Done() {
		return nil
	}
	// A bot moves when the table waits on its seat, once a step, as the
	// host's own bots do: moves it may make at other times (a proposal, a
	// claim) are never required of it.
	step, seat := p.Step(), p.Seat()
	legal := p.Legal()
	if len(legal) == 0 || step == j.acted || !slices.Contains(p.Actors(), seat) {
		return nil
	}
	if j.entry.Game == nil {
		e, err := catalog.Lookup(p.Info().ID)
		if err != nil {
			return err
		}
		b, err := bots.New(j.level, e, rtc.BotSeed())
		if err != nil {
			return fmt.Errorf("join: %w", err)
		}
		j.entry, j.bot, j.rng = e, b, games.NewRand(rtc.BotSeed())
		fmt.Fprintf(j.out, "the match of %s has started\n", e.Game.Info().Title)
	}
	raw, _ := p.View().(json.RawMessage)
	rec := p.Record()
	cfg := games.Config{Players: rec.Players, Options: rec.Options}
	text, err := choose(j.entry, j.bot, cfg, seat, raw, legal, p.Deadline(), j.rng)
	if errors.Is(err, bots.ErrWait) {
		return nil // lets the timed window run
	}
	if err != nil {
		return fmt.Errorf("join: %w", err)
	}
	if p.Step() != step {
		return nil // the table moved on while the bot thought: the next update asks again
	}
	j.acted = step
	if err := p.Act(text); err != nil {
		say := newWords(j.entry.ID(), roomNames(p.Seats(), seat), seat)
		for _, m := range legal {
			if m.Text == text {
				fmt.Fprintf(j.out, "could not play (%s): %s\n", ui.LowerFirst(say.Offer(m.Desc)), ui.Refusal(err))
			}
		}
	}
	return nil
}

// choose is the bot's move for seat from what the host sent: the seat's
// view (JSON), its legal moves and the open window. It answers the chosen
// move's notation, as the host offered it.
//
// The bot gets the same Turn a table makes: the view decoded into the
// game's type, the legal moves as actions and a sampler of the view. The
// moves' notation is read by a state of the same rules dealt from the view
// where it can be, so that every action reads as the host's state reads it
// (Papas writes an interrupt of the open window without the window's
// number); a fresh state of the rules reads it otherwise. The host's input
// is outside input: a view no table shows must end in an error, not a
// crash.
func choose(e games.Entry, b bots.Bot, cfg games.Config, seat games.Seat, raw []byte, legal []rtc.Move, deadline time.Duration, rng *rand.Rand) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the bot could not read the host's view: %v", r)
		}
	}()
	t, texts, err := joinTurn(e, cfg, seat, raw, legal, deadline, rng)
	if err != nil {
		return "", err
	}
	a, err := b.Choose(t)
	if err != nil {
		return "", err
	}
	text, ok := texts[a]
	if !ok {
		return "", fmt.Errorf("the bot chose a move the host did not offer")
	}
	return text, nil
}

// joinTurn is the seat's Turn from what the host sent, and the notation of
// each of its legal actions.
func joinTurn(e games.Entry, cfg games.Config, seat games.Seat, raw []byte, legal []rtc.Move, deadline time.Duration, rng *rand.Rand) (*bots.Turn, map[games.Action]string, error) {
	view, err := bots.DecodeView(e, cfg, seat, raw)
	if err != nil {
		return nil, nil, fmt.Errorf("the host's view: %w", err)
	}
	t := bots.NewTurn(e, cfg, seat, view, nil, deadline)
	var parser games.State
	if sm, err := t.Sampler(); err == nil {
		parser = sm.Sample(rng)
	}
	if parser == nil {
		fresh := cfg
		fresh.Seed, fresh.Deals = 1, nil
		if parser, err = e.Game.New(fresh); err != nil {
			return nil, nil, err
		}
	}
	texts := make(map[games.Action]string, len(legal))
	for _, m := range legal {
		a, err := parser.ParseAction(m.Text)
		if err != nil {
			return nil, nil, fmt.Errorf("the host offered %q: %w", m.Text, err)
		}
		if _, dup := texts[a]; dup {
			return nil, nil, fmt.Errorf("the host offered %q twice", m.Text)
		}
		texts[a] = m.Text
		t.Legal = append(t.Legal, a)
	}
	return t, texts, nil
}

// report prints the final scores.
func (j *joiner) report() {
	r := j.peer.Result()
	fmt.Fprintf(j.out, "the match is over after %d actions: scores %v, winners %v, this seat %d\n",
		j.peer.Step(), r.Scores, r.Winners, j.peer.Seat())
	// This seat's own check of the deal (rtc.Peer.Verify).
	e, err := catalog.Lookup(j.peer.Info().ID)
	if err != nil {
		return
	}
	if v := j.peer.Verify(e.Game); v.Err != nil {
		fmt.Fprintf(j.out, "deal not verified: %v\n", v.Err)
	} else {
		fmt.Fprintf(j.out, "deal verified: the seed is the hash of every share (%d draws), and the match replays from it to the same scores and views\n", v.Draws)
	}
}
