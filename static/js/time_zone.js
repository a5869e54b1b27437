// The profile proposes the browser's own time zone: one click, instead of a search among
// six hundred names. The button stays hidden when the profile already has that zone, or
// when the browser names a zone the list does not hold.
document.addEventListener("DOMContentLoaded", () => {
  const select = document.querySelector("select[data-browser-zone]");
  const button = document.getElementById("use-browser-zone");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!select || !button || !zone || select.value === zone) return;
  if (!Array.from(select.options).some((option) => option.value === zone)) return;
  button.textContent = `${button.dataset.label} ${zone}`;
  button.hidden = false;
  button.addEventListener("click", () => {
    select.value = zone;
    button.hidden = true;
  });
});
