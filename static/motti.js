// motti: small progressive enhancements; every page works without this file.
"use strict";
document.addEventListener("submit", (event) => {
  const form = event.target;
  const confirmText = form.querySelector("[data-confirm]")?.getAttribute("data-confirm");
  if (confirmText && !window.confirm(confirmText)) {
    event.preventDefault();
    return;
  }
  // Show that long work is under way and prevent double submission.
  for (const button of form.querySelectorAll("button[type=submit]")) {
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
  }
});

// Live pages: when the campaign changes elsewhere, offer to show the new state.
const live = document.getElementById("live");
if (live && live.dataset.src && "EventSource" in window) {
  const source = new EventSource(live.dataset.src);
  source.addEventListener("changed", () => {
    live.hidden = false;
    live.querySelector("button")?.focus({ preventScroll: true });
  });
  // Table talk: the talk page fetches itself again and swaps in the new messages and channel
  // counts, leaving what the reader is typing alone.
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
      const list = document.getElementById("messages");
      if (list && !list.parentElement) return;
      list?.lastElementChild?.setAttribute("tabindex", "-1");
    } catch {
      live.hidden = false;
    }
  });
  live.querySelector("button")?.addEventListener("click", () => window.location.reload());
}

// Scenario packs: read a chosen file into the text area (the form posts the text).
const packFile = document.getElementById("scenario-file");
packFile?.addEventListener("change", async () => {
  const file = packFile.files?.[0];
  const area = document.getElementById("scenario");
  if (file && area) area.value = await file.text();
});

// Deadlines: show each <time data-countdown> in the reader's own time zone, with a countdown.
const countdowns = document.querySelectorAll("time[data-countdown]");
if (countdowns.length > 0) {
  const local = new Intl.DateTimeFormat(undefined, {
    weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });
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
    for (const el of countdowns) {
      const at = new Date(el.getAttribute("datetime"));
      if (Number.isNaN(at.getTime())) continue;
      el.textContent = `${local.format(at)} (${left(at.getTime() - Date.now())})`;
      el.title = el.getAttribute("datetime");
    }
  };
  tick();
  setInterval(tick, 30000);
}
