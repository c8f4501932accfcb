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
// them to the players: the window always runs its full length.
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
//	window      the open window or null: {"id": its number, "seconds",
//	            "chain": the plays in it, the main play first}
//	last        the last chain that resolved or was cancelled, or null:
//	            {"chain", "resolved": whether the main play took effect}
//	            A chain entry is {"seat", "act": the action text, "cards",
//	            "target": Robo's target or -1}.
//	done        the match is over
//	winners     the winners once done (empty before)
//
// Result: a seat's score is its golden potatoes; the winner is the seat that
// reached the target, or with a turn limit every seat with the most GP.
// Game implements games.Advisor (Advise), the heuristic player of the easy and
// normal bots.
package papas
