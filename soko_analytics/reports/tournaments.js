/* The dashboard's tournaments: the hero's tournaments (D.tournaments, rows of dashboard_data.TOURNAMENT_COLUMNS),
 * filtered by the page's game, currency and dates, summed per currency (never chips: each row is money paid and
 * won), drawn as cumulative profit over time and listed. Shares dashboard.js's names (dashboard.py wraps both). */
var TOURNAMENTS = D.tournaments ? D.tournaments.rows.map(function (r) {
  var t = {};
  D.tournaments.columns.forEach(function (c, i) { t[c] = r[i]; });
  return t;
}) : [];

/* the page's game (any of a mixed tournament's), currency (a buy-in's; "chips" keeps every tournament) and dates
 * (a tournament played on any day of the range); stakes, position and table size are cash and per-hand choices */
function tournamentRows() {
  var from = dayOf(state.from), to = dayOf(state.to);
  return TOURNAMENTS.filter(function (t) {
    if (state.game && t.game.split("+").indexOf(state.game) < 0) return false;
    if (state.currency && state.currency !== "chips" && t.currency !== state.currency) return false;
    if ((from !== null || to !== null) && (t.first === null || t.last === null)) return false;
    if (from !== null && t.last < from * 86400) return false;
    if (to !== null && t.first >= (to + 1) * 86400) return false;
    return true;
  });
}

function currencyName(t) { return t.currency || (t.cost === 0 ? _("freerolls") : _("unknown buy-in")); }
function cash(minor, t) { return minor === null ? "" : money(minor, t.decimals) + (t.currency ? " " + t.currency : ""); }
function buyIn(t) {
  if (t.cost === null) return _("unknown");
  if (t.cost === 0) return _("freeroll");
  var parts = [money(t.buy_in, t.decimals)];
  if (t.bounty) parts.push(_("{amount} bounty", {amount: money(t.bounty, t.decimals)}));
  parts.push(money(t.fee, t.decimals));
  return parts.join(" + ") + (t.currency ? " " + t.currency : "");
}
/* a profit in buy-ins, signed, to a tenth ("+1.5 buy-ins"; one is singular) */
function buyIns(n) { return plural(Math.abs(n) === 1 ? 1 : 2, "{n} buy-in", "{n} buy-ins", {n: (n > 0 ? "+" : "") + fixed(n, 1)}); }
function pct(part, whole) { return whole ? fixed(100 * part / whole, 1) + "%" : "–"; }

function tournamentSummary(list) {
  var cards = [];
  groupTournaments(list).forEach(function (group) {
    var t0 = group[0], cost = 0, paid = 0, profit = 0, paidKnown = 0, known = 0, finished = 0, itm = 0;
    group.forEach(function (t) {
      if (t.place !== null && t.prize !== null) { finished++; if (t.prize > 0) itm++; }
      if (t.profit !== null) { known++; profit += t.profit; paidKnown += t.cost; }
      if (t.cost !== null) { paid++; cost += t.cost; }
    });
    var unit = t0.currency ? " " + t0.currency : "", lines = [];
    var entries = money(cost, t0.decimals) + unit;
    if (paid) lines.push(paid < group.length ? _("entries {amount} ({paid} with a known buy-in)", {amount: entries, paid: paid}) :
      _("entries {amount}", {amount: entries}));
    lines.push(finished ? _("in the money {itm} of the {finished} whose finish and prize the logs hold (ITM {percent})",
      {itm: itm, finished: finished, percent: pct(itm, finished)}) : _("no finish with its prize in the logs"));
    /* results only where the logs hold them: the profit in money and in buy-ins (over the mean entry), the ROI */
    var result = {known: known, all: group.length, profit: money(profit, t0.decimals) + unit};
    if (paidKnown) Object.assign(result, {buyIns: buyIns(profit * known / paidKnown), roi: pct(profit, paidKnown)});
    lines.push(!known ? _("no result known (the logs end before the hero's finish)") : paidKnown ?
      _("result known for {known} of the {all}: profit {profit} ({buyIns}); ROI {roi}", result) :
      _("result known for {known} of the {all}: profit {profit}", result));
    var count = plural(group.length, "{n} tournament", "{n} tournaments", {n: group.length});
    cards.push('<div class="card"><div class="cur">' + esc(currencyName(t0)) + "</div>" +
      '<div class="big">' + esc(count) + "</div><div>" + lines.map(esc).join("<br>") + "</div></div>");
  });
  return cards.join("");
}
function groupTournaments(list) {
  var groups = new Map();
  list.forEach(function (t) {
    var k = currencyName(t) + "|" + t.decimals;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(t);
  });
  return new Map(Array.from(groups.entries()).sort(function (a, b) { return b[1].length - a[1].length; }));
}

function tournamentLines(list) {
  var index = 0;
  groupTournaments(list).forEach(function (group) {
    var known = group.filter(function (t) { return t.profit !== null && t.last !== null && t.currency; })
      .sort(function (a, b) { return a.last - b.last; });
    if (!known.length) return;
    var cur = known[0].currency, scale = Math.pow(10, known[0].decimals), acc = 0, xs = [], ys = [], ids = [];
    known.forEach(function (t) { acc += t.profit; xs.push(stamp(t.last, true)); ys.push(acc / scale); ids.push(t.site + " " + t.tournament_id); });
    var id = "chart-tournaments-" + index++;
    slot("t-lines", id);
    var title = plural(known.length, "Hero: cumulative tournament profit in {currency} ({n} tournament with a known result)",
      "Hero: cumulative tournament profit in {currency} ({n} tournaments with a known result)", {currency: cur});
    var l = layout(title, _("profit ({currency})", {currency: cur}), CLOCK);
    l.xaxis = Object.assign(l.xaxis, dateAxis(xs));
    draw(id, [{type: "scatter", mode: known.length < 60 ? "lines+markers" : "lines", name: esc(_("profit ({currency})", {currency: cur})),
      x: xs, y: ys, customdata: ids.map(esc), line: {color: colour(index - 1)},
      hovertemplate: "%{customdata}<br>%{x}: %{y} " + esc(cur) + "<extra></extra>"}], l);
  });
  prune("t-lines");
}

function tournamentTable(list) {
  var rows = list.slice().sort(function (a, b) { return (b.first || 0) - (a.first || 0); });
  var players = uniq(rows.map(function (t) { return t.player; })).length > 1;
  var head = [_("first hand"), _("site"), _("tournament"), _("game"), _("hands"), _("buy-in + fee"), _("place"), _("prize"),
    _("bounties"), _("profit"), _("buy-ins")];  /* first hand to the minute: the table fits 1,200 px */
  if (players) head.splice(1, 0, _("player"));
  var count = function (n) { return plural(n, "{n} tournament", "{n} tournaments"); };
  paged("t-table", rows, "tpage", count, function (shown) {
    return '<table class="tournaments"><thead><tr>' + head.map(function (h) { return "<th>" + esc(h) + "</th>"; }).join("") +
      "</tr></thead><tbody>" + shown.map(function (t) {
        var cells = [t.first === null ? "" : shownStamp(t.first, true, true), t.site, t.tournament_id, t.game.replace(/\+/g, "+\u200b"),
          num(t.hands), buyIn(t), t.place === null ? "" : String(t.place), cash(t.prize, t),
          t.bounties_won ? cash(t.bounties_won, t) : "", cash(t.profit, t), t.profit !== null && t.cost ? buyIns(t.profit / t.cost) : ""];
        if (players) cells.splice(1, 0, t.player);
        var id = players ? 3 : 2, buy = head.length - 6;  /* the id and the buy-in may wrap: the table fits the page */
        return "<tr>" + cells.map(function (c, i) {
          var cls = i === id ? "id" : i === buy ? "n buy" : i >= head.length - 7 ? "n" : "";
          return "<td" + (cls ? ' class="' + cls + '"' : "") + ">" + esc(c) + "</td>";
        }).join("") + "</tr>";
      }).join("") + "</tbody></table>";
  }, function () { tournamentTable(list); });
}

function renderTournaments() {
  if (!TOURNAMENTS.length || state.view !== "tournaments") return;  /* dashboard.py leaves the section out */
  var list = tournamentRows();
  $("t-summary").innerHTML = list.length ? tournamentSummary(list) : "<p>" + _("No tournament of the hero matches the filters.") + "</p>";
  tournamentLines(list);
  if (list.length) tournamentTable(list); else $("t-table").innerHTML = "";
}
