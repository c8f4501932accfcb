// Package papas is DondeLasPapasQueman, the potato game of RULES.md B7: two to
// six players collect golden potatoes (GP) by playing threesomes and
// golden-action cards, while everyone else may cancel a play during a timed
// reaction window with No Poh and Te Dije Que No Poh. The first player to end
// a turn with the target number of GP wins: 8 with 2-3 players, 6 with 4-5, 5
// with 6.
//
// # Cards
//
//	papa1 … papa5            papa, 6 of each value (30)
//	duquesas1 … duquesas5    papas duquesas, 5 of each value (25)
//	fritas1 … fritas5        papas fritas, 4 of each value (20)
//	wild                     wildcard, value 0 (15)
//	nopoh                    No Poh, interrupt (10)
//	tedije                   Te Dije Que No Poh, interrupt (3)
//	dorada                   Papa Dorada: take 1 GP from the pile; alarm (6)
//	robo                     Robo de Papa: steal 1 GP from a target; alarm (4)
//
// The deck has 113 cards; deck=LEGACY_103 leaves out dorada and robo.
//
// # Turn
//
// A turn that starts with no cards draws three and ends at once (no window,
// no end-of-turn draw); the engine does it by itself. With one card the
// player may `redraw`. Otherwise the player makes main plays, each followed by
// a reaction window, and then says `end`: draw one card, discard down to the
// hand limit, win check, next player. A Papa Dorada or Robo that resolves ends
// the turn at once (with the end-of-turn draw); a cancelled one does not.
//
// # Reaction window
//
// After every main play a window opens: Deadline returns reactionSeconds.
// Every seat but the one who played the card on top may interrupt: No Poh
// against a single non-interrupt play or a No Poh, Te Dije against anything.
// Several seats are actors at once; the first interrupt applied wins and
// opens a new full window with that interrupt on top. An interrupt meant for
// a window that was already answered is refused (its card stays in hand):
// an interrupt action carries the number of the window it answers. The
// engine never reads a clock: when the deadline passes the session applies
// `timeout` as games.System, and the play resolves iff the number of
// interrupts in the chain is even. All chain cards go to the discard pile.
// Actors in a window are the seats able to react, so a session must not show
// them to the players: the window always runs its full length. They are the
// one thing the engine answers that depends on hidden cards; a seat may
// learn only whether it may react itself.
//
// # Zombie seats
//
// The system marks a disconnected seat with `zombie 2 on` and clears it with
// `zombie 2 off`. The engine then plays that seat by itself: a turn with one
// card redraws; a turn with a legal single play makes one, chosen at random
// from the seeded generator (the window still opens for the others), and the
// turn ends after it; otherwise the turn ends. A zombie discards at random
// and never reacts. Marking the active player takes effect at once.
// Legal(games.System) lists `timeout` while a window is open and, for every
// seat, the zombie switch that changes it.
//
// # Actions
//
//	play papa3                 a single potato or wildcard (no effect), or play dorada
//	play robo 2                Robo de Papa against seat 2 (a seat with at least 1 GP)
//	three papa3 papa1 wild     a threesome (printed in card order: papa1 papa3 wild)
//	interrupt nopoh            interrupt the open window (also interrupt tedije)
//	interrupt nopoh @7         the same, naming window 7: refused once window 7
//	                           was answered. The short form names the open
//	                           window; FormatAction prints it for an action of
//	                           the open window and the long form otherwise.
//	redraw                     turn start with one card: discard it, draw 3, the turn ends
//	end                        end the turn (after at least one play, or with no legal play)
//	discard papa3              discard down to the hand limit after the end-of-turn draw
//	timeout                    system: the reaction window's deadline passed
//	zombie 2 on                system: seat 2 is disconnected (zombie 2 off: it is back)
//
// Threesomes: three potatoes of one name, or one or two wildcards with
// potatoes of one name (type: papa 1 GP, duquesas 2, fritas 3); or three
// potatoes of one value with at least two names (value: 1 GP). Three of one
// name and one value count as type.
//
// # Options
//
//	deck             STANDARD_113|LEGACY_103  with or without dorada and robo
//	reactionSeconds  1|2|3|4|5|6|8|10 (3)     length of a reaction window
//	handLimit        5-10 (7)                 hand size after the end-of-turn discard
//	startHand        3-7 (5)                  cards dealt to each player (at most handLimit)
//	turnLimit        none|10|20|…|300         after that many turns the most GP wins, ties share
//
// # Deals
//
// A record's `deals` holds at most one deal: `hands` (one list of startHand
// cards per seat), `stock` (the rest of the deck, top card first; optional:
// when left out the rest is shuffled from the seed) and `first` (the first
// player; optional, random from the seed). Every card must belong to the
// chosen deck, no more copies than it holds.
//
// # View
//
// View(seat) encodes as JSON with these fields:
//
//	seat        the viewer: 0-5, -2 observer, -3 god
//	players     number of seats
//	phase       main (the active player plays or ends), window (a reaction
//	            window is open), discard (the active player discards down to
//	            the hand limit) or done
//	active      the seat whose turn it is
//	turn        1-based number of the current turn (turns so far when done)
//	turnLimit   0 when there is none
//	target      GP needed to win
//	handLimit   the hand limit
//	played      the active player has played a card this turn
//	hand        the viewer's cards in card order (absent when empty, and for
//	            observer and god)
//	hands       god only: every hand in card order
//	handCounts  cards in each hand
//	gp          golden potatoes of each seat (the score)
//	zombie      which seats are played by the engine
//	deck        cards left in the deck
//	discard     the discard pile, bottom to top (face up)
//	reshuffles  how many times the discard pile became the deck
//	reshuffled  after a reshuffle: the pile the deck was last shuffled from,
//	            in card order (everyone saw it); absent before
//	drawn       a seat's own view after a reshuffle: the cards it drew since
//	            then, in card order (absent when none). The deck holds only
//	            cards of reshuffled less drawn.
//	holds       what ending a turn without a main play showed: a list of
//	            {"seat", "atLeast", "of"}: at least atLeast of the seat's cards
//	            are of the kinds of (nopoh and tedije, and robo when no
//	            opponent had a golden potato then, so that Robo had no
//	            target). It is set to the hand's size when the seat ends a
//	            turn without a play and falls by one whenever the seat plays
//	            or discards a card of those kinds; absent when nobody has one
//	windows     how many reaction windows the match has opened (the open one
//	            is number windows)
//	window      the open window or null: {"id": its number, "seconds",
//	            "chain": the plays in it, the main play first}
//	last        the last chain that resolved or was cancelled, or null:
//	            {"chain", "resolved": whether the main play took effect}
//	            A chain entry is {"seat", "act": the action text, "cards",
//	            "target": Robo's target or -1}.
//	done        the match is over
//	winners     the winners once done (empty before)
//
// # Descriptions
//
// Describe (games.State) tells an action as a seat may know it. Kinds,
// one per verb: play, three, interrupt, redraw, end, discard, timeout (Seat
// is games.System), zombie (System; Targets the seat, Choice "on" or "off").
//
//	play       Cards the card; Targets the target seat of a Robo de Papa
//	three      Cards the three cards in card order; Choice "type" (one name,
//	           wildcards completing it) or "value" (one value)
//	interrupt  Cards the interrupt; Targets the seat whose card it answers
//	redraw     Cards the card discarded, for its owner and god only: nobody
//	           else knows it before it is discarded (it then lies face up on
//	           the discard pile); Hidden the cards drawn
//	end        Hidden the card drawn at the end of the turn (0 when deck and
//	           pile are empty)
//	discard    Cards the card discarded
//	timeout    Cards the window's main play, Targets its Robo target; Choice
//	           "resolved" or "cancelled"; Hidden the card the active player
//	           draws when the turn ends with it (a resolved Papa Dorada or
//	           Robo, or a disconnected active player)
//
// Cards played or discarded are face up and named to everyone; a card drawn
// from the deck is never named, only counted in Hidden, even to its drawer
// and to god: nobody knows it before it is drawn, and the drawer's next view
// shows it. No choice in Papas is secret.
//
// Outcomes: "window" (a play or an interrupt opens a reaction window);
// "resolved" (Winners: the seat whose play took effect) or "cancelled"
// (Winners: the seat whose interrupt had the last word) for a timeout;
// "turn" (the turn passes); "discard" (the player is over the hand limit
// and discards before the turn ends); "match" (the match ends; Winners: the
// winners), which comes before the others (a timeout that ends the match
// still says resolved or cancelled in Choice). An outcome is told only as
// far as the table can tell it before the action: the turns that play
// themselves are followed (a seat with no cards draws three, a
// disconnected seat with one card redraws), never what a disconnected seat
// then chooses to play. A zombie switch tells no outcome. The reshuffle of
// the discard pile into the deck shows in the view (reshuffles,
// reshuffled).
//
// # Samples
//
// NewSampler (games.ViewSampler) rebuilds whole states from a seat's view
// (or a spectator's): everything shown stays, and the other hands and the
// deck are dealt uniformly among the deals of the unseen cards, each copy a
// card of its own (two papa1 and a papa2 give a hand of one papa1 two times
// in three), that fit the view's holds bounds and keep a reshuffled deck
// within reshuffled less the seat's drawn. The deals are counted exactly
// (Nopoh, Te Dije and Robo by count per hand, the other kinds only by how
// many of each the deck holds), so Sample costs a couple of microseconds.
// The deck's order is a uniform shuffle; later reshuffles and the choices of
// disconnected seats come from the sample's own generator.
//
// Rulings where the rules are silent (what a seat knows):
//   - A seat knows the pile the deck was reshuffled from, and which of its
//     cards it drew itself; it does not track which other seat drew which of
//     the rest, nor which of the cards a seat plays came from the reshuffled
//     deck: the samples keep the deck within the pile, and any other hand may
//     hold the pile's other cards.
//   - A seat that ends a turn without a main play shows that its hand holds
//     only interrupts (and a Robo without a target); a later such turn of the
//     same seat replaces the earlier bound.
//   - Who may answer a window is not public: the samples do not keep the
//     actors of an open window other than the seat itself.
//
// Result: a seat's score is its golden potatoes; the winner is the seat that
// reached the target, or with a turn limit every seat with the most GP.
// Game implements games.Advisor (Advise), the heuristic player of the easy and
// normal bots.
package papas
