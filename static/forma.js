// Forma's only script besides htmx: copy buttons, tabs, focus after swaps, and htmx error messages.
// Loaded from /static (CSP script-src 'self'); no inline handlers anywhere.
(function () {
  "use strict";

  function flash(html) {
    var region = document.getElementById("flash");
    if (region) { region.innerHTML = html; }
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) { return navigator.clipboard.writeText(text); }
    // http on a LAN address is not a secure context: fall back to a hidden textarea.
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area); area.select();
      try { document.execCommand("copy") ? resolve() : reject(new Error("copy refused")); } finally { area.remove(); }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (button) {
      var source = document.querySelector(button.getAttribute("data-copy"));
      if (!source) { return; }
      var text = source.value !== undefined && source.tagName === "INPUT" ? source.value : source.textContent;
      var label = button.textContent;
      copyText(text.trim()).then(function () {
        button.textContent = "Copied";
        setTimeout(function () { button.textContent = label; }, 2000);
      }, function () {
        button.textContent = "Select and copy";
      });
      return;
    }
    var dismiss = event.target.closest("[data-dismiss]");
    if (dismiss) {
      var region = document.querySelector(dismiss.getAttribute("data-dismiss"));
      if (region) { region.innerHTML = ""; }
      return;
    }
    var tab = event.target.closest("[role=tab]");
    if (tab) { selectTab(tab, false); }
  });

  function selectTab(tab, focus) {
    var list = tab.closest("[role=tablist]");
    list.querySelectorAll("[role=tab]").forEach(function (other) {
      var selected = other === tab;
      other.setAttribute("aria-selected", selected ? "true" : "false");
      other.tabIndex = selected ? 0 : -1;
      var panel = document.getElementById(other.getAttribute("aria-controls"));
      if (panel) { panel.hidden = !selected; }
    });
    if (focus) { tab.focus(); }
  }

  document.addEventListener("keydown", function (event) {
    var tab = event.target.closest && event.target.closest("[role=tab]");
    if (!tab) { return; }
    var tabs = Array.prototype.slice.call(tab.closest("[role=tablist]").querySelectorAll("[role=tab]"));
    var index = tabs.indexOf(tab);
    var next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) { return; }
    event.preventDefault();
    selectTab(tabs[(next + tabs.length) % tabs.length], true);
  });

  // Before any htmx request: forget the previous message and any key shown once, so a
  // failed request can never leave an old "Your new key" on screen.
  document.addEventListener("htmx:beforeRequest", function () {
    flash("");
    document.querySelectorAll(".secret").forEach(function (banner) { banner.remove(); });
  });

  // After a swap, move focus where the new content asks (a new key, a confirmation).
  document.addEventListener("htmx:afterSettle", function (event) {
    var target = event.detail.target;
    var wanted = target && (target.matches("[data-autofocus]") ? target : target.querySelector("[data-autofocus]"));
    if (wanted) { wanted.focus(); }
  });

  // Status codes htmx does not swap (404, 429, 5xx) and network failures still say something.
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    var text = status === 429 ? "Too many requests. Wait a moment and try again."
      : status >= 500 ? "Something went wrong on our side (" + status + "). Nothing was billed for it. Try again."
      : "That did not work (" + status + "). Reload the page and try again.";
    flash('<div class="notice error"><p>' + text + "</p></div>");
  });
  document.addEventListener("htmx:sendError", function () {
    flash('<div class="notice error"><p>Forma could not be reached. Check your connection and try again.</p></div>');
  });
})();
