// The offline page (offline.html): asks the server again every 10 s, at once when the device is
// back online or on the button, and reloads the page the user wanted once the server answers.
(function () {
  var status = document.getElementById('offline-retry');
  var waitMs = 10000;
  var next = Date.now() + waitMs;
  function retry() {
    status.textContent = 'Retrying…';
    fetch('/build-date.json', { cache: 'no-store' })
      .then(function (res) {
        if (res.ok) location.reload();
        else throw new Error(String(res.status));
      })
      .catch(function () {
        next = Date.now() + waitMs;
      });
  }
  setInterval(function () {
    var left = Math.max(0, Math.round((next - Date.now()) / 1000));
    if (left === 0) retry();
    else status.textContent = 'Retrying in ' + left + ' s…';
  }, 1000);
  window.addEventListener('online', retry);
  document.getElementById('offline-now').addEventListener('click', retry);
})();
