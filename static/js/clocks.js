// Deadlines as countdowns. The page says each deadline as a date in the player's time zone
// (the profile's, else the browser's); each <time class="countdown" datetime="..."> beside
// it is filled here with the time left ("in 5 hours", in the page's language) and, only
// when the page's zone is not the browser's, the deadline in the browser's zone on hover:
// otherwise the page's own date says it, and a page writes each moment in one format. The
// server never writes a time relative to now: a page kept by the browser (ETag) would go
// stale.
(() => {
  const lang = document.documentElement.lang || "en";
  // "always": a countdown says "in 2 days", never "the day after tomorrow".
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
  const local = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeStyle: "short" });
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // French writes the first of a month "1er", as the page's own dates do (games/dates.py).
  const french = lang.split("-")[0] === "fr";
  const pageZone = document.body.dataset.timeZone;
  const MINUTE = 60 * 1000, HOUR = 60 * MINUTE, DAY = 24 * HOUR;

  function left(due) {
    const ms = due - Date.now();
    const size = Math.abs(ms);
    // A deadline two days away is "in 2 days" even a few seconds after it was set.
    if (size >= 1.5 * DAY) return relative.format(Math.round(ms / DAY), "day");
    if (size >= 1.5 * HOUR) return relative.format(Math.round(ms / HOUR), "hour");
    return relative.format(Math.round(ms / MINUTE), "minute");
  }

  function deadline(due) {
    return local
      .formatToParts(due)
      .map(({ type, value }) => (french && type === "day" && value === "1" ? "1er" : value))
      .join("");
  }

  function draw(root) {
    root.querySelectorAll("time.countdown[datetime]").forEach((element) => {
      const due = new Date(element.getAttribute("datetime"));
      if (Number.isNaN(due.getTime())) return;
      element.textContent = `(${left(due)})`;
      if (zone && zone !== pageZone) element.title = `${deadline(due)} (${zone})`;
    });
  }

  document.addEventListener("DOMContentLoaded", () => draw(document));
  // The table is swapped in by htmx after a move or a poll.
  document.addEventListener("htmx:afterSettle", (event) => draw(event.target));
  setInterval(() => draw(document), MINUTE / 2);
})();
