(function () {
  "use strict";

  // ---- sorting: click a column title of any table.sortable ----
  function cellValue(row, index, numeric) {
    const cell = row.cells[index];
    let raw = cell ? cell.getAttribute("data-sort") : "";
    if (raw === null) raw = cell.textContent.trim();
    if (!numeric) return raw.toLowerCase();
    const number = parseFloat(raw.replace(/[^0-9.eE+-]/g, ""));
    return Number.isNaN(number) ? -Infinity : number;
  }

  function sortBy(table, th) {
    const index = th.cellIndex;
    const numeric = th.classList.contains("num");
    const direction = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", direction);
    const sign = direction === "ascending" ? 1 : -1;
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    const keys = new Map(rows.map((row) => [row, cellValue(row, index, numeric)]));
    rows.sort((a, b) => {
      const x = keys.get(a), y = keys.get(b);
      return x < y ? -sign : x > y ? sign : 0;
    });
    const fragment = document.createDocumentFragment();
    for (const row of rows) fragment.appendChild(row);
    body.appendChild(fragment);
    table.dispatchEvent(new Event("sorted"));
  }

  for (const table of document.querySelectorAll("table.sortable")) {
    if (!table.tHead) continue;
    for (const th of table.tHead.rows[0].cells) {
      th.setAttribute("tabindex", "0");
      th.addEventListener("click", () => sortBy(table, th));
      th.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(table, th); }
      });
    }
  }

  // ---- filtering the findings table by code, severity, room and text, a page of rows at a time ----
  const findings = document.getElementById("findings-table");
  if (findings) {
    const selects = Array.from(document.querySelectorAll("select[data-filter]"));
    const search = document.getElementById("filter-text");
    const counter = document.getElementById("findings-count");
    const pager = document.getElementById("findings-pager");
    const label = document.getElementById("page-label");
    const previous = document.getElementById("page-previous");
    const next = document.getElementById("page-next");
    const body = findings.tBodies[0];
    const size = parseInt(findings.getAttribute("data-page-size"), 10) || Infinity;
    const number = (value) => value.toLocaleString("en");
    let matched = Array.from(body.rows);
    let page = 0;
    const render = () => {
      const pages = Math.max(1, Math.ceil(matched.length / size));
      page = Math.min(page, pages - 1);
      const start = page * size;
      const shown = new Set(matched.slice(start, start + size));
      for (const row of body.rows) row.hidden = !shown.has(row);
      let text = number(matched.length) + " of " + number(body.rows.length) + " findings shown";
      if (pages > 1) {
        text = number(matched.length) + " of " + number(body.rows.length) + " findings match; rows " +
          number(start + 1) + "–" + number(start + shown.size) + " shown";
      }
      if (counter) counter.textContent = text;
      if (pager) pager.hidden = pages <= 1;
      if (label) label.textContent = "page " + number(page + 1) + " of " + number(pages);
      if (previous) previous.disabled = page === 0;
      if (next) next.disabled = page >= pages - 1;
    };
    const apply = () => {
      const wanted = selects.map((select) => [select.getAttribute("data-filter"), select.value]);
      const text = search ? search.value.trim().toLowerCase() : "";
      matched = Array.from(body.rows).filter((row) =>
        wanted.every(([name, value]) => !value || row.getAttribute("data-" + name) === value) &&
        (!text || row.textContent.toLowerCase().includes(text)));
      page = 0;
      render();
    };
    for (const select of selects) select.addEventListener("change", apply);
    if (search) {
      let timer = 0;
      search.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(apply, 120); });
    }
    if (previous) previous.addEventListener("click", () => { page -= 1; render(); });
    if (next) next.addEventListener("click", () => { page += 1; render(); });
    findings.addEventListener("sorted", apply);
    apply();
  }

  // ---- the net-won charts: one player's line at a time in each ----
  for (const pick of document.querySelectorAll("select.net-player")) {
    const figure = pick.closest("figure");
    const show = () => {
      for (const group of figure.querySelectorAll("[data-series]")) {
        group.toggleAttribute("hidden", group.getAttribute("data-series") !== pick.value);
      }
    };
    pick.addEventListener("change", show);
    show();
  }

  // ---- a link to a hand opens its view ----
  const openHash = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target && target.tagName === "DETAILS") {
      target.open = true;
      target.scrollIntoView();
    }
  };
  window.addEventListener("hashchange", openHash);
  openHash();
})();
