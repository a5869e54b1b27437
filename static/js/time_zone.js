// The profile proposes the browser's own time zone: one click, instead of a search among
// six hundred names. The button is made here, and only when the profile has another zone
// (not the empty choice, which already follows the browser) and the list holds the
// browser's: without JavaScript there is nothing to offer.
document.addEventListener("DOMContentLoaded", () => {
  const select = document.querySelector("select[data-browser-zone]");
  const place = document.getElementById("browser-zone");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!select || !place || !zone || select.value === zone || select.value === "") return;
  if (!Array.from(select.options).some((option) => option.value === zone)) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.textContent = `${place.dataset.label} ${zone}`;
  button.addEventListener("click", () => {
    select.value = zone;
    button.remove();
  });
  place.append(button);
});
