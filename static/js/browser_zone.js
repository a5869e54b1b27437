// Tell the site this browser's time zone: a player who has not chosen one in their
// profile (and a visitor) then reads every date of a page in it (accounts/middleware.py).
// The first page of a visit, drawn before the cookie existed, is in UTC.
(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  // IANA names ("America/Argentina/Buenos_Aires") are plain cookie characters.
  const cookie = `browser_time_zone=${zone}`;
  if (document.cookie.split("; ").includes(cookie)) return;
  document.cookie = `${cookie}; path=/; max-age=31536000; SameSite=Lax`;
})();
