// Drafts kept in this browser: a move a player has built and not sent, which a game's script
// keeps in localStorage so that a reload, or a later visit from a mail, finds it. Every game
// keeps its drafts under a key made by ``drafts.key`` (the prefix ``draft:``), so that
// logging out (a form marked data-forget-drafts) forgets them all, whatever the game: on a
// shared computer the next person finds none. The site's other keys stay. A browser that
// refuses storage (a private window throws on access) has nothing to forget.
window.drafts = {
  prefix: "draft:",
  key(name) {
    return `${this.prefix}${name}`;
  },
  forget() {
    try {
      const storage = window.localStorage;
      Object.keys(storage)
        .filter((key) => key.startsWith(this.prefix))
        .forEach((key) => storage.removeItem(key));
    } catch (refused) {
      // Nothing was kept.
    }
  },
};
document.addEventListener("submit", (event) => {
  if (event.target.matches("[data-forget-drafts]")) window.drafts.forget();
});
