// Draws every chart of a loadgen page with uPlot from the JSON in #chart-data; the page prints the same numbers
// as tables. Each chart is kept in window.charts[name] so a reader (or a browser test) can inspect its data.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('chart-data').textContent || '{}');
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf'];
  window.charts = {};

  function width(el) { return Math.max(360, Math.min(1100, el.clientWidth || 900)); }

  function plot(el, name, opts, columns) {
    opts.width = width(el);
    opts.height = opts.height || 320;
    window.charts[name] = new uPlot(opts, columns, el);
  }

  // The usual HdrHistogram plot: x = 1/(1-p) on a log scale, labelled as percentiles.
  function percentiles(el) {
    var curves = data.percentiles || [];
    if (!curves.length || !curves[0].x.length) { return; }
    var joined = curves.length === 1 ? [curves[0].x, curves[0].y]
      : uPlot.join(curves.map(function (c) { return [c.x, c.y]; }));
    var series = [{ label: 'percentile', value: function (u, v) { return v == null ? '' : label(v); } }];
    curves.forEach(function (c, i) {
      series.push({ label: c.id, stroke: palette[i % palette.length], width: 2, spanGaps: true, points: { show: true, size: 4 } });
    });
    plot(el, 'percentiles', {
      title: 'latency (µs) by percentile',
      scales: { x: { time: false, distr: 3, log: 10 } },
      axes: [{ splits: decades, values: function (u, splits) { return splits.map(label); } }, { label: 'µs' }],
      series: series
    }, joined);
  }

  // Ticks at 0%, 90%, 99%, 99.9%...: x = 1, 10, 100, 1000... up to the largest x plotted.
  function decades(u) {
    var max = u.scales.x.max, out = [];
    for (var x = 1; x <= max * 1.0001; x *= 10) { out.push(x); }
    return out;
  }

  function label(x) {
    var p = 100 * (1 - 1 / x);
    return (Math.round(p * 1000) / 1000) + '%';
  }

  function perSecond(el, kind) {
    var s = data.series;
    if (!s || !s.second || !s.second.length) { return; }
    if (kind === 'rate') {
      var counted = s.counted || 'requests';
      var lines = [{ label: 'second' }, { label: counted, stroke: palette[0], width: 2 },
        { label: 'errors', stroke: palette[1], width: 2 }], columns = [s.second, s.requests, s.errors];
      if (s.lost && s.lost.some(function (v) { return v != null; })) { // kinds that ask for pongs
        lines.push({ label: 'pongs lost', stroke: palette[4], width: 2 });
        columns.push(s.lost);
      }
      plot(el, 'rate', {
        title: counted + ', errors' + (columns.length > 3 ? ' and lost pongs' : '') + ' per second',
        scales: { x: { time: false } }, axes: [{ label: 'second' }, { label: 'per second' }], series: lines
      }, columns);
    } else {
      plot(el, 'series-latency', {
        title: 'latency per second (µs)', scales: { x: { time: false } },
        axes: [{ label: 'second' }, { label: 'µs' }],
        series: [{ label: 'second' }, { label: 'p50', stroke: palette[2], width: 2 },
          { label: 'p99', stroke: palette[3], width: 2 }, { label: 'max', stroke: palette[1], width: 1 }]
      }, [s.second, s.p50, s.p99, s.max]);
    }
  }

  // Grouped bars: one group per variant (payload), one bar per target (node size) at an offset within the group.
  function bars(el) {
    var b = data.bars;
    if (!b || !b.variants.length) { return; }
    var targets = Object.keys(b.targets);
    var n = targets.length, step = 0.8 / n, xs = [];
    b.variants.forEach(function (v, i) {
      targets.forEach(function (t, j) { xs.push(i + (j - (n - 1) / 2) * step); });
    });
    var columns = [xs];
    var series = [{ label: 'variant', value: function (u, x) { return x == null ? '' : b.variants[Math.round(x)]; } }];
    targets.forEach(function (t, j) {
      columns.push(xs.map(function (x, k) { return k % n === j ? b.targets[t][Math.floor(k / n)] : null; }));
      series.push({ label: t, fill: palette[j % palette.length], stroke: palette[j % palette.length],
        paths: uPlot.paths.bars({ size: [0.9, Infinity] }), points: { show: false } });
    });
    plot(el, 'bars', {
      title: 'requests/s by payload (variant) and node size (target)',
      scales: { x: { time: false, range: [-0.5, b.variants.length - 0.5] }, y: { range: function (u, min, max) { return [0, max * 1.1 || 1]; } } },
      axes: [{ splits: function () { return b.variants.map(function (v, i) { return i; }); },
        values: function (u, splits) { return splits.map(function (s) { return b.variants[s]; }); } },
        { label: 'req/s' }],
      series: series
    }, columns);
  }

  function scaling(el) {
    var s = data.scaling;
    if (!s || !s.cores.length) { return; }
    var series = [{ label: 'cores' }], columns = [s.cores];
    Object.keys(s.variants).forEach(function (v, i) {
      series.push({ label: v, stroke: palette[i % palette.length], width: 2, spanGaps: true, points: { show: true, size: 6 } });
      columns.push(s.variants[v]);
    });
    plot(el, 'scaling', {
      title: 'efficiency (req/s per core ÷ the smallest node\'s)', scales: { x: { time: false }, y: { range: [0, 1.2] } },
      axes: [{ label: 'cores' }, { label: 'efficiency' }], series: series
    }, columns);
  }

  function search(el) {
    var i = Number(el.getAttribute('data-index'));
    var s = (data.searches || [])[i];
    if (!s || !s.rate.length) { return; }
    var order = s.rate.map(function (r, k) { return k; }).sort(function (a, b) { return s.rate[a] - s.rate[b]; });
    var rate = order.map(function (k) { return s.rate[k]; });
    var p99 = order.map(function (k) { return s.p99[k]; });
    var series = [{ label: 'rate' }, { label: 'p99 (ms)', stroke: palette[0], width: 2, points: { show: true, size: 6 } }];
    var columns = [rate, p99];
    if (s.slo != null) {
      series.push({ label: 'SLO p99 (ms)', stroke: palette[1], dash: [6, 4], width: 1, points: { show: false } });
      columns.push(rate.map(function () { return s.slo; }));
    }
    if (s.found != null) {
      series.push({ label: 'found rate', stroke: palette[2], width: 0, points: { show: true, size: 12, fill: palette[2] } });
      columns.push(rate.map(function (r, k) { return r === s.found ? p99[k] : null; }));
    }
    plot(el, 'search-' + i, {
      title: s.title + ': p99 by rate', scales: { x: { time: false } },
      axes: [{ label: 'requests/s asked' }, { label: 'p99 (ms)' }], series: series
    }, columns);
  }

  // A kind's table (RunKind#tables): its plotted columns against its first, one line each.
  function table(el) {
    var id = el.getAttribute('data-table');
    var t = (data.tables || []).filter(function (x) { return x.id === id; })[0];
    if (!t || !t.x.length) { return; }
    var series = [{ label: t.xName }], columns = [t.x];
    Object.keys(t.lines).forEach(function (name, i) {
      series.push({ label: name, stroke: palette[i % palette.length], width: 2, spanGaps: false });
      columns.push(t.lines[name]);
    });
    plot(el, 'table-' + id, {
      title: Object.keys(t.lines).join(', '), scales: { x: { time: false } },
      axes: [{ label: t.xName }, {}], series: series
    }, columns);
  }

  var draw = { percentiles: percentiles, rate: function (el) { perSecond(el, 'rate'); },
    'series-latency': function (el) { perSecond(el, 'latency'); }, bars: bars, scaling: scaling, search: search,
    table: table };
  document.querySelectorAll('[data-chart]').forEach(function (el) {
    draw[el.getAttribute('data-chart')](el);
  });
})();
