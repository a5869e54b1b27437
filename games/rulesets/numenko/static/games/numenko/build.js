// Numenko's grid builder, in the table's move form: tap a tile of your hand, then a square of
// the grid (or drag it there); tap a tile of the grid to choose it, then another square to
// move it, the tools to change its sign or take it back, or itself again to turn its sign.
// Every change is written into the form's grid field in the game's notation, the very text
// a player may type there or in an email; htmx then asks the table's preview for the grid
// drawn again, each line marked right or wrong by the engine's rules. Without this script
// the field is written by hand. Until the move is sent, the field's text is kept in the
// browser: a reload, or the page opened again later from a mail, finds the grid as it was
// left. Loaded again with every table htmx swaps in: it sets itself up once, and listens on
// the document.
(() => {
  if (window.numenkoBuilder) return;
  window.numenkoBuilder = true;

  const SIGNS = ["+", "-", "x", ":", "="];
  const DIGITS = "0123456789";
  // What the player chose last: a tile of the hand ({draft, tile}) or a square of the grid
  // ({draft, r, c}, as the grid is drawn), or nothing.
  let picked = null;
  // Each draft's earlier texts, for Undo; each draft's squares as last edited; the drafts
  // already looked up in the browser's storage.
  const history = new Map();
  const drawn = new WeakMap();
  const looked = new WeakSet();
  // What to focus once the grid is drawn again ({draft, square} or {draft, tool}: a
  // selector in the grid or in the tools), or nothing.
  let aim = null;

  // A square's token ("7", "x", "[x+]", "F7", "F[x+]") and back.
  const read = (token) => {
    const free = token.startsWith("F");
    const rest = free ? token.slice(1) : token;
    if (rest.startsWith("[")) return { free, face: rest[1], down: rest[2] };
    return { free, face: rest, down: null };
  };
  const write = ({ free, face, down }) =>
    (free ? "F" : "") + (down && down !== face ? `[${face}${down}]` : face);
  const isSign = (face) => SIGNS.includes(face);

  const field = (draft) => draft.querySelector("textarea");
  const here = (draft) => picked && picked.draft === draft.id;

  // The grid as drawn now: each square's token by "row,col" (edits change it until the
  // server draws the grid again).
  function squares(draft) {
    if (!drawn.has(draft)) {
      const found = new Map();
      draft.querySelectorAll(".nk-build [data-token]").forEach((square) => {
        if (square.dataset.token) found.set(`${square.dataset.r},${square.dataset.c}`, square.dataset.token);
      });
      drawn.set(draft, found);
    }
    return drawn.get(draft);
  }

  // The notation of the squares, from the topmost row and leftmost column holding a tile.
  function notation(found) {
    if (!found.size) return { text: "", top: 0, left: 0 };
    const cells = [...found.keys()].map((key) => key.split(",").map(Number));
    const top = Math.min(...cells.map(([r]) => r));
    const left = Math.min(...cells.map(([, c]) => c));
    const bottom = Math.max(...cells.map(([r]) => r));
    const right = Math.max(...cells.map(([, c]) => c));
    const rows = [];
    for (let r = top; r <= bottom; r += 1) {
      let row = "";
      for (let c = left; c <= right; c += 1) row += found.get(`${r},${c}`) || ".";
      rows.push(row);
    }
    return { text: rows.join(" / "), top, left };
  }

  // The browser's storage holds one draft a game, ``{draft, text}``: the draft's id names
  // what its move rests on, so a draft of an earlier round or position is never laid onto
  // a new one. A browser that refuses storage (a private window throws on access) keeps
  // the draft as long as the page: ``stored`` answers null.
  function stored(use) {
    try {
      return use(window.localStorage);
    } catch (refused) {
      return null;
    }
  }
  // Under the site's prefix for drafts, which logging out forgets.
  const entry = (game) => window.drafts.key(`numenko:${game}`);
  const gameOf = (draft) => draft.closest(".nk-play").dataset.game;
  const forget = (game) => stored((storage) => storage.removeItem(entry(game)));

  // Keep the field's text for a reload; the grid as it stands needs no keeping.
  function keep(draft) {
    const text = field(draft).value;
    if (text === draft.dataset.initial) return forget(gameOf(draft));
    const value = JSON.stringify({ draft: draft.id, text });
    stored((storage) => storage.setItem(entry(gameOf(draft)), value));
  }

  // A draft seen for the first time: the text kept for it, if any, written in the field
  // while the field still holds the grid as it stands (a grid the server sent back, refused,
  // stays). A draft kept for another round or position is forgotten.
  function restore(draft) {
    if (looked.has(draft)) return;
    looked.add(draft);
    const kept = stored((storage) => JSON.parse(storage.getItem(entry(gameOf(draft)))));
    if (!kept) return;
    if (kept.draft !== draft.id) return forget(gameOf(draft));
    const box = field(draft);
    const fresh = box.value === draft.dataset.initial;
    if (!fresh || typeof kept.text !== "string" || kept.text === box.value) return;
    // The table may have been swapped in before htmx wired the field: wire it first (htmx
    // does nothing to a field already wired), so that the grid is drawn.
    htmx.process(box);
    show(draft, kept.text);
  }

  // Write ``text`` in the field, keep it, and ask for the preview.
  function show(draft, text) {
    const box = field(draft);
    box.value = text;
    keep(draft);
    draft.classList.add("nk-busy");
    htmx.trigger(box, "nk-changed");
  }

  // Write ``text`` in the field (Undo can bring back what it held) and ask for the preview.
  function send(draft, text) {
    const box = field(draft);
    if (text === box.value) return refresh(draft);
    const earlier = history.get(draft.id) || [];
    earlier.push(box.value);
    history.set(draft.id, earlier);
    show(draft, text);
  }

  // The squares edited: ``keep``, a square as drawn now, is chosen again once the grid is
  // drawn anew from its top-left tile. The focus, if the draft had it, comes back for the
  // keyboard (the redrawn squares and tools are new buttons, and it would fall back to the
  // top of the player's moves): to ``at``, the square the change was made on, else to the
  // tool pressed.
  function edit(draft, found, keep, at = keep) {
    const { text, top, left } = notation(found);
    picked = keep ? { draft: draft.id, r: keep.r - top, c: keep.c - left } : null;
    const active = document.activeElement;
    aim = null;
    if (active && draft.contains(active)) {
      if (at) aim = { draft: draft.id, square: `[data-r="${at.r - top}"][data-c="${at.c - left}"]` };
      else if (active.closest(".nk-tools")) aim = { draft: draft.id, tool: tool(active) };
    }
    send(draft, text);
  }

  // A button of the tools, as it is found again in the tools drawn anew.
  const tool = (button) =>
    button.dataset.face !== undefined
      ? `[data-face="${CSS.escape(button.dataset.face)}"]`
      : `[data-down="${CSS.escape(button.dataset.down)}"]`;

  function pickTile(draft, button) {
    const again = here(draft) && picked.tile && button.classList.contains("picked");
    picked = again ? null : { draft: draft.id, tile: button.dataset.tile };
    refresh(draft);
  }

  function tapSquare(draft, r, c) {
    if (draft.classList.contains("nk-busy")) return;
    const found = squares(draft);
    const key = `${r},${c}`;
    const there = found.get(key);
    if (here(draft) && picked.tile) {
      // A tile of the hand laid here (what lay here goes back to the hand).
      const tile = picked.tile;
      const token = tile === "M" ? "+" : tile === "F" ? "F+" : tile;
      found.set(key, token);
      edit(draft, found, tile === "M" || tile === "F" ? { r, c } : null, { r, c });
      return;
    }
    if (here(draft) && picked.r !== undefined) {
      const from = `${picked.r},${picked.c}`;
      const moving = found.get(from);
      if (from === key && moving) {
        turn(draft, found, key, { r, c });
      } else if (moving) {
        found.delete(from);
        if (there) found.set(from, there);
        found.set(key, moving);
        edit(draft, found, { r, c });
      } else {
        picked = null;
        refresh(draft);
      }
      return;
    }
    picked = there ? { draft: draft.id, r, c } : null;
    refresh(draft);
  }

  // Tapped again: a sign turns to the next sign, a Freechoice's digit to the next digit.
  function turn(draft, found, key, at) {
    const square = read(found.get(key));
    if (isSign(square.face)) {
      square.face = SIGNS[(SIGNS.indexOf(square.face) + 1) % SIGNS.length];
    } else if (square.free) {
      square.face = DIGITS[(DIGITS.indexOf(square.face) + 1) % DIGITS.length];
    } else {
      picked = null;
      return refresh(draft);
    }
    found.set(key, write(square));
    edit(draft, found, at);
  }

  function chosen(draft) {
    if (!here(draft) || picked.r === undefined) return null;
    const key = `${picked.r},${picked.c}`;
    const token = squares(draft).get(key);
    return token ? { key, square: read(token) } : null;
  }

  function retouch(draft, change) {
    const found = squares(draft);
    const it = chosen(draft);
    if (!it) return;
    change(it.square);
    found.set(it.key, write(it.square));
    edit(draft, found, { r: picked.r, c: picked.c }, null);
  }

  // Every part of a draft as the choice stands: the tile or square chosen outlined, the
  // tools for a square of the grid; Undo while there is something to undo, the grid on the
  // table brought back once the draft differs from it, every tile taken back while some lie.
  function refresh(draft) {
    const text = field(draft).value;
    const row = draft.querySelector(".nk-undo");
    const pressed = row.contains(document.activeElement) ? document.activeElement : null;
    row.hidden = false;
    draft.querySelector("[data-undo]").disabled = !(history.get(draft.id) || []).length;
    draft.querySelector("[data-reset]").disabled = text === draft.dataset.initial;
    draft.querySelector("[data-clear]").disabled = !text.trim();
    // A button pressed that has nothing more to do is disabled, which drops the focus to
    // the top of the page: it goes to the next control of the row still to use, or the field.
    if (pressed && pressed.disabled) {
      (row.querySelector("button:not(:disabled)") || field(draft)).focus({ preventScroll: true });
    }
    draft.querySelectorAll(".picked").forEach((element) => {
      element.classList.remove("picked");
      element.setAttribute("aria-pressed", "false");
    });
    const tools = draft.querySelector(".nk-tools");
    tools.hidden = true;
    if (!here(draft)) return;
    if (picked.tile) {
      const button = draft.querySelector(`.nk-hand [data-tile="${picked.tile}"]`);
      if (!button) picked = null;
      else {
        button.classList.add("picked");
        button.setAttribute("aria-pressed", "true");
      }
      return;
    }
    const it = chosen(draft);
    const square = draft.querySelector(`.nk-build [data-r="${picked.r}"][data-c="${picked.c}"]`);
    if (!it || !square) {
      picked = null;
      return;
    }
    square.classList.add("picked");
    const shows = {
      sign: isSign(it.square.face) || it.square.free,
      down: isSign(it.square.face),
      free: it.square.free,
    };
    tools.querySelectorAll("[data-for]").forEach((part) => (part.hidden = !shows[part.dataset.for]));
    tools.querySelector(".nk-chosen").textContent = square.getAttribute("aria-label");
    tools.hidden = false;
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    const draft = button && button.closest(".nk-draft");
    if (!draft || button.type === "submit") return;
    const data = button.dataset;
    if (data.tile !== undefined) pickTile(draft, button);
    else if (data.r !== undefined) tapSquare(draft, Number(data.r), Number(data.c));
    else if (data.face !== undefined) {
      retouch(draft, (square) => {
        square.face = data.face;
        if (!isSign(square.face)) square.down = null;
      });
    } else if (data.down !== undefined) {
      retouch(draft, (square) => (square.down = data.down === square.face ? null : data.down));
    } else if (data.back !== undefined) {
      const it = chosen(draft);
      if (!it) return;
      squares(draft).delete(it.key);
      edit(draft, squares(draft), null, { r: picked.r, c: picked.c });
    } else if (data.undo !== undefined) {
      const earlier = history.get(draft.id) || [];
      if (!earlier.length) return;
      picked = null;
      show(draft, earlier.pop());
    } else if (data.reset !== undefined) {
      picked = null;
      send(draft, draft.dataset.initial);
    } else if (data.clear !== undefined) {
      picked = null;
      send(draft, "");
    }
  });

  // Dragging is tapping: pick up where the drag starts, lay down where it drops.
  document.addEventListener("dragstart", (event) => {
    const from = event.target.closest && event.target.closest(".nk-draft [draggable='true']");
    const draft = from && from.closest(".nk-draft");
    if (!draft) return;
    picked = from.dataset.tile !== undefined
      ? { draft: draft.id, tile: from.dataset.tile }
      : { draft: draft.id, r: Number(from.dataset.r), c: Number(from.dataset.c) };
    event.dataTransfer.setData("text/plain", from.dataset.tile || from.dataset.token);
  });
  document.addEventListener("dragover", (event) => {
    if (event.target.closest && event.target.closest(".nk-build [data-r]")) event.preventDefault();
  });
  document.addEventListener("drop", (event) => {
    const square = event.target.closest && event.target.closest(".nk-build [data-r]");
    const draft = square && square.closest(".nk-draft");
    if (!draft) return;
    event.preventDefault();
    const r = Number(square.dataset.r);
    const c = Number(square.dataset.c);
    if (picked && picked.r === r && picked.c === c) return;
    tapSquare(draft, r, c);
  });

  // The grid written by hand is kept as it is typed.
  document.addEventListener("input", (event) => {
    const draft = event.target.closest && event.target.closest(".nk-draft");
    if (draft && event.target === field(draft)) keep(draft);
  });

  // A new drawing (the preview, or the whole table): read its squares afresh. A draft is
  // restored once htmx is there to draw it (on a page's first load this script runs before
  // htmx, which is deferred, and htmx's first "load" comes after).
  const settle = () =>
    document.querySelectorAll(".nk-draft").forEach((draft) => {
      drawn.delete(draft);
      draft.classList.remove("nk-busy");
      refresh(draft);
      if (aim && aim.draft === draft.id) {
        const found = aim.square
          ? draft.querySelector(`.nk-build ${aim.square}`)
          : draft.querySelector(`.nk-tools:not([hidden]) ${aim.tool}`);
        aim = null;
        if (found) found.focus({ preventScroll: true });
      }
      if (window.htmx) restore(draft);
    });
  document.addEventListener("htmx:load", settle);
  document.addEventListener("htmx:afterRequest", (event) => {
    // A preview answered (drawn, or refused and left as it was): the squares may be tapped.
    const draft = event.detail.elt.closest && event.detail.elt.closest(".nk-draft");
    if (draft) draft.classList.remove("nk-busy");
    // A move recorded (the table answers 200; a refused move 400 and a move the game moved
    // past 409, the draft still to send): its draft is done with.
    const form = event.detail.requestConfig && event.detail.requestConfig.elt;
    const status = event.detail.xhr.status;
    const recorded = status >= 200 && status < 300;
    if (form && form.matches(".nk-play") && recorded) forget(form.dataset.game);
  });
  settle();
})();
