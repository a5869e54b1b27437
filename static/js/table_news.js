// The live table (htmx swaps in a fresh copy every few seconds and after each move) for a
// screen reader and a keyboard: the newest event is said politely in #table-news, a region
// outside the table that stays in place; and the focus stays on the same control (by its
// id, its name and value, or its link) when the copy comes in, unless the copy takes it
// (a refusal takes the focus). A control of the player's moves that the copy no longer has
// (the card just picked, the form of a move made) leaves the focus on their moves'
// section, #table-moves: the next move is a Tab away, not the whole page.
(() => {
  let kept = null;
  let inMoves = false;
  let seen = null;

  const selector = (element) => {
    if (element.id) return `#${CSS.escape(element.id)}`;
    if (element.name) {
      const value = element.value === undefined ? "" : `[value="${CSS.escape(element.value)}"]`;
      return `${element.tagName}[name="${CSS.escape(element.name)}"]${value}`;
    }
    const href = element.getAttribute("href");
    return href ? `a[href="${CSS.escape(href)}"]` : null;
  };

  document.addEventListener("htmx:beforeSwap", (event) => {
    const table = event.detail.target;
    if (!table || table.id !== "table") return;
    seen = table.dataset.sequence;
    const active = document.activeElement;
    kept = active && table.contains(active) ? selector(active) : null;
    inMoves = Boolean(active && active.closest("#table-moves"));
  });

  document.addEventListener("htmx:afterSettle", () => {
    const table = document.getElementById("table");
    if (!table) return;
    if (!document.activeElement || document.activeElement === document.body) {
      const again =
        (kept && table.querySelector(kept)) || (inMoves && table.querySelector("#table-moves"));
      if (again) again.focus();
    }
    kept = null;
    inMoves = false;
    const news = document.getElementById("table-news");
    const newest = table.querySelector(".history li");
    if (news && newest && seen !== null && seen !== table.dataset.sequence) {
      news.textContent = newest.textContent.trim();
    }
    seen = table.dataset.sequence;
  });
})();
