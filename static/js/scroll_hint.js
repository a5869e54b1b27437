// A box that scrolls sideways inside the screen (a wide Numenko grid, an NMBR 9 stack, a
// score sheet) says where more of it is hidden: its .scroll-hint wrapper is marked
// more-left / more-right, and site.css draws a shadow at that edge. A phone shows no scroll
// bar until one scrolls, so nothing said that a grid went on past the screen's edge. A
// screen reader needs no such word: it reads the whole grid or sheet, cut or not.
(() => {
  // A box scrolled to within a pixel of its end is at its end (zoomed pages round).
  const SLACK = 1;

  function mark(hint) {
    const box = hint.firstElementChild;
    if (!box) return;
    const hidden = box.scrollWidth - box.clientWidth;
    hint.classList.toggle("more-left", box.scrollLeft > SLACK);
    hint.classList.toggle("more-right", hidden - box.scrollLeft > SLACK);
  }

  // The box or what it holds changes size: the screen turned, a zoom ticked, squares
  // redrawn, a web font loaded.
  const sizes = new ResizeObserver((entries) => {
    entries.forEach((entry) => {
      const hint = entry.target.closest(".scroll-hint");
      if (hint) mark(hint);
    });
  });

  function watch(root) {
    const hints = root.matches?.(".scroll-hint") ? [root] : [];
    hints.push(...(root.querySelectorAll?.(".scroll-hint") ?? []));
    hints.forEach((hint) => {
      const box = hint.firstElementChild;
      if (!box) return;
      sizes.observe(box);
      if (box.firstElementChild) sizes.observe(box.firstElementChild);
      mark(hint);
    });
  }

  document.addEventListener(
    "scroll",
    (event) => {
      const hint = event.target.parentElement;
      if (hint?.classList.contains("scroll-hint")) mark(hint);
    },
    { capture: true, passive: true },
  );
  // The table and the move forms are swapped in by htmx after a move or a poll.
  new MutationObserver((changes) => {
    changes.forEach((change) => change.addedNodes.forEach(watch));
  }).observe(document.documentElement, { childList: true, subtree: true });
  watch(document);
})();
