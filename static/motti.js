// motti: small progressive enhancements; every page works without this file.
"use strict";
document.addEventListener("submit", (event) => {
  const form = event.target;
  const confirmText = form.querySelector("[data-confirm]")?.getAttribute("data-confirm");
  if (confirmText && !window.confirm(confirmText)) {
    event.preventDefault();
    return;
  }
  // A disabled button sends nothing, so the pressed button's name and value (which of several
  // it was) go along as a hidden field before the buttons are disabled.
  const pressed = event.submitter;
  if (pressed && pressed.name && !form.querySelector(`input[type=hidden][data-pressed]`)) {
    const keep = document.createElement("input");
    keep.type = "hidden";
    keep.name = pressed.name;
    keep.value = pressed.value;
    keep.dataset.pressed = "";
    form.append(keep);
  }
  // Show that long work is under way and prevent double submission.
  for (const button of form.querySelectorAll("button[type=submit]")) {
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
  }
});

// Live pages: when the campaign changes elsewhere, fetch the page again and swap in the parts
// of <main> that changed, leaving alone any part the reader is typing in (the banner then offers
// a full reload). The stream's event ids let a reconnecting browser catch up without gaps.
const live = document.getElementById("live");
const fieldDirty = (f) => {
  if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
  if (f.tagName === "SELECT") return [...f.options].some((o) => o.selected !== o.defaultSelected);
  if (f.type === "hidden" || f.type === "submit" || f.type === "button") return false;
  return f.value !== f.defaultValue;
};
const busy = (el) => {
  const active = document.activeElement;
  if (active && active !== document.body && el.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)) return true;
  return [...el.querySelectorAll("input, textarea, select")].some(fieldDirty);
};
const keyOf = (el, i) => el.id || el.getAttribute("aria-labelledby") || `${el.tagName}-${i}`;
const showBanner = () => {
  if (!live) return;
  live.hidden = false;
};
// The tag of the page as last fetched: asked again with it, an unchanged page is answered
// 304 with no body, and nothing needs doing. (The page as first loaded has no tag the script can
// read, so the first change fetches it whole.)
let pageTag = null;
async function refreshMain() {
  // The header says this is the page fetching itself again (it then leaves one-time notes, such
  // as a just-made invite link, for the page the browser loads next).
  const headers = pageTag ? { "If-None-Match": pageTag, "X-Motti-Refresh": "1" } : { "X-Motti-Refresh": "1" };
  const response = await fetch(window.location.href, { credentials: "same-origin", cache: "no-store", headers });
  if (response.status === 304) return;
  if (!response.ok || response.redirected) return showBanner();
  pageTag = response.headers.get("ETag");
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  const main = document.querySelector("main");
  const next = fresh.querySelector("main");
  if (!main || !next) return showBanner();
  const current = new Map([...main.children].map((el, i) => [keyOf(el, i), el]));
  let kept = false;
  let previous = null;
  [...next.children].forEach((el, i) => {
    const key = keyOf(el, i);
    const old = current.get(key);
    if (old) {
      current.delete(key);
      if (el.id === "live") { previous = old; return; }
      if (busy(old)) { kept = kept || !old.isEqualNode(el); previous = old; return; }
      if (!old.isEqualNode(el)) old.replaceWith(el);
      previous = old.isConnected ? old : el;
    } else {
      if (previous) previous.after(el); else main.prepend(el);
      previous = el;
    }
  });
  for (const old of current.values()) {
    if (old.id === "live") continue;
    if (busy(old)) kept = true; else old.remove();
  }
  document.title = fresh.title;
  document.dispatchEvent(new Event("motti:refreshed"));
  if (kept) showBanner();
}
if (live && live.dataset.src && "EventSource" in window) {
  const source = new EventSource(live.dataset.src);
  // Leaving the page closes the stream at once: a browser holds few connections per server, and
  // an open stream would keep one of them from the next page.
  window.addEventListener("pagehide", () => source.close());
  source.addEventListener("changed", () => {
    refreshMain().catch(showBanner);
  });
  live.querySelector("button")?.addEventListener("click", () => window.location.reload());
  // Table talk: the talk page swaps in the new messages and channel counts, leaving what the
  // reader is typing alone.
  source.addEventListener("talk", async () => {
    const messages = document.getElementById("messages");
    if (!messages) return;
    try {
      const response = await fetch(window.location.href, { credentials: "same-origin" });
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      for (const id of ["messages", "no-messages"]) {
        const now = document.getElementById(id);
        const next = fresh.getElementById(id);
        if (now && next) now.replaceWith(next);
        else if (now) now.remove();
      }
      const tabs = document.querySelector("nav.tabs");
      const freshTabs = fresh.querySelector("nav.tabs");
      if (tabs && freshTabs) tabs.replaceWith(freshTabs);
    } catch {
      showBanner();
    }
  });
}

// Scenario packs: read a chosen file into the text area (the form posts the text).
const packFile = document.getElementById("scenario-file");
packFile?.addEventListener("change", async () => {
  const file = packFile.files?.[0];
  const area = document.getElementById("scenario");
  if (file && area) area.value = await file.text();
});

// Deadlines: each <time data-countdown> keeps the moment the server wrote in the reader's
// account time zone, and gains a countdown after it.
{
  const left = (ms) => {
    if (ms <= 0) return "passed";
    const minutes = Math.floor(ms / 60000);
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    const mins = minutes % 60;
    if (days > 0) return `in ${days} d ${hours} h`;
    if (hours > 0) return `in ${hours} h ${mins} min`;
    return `in ${Math.max(mins, 1)} min`;
  };
  const tick = () => {
    for (const el of document.querySelectorAll("time[data-countdown]")) {
      const at = new Date(el.getAttribute("datetime"));
      if (Number.isNaN(at.getTime())) continue;
      el.dataset.shown ??= el.textContent;
      el.textContent = `${el.dataset.shown} (${left(at.getTime() - Date.now())})`;
    }
  };
  tick();
  setInterval(tick, 30000);
  document.addEventListener("motti:refreshed", tick);
}

// The account's time zone: while none is chosen, the list starts at the browser's own zone.
{
  const select = document.querySelector("select[data-guess-zone]");
  const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (select && guess && [...select.options].some((o) => o.value === guess)) select.value = guess;
}

// Copy buttons: shown only where the clipboard can be written; they say when it is done.
for (const button of document.querySelectorAll("button[data-copy]")) {
  if (!navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(button.dataset.copy);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Select the link and copy it";
    }
  });
}

// The Talvisota map and the assisted games' boards: zoom buttons change the drawing's width
// inside its scrolling frame (the frame scrolls to pan, and a phone can also pinch). Shown only
// with this script.
{
  const showTools = () => {
    for (const tools of document.querySelectorAll(".map-tools")) tools.hidden = false;
    // A frame narrower than its map starts where the drawing says the action is.
    for (const frame of document.querySelectorAll(".map-frame")) {
      const map = frame.querySelector("svg[data-focus]");
      if (!map || frame.dataset.placed) continue;
      const [fx, fy] = map.dataset.focus.split(" ").map(Number);
      const scale = map.getBoundingClientRect().width / map.viewBox.baseVal.width;
      frame.scrollLeft = fx * scale - frame.clientWidth / 2;
      frame.scrollTop = fy * scale - frame.clientHeight / 2;
      frame.dataset.placed = "yes";
    }
  };
  showTools();
  document.addEventListener("motti:refreshed", showTools);
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-zoom]");
    if (!button) return;
    const frame = document.getElementById(button.getAttribute("aria-controls"));
    const map = frame?.querySelector("svg");
    if (!map) return;
    const natural = map.viewBox.baseVal.width;
    const now = map.getBoundingClientRect().width;
    const fit = frame.clientWidth;
    const step = button.dataset.zoom;
    const next = step === "fit" ? fit : Math.min(natural * 2, Math.max(fit, now * (step === "in" ? 1.4 : 1 / 1.4)));
    frame.dataset.zoom = step;
    map.style.width = `${Math.round(next)}px`;
  });
}

// A form shows only the parts that fit what its select chose: a select marked data-shows shows,
// in its form (in its platoon's fieldset, for a WoNS order), the parts whose data-when lists the chosen value (without this script every part
// shows, each labelled). The new-campaign form uses it for the game, a WoNS order for the action.
{
  const follow = (select) => {
    // A WoNS order's parts are those of its platoon's fieldset; others are the whole form's.
    const scope = select.closest("fieldset.order") ?? select.form;
    for (const part of scope.querySelectorAll("[data-when]")) {
      part.hidden = !part.dataset.when.split(" ").includes(select.value);
      // A choice of another game (a scenario pack) cannot be chosen, nor stay chosen.
      if (part.tagName === "OPTION") {
        part.disabled = part.hidden;
        if (part.hidden && part.selected) part.closest("select").value = "";
      }
    }
    // A WoNS stack moves as one: while its platoons' chosen moves differ, every note of the
    // stack shows and says so.
    const stack = select.dataset.stack;
    if (!stack) return;
    const selects = [...document.querySelectorAll("select[data-stack]")].filter((s) => s.dataset.stack === stack);
    const moves = selects.map((s) => s.value).filter((v) => v === "advance" || v === "retreat");
    const split = moves.length > 0 && (moves.length < selects.length || new Set(moves).size > 1);
    for (const note of document.querySelectorAll("[data-stack-note]")) {
      if (note.dataset.stackNote !== stack) continue;
      note.classList.toggle("field-error", split);
      if (split) note.hidden = false;
    }
  };
  const all = () => document.querySelectorAll("select[data-shows]").forEach(follow);
  document.addEventListener("change", (event) => {
    if (event.target.matches?.("select[data-shows]")) follow(event.target);
  });
  all();
  document.addEventListener("motti:refreshed", all);
}

// A board opens at the reader's own first counter, not at the map's empty corner; after a move
// made by pointing, at the counter just moved, which takes the focus back.
{
  const side = document.getElementById("my-role")?.textContent.trim();
  let moved = null;
  try {
    moved = sessionStorage.getItem("motti-moved");
    sessionStorage.removeItem("motti-moved");
  } catch {
    // Storage refused: the board opens as usual.
  }
  for (const frame of document.querySelectorAll(".board-scroll")) {
    const just = moved && [...frame.querySelectorAll(".counter[data-unit]")].find((c) => c.dataset.unit === moved);
    const counter =
      just || frame.querySelector(`.counter[data-side="${side}"]`) || frame.querySelector(".counter");
    if (!counter) continue;
    // After the page's own jump to its fragment, which would otherwise take the focus away.
    if (just) window.addEventListener("load", () => setTimeout(() => just.focus({ preventScroll: true })));
    const f = frame.getBoundingClientRect();
    const c = counter.getBoundingClientRect();
    frame.scrollLeft += c.left - f.left - (f.width - c.width) / 2;
    frame.scrollTop += c.top - f.top - (f.height - c.height) / 2;
  }
}

// The board: pick up one of your counters, then put it down on a hex or a box. The move form
// below the board is filled in and sent, so the server checks the move as it checks the form,
// and everything here also works without this script. A counter picked up may gather more of
// your counters for an attack, and a counter that owes losses may pay a step or retreat: each
// opens the rules' own form filled in, so the server checks it as it checks the form. Listeners
// sit on the document, since a live update may replace the board.
{
  let carried = null;
  // What the pointing gathers: `attack` (more attackers), `losses` (losses chosen), or none.
  let mode = null;
  let party = [];
  let paying = [];
  let retreating = null;
  const parts = () => {
    const form = document.getElementById("move-form");
    return {
      board: document.getElementById("board"),
      form,
      card: document.getElementById("unit-card"),
      text: document.getElementById("unit-card-text"),
      choices: document.getElementById("unit-card-choices"),
      mine: new Set(form ? [...form.elements.unit.options].map((o) => o.value) : []),
    };
  };
  const owing = () =>
    new Set((document.getElementById("board-losses")?.dataset.owing || "").split(" ").filter(Boolean));
  const label = (counter) => counter.getAttribute("aria-label");
  const press = (counter, on) => counter?.setAttribute("aria-pressed", on ? "true" : "false");
  const drop = () => {
    const { board, card, choices } = parts();
    press(carried, false);
    party.forEach((c) => press(c, false));
    carried = null;
    mode = null;
    party = [];
    paying = [];
    retreating = null;
    board?.classList.remove("carrying");
    if (card) card.hidden = true;
    choices?.replaceChildren();
  };
  const hexOf = (counter) => {
    const place = counter.closest("[data-hex]");
    return place ? document.getElementById(`hex-${place.dataset.hex}`) : null;
  };
  const focusHex = (hex, from) => {
    if (!hex) return;
    if (from) from.tabIndex = -1;
    hex.closest("svg")?.querySelectorAll('.hex[tabindex="0"]').forEach((h) => (h.tabIndex = -1));
    hex.tabIndex = 0;
    hex.focus();
  };
  const button = (words, then, secondary) => {
    const b = document.createElement("button");
    b.type = "button";
    if (secondary) b.className = "secondary";
    b.textContent = words;
    b.addEventListener("click", then);
    return b;
  };
  const link = (href, words, query) => {
    const a = document.createElement("a");
    a.className = "button";
    a.href = `${href}?${query}`;
    a.textContent = words;
    return a;
  };
  // The card says what is picked up and offers what may be done with it.
  const show = (words, offers, byKey) => {
    const { card, text, choices } = parts();
    text.textContent = words;
    choices.replaceChildren(...offers.flatMap((o) => [o, " "]));
    card.hidden = false;
    if (byKey && offers.length) offers[0].focus();
  };
  const pick = (counter, byKey) => {
    drop();
    const { board, form } = parts();
    carried = counter;
    press(counter, true);
    board.classList.add("carrying");
    form.elements.unit.value = counter.dataset.unit;
    // A counter that owes losses offers to pay them first.
    const offers = owing().has(counter.dataset.unit) ? payOffers(counter, byKey) : [];
    if (document.querySelector("#board-attacks a")) {
      offers.push(button("Choose more attackers", () => gather(byKey), true));
    }
    show(
      `Picked up: ${label(counter)}. Now tap the hex or box it goes to${byKey ? " (arrow keys, then Enter; Escape puts it back)" : ""}.`,
      offers,
      false,
    );
    if (byKey) focusHex(hexOf(counter));
  };
  // Attackers: the counter picked up and every one of yours tapped after it.
  const gather = (byKey) => {
    mode = "attack";
    party = [carried];
    describeParty(byKey);
  };
  const describeParty = (byKey) => {
    show(
      `Attackers: ${party.map(label).join("; ")}. Tap more of your counters (tap one again to leave it out), then the enemy's hex.`,
      [],
      byKey,
    );
  };
  const toggle = (counter) => {
    const at = party.indexOf(counter);
    if (at >= 0) {
      if (party.length === 1) return drop();
      party.splice(at, 1);
      press(counter, false);
    } else {
      party.push(counter);
      press(counter, true);
    }
    carried = party[0];
    describeParty(false);
  };
  // Losses owed: the counter loses a step (or goes, as the rules' form says), or retreats to a
  // hex tapped next.
  const payOffers = (counter, byKey) => [
    button("It takes a loss", () => addLoss({ unit: counter, retreat: null }, byKey), false),
    button("It retreats: tap the hex", () => {
      mode = "losses";
      retreating = counter;
      show(`Tap the hex where ${label(counter)} ends its retreat.`, [], false);
      if (byKey) focusHex(hexOf(counter));
    }, true),
  ];
  const addLoss = (choice, byKey) => {
    mode = "losses";
    paying.push(choice);
    retreating = null;
    press(carried, false);
    carried = null;
    describeLosses(byKey);
  };
  const describeLosses = (byKey) => {
    const said = paying.map((p) => (p.retreat ? `${label(p.unit)} retreats to ${p.retreat}` : `${label(p.unit)} takes a loss`));
    const offers = [...document.querySelectorAll("#board-losses a")].map((a) => {
      const query = new URLSearchParams();
      const unitField = a.dataset.unitField;
      const retreatField = a.dataset.retreatField;
      const losses = paying.filter((p) => !p.retreat).map((p) => p.unit.dataset.unit);
      losses.forEach((id, i) => {
        query.append(unitField, id);
        query.append(`${unitField}[${i}]`, id);
      });
      if (retreatField) {
        paying.filter((p) => p.retreat).forEach((p, i) => {
          query.append(`${retreatField}[${i}].key`, p.unit.dataset.unit);
          query.append(`${retreatField}[${i}].value`, p.retreat);
        });
      }
      return link(a.getAttribute("href"), a.textContent, query);
    });
    show(
      `Losses chosen: ${said.join("; ")}. Tap another of your counters that owes, or take them.`,
      offers,
      byKey,
    );
  };
  // Acts on a tap or a key on `target`; says whether it did.
  const act = (target, byKey) => {
    const { board, form, mine } = parts();
    if (!board || !form || !board.contains(target)) return false;
    const counter = target.closest(".counter[data-unit]");
    const place = target.closest("[data-hex], [data-place]");
    if (mode === "losses" && retreating) {
      if (!place?.dataset.hex) return false;
      addLoss({ unit: retreating, retreat: place.dataset.hex }, byKey);
      return true;
    }
    if (counter && mine.has(counter.dataset.unit)) {
      if (mode === "attack") {
        toggle(counter);
        return true;
      }
      if (mode === "losses") {
        if (!owing().has(counter.dataset.unit)) return true;
        carried = counter;
        press(counter, true);
        show(`${label(counter)} owes losses.`, payOffers(counter, byKey), byKey);
        return true;
      }
      if (!carried || counter === carried) {
        if (counter === carried) drop();
        else pick(counter, byKey);
        return true;
      }
    }
    if (!carried || !place || mode === "losses") return false;
    const to = place.dataset.hex || place.dataset.place;
    const side = document.getElementById("my-role")?.textContent.trim();
    const attacks = [...document.querySelectorAll("#board-attacks a")];
    const enemy = place.dataset.hex && attacks.length > 0 &&
      [...board.querySelectorAll(`.stack[data-hex="${to}"] .counter`)].some((c) => c.dataset.side !== side);
    if (enemy) return offer(to, attacks, byKey);
    if (mode === "attack") {
      show(`Hex ${to} holds no enemy unit you can see. Tap the enemy's hex, or more of your counters.`, [], byKey);
      return true;
    }
    put(to);
    return true;
  };
  // Moves the counter carried to `to`, through the move form.
  const put = (to) => {
    const { form, text } = parts();
    form.elements.to.value = to;
    text.textContent = `Moving to ${to}…`;
    try {
      sessionStorage.setItem("motti-moved", carried.dataset.unit);
    } catch {
      // Storage refused: the board opens at the first counter instead.
    }
    form.requestSubmit();
  };
  // An enemy's hex: the card asks whether to move there or to attack it, each attack's form
  // opened with the attackers (grouped by the hex each stands in), the hex pointed at, and the
  // enemy units there that the reader may name.
  const offer = (to, attacks, byKey) => {
    const { board } = parts();
    const attackers = mode === "attack" ? party : [carried];
    const stacks = new Map();
    for (const c of attackers) {
      const from = c.closest("[data-hex]")?.dataset.hex || "";
      if (!stacks.has(from)) stacks.set(from, []);
      stacks.get(from).push(c.dataset.unit);
    }
    const query = new URLSearchParams();
    attackers.forEach((c) => query.append("attackers", c.dataset.unit));
    [...stacks].forEach(([from, units], i) => {
      units.forEach((u) => query.append(`attackers[${i}].units`, u));
      query.append(`attackers[${i}].hex`, from);
    });
    query.append("hex", to);
    const side = document.getElementById("my-role")?.textContent.trim();
    for (const c of board.querySelectorAll(`.stack[data-hex="${to}"] .counter[data-unit]`)) {
      if (c.dataset.side !== side) query.append("defenders", c.dataset.unit);
    }
    const offers = attacks.map((a) => link(a.getAttribute("href"), a.textContent, query));
    if (mode !== "attack") offers.push(button("Move there", () => put(to), true));
    show(`Hex ${to} holds enemy units. ${mode === "attack" ? "Attack it?" : "Attack it, or move there?"}`, offers, byKey);
    return true;
  };
  const init = () => {
    const { board, mine } = parts();
    carried = null;
    mode = null;
    party = [];
    paying = [];
    retreating = null;
    board?.querySelectorAll(".counter[data-unit]").forEach((c) => {
      if (mine.has(c.dataset.unit)) c.setAttribute("aria-pressed", "false");
    });
  };
  init();
  document.addEventListener("motti:refreshed", init);
  document.addEventListener("click", (event) => {
    if (event.target.id === "unit-card-drop") return drop();
    if (event.target instanceof Element && act(event.target, false)) event.preventDefault();
  });
  const steps = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest("#board")) return;
    if (event.key === "Enter" || event.key === " ") {
      if (act(target, true)) event.preventDefault();
      return;
    }
    if (event.key === "Escape" && (carried || mode)) {
      const counter = carried || party[0];
      drop();
      counter?.focus();
      return;
    }
    // Arrow keys move between hexes: to the nearest hex that way.
    const step = steps[event.key];
    const hex = target.closest(".hex");
    if (!step || !hex) return;
    event.preventDefault();
    const [x, y] = centre(hex);
    let best = null;
    let bestScore = Infinity;
    for (const other of hex.closest("svg").querySelectorAll(".hex")) {
      const [ox, oy] = centre(other);
      const along = (ox - x) * step[0] + (oy - y) * step[1];
      if (other === hex || along <= 1) continue;
      const score = along + 2 * Math.abs((ox - x) * step[1] - (oy - y) * step[0]);
      if (score < bestScore) [best, bestScore] = [other, score];
    }
    focusHex(best, hex);
  });
}

// A chart's grid: cells copied from a spreadsheet arrive tab-separated, a line per row; pasted
// into one field they spread right and down from it, over the keys' fields as well.
document.addEventListener("paste", (event) => {
  const start = event.target;
  if (!(start instanceof HTMLInputElement) || !start.closest("#chart-grid")) return;
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!/[\t\n]/.test(text.trim())) return;
  event.preventDefault();
  const grid = start.closest("#chart-grid");
  const at = (r, c) => grid.querySelector(`input[data-r="${r}"][data-c="${c}"]`);
  const r0 = Number(start.dataset.r);
  const c0 = Number(start.dataset.c);
  const lines = text.replace(/\r/g, "").replace(/\n+$/, "").split("\n");
  let missed = 0;
  lines.forEach((line, dr) => {
    line.split("\t").forEach((cell, dc) => {
      const field = at(r0 + dr, c0 + dc);
      if (field) field.value = cell.trim();
      else missed += 1;
    });
  });
  const hint = document.getElementById("grid-hint");
  if (hint && missed > 0) {
    hint.textContent = `${missed} pasted cells fell outside the grid: paste the whole chart as text below instead.`;
    hint.setAttribute("role", "status");
  }
});
