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
