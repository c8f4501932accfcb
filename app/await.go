package main

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"cardtable/msg"
)

// The first visit: the page the server rendered is readable and its links
// work while app.wasm downloads, but its buttons, checkboxes and selects
// need the app. awaitScript keeps the player's taps on them: a tap is held
// (not lost, not half-done by the browser), a note says the game is still
// loading and how far, and once the app has drawn its first page
// (appReady) the tap is carried out on the same control of the new page:
// found by the path from its nearest ancestor with an id and checked by its
// words, so a page that came out different never takes a tap meant for
// something else; then the note asks to tap again. Text typed and choices
// made meanwhile are carried over to the new page the same way. The held
// tap is carried out in a task of its own, after the app's call that said
// it is ready has returned: the control's handler then runs at once, as
// for a tap. No form is ever sent by the browser itself: the app answers
// every submit (a form sent natively would load the page again).

// readyEvent is the window event appReady fires once the app runs.
const readyEvent = "cardtable-ready"

// awaitScript is the script, in the page's language (c nil: English).
func awaitScript(c *msg.Catalogue) string {
	kept, _ := json.Marshal(c.T("Your tap is kept: it happens as soon as the game is ready."))
	again, _ := json.Marshal(c.T("The game is ready, but the page changed under your tap: tap again."))
	return `<script>(function(){var kept=` + string(kept) + `,again=` + string(again) + `,tap=null,vals={},note=null;` +
		`function ready(){return document.documentElement.dataset.app==="ready"}` +
		// A control the app answers: buttons, toggles, choices; links and
		// text fields work without it.
		`function control(t){var b=t&&t.closest&&t.closest('button,input,[role="button"]');` +
		`if(!b||b.closest("#app-wasm-loader"))return null;` +
		`if(b.tagName==="INPUT"&&!/^(checkbox|radio|submit|button|reset|range)$/.test(b.type))return null;return b}` +
		`function path(b){var p=[],n=b;while(n&&n.nodeType===1&&!n.id&&n!==document.body){var i=1,s=n;` +
		`while((s=s.previousElementSibling))if(s.tagName===n.tagName)i++;p.unshift(n.tagName.toLowerCase()+":nth-of-type("+i+")");n=n.parentElement}` +
		`var r=n&&n.id?"#"+CSS.escape(n.id):"body";return p.length?r+" > "+p.join(" > "):r}` +
		`function words(b){return (b.getAttribute("aria-label")||b.textContent||b.value||"").trim()}` +
		`function say(t,live){if(!note){note=document.createElement("div");note.className="await-note";` +
		`note.setAttribute("role","status");note.setAttribute("aria-live","polite");document.documentElement.appendChild(note)}` +
		`var l=document.getElementById("app-wasm-loader-label");note.textContent=(live&&l?l.textContent+" ":"")+t}` +
		`function hold(e){if(ready())return;var b=control(e.target);if(!b)return;e.preventDefault();e.stopImmediatePropagation();` +
		`tap={at:path(b),words:words(b)};b.setAttribute("aria-busy","true");say(kept,true)}` +
		`document.addEventListener("click",hold,true);` +
		`document.addEventListener("submit",function(e){e.preventDefault()},true);` +
		`function typed(e){if(ready())return;var t=e.target;if(!t||!("value" in t)||!t.closest)return;` +
		`vals[path(t)]={value:t.value,checked:t.checked}}` +
		`document.addEventListener("input",typed,true);document.addEventListener("change",typed,true);` +
		`var mo=new MutationObserver(function(){if(note&&tap&&!ready())say(kept,true)});` +
		`document.addEventListener("DOMContentLoaded",function(){var l=document.getElementById("app-wasm-loader-label");` +
		`if(l)mo.observe(l,{childList:true,characterData:true,subtree:true})});` +
		`window.addEventListener("` + readyEvent + `",function(){mo.disconnect();` +
		`for(var k in vals){var f=document.querySelector(k);if(!f||!("value" in f))continue;` +
		`if(f.type==="checkbox"||f.type==="radio"){if(f.checked!==vals[k].checked)f.click();continue}` +
		`f.value=vals[k].value;f.dispatchEvent(new Event("input",{bubbles:true}));f.dispatchEvent(new Event("change",{bubbles:true}))}` +
		`vals={};if(!tap){if(note)note.remove();return}var t=tap;tap=null;var b=document.querySelector(t.at);` +
		`if(b&&words(b)===t.words&&!b.disabled){if(note)note.remove();setTimeout(function(){b.click()});return}` +
		`say(again,false);setTimeout(function(){if(note)note.remove()},8000)})})();</script>`
}

// appReady marks the document as run by the app and tells awaitScript, once
// the first page is drawn: the taps it held are carried out on that page.
func appReady(ctx app.Context) {
	if !app.IsClient {
		return
	}
	ctx.Defer(func(app.Context) {
		root := app.Window().Get("document").Get("documentElement")
		if root.Get("dataset").Get("app").String() == "ready" {
			return
		}
		root.Get("dataset").Set("app", "ready")
		app.Window().Call("dispatchEvent", app.Window().Get("Event").New(readyEvent))
	})
}
