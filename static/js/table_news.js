// The live table (htmx swaps in a fresh copy every few seconds and after each move) for a
// screen reader and a keyboard: the newest event is said politely in #table-news, a region
// outside the table that stays in place; and the focus stays on the same control (by its
// id, its name and value, or its link) when the copy comes in, unless the copy takes it
// (a refusal takes the focus). A control of the player's moves that the copy no longer has
// (the card just picked, the form of a move made) leaves the focus on their moves'
// section, #table-moves: the next move is a Tab away, not the whole page; with no moves
// left to make (or a control gone from elsewhere), on what the table now says, its status,
// rather than on the top of the page, where a screen reader would read the page again from
// its header. A part of the table swapped alone (NMBR 9's placement preview, redrawn by
// each square, arrow and turn) keeps the focus the same way, and what its status line says
// (the preview's verdict) is said in #table-news: a live region swapped in whole is not
// read out.
(() => {
  let kept = null;
  let inMoves = false;
  let seen = null;
  // The id of the part of the table swapped alone, if the swap is not the whole table's.
  let partId = null;

  const selector = (element) => {
    if (element.id) return `#${CSS.escape(element.id)}`;
    if (element.name) {
      const value = element.value === undefined ? "" : `[value="${CSS.escape(element.value)}"]`;
      return `${element.tagName}[name="${CSS.escape(element.name)}"]${value}`;
    }
    const href = element.getAttribute("href");
    if (href) return `a[href="${CSS.escape(href)}"]`;
    const label = element.getAttribute("aria-label");
    return label ? `${element.tagName}[aria-label="${CSS.escape(label)}"]` : null;
  };

  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    const table = document.getElementById("table");
    if (!target || !table || !table.contains(target)) return;
    seen = table.dataset.sequence;
    const active = document.activeElement;
    // "" for a control the table had the focus on that has nothing to find it again by.
    kept = active && target.contains(active) ? selector(active) || "" : null;
    inMoves = Boolean(active && active.closest("#table-moves"));
    partId = target === table ? null : target.id;
  });

  document.addEventListener("htmx:afterSettle", () => {
    const table = document.getElementById("table");
    if (!table) return;
    // An outerHTML swap leaves the old element detached: the part is found again by its id.
    const part = partId && document.getElementById(partId);
    const status = part && part.querySelector("[role=status]");
    const news = document.getElementById("table-news");
    if (status && news) news.textContent = status.textContent.trim();
    partId = null;
    if (kept !== null && (!document.activeElement || document.activeElement === document.body)) {
      const again =
        (kept && table.querySelector(kept)) || (inMoves && table.querySelector("#table-moves"));
      const said = table.querySelector(".status");
      if (again) {
        again.focus();
      } else if (said) {
        said.tabIndex = -1;
        said.focus();
      }
    }
    kept = null;
    inMoves = false;
    const newest = table.querySelector(".history li");
    if (news && newest && seen !== null && seen !== table.dataset.sequence) {
      news.textContent = newest.textContent.trim();
    }
    seen = table.dataset.sequence;
  });
})();
