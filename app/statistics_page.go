package main

import (
	"errors"
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/components"
	"cardtable/games/catalog"
	"cardtable/msg"
	"cardtable/stats"
	"cardtable/ui"
)

// statisticsPath is the statistics page's address.
const statisticsPath = "/stats"

// statisticsPage shows the player's statistics: per game, in the
// catalogue's order, its figures split by options and solo or rooms, and
// its results over time; the last matches, newest first, each with its
// result in words, its replay and its round-by-round chart; and Export,
// Import and Reset. Damaged statistics are said in a sentence and kept as
// they are until the player resets them.
type statisticsPage struct {
	app.Compo
	speaker
	settings Settings
	ready    bool
	store    stats.Store
	data     []byte             // the stored text, as found
	bad      *stats.DecodeError // why the stored text cannot be read, nil when it can
	aside    []byte             // damaged statistics set aside earlier, nil for none
	note     string             // what the last import or reset did
	noteErr  bool               // the note says something went wrong
	asking   bool               // Reset is being confirmed
	dropping bool               // discarding the statistics set aside is being confirmed
	// who is whose figures are shown: "" the phone's owner ("You"), else a
	// person who played on this phone (stats.PersonKey).
	who string
}

func (p *statisticsPage) OnMount(ctx app.Context) {
	p.settings = loadSettings(ctx)
	p.load(ctx)
}

// load reads the stored statistics.
func (p *statisticsPage) load(ctx app.Context) {
	p.store, p.data, p.bad, p.aside = stats.Store{}, nil, nil, nil
	if !app.IsClient {
		return // the server has no storage: the page renders empty until the app runs
	}
	st := readStatistics(localStore{})
	p.store, p.data, p.aside = st.Store, st.Text, st.Aside
	if st.Err != nil {
		var bad *stats.DecodeError
		if !errors.As(st.Err, &bad) {
			bad = &stats.DecodeError{Kind: stats.Damaged, Detail: st.Err.Error()}
		}
		p.bad = bad
	}
	p.ready = true
}

func (p *statisticsPage) Render() app.UI {
	w := statsWords{p: p.P()}
	body := []app.UI{}
	if p.bad != nil {
		body = append(body, p.damaged())
	}
	if p.aside != nil {
		body = append(body, p.setAside())
	}
	people := p.store.People()
	if !slices.ContainsFunc(people, func(s stats.Someone) bool { return s.Key == p.who }) {
		p.who = "" // that person's matches are gone (reset or replaced)
	}
	shown := p.store.Of(p.who)
	if len(people) > 0 {
		body = append(body, p.chooser(w, people))
	}
	played := shown.Games()
	games := []app.UI{}
	var unplayed []string
	for _, g := range catalog.All() {
		info := g.Game.Info()
		if !slices.Contains(played, info.ID) {
			unplayed = append(unplayed, gameTitle(p.P(), info))
			continue
		}
		games = append(games, p.game(w, shown, info.ID, gameTitle(p.P(), info)))
	}
	if len(played) == 0 {
		games = append(games, app.P().ID("stats-none").Text(p.P().T("No matches yet. Finish a game and its result is counted here.")))
	}
	if len(unplayed) > 0 && len(played) > 0 {
		games = append(games, app.P().Class("stats__unplayed").ID("stats-unplayed").
			Text(p.P().T("Not played yet: %s.", ui.AndList(p.P(), unplayed))))
	}
	body = append(body,
		app.Section().Class("stats__games").ID("stats-games").Aria("label", p.P().T("Figures by game")).Body(games...),
		p.history(w, shown),
		p.actions(),
	)
	return page(p.settings, p.P().T("Statistics"),
		app.Div().ID("stats").Class("stats").DataSet("ready", p.ready).DataSet("played", len(p.store.Tallies)).
			DataSet("who", p.who).Body(body...))
}

// chooser lets the player choose whose figures to see: their own ("You")
// or those of a person who played on this phone, by name.
func (p *statisticsPage) chooser(w statsWords, people []stats.Someone) app.UI {
	button := func(i int, key, name string) app.UI {
		class := "btn btn--secondary"
		if key == p.who {
			class = "btn btn--primary"
		}
		return app.Button().Class(class).ID("stats-who-"+strconv.Itoa(i)).DataSet("who", key).
			Aria("pressed", key == p.who).Text(name).
			OnClick(func(ctx app.Context, e app.Event) { p.who = key })
	}
	buttons := []app.UI{button(0, "", p.P().T("You"))}
	for i, s := range people {
		buttons = append(buttons, button(i+1, s.Key, w.person(s.Name, s.Seat)))
	}
	return app.Section().Class("stats__section stats__who").ID("stats-who").Aria("labelledby", "stats-who-title").Body(
		app.H2().ID("stats-who-title").Text(p.P().T("Whose statistics")),
		app.P().Class("stats__note").Text(p.P().T("Everyone who played on this phone has their own figures.")),
		app.Div().Class("stats__who-list").Attr("role", "group").Aria("labelledby", "stats-who-title").Body(buttons...),
	)
}

// damaged says why the stored statistics cannot be read, and offers to keep
// them as a file.
func (p *statisticsPage) damaged() app.UI {
	why := p.P().T("Your statistics are damaged, so they can't be read. They are kept as they are: save them as a file, or reset them to start again.")
	if p.bad.Kind == stats.Newer {
		why = p.P().T("Your statistics were saved by a newer version of cardtable. Reload to update the app; they are kept as they are.")
	}
	return app.Section().Class("damaged-save").ID("stats-damaged").Body(
		app.P().Attr("role", "alert").Body(app.Strong().Text(why)),
		app.If(len(p.data) > 0, func() app.UI { return keepAsFile(p.P(), "stats-save-damaged", p.data) }),
	)
}

// setAside offers the damaged statistics that were set aside when a match
// was counted over them: as a file, or discarded (asked first).
func (p *statisticsPage) setAside() app.UI {
	return app.Section().Class("damaged-save").ID("stats-aside").Body(
		app.P().Attr("role", "status").Text(p.P().T("Damaged statistics were found and set aside, and counting started again. Save them as a file to keep them.")),
		app.Div().Class("actions").Body(
			keepAsFile(p.P(), "stats-save-aside", p.aside),
			app.Button().Class("btn btn--ghost").ID("stats-discard-aside").Text(p.P().T("Discard them")).
				OnClick(func(ctx app.Context, e app.Event) { p.dropping = true }),
		),
		app.If(p.dropping, func() app.UI {
			return askFirst(p.P(), "stats-discard", p.P().T("Discard the damaged statistics? They can't be brought back."), p.P().T("Discard it"),
				func(ctx app.Context, e app.Event) {
					discardAsideStatistics(localStore{})
					p.dropping = false
					p.load(ctx)
				},
				func(ctx app.Context, e app.Event) { p.dropping = false })
		}),
	)
}

// keepAsFile is a button that downloads damaged statistics as they are.
func keepAsFile(pr *msg.Catalogue, id string, data []byte) app.UI {
	return app.A().Class("btn").ID(id).Href(fileLink(data)).
		Attr("download", "cardtable-statistics-damaged.json").Text(pr.T("Save as file"))
}

// askFirst asks before something that cannot be undone: the question, yes
// and "Keep them" (ids id-confirm, id-yes and id-no).
func askFirst(pr *msg.Catalogue, id, question, yes string, onYes, onNo app.EventHandler) app.UI {
	return app.Div().Class("confirm confirm--overlay").ID(id+"-confirm").Attr("role", "alertdialog").
		Aria("labelledby", id+"-question").Body(
		app.P().ID(id+"-question").Body(app.Strong().Text(question)),
		app.Div().Class("actions").Body(
			app.Button().Class("btn").ID(id+"-yes").Text(yes).OnClick(onYes),
			app.Button().Class("btn btn--ghost").ID(id+"-no").Text(pr.T("Keep them")).OnClick(onNo),
		),
	)
}

// game is one game's figures: overall, then line by line when there is
// more than one, and its results over time.
func (p *statisticsPage) game(w statsWords, s stats.Store, id, title string) app.UI {
	lines := s.Lines(id)
	all := s.Overall(id)
	parts := []app.UI{app.H2().Class("stats__title").Text(title)}
	if len(lines) == 1 && (lines[0].Room || lines[0].Variant != "") {
		// One line: its name says what the figures are of.
		parts = append(parts, app.P().Class("stats__only").Text(w.line(lines[0].Key)))
	}
	parts = append(parts, p.figures(w, id, all, "stats-"+id))
	if len(lines) > 1 {
		for _, l := range lines {
			parts = append(parts,
				app.H3().Class("stats__line").Text(w.line(l.Key)),
				p.figures(w, id, l.Figures, ""),
			)
		}
	}
	parts = append(parts, p.overTime(w, s, id, title))
	return app.Section().Class("stats__game").ID("stats-game-"+id).DataSet("game", id).Body(parts...)
}

// figures is one set of figures as a definition list: a grid of small
// boxes that wraps to the screen's width.
func (p *statisticsPage) figures(w statsWords, game string, f stats.Figures, id string) app.UI {
	items := []app.UI{}
	add := func(key, label, value string) {
		items = append(items, app.Div().Class("stats__fig").DataSet("fig", key).Body(
			app.Dt().Text(label), app.Dd().Text(value)))
	}
	add("played", p.P().T("Played"), whole(f.Played))
	add("won", p.P().T("Won"), whole(f.Won))
	add("lost", p.P().T("Lost"), whole(f.Lost))
	if f.Drawn > 0 {
		add("drawn", p.P().T("Drawn"), whole(f.Drawn))
	}
	if f.Abandoned > 0 {
		add("abandoned", p.P().T("Given up"), whole(f.Abandoned))
	}
	add("rate", p.P().T("Win rate"), w.percent(f.WinRate()))
	add("streak", p.P().T("Wins in a row"), whole(f.Streak))
	add("best-streak", p.P().T("Best run of wins"), whole(f.BestStreak))
	if f.Scored > 0 {
		add("best-score", p.P().T("Best score"), whole(f.BestScore))
		add("avg-score", p.P().T("Average score"), strconv.FormatFloat(f.AvgScore, 'f', 1, 64))
	}
	for _, fig := range gameUI(game).FiguresOf(p.P(), f) {
		add(fig.Key, fig.Label, fig.Value) // the game's own (Klondike's best time and fewest moves)
	}
	dl := app.Dl().Class("stats__figs").Body(items...)
	if id != "" {
		dl = dl.ID(id)
	}
	return dl
}

// overTime is a game's running win rate, match by match, as a chart.
func (p *statisticsPage) overTime(w statsWords, s stats.Store, id, title string) app.UI {
	pts := s.Series(id)
	rates := make([]float64, len(pts))
	labels := make([]string, len(pts))
	for i, pt := range pts {
		rates[i] = pt.WinRate * 100
		labels[i] = w.day(pt.Ended)
	}
	if len(pts) > 0 && labels[0] == labels[len(labels)-1] {
		labels = nil // all on one day: the matches are numbered
	}
	summary := ""
	if n := len(pts); n > 0 {
		summary = p.P().N(n, "%[2]s: win rate after %[1]d match, %[3]s.", "%[2]s: win rate match by match over %[1]d matches, now %[3]s.", title, w.percent(pts[n-1].WinRate))
	}
	return app.Details().Class("stats__chart").Body(
		app.Summary().Text(p.P().T("Results over time")),
		components.ResultsChart{Summary: summary, Labels: labels, Rates: rates}.Render(p.P()),
	)
}

// history lists the last matches, newest first.
func (p *statisticsPage) history(w statsWords, s stats.Store) app.UI {
	items := []app.UI{}
	for _, m := range s.Matches {
		title := m.Game
		if g, ok := lookupGame(m.Game); ok {
			title = gameTitle(p.P(), g.Game.Info())
		}
		items = append(items, app.Li().Class("stats__match").DataSet("match", m.ID).DataSet("outcome", string(m.Outcome)).Body(
			app.Details().Body(
				app.Summary().Body(
					app.Span().Class("stats__match-game").Text(title),
					app.Text(" "),
					app.Span().Class("stats__match-date").Text(w.date(m.Ended)),
					app.Text(" "),
					app.Span().Class("stats__match-result").Text(w.result(m)),
				),
				app.If(len(m.People) > 0, func() app.UI {
					return app.P().Class("stats__people").Text(p.P().T("On this phone: %s.", w.people(m.People)))
				}),
				app.If(len(m.Seats) > 0, func() app.UI {
					return app.P().Class("stats__seats").Text(p.P().T("Seats: %s.", w.seats(m)))
				}),
				app.If(len(m.Rounds) > 0, func() app.UI { return p.rounds(w, m) }),
				app.If(m.Replay != "", func() app.UI {
					return app.A().Class("btn btn--small").Href(replayPath + "#" + m.Replay).Text(p.P().T("Watch the replay"))
				}),
			),
		))
	}
	var list app.UI = app.P().Text(p.P().T("No matches yet."))
	if len(items) > 0 {
		list = app.Ol().Class("stats__history").ID("stats-history-list").Body(items...)
	}
	return app.Section().Class("stats__section").ID("stats-history").Aria("labelledby", "stats-history-title").Body(
		app.H2().ID("stats-history-title").Text(p.P().T("History")),
		app.P().Class("stats__note").Text(p.P().T("The last %d matches, newest first.", stats.MaxMatches)),
		list,
	)
}

// rounds is one match's round-by-round chart.
func (p *statisticsPage) rounds(w statsWords, m stats.Match) app.UI {
	n := len(m.Seats)
	for _, r := range m.Rounds {
		n = max(n, len(r))
	}
	return roundsChart(w, w.names(m, n), m.Rounds)
}

// roundsChart draws a match's running score per seat, round by round.
func roundsChart(w statsWords, names []string, rounds [][]int) app.UI {
	summary, values := w.chartSeries(names, rounds)
	series := make([]components.Series, len(names))
	for i, nm := range names {
		series[i] = components.Series{Name: nm, Values: values[i]}
	}
	return components.LineChart{Summary: summary, Series: series, Empty: w.p.T("No rounds to show.")}.Render(w.p)
}

// actions are Export, Import and Reset.
func (p *statisticsPage) actions() app.UI {
	var export app.UI = app.Span()
	if data, err := stats.Encode(p.store); err == nil && p.bad == nil {
		export = app.A().Class("btn").ID("stats-export").Href(fileLink(data)).
			Attr("download", "cardtable-statistics.json").Text(p.P().T("Export"))
	}
	return app.Section().Class("stats__section stats__actions").ID("stats-actions").Aria("labelledby", "stats-actions-title").Body(
		app.H2().ID("stats-actions-title").Text(p.P().T("Keep your statistics")),
		app.P().Class("stats__note").Text(p.P().T("Export saves everything as one file; Import adds the matches of such a file, from this device or another, counting each match once.")),
		app.Div().Class("actions").Body(
			export,
			app.Label().Class("btn").ID("stats-import-label").Body(
				app.Text(p.P().T("Import")),
				app.Input().Type("file").ID("stats-import").Accept(".json,application/json").Class("sr-only").OnChange(p.importFile),
			),
			app.Button().Class("btn btn--ghost").ID("stats-reset").Text(p.P().T("Reset statistics")).
				OnClick(func(ctx app.Context, e app.Event) { p.asking, p.note = true, "" }),
		),
		app.If(p.note != "", func() app.UI {
			role := "status"
			if p.noteErr {
				role = "alert"
			}
			return app.P().ID("stats-note").Attr("role", role).Text(p.note)
		}),
		app.If(p.asking, p.confirmReset),
	)
}

// confirmReset asks before the statistics are deleted.
func (p *statisticsPage) confirmReset() app.UI {
	return askFirst(p.P(), "stats-reset",
		p.P().N(len(p.store.Tallies), "Reset your statistics? The %d match counted is forgotten for good. Export them first to keep a copy.", "Reset your statistics? The %d matches counted are forgotten for good. Export them first to keep a copy."),
		p.P().T("Reset"), p.reset, func(ctx app.Context, e app.Event) { p.asking = false })
}

// reset forgets every match.
func (p *statisticsPage) reset(ctx app.Context, e app.Event) {
	p.asking = false
	resetStatistics(localStore{})
	p.load(ctx)
	p.note, p.noteErr = p.P().T("Your statistics are reset."), false
}

// maxImport is the largest file Import reads: far more than 200 matches in
// detail and tens of thousands of tallies.
const maxImport = 16 << 20

// importFile merges the statistics of the file the player picked.
func (p *statisticsPage) importFile(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if f.Get("size").Int() > maxImport {
		p.note, p.noteErr = p.P().T("The file is too large to be statistics."), true
		return
	}
	input := ctx.JSSrc()
	var then, fail app.Func
	done := func() {
		then.Release()
		fail.Release()
		input.Set("value", "") // the same file may be picked again
	}
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		data := []byte(args[0].String())
		ctx.Dispatch(func(ctx app.Context) { p.merge(ctx, data) })
		done()
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { p.note, p.noteErr = p.P().T("The file could not be read."), true })
		done()
		return nil
	})
	f.Call("text").Call("then", then).Call("catch", fail)
}

// merge adds the matches of an imported file and says how many were new.
func (p *statisticsPage) merge(ctx app.Context, data []byte) {
	added, err := importStatistics(localStore{}, data)
	var bad *stats.DecodeError
	switch {
	case errors.As(err, &bad):
		p.note, p.noteErr = importError(p.P(), err), true
		return
	case errors.Is(err, errNewerStatistics):
		p.note, p.noteErr = p.P().T("Your statistics were saved by a newer version of cardtable. Reload to update the app; they are kept as they are."), true
		return
	case err != nil && p.bad != nil:
		// Damaged statistics are already set aside: these are not put
		// aside over them.
		p.note, p.noteErr = p.P().T("Your statistics are damaged: save them as a file or discard them before importing."), true
		return
	case err != nil:
		p.note, p.noteErr = p.P().T("The statistics could not be saved."), true
		return
	}
	p.load(ctx)
	p.note, p.noteErr = p.P().N(added, "%d match added.", "%d matches added."), false
}

// importError says why a file is not statistics this app can read.
func importError(pr *msg.Catalogue, err error) string {
	var bad *stats.DecodeError
	if errors.As(err, &bad) && bad.Kind == stats.Newer {
		return pr.T("This file was exported by a newer version of cardtable. Reload to update the app, then import it again.")
	}
	return pr.T("This file is not cardtable statistics, or it is damaged: nothing was imported.")
}
