package main

import (
	"cardtable/games"
	"cardtable/msg"
)

// gameTitle is a game's name in the player's language.
func gameTitle(p *msg.Catalogue, info games.Info) string { return gameUI(info.ID).TitleOf(p, info) }

// gamePitch is a game's one-sentence pitch in the player's language.
func gamePitch(p *msg.Catalogue, info games.Info) string { return gameUI(info.ID).PitchOf(p, info) }
