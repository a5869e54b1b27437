// The live table (htmx swaps in a fresh copy every few seconds and after each move) for a
// screen reader and a keyboard: the newest event is said politely in #table-news, a region
// outside the table that stays in place; and the focus stays on the same control (by its
// id, its name and value, or its link) when the copy comes in, unless the copy takes it
// (a refusal takes the focus). A control gone with the copy (the button of a move just
// made) leaves the focus on what the table now says, its status, rather than on the top
// of the page, where a screen reader would read the page again from its header.
(() => {
  let kept = null;
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
    // "" for a control the table had the focus on that has nothing to find it again by.
    kept = active && table.contains(active) ? selector(active) || "" : null;
  });

  document.addEventListener("htmx:afterSettle", () => {
    const table = document.getElementById("table");
    if (!table) return;
    if (kept !== null && (!document.activeElement || document.activeElement === document.body)) {
      const again = kept ? table.querySelector(kept) : null;
      const status = table.querySelector(".status");
      if (again) {
        again.focus();
      } else if (status) {
        status.tabIndex = -1;
        status.focus();
      }
    }
    kept = null;
    const news = document.getElementById("table-news");
    const newest = table.querySelector(".history li");
    if (news && newest && seen !== null && seen !== table.dataset.sequence) {
      news.textContent = newest.textContent.trim();
    }
    seen = table.dataset.sequence;
  });
})();
