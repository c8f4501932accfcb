package main

import (
	"cardtable/games"
)

// gameTitle is a game's name in the player's language.
func gameTitle(info games.Info) string { return gameUI(info.ID).TitleOf(info) }

// gamePitch is a game's one-sentence pitch in the player's language.
func gamePitch(info games.Info) string { return gameUI(info.ID).PitchOf(info) }
