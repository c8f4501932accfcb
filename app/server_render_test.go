//go:build !(js && wasm)

package main

import (
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cardtable/msg"
)

// TestServeRendersLanguagesAtOnce: pages in English, Russian and Vietnamese
// rendered concurrently, many times over, each come out wholly in their
// reader's language: the same page as rendered alone, with the words of the
// page's own component and of the components inside it (the top bar) in
// that language and none in another's. Run with -race too.
func TestServeRendersLanguagesAtOnce(t *testing.T) {
	s, err := newServer(testWeb(t, fakeWasm))
	require.NoError(t, err)
	langs := []string{msg.English, "ru", "vi"}
	// Each page with words its own component says and one the top bar says.
	pages := map[string][]string{
		"/":                  {"New game", "cardtable home"},
		"/settings":          {"Card size", "Bot speed", "cardtable home"},
		"/rules?game=king":   {"Home", "cardtable home"},
		"/new?game=mindikot": {"Play with friends", "Players", "cardtable home"},
	}
	for _, keys := range pages {
		for _, k := range keys {
			for _, tag := range langs[1:] {
				require.NotEqual(t, k, msg.For(tag).T(k), "%s says %q in words of its own", tag, k)
			}
		}
	}
	render := func(path, tag string) string {
		return sameOrder(string(body(t, get(t, s, path, "Cookie", langCookie+"="+tag))))
	}
	// Each page rendered alone, in each language, is in that language.
	alone := map[string]string{}
	for path, keys := range pages {
		for _, tag := range langs {
			page := render(path, tag)
			alone[path+" "+tag] = page
			assert.Contains(t, page, fmt.Sprintf(`lang="%s"`, tag), path)
			for _, k := range keys {
				for _, other := range langs {
					said := html.EscapeString(msg.For(other).T(k))
					if other == tag {
						assert.Contains(t, page, said, "%s in %s", path, tag)
					} else {
						assert.NotContains(t, page, said, "%s in %s has %s words", path, tag, other)
					}
				}
			}
		}
	}
	// The same pages, rendered at once from many requests.
	const workers, rounds = 8, 3
	var wg sync.WaitGroup
	var mu sync.Mutex
	var wrong []string
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				for path := range pages {
					tag := langs[(w+r)%len(langs)]
					if page := render(path, tag); page != alone[path+" "+tag] {
						mu.Lock()
						wrong = append(wrong, path+" in "+tag)
						mu.Unlock()
					}
				}
			}
		}()
	}
	wg.Wait()
	assert.Empty(t, wrong, "pages that came out otherwise than alone: %s", strings.Join(wrong, ", "))
}

var (
	startTag = regexp.MustCompile(`<[a-zA-Z][^<>]*>`)
	attr     = regexp.MustCompile(`\s+[^\s=<>/]+(="[^"]*")?`)
)

// sameOrder is a page with each tag's attributes sorted: go-app writes them
// in a map's order, so two renders of one page differ in that only.
func sameOrder(page string) string {
	return startTag.ReplaceAllStringFunc(page, func(tag string) string {
		name := tag[:strings.IndexAny(tag[1:]+" ", " \t\n>/")+1]
		attrs := attr.FindAllString(tag[len(name):], -1)
		for i, a := range attrs {
			attrs[i] = strings.TrimSpace(a)
		}
		slices.Sort(attrs)
		return name + " " + strings.Join(attrs, " ") + ">"
	})
}
