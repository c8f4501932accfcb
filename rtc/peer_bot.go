package rtc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"cardtable/games"
	"cardtable/games/bots"
)

// PeerBotConfig joins a hosted match with a bot in the seat.
type PeerBotConfig struct {
	// Peer is the link to the host; its Game finds the game the host
	// names (catalog.Lookup). Its Notify, when set, is still told every
	// notice, before the bot reads the state the notice announces.
	Peer PeerConfig
	// Level is the bot's level (bots.Names).
	Level string
	// Bots makes the bot of a level; nil is bots.New.
	Bots func(level string, e games.Entry, seed uint64) (bots.Bot, error)
	// Started, when set, is told the game once the match has started and
	// the bot is made.
	Started func(games.Entry)
	// Refused, when set, is told a move the bot chose that the peer could
	// not send (the link was down, the table had moved on).
	Refused func(Move, error)
}

// PeerBot is a joined seat that a bot plays: whenever the host's update
// lets the seat act, the bot gets the same Turn a bot at the host's table
// gets (the seat's view decoded into the game's type, its legal moves as
// actions, the window, a sampler of the view) and the move it chooses goes
// to the host as the notation the host offered it with. It plays moves
// the seat may make out of turn (a proposal, a claim) only when the table
// waits on the seat, once a step, as the host's own bots do.
type PeerBot struct {
	cfg   PeerBotConfig
	peer  *Peer
	wake  chan struct{}
	entry games.Entry
	bot   bots.Bot
	rng   *rand.Rand
	acted int // the step of the last intent sent, -1 for none
}

// NewPeerBot prepares a bot's seat; Run joins the match and plays it.
func NewPeerBot(cfg PeerBotConfig) (*PeerBot, error) {
	if cfg.Peer.Game == nil {
		return nil, errors.New("peer bot: no way to find the game")
	}
	if cfg.Bots == nil {
		cfg.Bots = bots.New
	}
	b := &PeerBot{cfg: cfg, wake: make(chan struct{}, 1), acted: -1}
	pc := cfg.Peer
	notify := pc.Notify
	pc.Notify = func(n Notice) {
		if notify != nil {
			notify(n)
		}
		select {
		case b.wake <- struct{}{}:
		default: // a wake is pending: the bot reads the newest state
		}
	}
	b.peer = NewPeer(pc)
	return b, nil
}

// Peer is the seat's session.
func (b *PeerBot) Peer() *Peer { return b.peer }

// Run joins the match and plays the seat until the match is over (nil;
// the link would stay for a next match, which the bot does not play), the
// link ends for good (the Peer's Run error), ctx ends, or the bot cannot
// play (the game is unknown: the Peer's Run error).
func (b *PeerBot) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- b.peer.Run(ctx) }()
	end := func(err error) error {
		cancel()
		<-done
		return err
	}
	for {
		select {
		case err := <-done:
			cancel()
			return err
		case <-b.wake:
			if err := b.step(); err != nil {
				return end(err)
			}
			if b.peer.Snapshot().Done {
				return end(nil)
			}
		}
	}
}

// step plays when the table waits on the seat.
func (b *PeerBot) step() error {
	p := b.peer
	if !p.Started() {
		return nil
	}
	if b.bot == nil {
		// The bot is made, and the start told, as the match starts: a
		// deal can end before the seat's first turn (Eat Pairs' dealer
		// laying down every card).
		e, ok := p.Game()
		if !ok {
			return nil // an update before the welcome is never shown
		}
		bot, err := b.cfg.Bots(b.cfg.Level, e, BotSeed())
		if err != nil {
			return err
		}
		b.entry, b.bot, b.rng = e, bot, games.NewRand(BotSeed())
		if b.cfg.Started != nil {
			b.cfg.Started(e)
		}
	}
	snap, seat := p.Snapshot(), p.Seat()
	if snap.Done || len(snap.Legal) == 0 || snap.Step == b.acted || !slices.Contains(snap.Actors, seat) {
		return nil
	}
	rec := p.Record()
	cfg := games.Config{Players: rec.Players, Options: rec.Options}
	mv, err := choose(b.entry, b.bot, cfg, seat, snap.View, snap.Legal, snap.Deadline, b.rng)
	if errors.Is(err, bots.ErrWait) {
		return nil // it lets the timed window run
	}
	if err != nil {
		return err
	}
	sent, err := p.intentAt(snap.Step, mv.Text)
	if !sent && err == nil {
		return nil // the table moved on while the bot thought: the next update asks again
	}
	if err != nil {
		// Not sent (the link is down): the update after the rejoin asks
		// again.
		if b.cfg.Refused != nil {
			b.cfg.Refused(mv, err)
		}
		return nil
	}
	b.acted = snap.Step
	return nil
}

// choose is the bot's move for seat from what the host sent: the seat's
// view (the Peer read it with the game's decoder), its legal moves and the
// open window. It answers the move as the host offered it. The host's
// input is outside input: a view no table shows ends in an error, not a
// crash.
func choose(e games.Entry, b bots.Bot, cfg games.Config, seat games.Seat, view games.View, legal []Move, deadline time.Duration, rng *rand.Rand) (mv Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the bot could not read the host's view: %v", r)
		}
	}()
	t, offered, err := peerTurn(e, cfg, seat, view, legal, deadline, rng)
	if err != nil {
		return Move{}, err
	}
	a, err := b.Choose(t)
	if err != nil {
		return Move{}, err
	}
	i := slices.Index(t.Legal, a)
	if i < 0 {
		return Move{}, errors.New("the bot chose a move the host did not offer")
	}
	return offered[i], nil
}

// peerTurn is the seat's Turn from what the host sent, and the offered
// move of each of its legal actions (offered[i] is Legal[i]'s).
//
// The moves' notation is read by a state of the same rules dealt from the
// view where it can be, so that every action reads as the host's state
// reads it (Papas writes an interrupt of the open window without the
// window's number); a fresh state of the rules reads it otherwise.
func peerTurn(e games.Entry, cfg games.Config, seat games.Seat, view games.View, legal []Move, deadline time.Duration, rng *rand.Rand) (*bots.Turn, []Move, error) {
	if view == nil || view.Viewer() != seat {
		return nil, nil, errors.New("the host's view: none of this seat")
	}
	t := bots.NewTurn(e, cfg, seat, view, nil, deadline)
	var parser games.State
	if sm, err := t.Sampler(); err == nil {
		parser = sm.Sample(rng)
	}
	if parser == nil {
		fresh := cfg
		fresh.Seed, fresh.Deals = 1, nil
		var err error
		if parser, err = e.Game.New(fresh); err != nil {
			return nil, nil, err
		}
	}
	for _, m := range legal {
		a, err := parser.ParseAction(m.Text)
		if err != nil {
			return nil, nil, fmt.Errorf("the host offered %q: %w", m.Text, err)
		}
		if slices.Contains(t.Legal, a) {
			return nil, nil, fmt.Errorf("the host offered %q twice", m.Text)
		}
		t.Legal = append(t.Legal, a)
	}
	return t, legal, nil
}
