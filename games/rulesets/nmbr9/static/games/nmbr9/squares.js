// NMBR 9's placement grid for a keyboard: the grid is one stop of the Tab key (the square of
// the tile's corner, or else the first square the tile may go on), and the arrow keys move
// among the squares the tile may go on; Enter or Space asks for the preview there, as a tap
// does. Without it, every such square is a Tab stop between the player and the buttons under
// the grid. Loaded again with every table htmx swaps in: it sets itself up once, and
// listens on the document.
(() => {
  if (window.nmbr9Squares) return;
  window.nmbr9Squares = true;

  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  const open = (grid) => [...grid.querySelectorAll("button.sq:not(:disabled)")];

  const rove = (grid, stop) => {
    for (const square of open(grid)) square.tabIndex = square === stop ? 0 : -1;
  };

  const setUp = () => {
    for (const grid of document.querySelectorAll(".n9-pick-grid")) {
      rove(grid, grid.querySelector("button.corner-here:not(:disabled)") || open(grid)[0]);
    }
  };

  // The next square the tile may go on from ``square`` along its row or column (the grid's
  // cells, axes included, row by row; the grid says how many columns it has); else, so that
  // no square is out of reach, the next or previous one in reading order.
  const next = (grid, square, [dx, dy]) => {
    const cells = [...grid.children];
    const columns = Number(grid.style.getPropertyValue("--n9-columns"));
    let index = cells.indexOf(square);
    for (;;) {
      const column = (index % columns) + dx;
      index += dx + dy * columns;
      if (column < 1 || column >= columns || index < columns || index >= cells.length) break;
      if (cells[index].matches("button.sq:not(:disabled)")) return cells[index];
    }
    const squares = open(grid);
    const at = squares.indexOf(square) + (dx + dy > 0 ? 1 : -1);
    return squares[at] || square;
  };

  document.addEventListener("keydown", (event) => {
    const step = STEPS[event.key];
    const square = step && event.target.closest && event.target.closest(".n9-pick-grid button.sq");
    if (!square) return;
    event.preventDefault();
    const grid = square.closest(".n9-pick-grid");
    const target = next(grid, square, step);
    rove(grid, target);
    target.focus();
  });
  document.addEventListener("htmx:afterSettle", setUp);
  setUp();
})();
