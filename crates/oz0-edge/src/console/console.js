// Follows a running job: on each of its events, reloads the page's content from the server, which
// writes it as it writes every page; stops at the job's end.
(function () {
  "use strict";
  var job = document.getElementById("job");
  if (!job || !job.dataset.live || !window.EventSource) return;
  var source = new EventSource(job.dataset.live);
  var pending = false;
  function reload(then) {
    if (pending) return;
    pending = true;
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, "text/html").getElementById("job");
        var now = document.getElementById("job");
        if (next && now) now.replaceWith(next);
      })
      .catch(function () {})
      .then(function () { pending = false; if (then) then(); });
  }
  source.addEventListener("step", function () { reload(); });
  source.addEventListener("done", function () {
    source.close();
    // The last step may be under way when the end arrives: load once more after it.
    pending = false;
    reload();
  });
  source.addEventListener("error", function () {
    if (source.readyState === EventSource.CLOSED) reload();
  });
})();
