// Package ui is what every game's table shares: the model a game's View is
// laid out into (View, Input, Model) and the helpers that lay it out (seats'
// badges, tricks, card names); the words every action is told in (Words,
// from the engine's description of it, never its notation, with a game's own
// phrases where it has them); the words of options (OptionWords); and the
// generic table that draws a game without a table of its own (Generic).
//
// A game's own table, words and options live in its package ui/<id>; the
// pages in app draw any of them through this package's types.
package ui
