// The sign-in page served as HTML (server/app/signInHtml.ts): the form works without any script.
// This loads the app on the user's first touch or key, never before, so a phone's first screen is
// HTML and CSS alone; the app then takes the form over with what was typed
// (client/src/features/session/staticSignIn.ts). A submit before the app is there waits for it,
// and posts the form as it is if the app has not come within 10 s.
(function () {
  var me = document.currentScript;
  var app = me && me.getAttribute('data-app');
  var form = document.getElementById('signin-form');
  if (!app || !form) return;
  var loading = false;
  var events = ['pointerdown', 'keydown', 'input', 'touchstart'];
  function load() {
    if (loading) return;
    loading = true;
    events.forEach(function (name) {
      document.removeEventListener(name, load, true);
    });
    // The app's start steps with it, side by side (client/src/main.tsx).
    (me.getAttribute('data-preload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = app;
    document.head.appendChild(script);
  }
  events.forEach(function (name) {
    document.addEventListener(name, load, { capture: true, passive: true });
  });
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    window.__signInSubmitted = true;
    load();
    setTimeout(function () {
      if (form.isConnected) form.submit();
    }, 10000);
  });
})();
