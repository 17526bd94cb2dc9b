/* The dashboard's page script: filters the data embedded in the page and draws it with Plotly.
 * No network, no server: soko_analytics/reports/dashboard_data.py says what the data is.
 * Every text that came from a log goes through esc() before it reaches HTML or a Plotly label.
 * dashboard.py wraps this file and tournaments.js in one strict-mode function: they share its names. */
var D = JSON.parse(document.getElementById("soko-data").textContent);
var L = JSON.parse(document.getElementById("soko-words").textContent);
var PALETTE = ["#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
  "#7f7f7f", "#bcbd22", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#31a354",
  "#e6550d", "#756bb1", "#636363"];
var LINES = [["net", _("Net won"), "#2ca02c"], ["showdown", _("Showdown"), "#1f77b4"],
  ["nonShowdown", _("Non-showdown"), "#d62728"], ["adjusted", _("All-in adjusted"), "#ff7f0e"]];
var POINTS = 2000, PAGE = 25, TOP_STAKES = 15, MAX_HEIGHT = 900, Z95 = 1.959963984540054;
var CLOCK = _("date (UTC where the log names its time zone)"), OTHERS = null;  /* OTHERS: the stakes chart's "other" bar */
var kinds = D.kinds, H = null, T = D.table;
var state = {view: "cash", game: "", stakes: "", currency: "", from: "", to: "", position: "", size: "", who: "everyone",
  minHands: D.min_hands || 0, search: "", xaxis: "hands", sort: "hands", dir: -1, page: 0, tpage: 0};

/* -- words: the page's language (soko_analytics/i18n/scripts.py embeds L) ------------------------ */
/* a message in the page's language, its {names} filled from args */
function _(message, args) { return fill(L.words[message] || message, args); }
function fill(text, args) {
  return args ? text.replace(/\{(\w+)\}/g, function (m, k) { return k in args ? args[k] : m; }) : text;
}
/* a count's message, singular for one: plural(2, "{n} hand", "{n} hands") is "2 hands" ({n} as the language writes
 * numbers; args fill other names). Write a call's own arguments first: the extractor does not look into them */
function plural(n, one, many, args) {
  var forms = L.plurals[one] || [one, many];
  return fill(forms[n === 1 ? 0 : 1], Object.assign({n: num(n)}, args || {}));
}
function num(n) { return n.toLocaleString(L.locale); }
/* a name of the data (a unit, a family of starts, a hand class) in the page's language */
function named(kind, name) { return (L.names[kind] || {})[name] || name; }

function esc(v) {
  return v === null || v === undefined ? "" : String(v).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}[c];
  });
}
function $(id) { return document.getElementById(id); }
function el(tag, attrs, html) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (html !== undefined) e.innerHTML = html;
  return e;
}
function colour(i) { return PALETTE[i % PALETTE.length]; }
var UNITS = ["bb", "big bets", "bring-ins", "antes"];
function unitColour(unit) { return colour(UNITS.indexOf(unit) >= 0 ? UNITS.indexOf(unit) : UNITS.length); }
function money(minor, decimals) {
  var v = minor / Math.pow(10, decimals);
  return v.toLocaleString(L.locale, {minimumFractionDigits: decimals, maximumFractionDigits: decimals});
}
function fixed(v, d) {
  return v === null || !isFinite(v) ? "" : v.toLocaleString(L.locale, {minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false});
}
function pad(n) { return (n < 10 ? "0" : "") + n; }
/* a time as the store holds it, written out with no time zone shift of the browser's */
function stamp(seconds, withTime) {
  var d = new Date(seconds * 1000);
  var day = d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate());
  return withTime ? day + " " + pad(d.getUTCHours()) + ":" + pad(d.getUTCMinutes()) + ":" + pad(d.getUTCSeconds()) : day;
}
/* a time as the page's language writes it (English: stamp's); minutes: to the minute */
function shownStamp(seconds, withTime, minutes) {
  if (L.lang === "en") return minutes ? stamp(seconds, true).slice(0, 16) : stamp(seconds, withTime);
  var how = {timeZone: "UTC", year: "numeric", month: "numeric", day: "numeric"};
  if (withTime) Object.assign(how, {hour: "numeric", minute: "2-digit"}, minutes ? {} : {second: "2-digit"});
  return new Date(seconds * 1000).toLocaleString(L.locale, how);
}
function dayOf(isoDay) { return isoDay ? Date.parse(isoDay + "T00:00:00Z") / 86400000 : null; }
function wilson(k, n) {
  if (!n) return [null, null];
  var p = k / n, z2 = Z95 * Z95, den = 1 + z2 / n, centre = (p + z2 / (2 * n)) / den;
  var half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
  return [Math.max(0, centre - half) * 100, Math.min(1, centre + half) * 100];
}
var BANDS = [_("heads-up (2)"), _("3–6 seats"), _("7+ seats"), _("unknown")];
function sizeBand(size) { return size === 0 ? BANDS[3] : size <= 2 ? BANDS[0] : size <= 6 ? BANDS[1] : BANDS[2]; }

/* -- the data: the hero's columns inflated in the browser ------------------------------------ */
async function unpack(spec) {
  var bytes = Uint8Array.from(atob(spec.gzip_base64), function (c) { return c.charCodeAt(0); });
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  var buffer = await new Response(stream).arrayBuffer();
  var types = {int8: Int8Array, uint8: Uint8Array, int16: Int16Array, uint16: Uint16Array, int32: Int32Array,
    uint32: Uint32Array, float32: Float32Array, float64: Float64Array};
  var out = {};
  spec.columns.forEach(function (c) { out[c.name] = new types[c.type](buffer, c.offset, c.length); });
  return out;
}

/* -- filters ---------------------------------------------------------------------------------- */
function kindOk() {
  return kinds.map(function (k) {
    return (state.view === "tournaments") === !!k.tournament && (!state.game || k.game === state.game) && (!state.stakes || k.stakes === state.stakes) &&
      (!state.currency || k.currency === state.currency);
  });
}
function heroRows() {
  if (!H) return [];
  var ok = kindOk(), c = H.cols, n = H.hands, out = [];
  var from = state.from ? dayOf(state.from) * 86400 - H.t0 : null;
  var to = state.to ? (dayOf(state.to) + 1) * 86400 - H.t0 : null;
  var pos = state.position ? H.positions.indexOf(state.position) : -1;
  for (var i = 0; i < n; i++) {
    if (!ok[c.kind[i]]) continue;
    if (pos >= 0 && c.position[i] !== pos) continue;
    if (state.size && sizeBand(c.size[i]) !== state.size) continue;
    var t = c.t[i];
    if ((from !== null || to !== null) && t === -2147483648) continue;
    if (from !== null && t < from) continue;
    if (to !== null && t >= to) continue;
    out.push(i);
  }
  return out;
}
function options(id, label, values, names) {
  var select = $(id);
  select.innerHTML = '<option value="">' + esc(label) + "</option>" + values.map(function (v, i) {
    return '<option value="' + esc(v) + '">' + esc(names ? names[i] : v) + "</option>";
  }).join("");
}
function uniq(list) { return list.filter(function (v, i) { return list.indexOf(v) === i; }); }
function buildFilters() {
  var games = uniq(kinds.map(function (k) { return k.game; })).sort();
  options("f-game", _("all games"), games);
  fillStakes();
  var currencies = uniq(kinds.map(function (k) { return k.currency; })).sort();
  options("f-currency", _("all currencies"), currencies, currencies.map(function (c) {
    return c === "chips" ? _("no currency (tournament or play chips)") : c;
  }));
  var positions = H ? H.positions.filter(function (p) { return p !== "n/a"; }) : [];
  options("f-position", _("all positions"), positions);
  var bands = H ? uniq(Array.from(H.cols.size).map(sizeBand)) : [];
  options("f-size", _("all table sizes"), BANDS.filter(function (b) {
    return bands.indexOf(b) >= 0;
  }));
  $("f-min").value = state.minHands;
  if (H && H.hands) {
    var lo = Infinity, hi = -Infinity;
    H.cols.t.forEach(function (t) { if (t !== -2147483648) { lo = Math.min(lo, t); hi = Math.max(hi, t); } });
    if (hi >= lo) {
      lo = stamp(H.t0 + lo, false); hi = stamp(H.t0 + hi, false);
      ["f-from", "f-to"].forEach(function (id) { $(id).min = lo; $(id).max = hi; });
    }
  }
}
/* stakes are cash games' (a tournament's blinds are its level, not stakes), in order of size: the big blind (the
 * second number of "small/big ..."), else the first number the stakes name */
function stakeSize(s) {
  var m = /([0-9.]+|\?)\/([0-9.]+)/.exec(s) || /()([0-9.]+)/.exec(s);
  return m ? parseFloat(m[2]) : Infinity;
}
function bySize(a, b) {
  var other = (a === OTHERS) - (b === OTHERS);
  return other || stakeSize(a) - stakeSize(b) || (a < b ? -1 : a > b ? 1 : 0);
}
function fillStakes() {
  var stakes = state.view === "tournaments" ? [] : uniq(kinds.filter(function (k) { return !k.tournament && (!state.game || k.game === state.game); })
    .map(function (k) { return k.stakes; })).sort(bySize);
  options("f-stakes", _("all stakes"), stakes);
  if (stakes.indexOf(state.stakes) < 0) state.stakes = "";
  $("f-stakes").value = state.stakes;
}
function bind() {
  var map = {"f-view": "view", "f-game": "game", "f-stakes": "stakes", "f-currency": "currency", "f-from": "from", "f-to": "to",
    "f-position": "position", "f-size": "size", "f-who": "who", "f-min": "minHands", "f-search": "search",
    "f-xaxis": "xaxis"};
  Object.keys(map).forEach(function (id) {
    var handler = function () {
      var v = $(id).value;
      state[map[id]] = id === "f-min" ? (parseInt(v, 10) || 0) : v;
      state.page = 0; state.tpage = 0;
      if (id === "f-game" || id === "f-view") fillStakes();
      if (id === "f-who" || id === "f-min" || id === "f-search") renderTable(); else render();
    };
    $(id).addEventListener(id === "f-search" || id === "f-min" ? "input" : "change", handler);
  });
  var link = document.querySelector('nav a[href="#tournaments"]');
  if (link) link.addEventListener("click", function () { if (state.view !== "tournaments") { $("f-view").value = "tournaments"; $("f-view").dispatchEvent(new Event("change")); } });
  $("f-reset").addEventListener("click", function () {
    ["game", "stakes", "currency", "from", "to", "position", "size", "search"].forEach(function (k) { state[k] = ""; });
    state.who = "everyone"; state.minHands = D.min_hands || 0; state.page = 0; state.tpage = 0;
    ["f-game", "f-currency", "f-from", "f-to", "f-position", "f-size", "f-search"].forEach(function (id) { $(id).value = ""; });
    $("f-who").value = "everyone"; $("f-min").value = state.minHands; fillStakes(); render();
  });
}

/* -- charts ------------------------------------------------------------------------------------ */
function layout(title, ytitle, xtitle, extra) {
  var l = {title: {text: esc(title), font: {size: 15}}, height: 330, margin: {l: 70, r: 20, t: 50, b: 60},
    paper_bgcolor: "#fff", plot_bgcolor: "#fff", legend: {orientation: "h", y: -0.22}, separators: L.separators,
    xaxis: {title: {text: esc(xtitle || "")}, gridcolor: "#eee", zerolinecolor: "#ccc", automargin: true},
    yaxis: {title: {text: esc(ytitle)}, gridcolor: "#eee", zerolinecolor: "#999", automargin: true},
    font: {family: "system-ui, sans-serif", size: 12}};
  Object.keys(extra || {}).forEach(function (k) { l[k] = Object.assign(l[k] || {}, extra[k]); });
  return l;
}
/* dates as dates: never a tick finer than a second, a lone point padded to a day around it */
function dateAxis(xs) {
  var lo = Date.parse(xs[0].replace(" ", "T") + "Z"), hi = Date.parse(xs[xs.length - 1].replace(" ", "T") + "Z");
  var margin = Math.max(43200000, (hi - lo) * 0.03);
  var fmt = function (ms) { return new Date(ms).toISOString().slice(0, 19).replace("T", " "); };
  return {type: "date", range: [fmt(lo - margin), fmt(hi + margin)], hoverformat: L.date + " " + L.time,
    tickformatstops: [{dtickrange: [null, 60000], value: L.time + "\n" + L.date},
      {dtickrange: [60000, 86400000], value: L.minutes + "\n" + L.date},
      {dtickrange: [86400000, 2592000000], value: L.date}, {dtickrange: [2592000000, null], value: L.month}]};
}
function countAxis(n) { return {rangemode: "tozero", tickformat: ",d", dtick: n <= 10 ? 1 : undefined}; }
function draw(id, data, l) {
  Plotly.react(id, data, l, {responsive: true, displaylogo: false});
}
function slot(container, id, cls) {
  var div = $(id);
  if (!div) { div = el("div", {id: id, "class": cls || "chart"}); $(container).appendChild(div); }
  div.dataset.live = "1";
  return div;
}
function prune(container) {
  Array.from($(container).children).forEach(function (c) {
    if (c.dataset.live !== "1") { if (c.classList.contains("js-plotly-plot")) Plotly.purge(c); c.remove(); }
    delete c.dataset.live;
  });
}
function currencyOf(i) { return kinds[H.cols.kind[i]].currency; }
function kindOfRow(i) { return kinds[H.cols.kind[i]]; }
function units(i) { return H.cols.net[i] / H.units[H.cols.unit[i]]; }
function flag(i, name) { return (H.cols.flags[i] >> H.flags.indexOf(name)) & 1; }
function groupBy(rows, key) {
  var groups = new Map();
  rows.forEach(function (i) { var k = key(i); if (!groups.has(k)) groups.set(k, []); groups.get(k).push(i); });
  return groups;
}

function renderSummary(rows) {
  var box = $("summary"), cards = [];
  groupBy(rows, function (i) { return currencyOf(i); }).forEach(function (list, cur) {
    var k = kindOfRow(list[0]), net = 0, sd = 0, adj = 0;
    list.forEach(function (i) { net += H.cols.net[i]; adj += H.cols.adjusted[i]; if (flag(i, "showdown")) sd += H.cols.net[i]; });
    var rates = [];
    /* won per 100 hands per game and unit: a figure of one game's blinds, never a sum across games */
    groupBy(list, function (i) { return kindOfRow(i).game + "\u0000" + kindOfRow(i).unit_name; }).forEach(function (l, key) {
      var u = 0, parts = key.split("\u0000");
      l.forEach(function (i) { u += units(i); });
      var hands = plural(l.length, "{n} hand", "{n} hands");
      rates.push('<span class="rate" data-game="' + esc(parts[0]) + '" data-unit="' + esc(parts[1]) + '" data-hands="' +
        l.length + '">' + esc(_("{game}: {rate} {unit}/100 ({hands})", {game: parts[0], rate: fixed(u / l.length * 100, 2),
          unit: named("units", parts[1]), hands: hands})) + "</span>");
    });
    /* a game without a currency: a tournament's chips (never added across tournaments), or play money */
    var chips = cur === "chips" && state.view === "tournaments";
    var label = cur !== "chips" ? cur : chips ? _("tournament chips") : _("play chips (no currency)");
    var split = _("showdown {showdown} · non-showdown {other} · all-in adjusted {adjusted}", {showdown: money(sd, k.decimals),
      other: money(net - sd, k.decimals), adjusted: money(adj, k.decimals)});
    var handCount = plural(list.length, "{n} hand", "{n} hands");
    cards.push('<div class="card"><div class="cur">' + esc(label) + "</div>" +
      '<div class="big">' + (chips ? handCount : esc(money(net, k.decimals)) + " " + esc(cur === "chips" ? _("chips") : cur)) + "</div>" +
      "<div>" + rates.join("<br>") + "</div>" + "<div>" + esc(chips ? _("chips are not added across tournaments") : split) +
      "</div></div>");
  });
  box.innerHTML = cards.length ? cards.join("") : "<p>" + _("No hands of the hero match the filters.") + "</p>";
}

function renderLines(rows) {
  var byCurrency = groupBy(rows.filter(function (i) { return currencyOf(i) !== "chips"; }), currencyOf);
  var index = 0;
  byCurrency.forEach(function (list, cur) {
    var decimals = kindOfRow(list[0]).decimals, scale = Math.pow(10, decimals), step = Math.max(1, Math.ceil(list.length / POINTS));
    var acc = {net: 0, showdown: 0, nonShowdown: 0, adjusted: 0}, xs = [0], ys = {net: [0], showdown: [0], nonShowdown: [0], adjusted: [0]};
    var dates = [], luck = [], byDate = state.xaxis === "date";
    list.forEach(function (i, n) {
      var net = H.cols.net[i], sd = flag(i, "showdown");
      acc.net += net; acc.showdown += sd ? net : 0; acc.nonShowdown += sd ? 0 : net; acc.adjusted += H.cols.adjusted[i];
      if ((n + 1) % step === 0 || n === list.length - 1) {
        if (H.cols.t[i] === -2147483648 && byDate) return;
        xs.push(n + 1); dates.push(stamp(H.t0 + H.cols.t[i], true)); luck.push((acc.adjusted - acc.net) / scale);
        LINES.forEach(function (l) { ys[l[0]].push(acc[l[0]] / scale); });
      }
    });
    var id = "chart-winnings-" + index;
    slot("hero-lines", id);
    var x = byDate ? dates : xs;
    var data = LINES.map(function (l) {
      return {type: "scatter", mode: "lines", name: l[1], x: x, y: byDate ? ys[l[0]].slice(1) : ys[l[0]],
        line: {color: l[2], width: l[0] === "net" ? 2.2 : 1.4}};
    });
    var handCount = plural(list.length, "{n} hand", "{n} hands");
    var l = layout(_("Hero: cumulative winnings in {currency} ({hands})", {currency: cur, hands: handCount}),
      _("won ({currency})", {currency: cur}), byDate ? CLOCK : _("hands"));
    l.xaxis = Object.assign(l.xaxis, byDate && dates.length ? dateAxis(dates) : countAxis(list.length));
    draw(id, data, l);
    var allins = list.filter(function (i) { return flag(i, "allin"); }).length;
    if (allins && dates.length) {
      var lid = "chart-luck-" + index;
      slot("hero-lines", lid);
      var allinCount = plural(allins, "{n} all-in hand", "{n} all-in hands");
      var ll = layout(_("All-in luck in {currency}: all-in adjusted minus actual ({hands})", {currency: cur, hands: allinCount}),
        _("luck ({currency})", {currency: cur}), CLOCK);
      ll.xaxis = Object.assign(ll.xaxis, dateAxis(dates));
      draw(lid, [{type: "scatter", mode: dates.length < 30 ? "lines+markers" : "lines", name: _("luck"), x: dates, y: luck,
        line: {color: "#9467bd"}}], ll);
    }
    index++;
  });
  if (!byCurrency.size) $("hero-lines").dataset.empty = "1";
  prune("hero-lines");
}

/* won per 100 hands of each group of rows (key(row)), a bar per group and unit; how.order sorts the groups,
 * how.months draws them on a date axis of months (labels a date axis writes, never clipped) */
function rateBars(id, container, title, rows, key, how) {
  var order = how && how.order, months = how && how.months;
  var byUnit = groupBy(rows, function (i) { return kindOfRow(i).unit_name; }), data = [], cats = [];
  byUnit.forEach(function (list, unit) {
    var groups = groupBy(list, key), xs = Array.from(groups.keys());
    xs.sort(order || undefined);
    var ys = [], texts = [];
    xs.forEach(function (x) {
      var l = groups.get(x), s = 0; l.forEach(function (i) { s += units(i); });
      ys.push(s / l.length * 100); texts.push(plural(l.length, "{n} hand", "{n} hands"));
    });
    xs.forEach(function (x) { if (cats.indexOf(x) < 0) cats.push(x); });
    data.push({type: "bar", name: esc(named("units", unit) + "/100"), x: xs.map(esc), y: ys, customdata: texts,
      hovertemplate: "%{x}: %{y:.2f} " + esc(named("units", unit)) + "/100 (%{customdata})<extra></extra>", marker: {color: unitColour(unit)}});
  });
  slot(container, id);
  if (!data.length) { $(id).innerHTML = "<p>" + _("No hands.") + "</p>"; return; }
  var units2 = _("won/100 ({unit})", {unit: Array.from(byUnit.keys()).map(function (u) { return named("units", u); }).join(", ")});
  cats.sort(order || undefined);
  var l = layout(title, units2, "", {xaxis: {type: "category", categoryorder: "array", categoryarray: cats.map(esc)}});
  if (months) {
    data.forEach(function (d) { d.x = d.x.map(function (m) { return m + "-01"; }); d.xperiod = "M1"; d.xperiodalignment = "middle";
      d.hovertemplate = "%{x|" + L.month + "}: %{y:.2f}/100 (%{customdata})<extra></extra>"; });
    l.xaxis = Object.assign(l.xaxis, {type: "date", tickformat: L.month, hoverformat: L.month, categoryarray: undefined,
      categoryorder: undefined, dtick: cats.length <= 12 ? "M1" : undefined});
  } else if (cats.length > 12) {  /* many categories: horizontal bars, as tall as they need up to a bound */
    data.forEach(function (d) { var x = d.x; d.x = d.y; d.y = x; d.orientation = "h"; d.hovertemplate = "%{y}: %{x:.2f}/100 (%{customdata})<extra></extra>"; });
    l.height = Math.min(MAX_HEIGHT, 120 + 22 * cats.length * data.length);
    l.yaxis = Object.assign(l.yaxis, {type: "category", title: {text: ""}, autorange: "reversed", categoryorder: "array", categoryarray: cats.map(esc)});
    l.xaxis = Object.assign(l.xaxis, {type: "linear", title: {text: esc(units2)}});
  }
  draw(id, data, l);
}

function sessionsOf(rows) {
  var out = [], current = null;
  rows.forEach(function (i) {
    var t = H.cols.t[i];
    if (t === -2147483648) return;
    if (!current || t - current.last > D.session_gap) {
      current = {start: t, last: t, hands: 0, net: {}}; out.push(current);
    }
    if (current.hands === 0) current.local = t + H.cols.offset[i] * 60;  /* the log's own clock */
    current.last = Math.max(current.last, t); current.hands++;
    var cur = currencyOf(i); current.net[cur] = (current.net[cur] || 0) + H.cols.net[i];
    current.decimals = current.decimals || {}; current.decimals[cur] = kindOfRow(i).decimals;
  });
  return out;
}
function renderSessions(rows) {
  var list = sessionsOf(rows), currencies = [];  /* one chart per currency: no axis adds two */
  list.forEach(function (s) { Object.keys(s.net).forEach(function (c) { if (currencies.indexOf(c) < 0 && c !== "chips") currencies.push(c); }); });
  currencies.forEach(function (c, k) {
    var ss = list.filter(function (s) { return s.net[c] !== undefined; }), id = "chart-sessions-" + k;
    slot("rates", id);
    draw(id, [{type: "bar", name: esc(c), x: ss.map(function (s) { return shownStamp(H.t0 + s.local, true); }),
      y: ss.map(function (s) { return s.net[c] / Math.pow(10, s.decimals[c]); }),
      marker: {color: ss.map(function (s) { return s.net[c] < 0 ? LOST : WON; })},  /* a session won green, lost red */
      text: ss.map(function (s) { return plural(s.hands, "{n} hand", "{n} hands"); }), hovertemplate: "%{x}: %{y} " + esc(c) + " (%{text})<extra></extra>"}],
      layout(sessionsTitle(c, ss.length), _("won ({currency})", {currency: c}), _("session start (the log's local time)"),
        {xaxis: {type: "category", categoryorder: "category ascending", nticks: 12}}));
  });
  if (!currencies.length) slot("rates", "sessions-none", "note").innerHTML = "<p>" + _("No timed cash hands.") + "</p>";
  var recent = list.slice(-20).reverse(), sessionCount = plural(list.length, "{n} session", "{n} sessions");
  var head = [_("start (the log's local time)"), _("minutes"), _("hands"), _("won")];
  $("sessions").innerHTML = recent.length ? '<div class="wide"><table><thead><tr>' + head.map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") + "</tr></thead><tbody>" +
    recent.map(function (s) {
      return "<tr><td>" + shownStamp(H.t0 + s.local, true) + '</td><td class="n">' + Math.round((s.last - s.start) / 60) + '</td><td class="n">' + s.hands +
        '</td><td class="n">' + Object.keys(s.net).map(function (c) { return esc(c === "chips" ? "" : money(s.net[c], s.decimals[c]) + " " + c); }).filter(Boolean).join("; ") + "</td></tr>";
    }).join("") + "</tbody></table></div><p>" + esc(list.length > 20 ? _("The 20 latest of {sessions}.", {sessions: sessionCount}) :
      _("{sessions}, the latest first.", {sessions: sessionCount})) + "</p>" : "";
}
function sessionsTitle(currency, n) {
  var sessions = plural(n, "{n} session", "{n} sessions");
  return _("Hero: result of each session in {currency} ({sessions}; a gap over {minutes} minutes starts one)",
    {currency: currency, sessions: sessions, minutes: num(D.session_gap / 60)});
}

/* the stakes of the rows, each its own bar up to TOP_STAKES + 1 of them; past that, the TOP_STAKES with the most
 * hands and one "other" bar: a chart that stays readable at 160 stakes */
function stakeGroups(rows) {
  var counts = new Map();
  rows.forEach(function (i) { var s = kindOfRow(i).stakes; counts.set(s, (counts.get(s) || 0) + 1); });
  var stakes = Array.from(counts.keys());
  if (stakes.length <= TOP_STAKES + 1) return {others: 0, key: function (i) { return kindOfRow(i).stakes; }};
  stakes.sort(function (a, b) { return counts.get(b) - counts.get(a) || bySize(a, b); });
  var top = new Set(stakes.slice(0, TOP_STAKES)), others = stakes.length - TOP_STAKES;
  var label = OTHERS = plural(others, "other ({n} stake)", "other ({n} stakes)");
  return {others: others, key: function (i) { var s = kindOfRow(i).stakes; return top.has(s) ? s : label; }};
}
function renderRates(rows) {
  var order = function (a, b) { return H.positions.indexOf(a) - H.positions.indexOf(b); };
  var posRows = rows.filter(function (i) { return H.positions[H.cols.position[i]] !== "n/a"; });
  rateBars("chart-position", "rates", _("Hero: won per 100 hands by position (hold'em games, table order)"), posRows,
    function (i) { return H.positions[H.cols.position[i]]; }, {order: order});
  var cash = rows.filter(function (i) { return !kindOfRow(i).tournament; }), stake = stakeGroups(cash);
  var stakesTitle = stake.others ? _("Hero: won per 100 hands by stakes (cash games; the {top} stakes with the most hands, the {others} others together)",
    {top: TOP_STAKES, others: num(stake.others)}) : _("Hero: won per 100 hands by stakes (cash games)");
  if (state.view === "cash") rateBars("chart-stakes", "rates", stakesTitle, cash, stake.key, {order: bySize});
  rateBars("chart-month", "rates", _("Hero: won per 100 hands by month"), rows.filter(function (i) { return H.cols.t[i] !== -2147483648; }),
    function (i) { return stamp(H.t0 + H.cols.t[i], false).slice(0, 7); }, {months: true});
  renderSessions(rows);
  prune("rates");
}

var RANKS = "AKQJT98765432", WON = "#1e8449", LOST = "#c0392b";
function renderStarts(rows) {
  var families = groupBy(rows.filter(function (i) { return H.starts[H.cols.start[i]] !== "n/a" && kindOfRow(i).family; }),
    function (i) { return kindOfRow(i).family + "|" + kindOfRow(i).unit_name; });
  var index = 0;
  families.forEach(function (list, key) {
    var fam = key.split("|")[0], unit = key.split("|")[1], id = "chart-starts-" + index++;
    slot("starts", id, "chart" + (fam === "hold'em" ? " grid" : ""));
    var groups = groupBy(list, function (i) { return H.starts[H.cols.start[i]]; });
    var rate = function (cls) { var l = groups.get(cls); if (!l) return null; var s = 0; l.forEach(function (i) { s += units(i); }); return s / l.length * 100; };
    var title = _("Hero's starting hands, {family}: won/100 ({unit}) and hands ({hands})", {family: named("families", fam),
      unit: named("units", unit), hands: num(list.length)}), perHundred = _("won/100 ({unit})", {unit: named("units", unit)});
    if (fam === "hold'em") {
      var z = [], text = [], names = [];
      for (var r = 0; r < 13; r++) {
        z.push([]); text.push([]); names.push([]);
        for (var c = 0; c < 13; c++) {
          var cls = r === c ? RANKS[r] + RANKS[c] : r < c ? RANKS[r] + RANKS[c] + "s" : RANKS[c] + RANKS[r] + "o";
          var n = (groups.get(cls) || []).length;
          z[r].push(rate(cls)); text[r].push(n ? cls + "<br>" + n : cls); names[r].push(cls);
        }
      }
      var hidden = {showticklabels: false, showgrid: false, zeroline: false, showline: false, ticks: ""};
      var l = layout(title, "", "", {xaxis: hidden, yaxis: Object.assign({autorange: "reversed", scaleanchor: "x"}, hidden)});
      l.height = 640; l.width = Math.min(720, $("starts").clientWidth || 720); l.margin = {l: 10, r: 10, t: 50, b: 10};
      /* the colours span the 90th percentile of |won/100| over the cells: a rare start's outlier saturates */
      var mags = [].concat.apply([], z).filter(function (v) { return v !== null; }).map(Math.abs).sort(function (a, b) { return a - b; });
      var limit = mags.length ? Math.max(1, mags[Math.floor(0.9 * (mags.length - 1))]) : 1;
      draw(id, [{type: "heatmap", z: z, text: text, customdata: names, texttemplate: "%{text}", textfont: {size: 10},
        colorscale: [[0, LOST], [0.5, "#f7f7f7"], [1, WON]], zmin: -limit, zmax: limit, xgap: 1, ygap: 1,
        hovertemplate: "%{customdata}: %{z:.1f} " + esc(named("units", unit)) + "/100<extra></extra>",
        colorbar: {title: {text: esc(named("units", unit) + "/100")}}}], l);
    } else {
      var cats = Array.from(groups.keys()).sort(function (a, b) { return groups.get(b).length - groups.get(a).length; });
      var l2 = layout(title, "", perHundred, {yaxis: {type: "category", autorange: "reversed"}});
      l2.height = Math.min(1600, 120 + 24 * cats.length);
      var rates = cats.map(rate);  /* won in green, lost in red: the grid's colours */
      draw(id, [{type: "bar", orientation: "h", y: cats.map(function (c) { return esc(named("starts", c)); }), x: rates, marker: {color: rates.map(function (v) { return v < 0 ? LOST : WON; })},
        text: cats.map(function (c) { return plural(groups.get(c).length, "{n} hand", "{n} hands"); }), textposition: "auto",
        hovertemplate: "%{y}: %{x:.2f}/100 (%{text})<extra></extra>", name: esc(named("families", fam))}], l2);
    }
  });
  if (!families.size) slot("starts", "starts-none", "note").innerHTML = "<p>" + _("No starting hands known (draw games, or no hole cards in the logs).") + "</p>";
  prune("starts");
}

function renderShown(rows) {
  var byProfile = groupBy(rows.filter(function (i) { return H.classes[H.cols.shown[i]] !== "n/a"; }), function (i) { return kindOfRow(i).profile; });
  var profiles = Array.from(byProfile.keys()).sort(function (a, b) { return byProfile.get(b).length - byProfile.get(a).length; });
  profiles.slice(0, 4).forEach(function (p, k) {
    var list = byProfile.get(p), theory = D.theory[p] || {}, counts = {};
    list.forEach(function (i) { var c = H.classes[H.cols.shown[i]]; counts[c] = (counts[c] || 0) + 1; });
    var order = Object.keys(theory).length ? Object.keys(theory).sort(function (a, b) { return theory[b] - theory[a]; }) : Object.keys(counts);
    Object.keys(counts).forEach(function (c) { if (order.indexOf(c) < 0) order.push(c); });
    var id = "chart-shown-" + k;
    slot("shown", id);
    var data = [{type: "bar", name: _("shown down by the hero"), x: order.map(function (c) { return named("classes", c).replace(/_/g, " "); }),
      y: order.map(function (c) { return 100 * (counts[c] || 0) / list.length; }), marker: {color: colour(0)}}];
    if (Object.keys(theory).length) data.push({type: "bar", name: _("dealt (theory)"), x: data[0].x, y: order.map(function (c) { return theory[c] || 0; }), marker: {color: colour(8)}});
    var title = plural(list.length, "{game}: {n} hand the hero showed down, by class", "{game}: {n} hands the hero showed down, by class", {game: p});
    draw(id, data, layout(title, _("% of hands"), "", {xaxis: {type: "category"}}));
  });
  var note = slot("shown", "shown-note", "note");
  var more = plural(profiles.length - 4, "And {n} more game; choose one in the Game filter.", "And {n} more games; choose one in the Game filter.");
  note.innerHTML = profiles.length > 4 ? "<p>" + esc(more) + "</p>" :
    profiles.length ? "" : "<p>" + _("No showdown of the hero with every card known.") + "</p>";
  prune("shown");
}

/* -- the HUD table of players ------------------------------------------------------------------ */
/* one row per player, currency and won-per-100 unit, so that every column holds one unit and one currency and
 * sorts; the stats are the catalogue's (T.stats), computed from the sums the filters keep */
function tableRows() {
  var ok = kindOk(), from = dayOf(state.from), to = dayOf(state.to), span = {day: 1, week: 7, month: 31, year: 366}[T.period];
  var groups = new Map(), sums = T.sums, C = T.cols;
  for (var r = 0; r < T.rows; r++) {
    if (!ok[C.kind[r]]) continue;
    var d = C.day[r];
    if (from !== null && d + span - 1 < from) continue;
    if (to !== null && d > to) continue;
    var k = kinds[C.kind[r]], key = C.player[r] + "|" + k.currency + "|" + k.unit_name, p = groups.get(key);
    if (!p) {
      p = {player: C.player[r], currency: k.currency, decimals: k.decimals, unit: k.unit_name, hands: 0, sums: {}};
      sums.forEach(function (s) { p.sums[s] = 0; }); groups.set(key, p);
    }
    p.hands += C.hands[r];
    sums.forEach(function (s) { p.sums[s] += C[s][r]; });
  }
  var search = state.search.toLowerCase(), out = [];
  groups.forEach(function (p) {
    var name = T.players[p.player], hero = T.hero[p.player];
    p.anonymous = T.anonymous[p.player];  /* one row for every seat of a site that hides names: not a player */
    if (state.who === "hero" && !hero) return;
    if (state.who === "opponents" && hero) return;
    if (p.hands < state.minHands) return;
    if (search && name.toLowerCase().indexOf(search) < 0) return;
    p.name = name; p.isHero = hero;
    T.stats.forEach(function (s) {
      var num = p.sums[s.name + "__num"], den = p.sums[s.name + "__den"];
      if (s.kind === "percent") { p[s.name] = den ? num / den * 100 : null; p[s.name + "_n"] = den; p[s.name + "_ci"] = wilson(num, den); }
      else if (s.kind === "per_100") p[s.name] = den ? num / den * 100 : null;
      else if (s.kind === "ratio") p[s.name] = den ? num / den : null;
      else if (s.kind === "money") p[s.name] = p.currency === "chips" ? null : num / Math.pow(10, p.decimals);  /* chips: never added */
      else p[s.name] = num;
    });
    out.push(p);
  });
  return out;
}
/* the catalogue's stats the table shows (T.stats names, in catalogue order): the user's choice, kept in the
 * browser's local storage, else DEFAULT_COLUMNS */
var COLUMNS_KEY = "soko-dashboard-columns";
var DEFAULT_COLUMNS = ["won_per_100", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "net_won"];
function savedColumns() {
  var saved = null;
  try { saved = JSON.parse(window.localStorage.getItem(COLUMNS_KEY)); } catch (e) { saved = null; }
  var wanted = Array.isArray(saved) ? saved : DEFAULT_COLUMNS;
  return T.stats.map(function (s) { return s.name; }).filter(function (n) { return n !== "hands" && wanted.indexOf(n) >= 0; });
}
function buildColumns() {
  state.columns = savedColumns();
  $("f-columns-list").innerHTML = T.stats.filter(function (s) { return s.name !== "hands"; }).map(function (s) {
    return '<label><input type="checkbox" value="' + esc(s.name) + '"' + (state.columns.indexOf(s.name) >= 0 ? " checked" : "") +
      "> " + esc(s.label) + "</label>";
  }).join("");
  $("f-columns-list").querySelectorAll("input").forEach(function (box) {
    box.addEventListener("change", function () {
      state.columns = Array.from($("f-columns-list").querySelectorAll("input:checked")).map(function (b) { return b.value; });
      try { window.localStorage.setItem(COLUMNS_KEY, JSON.stringify(state.columns)); } catch (e) { /* storage off: this page only */ }
      renderTable();
    });
  });
}
function cell(p, s) {
  var k = s.name, v = p[k];
  if (v === null || v === undefined) return '<td class="n"></td>';
  if (s.kind === "percent") {
    var n = p[k + "_n"] || 0, ci = p[k + "_ci"], alpha = Math.min(1, 0.35 + 0.65 * Math.min(1, n / 100));
    var says = plural(n, "{n} opportunity; 95% interval {low}–{high}%", "{n} opportunities; 95% interval {low}–{high}%",
      {n: n, low: fixed(ci[0], 1), high: fixed(ci[1], 1)});
    return '<td class="n" style="opacity:' + alpha.toFixed(2) + '" title="' + esc(says) + '">' + fixed(v, 1) + "</td>";
  }
  if (s.kind === "money") return '<td class="n">' + esc(money(Math.round(v * Math.pow(10, p.decimals)), p.decimals)) + "</td>";
  if (s.kind === "count") return '<td class="n">' + num(v) + "</td>";
  return '<td class="n">' + fixed(v, 2) + "</td>";
}
function renderTable() {
  var rows = tableRows(), key = state.sort, dir = state.dir;
  rows.sort(function (a, b) {  /* the hero's rows first, whatever the order */
    if (a.isHero !== b.isHero) return a.isHero ? -1 : 1;
    var x = key === "name" ? a.name : a[key], y = key === "name" ? b.name : b[key];
    if (x === null || x === undefined) return y === null || y === undefined ? a.name.localeCompare(b.name) : 1;
    if (y === null || y === undefined) return -1;
    return (typeof x === "string" ? x.localeCompare(y) : x - y) * dir || a.name.localeCompare(b.name);
  });
  var stats = T.stats.filter(function (s) { return state.columns.indexOf(s.name) >= 0; });
  var cols = [["name", _("player")], ["currency", _("currency")], ["unit", _("unit")], ["hands", _("hands")]].concat(stats.map(function (s) {
    return [s.name, s.name === "won_per_100" ? _("won/100") : s.label];
  }));
  var head = cols.map(function (c) {
    var mark = c[0] === key ? (dir < 0 ? " ▼" : " ▲") : "";
    return '<th data-key="' + esc(c[0]) + '" title="' + esc(_("click to sort")) + '">' + esc(c[1]) + mark + "</th>";
  }).join("");
  var heroTag = ' <span class="tag">' + esc(_("hero")) + "</span>", anonymousTag = ' <span class="tag" title="' +
    esc(_("the site hides names: each seat of each hand, not one player")) + '">' + esc(_("not a player")) + "</span>";
  var body = function (shown) { return shown.map(function (p) {
    return "<tr" + (p.isHero ? ' class="hero"' : "") + ">" + "<td>" + esc(p.name) + (p.isHero ? heroTag : "") + (p.anonymous ? anonymousTag : "") +
      "</td><td>" + esc(p.currency !== "chips" ? p.currency : state.view === "tournaments" ? _("chips (tournaments)") : _("no currency (play chips)")) +
      "</td><td>" + esc(named("units", p.unit)) + '</td><td class="n">' + num(p.hands) + "</td>" + stats.map(function (s) { return cell(p, s); }).join("") + "</tr>";
  }).join(""); };
  var players = new Set(), anonymous = new Set();
  rows.forEach(function (p) { (p.anonymous ? anonymous : players).add(p.player); });
  var noun = function (n) {
    var rowCount = plural(n, "{n} row", "{n} rows"), playerCount = plural(players.size, "{n} player", "{n} players");
    var siteCount = plural(anonymous.size, "{n} site", "{n} sites");
    return anonymous.size ? _("{rows}: {players} and the anonymous seats of {sites}", {rows: rowCount, players: playerCount, sites: siteCount}) :
      _("{rows}: {players}", {rows: rowCount, players: playerCount});
  };
  paged("hud", rows, "page", noun, function (shown) {
    return '<table class="hud"><thead><tr>' + head + "</tr></thead><tbody>" + body(shown) + "</tbody></table>";
  }, renderTable);
  $("hud").querySelectorAll("th").forEach(function (th) {
    th.addEventListener("click", function () {
      var k = th.dataset.key; if (state.sort === k) state.dir = -state.dir; else { state.sort = k; state.dir = ["name", "currency", "unit"].indexOf(k) >= 0 ? 1 : -1; }
      renderTable();
    });
  });
}

/* rows shown PAGE at a time in the element ``box`` under a pager (#box-prev, #box-next); state[key] is the page,
 * table(rows of the page) its HTML, redraw() draws it again; count(n) counts the rows */
function paged(box, rows, key, count, table, redraw) {
  var pages = Math.max(1, Math.ceil(rows.length / PAGE));
  var at = state[key] = Math.min(state[key], pages - 1);
  var where = _("page {page} of {pages}", {page: num(at + 1), pages: num(pages)});
  $(box).innerHTML = '<div class="wide">' + table(rows.slice(at * PAGE, (at + 1) * PAGE)) + "</div>" +
    '<div class="pager"><button id="' + box + '-prev"' + (at ? "" : " disabled") + ">◀ " + esc(_("previous")) + "</button> " +
    esc(where) + ' (<span class="count">' + esc(count(rows.length)) + "</span>) " + '<button id="' + box + '-next"' +
    (at < pages - 1 ? "" : " disabled") + ">" + esc(_("next")) + " ▶</button></div>";
  $(box + "-prev").addEventListener("click", function () { state[key]--; redraw(); });
  $(box + "-next").addEventListener("click", function () { state[key]++; redraw(); });
}

/* the hand list (written into the page, each row's kind, time, position and table size in its data): the rows the
 * filters keep, as the hero's charts keep his hands */
function filterHands() {
  var body = document.querySelector("#hand-list tbody");
  if (!body) return;
  var ok = kindOk(), shown = 0, total = body.rows.length;
  var from = state.from ? dayOf(state.from) * 86400 : null, to = state.to ? (dayOf(state.to) + 1) * 86400 : null;
  Array.from(body.rows).forEach(function (r) {
    var d = r.dataset, k = +d.kind, t = d.t === "" ? null : +d.t;
    var keep = k >= 0 && ok[k] && (!state.position || d.position === state.position) &&
      (!state.size || sizeBand(+d.size) === state.size) &&
      (from === null || (t !== null && t >= from)) && (to === null || (t !== null && t < to));
    r.hidden = !keep;
    if (keep) shown++;
  });
  var handCount = plural(total, "{n} hand", "{n} hands");
  $("hand-count").textContent = shown === total ? handCount : _("{shown} of {hands}", {shown: num(shown), hands: handCount});
}

/* the view: cash games or tournaments, never both in one chart or table (a tournament's chips are not money, its
 * blinds are levels) */
function firstView() {
  if (!H) return kinds.some(function (k) { return !k.tournament; }) ? "cash" : "tournaments";
  for (var i = 0; i < H.hands; i++) if (!kinds[H.cols.kind[i]].tournament) return "cash";
  return "tournaments";
}
function render() {
  if ($("t-view")) $("t-view").style.display = state.view === "tournaments" ? "" : "none";
  var rows = heroRows();
  $("hero-count").textContent = num(rows.length);
  renderSummary(rows);
  renderLines(rows);
  renderRates(rows);
  renderStarts(rows);
  renderShown(rows);
  renderTable();
  renderTournaments();
  filterHands();
  document.body.dataset.rendered = String((+document.body.dataset.rendered || 0) + 1);
}

/* what the browser tests read: every chart's drawn traces */
function charts() {
  var out = {};
  document.querySelectorAll(".js-plotly-plot").forEach(function (div) {
    out[div.id] = {title: div.layout.title && div.layout.title.text, xaxis: div.layout.xaxis, yaxis: div.layout.yaxis,
      traces: div.data.map(function (t) { return {name: t.name, type: t.type, x: t.x, y: t.y, z: t.z}; })};
  });
  return out;
}

async function start() {
  await window.plotlyReady;
  T.cols = await unpack(T);
  if (D.hero) {
    H = D.hero; H.cols = await unpack(D.hero);
    for (var i = 1, t = H.cols.t; i < t.length; i++) t[i] += t[i - 1];  /* stored as differences */
  }
  state.view = firstView(); $("f-view").value = state.view;
  buildFilters(); buildColumns(); bind(); render();
  window.dashboard = {state: state, charts: charts, render: render, heroRows: heroRows, tableRows: tableRows,
    tournamentRows: tournamentRows};
  document.body.dataset.ready = "1";
}
start().catch(function (e) {
  var box = $("script-errors"); box.style.display = "block"; box.textContent = _("The dashboard could not be drawn: {error}", {error: e});
  (window.__reportErrors = window.__reportErrors || []).push(String(e));
});
