// No accidental moves: a submit button with data-confirm asks before its form is sent, and
// names the move chosen in the list (the select whose id is in data-confirm-choice). It
// runs in the capture phase, before htmx's own listener on the form: a move the player
// cancels is never posted. Buttons that name their move themselves need no confirmation.
document.addEventListener(
  "submit",
  (event) => {
    const button = event.submitter;
    if (!button || !button.dataset.confirm) return;
    const list = document.getElementById(button.dataset.confirmChoice || "");
    const chosen = list && list.selectedOptions[0] ? list.selectedOptions[0].textContent.trim() : "";
    if (!window.confirm(chosen ? `${button.dataset.confirm}\n${chosen}` : button.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  },
  true,
);
