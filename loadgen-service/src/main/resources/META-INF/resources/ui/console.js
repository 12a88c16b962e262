// The loadgen console: lists, a start form, the active run's progress (polled every 500 ms) and cancel of a run, an
// experiment or a calibration. It talks to the loadgen's JSON API only; the token the user types stays in this tab's
// sessionStorage and is sent only as the bearer of POST and DELETE. Text goes in by textContent only.
(function () {
  'use strict';
  var PAGE = 10, POLL_MS = 500;
  var TOKEN_KEY = 'loadgen.token';
  var pages = { runs: 0, experiments: 0, calibrations: 0 };
  var selected = new Set();
  var active = null, timer = null;
  var $ = function (id) { return document.getElementById(id); };

  $('token').value = sessionStorage.getItem(TOKEN_KEY) || '';
  $('token').addEventListener('input', function () { sessionStorage.setItem(TOKEN_KEY, $('token').value); });
  $('spec').value = JSON.stringify({
    kind: 'http', target: 'http://127.0.0.1:8080/test/testApi', method: 'POST',
    headers: { 'Content-Type': 'application/json' }, body: '{"number": 2}',
    connections: 10, threads: 1, duration: '5s', warmup: '1s', rate: 0, timeout: '2s'
  }, null, 2);

  function say(text, isError) {
    $('message').textContent = text;
    $('message').className = isError ? 'error' : '';
  }

  function authed(method, url, body) {
    var headers = { 'Authorization': 'Bearer ' + $('token').value };
    if (body !== undefined) { headers['Content-Type'] = 'application/json'; }
    return fetch(url, { method: method, headers: headers, body: body });
  }

  function problem(res) {
    return res.json().then(function (e) {
      var v = (e.violations || []).map(function (x) { return x.field + ': ' + x.message; }).join('; ');
      return res.status + ' ' + e.msg + (v ? ' (' + v + ')' : '');
    }, function () { return res.status + ' ' + res.statusText; });
  }

  $('start').addEventListener('submit', function (ev) {
    ev.preventDefault();
    say('starting…');
    authed('POST', '/runs', $('spec').value).then(function (res) {
      if (res.status === 202) {
        return res.json().then(function (run) { say('started run ' + run.id); watch(run.id); refresh(); });
      }
      return problem(res).then(function (m) { say(m, true); });
    }, function (e) { say('the loadgen did not answer: ' + e, true); });
  });

  $('cancel').addEventListener('click', function () {
    if (!active) { return; }
    authed('DELETE', '/runs/' + encodeURIComponent(active)).then(function (res) {
      if (res.ok) { say('cancelled run ' + active); return; }
      return problem(res).then(function (m) { say(m, true); });
    });
  });

  function watch(id) {
    active = id;
    $('active').hidden = false;
    $('active-id').textContent = id;
    $('active-report').href = '/runs/' + encodeURIComponent(id) + '/report.html';
    clearInterval(timer);
    timer = setInterval(poll, POLL_MS);
    poll();
  }

  function poll() {
    fetch('/runs/' + encodeURIComponent(active), { headers: { Accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (run) {
        $('active-state').textContent = run.state;
        $('active-state').className = 'state state-' + run.state;
        var total = seconds(run.spec.duration);
        if (run.progress) {
          var p = run.progress;
          $('active-progress').value = total ? Math.min(1, p.elapsedSeconds / total) : 0;
          $('active-figures').textContent = (p.warmingUp ? 'warming up; ' : '') + p.elapsedSeconds.toFixed(1) + ' s, '
            + p.requests + ' requests, ' + p.errors + ' errors, ' + Math.round(p.currentRate) + '/s now';
        }
        if (run.state !== 'running' && run.state !== 'queued') {
          clearInterval(timer);
          $('active-progress').value = 1;
          $('active-figures').textContent = run.report ? summary(run.report) : (run.failure || '');
          refresh();
        }
      });
  }

  // Durations come back as users write them (10s, 500ms, 2m, 1h), or as ISO-8601.
  function seconds(d) {
    var unit = { ms: 0.001, s: 1, m: 60, h: 3600 };
    var short = /^([\d.]+)(ms|s|m|h)$/.exec(d || '');
    if (short) { return Number(short[1]) * unit[short[2]]; }
    var iso = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/.exec(d || '');
    return iso ? (Number(iso[1] || 0) * 3600 + Number(iso[2] || 0) * 60 + Number(iso[3] || 0)) : 0;
  }

  function summary(r) {
    var n = r.requests != null ? r.requests : r.messagesSent;
    var rate = r.requestsPerSecond != null ? r.requestsPerSecond : (n / r.durationSeconds);
    return n + ' in ' + r.durationSeconds + ' s, ' + Math.round(rate) + '/s';
  }

  function cell(tr, content) {
    var td = document.createElement('td');
    if (content instanceof Node) { td.appendChild(content); } else { td.textContent = content == null ? '' : content; }
    tr.appendChild(td);
  }

  function link(href, text) {
    var a = document.createElement('a');
    a.href = href; a.textContent = text;
    return a;
  }

  function list(kind, render) {
    fetch('/' + kind + '?page=' + pages[kind] + '&size=' + PAGE, { headers: { Accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (page) {
        var body = document.querySelector('#' + kind + ' tbody');
        body.textContent = '';
        page.items.forEach(function (item) { body.appendChild(render(item)); });
        var last = Math.max(0, Math.ceil(page.total / PAGE) - 1);
        $(kind + '-page').textContent = 'page ' + (pages[kind] + 1) + ' of ' + (last + 1) + ' (' + page.total + ')';
        $(kind + '-prev').disabled = pages[kind] === 0;
        $(kind + '-next').disabled = pages[kind] >= last;
      });
  }

  function runRow(run) {
    var tr = document.createElement('tr');
    tr.dataset.id = run.id;
    var box = document.createElement('input');
    box.type = 'checkbox'; box.checked = selected.has(run.id);
    box.setAttribute('aria-label', 'compare ' + run.id);
    box.addEventListener('change', function () {
      if (box.checked) { selected.add(run.id); } else { selected.delete(run.id); }
      compareLink();
    });
    cell(tr, box);
    cell(tr, link('/runs/' + encodeURIComponent(run.id) + '/report.html', run.id));
    cell(tr, run.kind);
    cell(tr, run.disturbed ? run.state + ' (disturbed)' : run.state);
    cell(tr, run.target);
    cell(tr, run.createdAt);
    cell(tr, run.requestsPerSecond != null ? run.requestsPerSecond.toFixed(1) : '');
    cell(tr, run.state === 'completed' || run.state === 'cancelled'
      ? link('/runs/' + encodeURIComponent(run.id) + '/report.html', 'report') : '');
    if ((run.state === 'running' || run.state === 'queued') && active !== run.id) { watch(run.id); }
    return tr;
  }

  function experimentRow(x) {
    var tr = document.createElement('tr');
    cell(tr, link('/experiments/' + encodeURIComponent(x.id) + '/report.html', x.id));
    cell(tr, x.name);
    cell(tr, x.state);
    cell(tr, x.runsDone + ' / ' + x.runsPlanned);
    cell(tr, x.createdAt);
    cell(tr, link('/experiments/' + encodeURIComponent(x.id) + '/report.html', 'report'));
    cell(tr, x.state === 'running' ? stop('experiments', x.id) : '');
    return tr;
  }

  function calibrationRow(c) {
    var tr = document.createElement('tr');
    tr.dataset.id = c.id;
    cell(tr, c.id);
    cell(tr, c.state);
    cell(tr, c.result ? c.result.measurements.map(function (m) { return m.shape; }).join(', ') : '');
    cell(tr, c.createdAt);
    cell(tr, c.state === 'running' ? stop('calibrations', c.id) : '');
    return tr;
  }

  // A cancel button for an active experiment or calibration: DELETE /{kind}/{id}, then the lists again.
  function stop(kind, id) {
    var b = document.createElement('button');
    b.textContent = 'cancel';
    b.className = 'cancel';
    b.setAttribute('aria-label', 'cancel ' + id);
    b.addEventListener('click', function () {
      b.disabled = true;
      authed('DELETE', '/' + kind + '/' + encodeURIComponent(id)).then(function (res) {
        if (res.ok) { say('cancelled ' + id); refresh(); return; }
        b.disabled = false;
        return problem(res).then(function (m) { say(m, true); });
      }, function (e) { b.disabled = false; say('the loadgen did not answer: ' + e, true); });
    });
    return b;
  }

  var ROWS = { runs: runRow, experiments: experimentRow, calibrations: calibrationRow };

  function compareLink() {
    var a = $('compare');
    var ids = Array.from(selected);
    a.href = ids.length >= 2 ? '/compare?runs=' + ids.map(encodeURIComponent).join(',') : '#';
    a.setAttribute('aria-disabled', ids.length >= 2 ? 'false' : 'true');
    a.textContent = 'compare selected (' + ids.length + ')';
  }

  function refresh() {
    list('runs', runRow);
    list('experiments', experimentRow);
    list('calibrations', calibrationRow);
  }

  Object.keys(ROWS).forEach(function (kind) {
    $(kind + '-prev').addEventListener('click', function () { pages[kind] = Math.max(0, pages[kind] - 1); list(kind, ROWS[kind]); });
    $(kind + '-next').addEventListener('click', function () { pages[kind] += 1; list(kind, ROWS[kind]); });
  });
  compareLink();
  refresh();
})();
