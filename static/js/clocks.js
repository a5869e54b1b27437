// Deadlines as countdowns. The page says each deadline as a date in the player's time zone
// (the profile's); each <time class="countdown" datetime="..."> beside it is filled here
// with the time left ("in 5 hours", in the page's language) and, on hover, the deadline in
// the browser's own time zone. The server never writes a time relative to now: a page kept
// by the browser (ETag) would go stale.
(() => {
  const lang = document.documentElement.lang || "en";
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const local = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const MINUTE = 60 * 1000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

  function left(due) {
    const ms = due - Date.now();
    const size = Math.abs(ms);
    if (size >= 2 * DAY) return relative.format(Math.round(ms / DAY), "day");
    if (size >= 2 * HOUR) return relative.format(Math.round(ms / HOUR), "hour");
    return relative.format(Math.round(ms / MINUTE), "minute");
  }

  function draw(root) {
    root.querySelectorAll("time.countdown[datetime]").forEach((element) => {
      const due = new Date(element.getAttribute("datetime"));
      if (Number.isNaN(due.getTime())) return;
      element.textContent = `(${left(due)})`;
      element.title = `${local.format(due)} (${zone})`;
    });
  }

  document.addEventListener("DOMContentLoaded", () => draw(document));
  // The table is swapped in by htmx after a move or a poll.
  document.addEventListener("htmx:afterSettle", (event) => draw(event.target));
  setInterval(() => draw(document), MINUTE / 2);
})();
