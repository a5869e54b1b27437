// No accidental moves: a submit button with data-confirm asks before its form is sent, and
// names the move chosen in the list (the select, or the radio buttons' box, whose id is in
// data-confirm-choice). It runs in the capture phase, before htmx's own listener on the
// form: a move the player cancels is never posted. Buttons that name their move themselves
// need no confirmation.
document.addEventListener(
  "submit",
  (event) => {
    const button = event.submitter;
    if (!button || !button.dataset.confirm) return;
    const chosen = chosenWords(document.getElementById(button.dataset.confirmChoice || ""));
    if (!window.confirm(chosen ? `${button.dataset.confirm}\n${chosen}` : button.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  },
  true,
);

// The words of the move chosen in ``list``: a select's option, or a checked radio button's
// label ("" when nothing is chosen).
function chosenWords(list) {
  if (!list) return "";
  const chosen = list.selectedOptions
    ? list.selectedOptions[0]
    : list.querySelector("input:checked")?.labels[0];
  return chosen ? chosen.textContent.trim() : "";
}
