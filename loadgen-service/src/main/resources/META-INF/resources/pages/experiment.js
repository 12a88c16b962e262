// The experiment page while it runs: reloads itself every few seconds (a <noscript> refresh does it without script),
// but not while the token field has the focus or a cancel is in flight, and cancels the experiment with the token the
// console keeps in this tab's sessionStorage, sent only as the bearer of the DELETE, never in a URL.
(function () {
  'use strict';
  var live = document.getElementById('live');
  if (!live) { return; }
  var TOKEN_KEY = 'loadgen.token';
  var token = document.getElementById('token');
  var button = document.getElementById('cancel-experiment');
  var message = document.getElementById('cancel-message');
  var every = 1000 * Number(live.getAttribute('data-refresh-seconds'));
  var busy = false;

  token.value = sessionStorage.getItem(TOKEN_KEY) || '';
  token.addEventListener('input', function () { sessionStorage.setItem(TOKEN_KEY, token.value); });

  function reload() {
    if (busy || document.activeElement === token) { setTimeout(reload, every); return; }
    location.reload();
  }
  setTimeout(reload, every);

  function say(text, isError) {
    message.textContent = text;
    message.className = isError ? 'error' : '';
  }

  function failed(text) {
    say(text, true);
    busy = false;
    button.disabled = false;
  }

  button.addEventListener('click', function () {
    var id = button.getAttribute('data-experiment');
    busy = true;
    button.disabled = true;
    say('cancelling…');
    fetch('/experiments/' + encodeURIComponent(id), { method: 'DELETE', headers: { Authorization: 'Bearer ' + token.value } })
      .then(function (res) {
        if (res.ok) { say('cancelled ' + id); busy = false; location.reload(); return; }
        return res.json().then(function (e) { return res.status + ' ' + e.msg; },
          function () { return res.status + ' ' + res.statusText; }).then(failed);
      }, function (e) { failed('the loadgen did not answer: ' + e); });
  });
})();
