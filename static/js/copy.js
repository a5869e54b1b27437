// A button that copies a field (data-copy: the field's id), such as the waiting room's
// invitation link; hidden without a script, shown here. It says "Copied." beside itself.
document.addEventListener("DOMContentLoaded", () => {
  for (const button of document.querySelectorAll("[data-copy]")) button.hidden = false;
});
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch {
    document.execCommand("copy"); // a page served without https has no clipboard API
  }
  const said = button.nextElementSibling;
  if (said && said.classList.contains("copied")) said.hidden = false;
});
