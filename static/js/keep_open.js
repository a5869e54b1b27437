// A <details id="..." data-keep-open="KEY"> the reader opened or closed stays so when htmx
// swaps in a new copy of it (the table refreshes itself every 4 s, and after each move),
// as long as the copy shows the same thing (the same KEY, e.g. the same trick). Until the
// reader chooses, the server's default stands.
(() => {
  const chosen = new Map(); // id -> { key, open }

  document.addEventListener("click", (event) => {
    const summary = event.target.closest("summary");
    const details = summary ? summary.parentElement : null;
    if (!details || details.tagName !== "DETAILS" || !details.id) return;
    if (details.dataset.keepOpen === undefined) return;
    // The click toggles the details after its listeners: record the state it goes to.
    chosen.set(details.id, { key: details.dataset.keepOpen, open: !details.open });
  });

  // htmx:load is fired on the content swapped in, before it is shown.
  document.addEventListener("htmx:load", () => {
    chosen.forEach((choice, id) => {
      const details = document.getElementById(id);
      if (details && details.dataset.keepOpen === choice.key) details.open = choice.open;
    });
  });
})();
