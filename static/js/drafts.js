// Drafts kept in this browser: a move a player has built and not sent, which a game's script
// keeps in localStorage so that a reload, or a later visit from a mail, finds it. Every game
// keeps its drafts under a key made by drafts.key (the prefix "draft:"), so that they can all
// be forgotten, whatever the game: on a shared computer the next person finds none. They are
// forgotten when the menu's logout form (marked data-forget-drafts) is sent, and on every page
// loaded signed out (<body data-signed-out>), which covers a logout from allauth's own page
// and a session that expired. Numenko kept its drafts under "numenko-draft-<game>" before the
// prefix: those go too. The site's other keys stay. A browser that refuses storage (a private
// window throws on access) has nothing to forget.
window.drafts = {
  prefix: "draft:",
  older: ["numenko-draft-"],
  key(name) {
    return `${this.prefix}${name}`;
  },
  forget() {
    try {
      const storage = window.localStorage;
      const prefixes = [this.prefix, ...this.older];
      Object.keys(storage)
        .filter((key) => prefixes.some((prefix) => key.startsWith(prefix)))
        .forEach((key) => storage.removeItem(key));
    } catch (refused) {
      // Nothing was kept.
    }
  },
};
document.addEventListener("submit", (event) => {
  if (event.target.matches("[data-forget-drafts]")) window.drafts.forget();
});
document.addEventListener("DOMContentLoaded", () => {
  if (document.body.hasAttribute("data-signed-out")) window.drafts.forget();
});
