// The chat's lines (templates/chat/panel.html), which htmx swaps in whole every few seconds:
// the box opens on the newest line, and stays on it as lines come in, unless the reader
// scrolled back to older ones, who is left where they were; each line others said since the
// last refresh is said politely in #chat-news (a live region swapped in whole is not read
// out). Loaded with the panel, which the table and the replay swap in: the guard wires it
// once per page.
(() => {
  if (window.numxChatWired) return;
  window.numxChatWired = true;

  // What the lines' box was before a swap of the chat: null when the swap is not the chat's.
  let before = null;

  const newest = (list) => {
    const ids = [...list.querySelectorAll("li[data-id]")].map((li) => Number(li.dataset.id));
    return ids.length ? Math.max(...ids) : 0;
  };

  const toTheEnd = (list) => {
    list.scrollTop = list.scrollHeight;
  };

  document.addEventListener("htmx:beforeSwap", (event) => {
    const target = event.detail.target;
    // A report past the day's limit (429) comes back as the panel saying so: shown, as a
    // refused line (400) is (the page's htmx config swaps 400 and 409 only).
    if (target && target.id === "chat" && event.detail.xhr.status === 429) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    const list = document.getElementById("chat-lines");
    if (!target || !list || !target.contains(list)) return;
    before = {
      refresh: target === list,
      // (a pixel or two short of the end is the end: boxes round their heights.)
      atTheEnd: list.scrollHeight - list.scrollTop - list.clientHeight < 4,
      scrollTop: list.scrollTop,
      newest: newest(list),
    };
  });

  document.addEventListener("htmx:load", (event) => {
    const element = event.detail.elt;
    const list =
      element.id === "chat-lines" ? element : element.querySelector && element.querySelector("#chat-lines");
    if (!list) return;
    const was = before;
    before = null;
    if (was && was.refresh && !was.atTheEnd) {
      list.scrollTop = was.scrollTop;
    } else {
      toTheEnd(list);
    }
    const news = document.getElementById("chat-news");
    if (!was || !was.refresh || !news) return;
    const said = [...list.querySelectorAll("li[data-id]")].filter(
      (li) => Number(li.dataset.id) > was.newest,
    );
    if (said.length) news.textContent = said.map((li) => li.dataset.said).join(" ");
  });

  // The panel that brought this script in was loaded before it ran.
  const list = document.getElementById("chat-lines");
  if (list) toTheEnd(list);
})();
