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

  // (a table whose rows the script keeps, a page of them in the page, sorts them all: see the findings)
  const keptRows = new Map();

  function sortBy(table, th) {
    const index = th.cellIndex;
    const numeric = th.classList.contains("num");
    const direction = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    for (const other of table.tHead.rows[0].cells) other.removeAttribute("aria-sort");
    th.setAttribute("aria-sort", direction);
    const sign = direction === "ascending" ? 1 : -1;
    const body = table.tBodies[0];
    const kept = keptRows.get(table);
    const rows = kept ? kept.rows() : Array.from(body.rows);
    const keys = new Map(rows.map((row) => [row, cellValue(row, index, numeric)]));
    rows.sort((a, b) => {
      const x = keys.get(a), y = keys.get(b);
      return x < y ? -sign : x > y ? sign : 0;
    });
    if (kept) {
      kept.order(rows);
    } else {
      const fragment = document.createDocumentFragment();
      for (const row of rows) fragment.appendChild(row);
      body.appendChild(fragment);
    }
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

  // ---- the findings table: a page of rows built at a time, filtered by code, severity, room and text ----
  // (the page holds every row's markup, escaped where it was made, as the text of one script element that
  // is not run: a report of thousands of findings opens with one page of them built; the others are built
  // when a sort or the text filter needs them all)
  const findings = document.getElementById("findings-table");
  const findingRows = document.getElementById("findings-rows");
  if (findings && findingRows) {
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
    const entities = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&#34;": '"', "&#39;": "'", "&quot;": '"' };
    const unescape = (text) => text.replace(/&(?:amp|lt|gt|quot|#34|#39);/g, (entity) => entities[entity]);
    const attribute = (markup, name) => {
      const found = markup.slice(0, markup.indexOf(">")).match(new RegExp(" data-" + name + '="([^"]*)"'));
      return found ? unescape(found[1]) : "";
    };
    let entries = findingRows.textContent.split("<#>\n").filter((part) => part).map((markup) => ({
      markup, row: null, code: attribute(markup, "code"), severity: attribute(markup, "severity"),
      room: attribute(markup, "room"),
    }));
    const build = (wanted) => {
      const missing = wanted.filter((entry) => entry.row === null);
      if (!missing.length) return;
      const maker = document.createElement("template");
      maker.innerHTML = "<table><tbody>" + missing.map((entry) => entry.markup).join("") + "</tbody></table>";
      const made = Array.from(maker.content.querySelector("tbody").rows);
      missing.forEach((entry, index) => { entry.row = made[index]; });
    };
    const entryOf = new Map();
    keptRows.set(findings, {
      rows: () => {
        build(entries);
        entries.forEach((entry) => entryOf.set(entry.row, entry));
        return entries.map((entry) => entry.row);
      },
      order: (rows) => { entries = rows.map((row) => entryOf.get(row)); },
    });
    let matched = entries;
    let page = 0;
    const render = () => {
      const pages = Math.max(1, Math.ceil(matched.length / size));
      page = Math.min(page, pages - 1);
      const start = page * size;
      const shown = matched.slice(start, start + size);
      build(shown);
      body.replaceChildren(...shown.map((entry) => entry.row));
      let text = number(matched.length) + " of " + number(entries.length) + " findings shown";
      if (pages > 1) {
        text = number(matched.length) + " of " + number(entries.length) + " findings match; rows " +
          number(start + 1) + "–" + number(start + shown.length) + " shown";
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
      if (text) build(entries);
      matched = entries.filter((entry) =>
        wanted.every(([name, value]) => !value || entry[name] === value) &&
        (!text || entry.row.textContent.toLowerCase().includes(text)));
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
