package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// routes registers the pages. Both builds call it: the browser to route, the
// server to pre-render the page it sends. Pages take the game from the query
// (/new?game=king), never from the path, so the one cached app shell serves
// every page offline.
func routes() {
	app.Route("/", func() app.Composer { return &homePage{} })
	app.Route("/new", func() app.Composer { return &newGamePage{} })
	app.Route("/play", func() app.Composer { return &tablePage{} })
	app.Route(learnPath, func() app.Composer { return &tablePage{} })
	app.Route("/result", func() app.Composer { return &resultPage{} })
	app.Route("/rules", func() app.Composer { return &rulesPage{} })
	app.Route("/settings", func() app.Composer { return &settingsPage{} })
	app.Route(replayPath, func() app.Composer { return &replayPage{} })
	app.Route(statisticsPath, func() app.Composer { return &statisticsPage{} })
}
