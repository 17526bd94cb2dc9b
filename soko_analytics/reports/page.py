"""The HTML page every report is written into: escaping, style sheets, plotly.js, sortable tables.

Every string that came from a log (player, table and file names, hand ids, finding messages) goes
through :func:`esc` before it reaches HTML; figures are embedded as JSON with ``</`` written as
``<\\/`` so that no text in the data can close the script element, and Plotly draws labels from
text that :func:`esc` escaped, which it shows as typed. A report needs no network: plotly.js is
embedded once in the page that has charts.
"""

from __future__ import annotations

import base64
import gzip
import html
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

import plotly
import plotly.graph_objects as go
import plotly.io as pio
from plotly.offline import get_plotlyjs

__all__ = ["NUM", "esc", "figure", "page", "table"]

NUM = ' class="n"'
"""The attribute of a numeric cell (right-aligned)."""

CSS = """
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px;
       padding: 1rem 1.5rem; color: #1d1d1f; }
h1 { font-size: 1.5rem; margin: .5rem 0 0; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem;
     border-bottom: 1px solid #ddd; padding-bottom: .2rem; }
.meta { color: #555; margin: .2rem 0 1rem; }
table { border-collapse: collapse; margin: .5rem 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; vertical-align: top; }
th { background: #f4f4f6; } td.n { text-align: right; white-space: nowrap; }
table.sortable th { cursor: pointer; } table.sortable th::after { content: " \\2195"; color: #aaa; }
.verdict { font-size: 1.1rem; padding: .6rem .8rem; border-radius: 4px; margin: 1rem 0; }
.ok { background: #e7f6ea; border: 1px solid #7cc38a; } .bad { background: #fdeaea; border: 1px solid #e08080; }
.error { color: #b00020; } .warning { color: #8a5a00; } .info { color: #555; }
#hand-list table { font-size: .85rem; } #hand-list td:nth-child(2) { word-break: break-all; min-width: 8rem; }
#hand-list td:nth-child(1), #hand-list td:nth-child(7), #hand-list td:nth-child(8),
#hand-list td:nth-child(9) { white-space: nowrap; }
tr.finding td { background: #fff4f4; } .differs { background: #fdeaea; font-weight: 600; }
.chart { min-height: 340px; } .wide { overflow-x: auto; } .cards { font-family: ui-monospace, monospace; }
#script-errors { display: none; background: #fdeaea; border: 1px solid #e08080; padding: .5rem; }
@media print {
  .wide { overflow: visible; }
  body { max-width: none; padding: 0; font-size: 11pt; } .noprint, .chart-controls { display: none; }
  h2 { break-after: avoid; } table, tr { break-inside: avoid; } a { color: inherit; text-decoration: none; }
}
"""

ERRORS_JS = """
window.__reportErrors = [];
window.addEventListener("error", function (e) {
  window.__reportErrors.push(String(e.message));
  var box = document.getElementById("script-errors");
  if (box) { box.style.display = "block"; box.textContent = "A chart could not be drawn: " + e.message; }
});
"""

SORT_JS = """
document.querySelectorAll("table.sortable").forEach(function (table) {
  table.querySelectorAll("th").forEach(function (th, col) {
    th.addEventListener("click", function () {
      var body = table.tBodies[0], rows = Array.from(body.rows);
      var dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir === 1 ? "asc" : "desc";
      var key = function (r) {
        var c = r.cells[col];
        return c ? (c.dataset.v !== undefined ? c.dataset.v : c.textContent) : "";
      };
      /* numbers by value (a whole cell that is a number), else text, the digits in it by value ("h9" before
       * "h10"); a cell's data-v, where it has one, sorts in its place */
      rows.sort(function (a, b) {
        var x = key(a), y = key(b), nx = x.trim() === "" ? NaN : Number(x), ny = y.trim() === "" ? NaN : Number(y);
        if (!isNaN(nx) && !isNaN(ny)) return (nx - ny) * dir;
        return x.localeCompare(y, undefined, {numeric: true}) * dir;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
"""


HIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Control characters and bidirectional marks and overrides (U+202E turns text around): never on a page."""
HIDDEN_JSON = re.compile(r"\\u(?:00[01][0-8bcef]|001[0-9a-f]|007f|00[89][0-9a-f]|200[ef]|202[a-e]|206[6-9])",
                         re.IGNORECASE)
"""The same characters as JSON escapes (in a chart's figure)."""


def esc(value: object) -> str:
    """Text for HTML (``<script>`` shows as ``<script>``, control and bidi characters are dropped); None is
    empty."""
    return "" if value is None else html.escape(HIDDEN.sub("", str(value)), quote=True)


def figure(fig: go.Figure, name: str) -> str:
    """A figure as a div and the script that draws it (plotly.js must be on the page)."""
    spec = pio.to_json(fig, validate=False, remove_uids=True)
    spec = HIDDEN_JSON.sub("", HIDDEN.sub("", spec)).replace("</", "<\\/")
    div = f"chart-{esc(name)}"
    return (f'<div id="{div}" class="chart"></div>\n<script>(function () {{ var f = {spec};\n'
            f'Plotly.newPlot("{div}", f.data, f.layout, {{responsive: true, displaylogo: false}}); }})();</script>')


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], sortable: bool = False,
          numeric: Sequence[bool] = (), raw: bool = False,
          row_data: Iterable[dict[str, object]] | None = None) -> str:
    """An HTML table; cells are escaped unless ``raw`` (for cells this module's callers built).

    A cell may be a (text, sort_value) pair: the text is shown, the value sorts. ``row_data``, one dict per
    row, becomes each row's ``data-*`` attributes (what a page's script filters rows by).
    """
    numeric = tuple(numeric) or (False,) * len(headers)
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    body = []
    data = iter(row_data) if row_data is not None else None
    for row in rows:
        attrs = "".join(f' data-{esc(k)}="{esc(v)}"' for k, v in next(data).items()) if data else ""
        cells = []
        for value, is_num in zip(row, numeric):
            sort = ""
            if isinstance(value, tuple):
                value, key = value
                sort = f' data-v="{esc(key)}"'
            text = value if raw and isinstance(value, str) else esc(value)
            cls = NUM if is_num else ""
            cells.append(f"<td{cls}{sort}>{text}</td>")
        body.append(f"<tr{attrs}>" + "".join(cells) + "</tr>")
    cls = ' class="sortable"' if sortable else ""
    return (f'<div class="wide"><table{cls}><thead><tr>{head}</tr></thead><tbody>\n' + "\n".join(body)
            + "\n</tbody></table></div>")


PLOTLY_LOADER = """
window.plotlyReady = (async function () {
  var packed = document.getElementById("plotly-gzip");
  var bytes = Uint8Array.from(atob(packed.textContent), function (c) { return c.charCodeAt(0); });
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  var script = document.createElement("script");
  script.text = await new Response(stream).text();
  document.head.appendChild(script);
})();
"""
"""Inflates plotly.js, embedded gzip-compressed (a third of its size), with the browser's own
``DecompressionStream``; page scripts draw after ``await window.plotlyReady``."""


@lru_cache(maxsize=1)
def _plotly_gzip() -> str:
    return base64.b64encode(gzip.compress(get_plotlyjs().encode("utf-8"), compresslevel=9, mtime=0)).decode("ascii")


def page(title: str, body: str, charts: bool, packed: bool = False, lang: str = "en") -> str:
    """A whole HTML document; ``charts``: embed plotly.js (once, whatever the number of charts), ``packed``:
    compressed (see :data:`PLOTLY_LOADER`; for pages whose scripts wait for it); ``lang``: the language its words
    are in (a page not yet translated says English whatever the language spoken)."""
    head = [f"<meta charset=\"utf-8\"><title>{esc(title)}</title>",
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<style>{CSS}</style>", f"<script>{ERRORS_JS}</script>"]
    if charts and packed:
        head.append(f'<script type="application/octet-stream" id="plotly-gzip">{_plotly_gzip()}</script>'
                    f"<script>{PLOTLY_LOADER}</script>")
    elif charts:
        head.append(f"<script>{get_plotlyjs()}</script>")
    generator = f"soko_analytics (plotly {plotly.__version__})"
    return (f"<!DOCTYPE html>\n<html lang=\"{esc(lang)}\"><head>" + "\n".join(head)
            + f'<meta name="generator" content="{esc(generator)}"></head>\n<body>\n'
            + '<div id="script-errors" role="alert"></div>\n' + body
            + (f"\n<script>{SORT_JS}</script>" if "sortable" in body else "") + "\n</body></html>\n")
