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
  live.querySelector("button")?.addEventListener("click", () => window.location.reload());
}

// Scenario packs: read a chosen file into the text area (the form posts the text).
const packFile = document.getElementById("scenario-file");
packFile?.addEventListener("change", async () => {
  const file = packFile.files?.[0];
  const area = document.getElementById("scenario");
  if (file && area) area.value = await file.text();
});
