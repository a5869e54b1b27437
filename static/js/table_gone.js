// The waiting room asks for itself every few seconds; once its host has cancelled the
// table, the answer is a 404, which htmx does not swap in: the guest's page would go on
// showing a table that is no longer there. It is loaded again instead, and says so.
document.addEventListener("htmx:responseError", (event) => {
  const room = event.detail.elt;
  if (room && room.id === "waiting-room" && event.detail.xhr.status === 404) {
    window.location.reload();
  }
});
