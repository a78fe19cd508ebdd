/* Sortable tables: a click on a column head of a table.sortable sorts its rows by that column
   (numbers as numbers: "+2.3", "53.1%", "1,234"; words as words), a second click reverses. */
(function () {
  "use strict";
  function key(text) {
    var n = parseFloat(text.replace(/[,%+\u2212]/g, function (c) { return c === "\u2212" ? "-" : ""; }));
    return isNaN(n) ? text.trim().toLowerCase() : n;
  }
  function sortBy(table, col, th) {
    var body = table.tBodies[0];
    var up = th.getAttribute("aria-sort") !== "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[col].textContent), y = key(b.cells[col].textContent);
      if (typeof x !== typeof y) { x = String(x); y = String(y); }
      return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    table.querySelectorAll("th[aria-sort]").forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", up ? "ascending" : "descending");
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (th, col) {
      th.title = "sort by this column";
      th.addEventListener("click", function () { sortBy(table, col, th); });
    });
  });
})();
