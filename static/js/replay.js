// Keyboard for the replay viewer: arrows step, Home/End jump. The controls are plain links
// (they work without JavaScript); this only clicks them.
// A box that scrolls (a score sheet, a stack wider than a phone), once the reader has put
// the focus in it, takes the keys as in any page: the arrows scroll it, Home and End reach
// its ends.
const scrolls = (element) => {
  if (!(element instanceof HTMLElement)) return false;
  const style = getComputedStyle(element);
  const scrolling = (overflow) => overflow === "auto" || overflow === "scroll";
  return (
    (scrolling(style.overflowX) && element.scrollWidth > element.clientWidth) ||
    (scrolling(style.overflowY) && element.scrollHeight > element.clientHeight)
  );
};

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  if (scrolls(event.target)) return;
  // With a modifier the key is the browser's or the system's (Alt+Left: back).
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const link = document.querySelector(`#replay-step a[data-key="${event.key}"]`);
  if (link) {
    event.preventDefault();
    // Right after a step is swapped in, htmx has not bound its links yet: a click then
    // would follow the plain link and reload the page. Ask htmx directly instead, from
    // the link, so that it pushes the step's address as a click does, keeping the page it
    // leaves for the browser's Back.
    if (window.htmx) {
      window.htmx.ajax("GET", link.getAttribute("hx-get"), {
        source: link, target: "#replay-step", swap: "outerHTML",
      });
    } else {
      link.click();
    }
  }
});

// A step swapped in is said politely from #replay-news, outside the swapped part (only a
// step: the chat panel that each step loads is no news).
document.addEventListener("htmx:afterSettle", (settled) => {
  const target = settled.detail && settled.detail.target;
  if (!target || target.id !== "replay-step") return;
  const news = document.getElementById("replay-news");
  const event = document.querySelector("#replay-step .event");
  if (news && event) news.textContent = event.textContent.trim().replace(/\s+/g, " ");
});
