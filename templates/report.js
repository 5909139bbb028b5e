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
    // (on a phone, where each finding is a card, fewer at a time)
    const narrow = window.matchMedia("(max-width: 760px)").matches;
    const size = Math.min(parseInt(findings.getAttribute("data-page-size"), 10) || Infinity, narrow ? 100 : Infinity);
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

  // ---- the hand views: a page of them listed at a time, each drawn when it is opened ----
  // (the page holds every view's summary and body as markup, escaped where it was made, as the text of
  // one script element that is not run: a report of 2,000 views opens without building them)
  const store = document.getElementById("hand-views");
  const list = document.getElementById("hand-list");
  const hands = { views: null, where: new Map(), page: 0 };
  const handViews = () => {
    if (hands.views === null) {
      const text = store ? store.textContent : "";
      hands.views = text.split("<#>\n").filter((part) => part).map((part) => part.split("<|>"));
      hands.views.forEach((view, index) => hands.where.set(view[0], index));
    }
    return hands.views;
  };
  const drawBody = (details) => {
    if (details.dataset.drawn) return;
    details.dataset.drawn = "1";
    details.insertAdjacentHTML("beforeend", handViews()[hands.where.get(details.id)][2]);
  };
  const showHands = (page) => {
    if (!list) return;
    const views = handViews();
    const size = parseInt(list.getAttribute("data-page-size"), 10) || 50;
    const pages = Math.max(1, Math.ceil(views.length / size));
    hands.page = Math.max(0, Math.min(page, pages - 1));
    const items = views.slice(hands.page * size, (hands.page + 1) * size).map((view) => {
      const details = document.createElement("details");
      details.className = "hand";
      details.id = view[0];
      details.innerHTML = "<summary>" + view[1] + "</summary>";
      details.addEventListener("toggle", () => { if (details.open) drawBody(details); });
      return details;
    });
    list.replaceChildren(...items);
    const pager = document.getElementById("hands-pager");
    if (pager) pager.hidden = pages <= 1;
    const label = document.getElementById("hands-label");
    if (label) {
      label.textContent = "hands " + (hands.page * size + 1).toLocaleString("en") + "–" +
        (hands.page * size + items.length).toLocaleString("en") + " of " + views.length.toLocaleString("en");
    }
    document.getElementById("hands-previous").disabled = hands.page === 0;
    document.getElementById("hands-next").disabled = hands.page >= pages - 1;
  };
  if (list) {
    document.getElementById("hands-previous").addEventListener("click", () => showHands(hands.page - 1));
    document.getElementById("hands-next").addEventListener("click", () => showHands(hands.page + 1));
    showHands(0);
  }

  // ---- a link to a hand or a table opens its view, its title just below the navigation ----
  const openHash = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    let target = id ? document.getElementById(id) : null;
    if (!target && list && handViews() && hands.where.has(id)) {
      const size = parseInt(list.getAttribute("data-page-size"), 10) || 50;
      showHands(Math.floor(hands.where.get(id) / size));
      target = document.getElementById(id);
    }
    if (target && target.tagName === "DETAILS") {
      if (target.classList.contains("hand") && hands.where.has(target.id)) drawBody(target);
      target.open = true;
      target.scrollIntoView();
    }
  };
  window.addEventListener("hashchange", openHash);
  openHash();
})();
