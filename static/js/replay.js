// The replay viewer's controls: arrows step, Home/End jump, and so do the links First,
// Previous, Next and Last (plain links, which work without JavaScript). Each press moves
// the slider, whose form asks htmx for that step: a step asked for while another is on its
// way replaces it (the form's hx-sync), and the next press counts from the slider, so that
// three presses on a slow line go three steps on, not one. The box beside the slider,
// where a step is typed, says the same step as the slider.

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

// Go where ``key`` leads from the step the slider stands at (the one shown, or the one on
// its way); whether it led anywhere (at an end, Previous or Next leads nowhere).
const step = (key) => {
  const slider = document.getElementById("replay-slider");
  if (!window.htmx || !slider) return false;
  const from = Number(slider.value);
  const last = Number(slider.max);
  const to = { Home: 1, End: last, ArrowLeft: from - 1, ArrowRight: from + 1 }[key];
  if (to === undefined || to < 1 || to > last || to === from) return false;
  slider.value = String(to);
  const box = document.getElementById("replay-number");
  if (box) box.value = slider.value;
  slider.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
};

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, select, textarea")) return;
  if (scrolls(event.target)) return;
  // With a modifier the key is the browser's or the system's (Alt+Left: back).
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (step(event.key)) event.preventDefault();
});

// The slider moved says its step in the box, before its form asks for it; a step typed in
// the box moves the slider there, once it is one of the game's (Enter or Go asks for it).
document.addEventListener("input", (event) => {
  const slider = document.getElementById("replay-slider");
  const box = document.getElementById("replay-number");
  if (!slider || !box) return;
  if (event.target === slider) box.value = slider.value;
  if (event.target === box && box.value && box.checkValidity()) slider.value = box.value;
});

// The form names the step twice, the slider's and the box's, and the step shown: without
// a script the view takes the one chosen from them. Here both say the step chosen, which
// the form asks for, and the address pushed into the history names, once.
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.matches("#replay-step form")) return;
  const parameters = event.detail.parameters;
  const box = document.getElementById("replay-number");
  delete parameters.shown;
  parameters.step = box.value;
});

// The links, pressed (a click, a tap, Enter): caught on the way down, before the browser
// follows them. A click with a modifier opens the link elsewhere, as the reader asked.
document.addEventListener(
  "click",
  (event) => {
    const link = event.target.closest("#replay-step a[data-key]");
    if (!link || event.button !== 0) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (step(link.dataset.key)) event.preventDefault();
  },
  true,
);

// While a step is on its way, the step shown says it is busy (and is dimmed: site.css);
// a step that could not come (the line down, the server failing) leaves it as it was, the
// slider and the box back at it. (A step replaced by the next one asked for is no failure.)
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.target && event.detail.target.id === "replay-step") {
    event.detail.target.setAttribute("aria-busy", "true");
  }
});
// The page htmx keeps for Back is taken as the step comes, still marked busy: kept so,
// Back would show that step faded for good.
document.addEventListener("htmx:beforeHistorySave", () => {
  const shown = document.getElementById("replay-step");
  if (shown) shown.removeAttribute("aria-busy");
});
for (const failure of ["htmx:sendError", "htmx:timeout", "htmx:responseError"]) {
  document.addEventListener(failure, (event) => {
    const shown = document.getElementById("replay-step");
    if (!shown || event.detail.target !== shown) return;
    shown.removeAttribute("aria-busy");
    for (const control of ["replay-slider", "replay-number"]) {
      const found = document.getElementById(control);
      if (found) found.value = shown.dataset.step;
    }
  });
}

// A step swapped in is said politely from #replay-news, outside the swapped part (only a
// step: the chat panel is no news).
document.addEventListener("htmx:afterSettle", (settled) => {
  const target = settled.detail && settled.detail.target;
  if (!target || target.id !== "replay-step") return;
  const news = document.getElementById("replay-news");
  const event = document.querySelector("#replay-step .event");
  if (news && event) news.textContent = event.textContent.trim().replace(/\s+/g, " ");
  // The chat panel, below the step and outside it, says the steps at which it reads the
  // same (data-upto-from, data-upto-to): it is asked for again only past them, or if it
  // has not come yet (the one on its way was for the step before).
  // (The event's target is the step swapped out: the step shown is read from the page.)
  const holder = document.getElementById("replay-chat");
  const chat = document.querySelector("#replay-chat > #chat");
  const at = Number(document.getElementById("replay-step").dataset.step);
  if (!holder || !window.htmx) return;
  if (chat && at >= Number(chat.dataset.uptoFrom) && at <= Number(chat.dataset.uptoTo)) return;
  const url = `${holder.dataset.url}?upto=${at}`;
  window.htmx.ajax("GET", url, { source: holder, target: holder, swap: "innerHTML" });
});
