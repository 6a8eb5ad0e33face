// The deck builder (issue 17 item 4). The page lists the cards; this
// script lets a player pick them and attach Upgrades, and shows what the
// deck checker says. Legality is never decided here: every verdict, the
// counts, the Order economy and the CUE text come from the catalog's deck
// checker compiled to WebAssembly (site/deckwasm, the same Go code as
// `wbtool deck check`). Without WebAssembly the deck shows read-only.
//
// The checker (a 0.83 MB module, run in a worker over HTTP) is fetched
// when the player starts building (a touch, a click or a key in the
// builder) or at once when the address holds a deck: the cards can be
// picked before it arrives, and the verdicts show when it answers. A
// visitor who only looks does not load it.
//
// The deck lives in the address (#f=format&n=name&c=id,id&a=upgrade:to),
// so a link shares it. Content reaches the page only as text
// (textContent), never as markup.
(function () {
  "use strict";
  var root = document.getElementById("deckbuilder");
  if (!root) return;
  var cfg = JSON.parse(root.getAttribute("data-config"));
  var msg = cfg.messages;
  var status = document.getElementById("db-status");
  var $ = function (id) { return document.getElementById(id); };

  // Cards by id, from the language's search index.
  var cards = {};
  (window.WB_SEARCH_INDEX || []).forEach(function (c) { cards[c.id] = c; });
  var cardsBase = cfg.cards.replace(/index\.html$/, "");
  var isUpgrade = function (id) {
    var k = cards[id] && cards[id].kind;
    return k === "equipment" || k === "formation" || k === "vocation";
  };
  var nameOf = function (id) { return cards[id] ? cards[id].name : id; };

  var built = { name: "", format: "exploration", cards: [], attachments: [] };
  var result = null;
  var editable = false;
  var api = { deck: built, result: null, ready: false, failed: false, startMs: -1 };
  window.WB_DECK_BUILDER = api;

  // The address: read once, written on every change.
  function readHash() {
    var p = window.wbChecker.read();
    if (p.get("f") === "confrontation") built.format = "confrontation";
    built.name = (p.get("n") || "").slice(0, 80);
    var ids = (p.get("c") || "").split(",").filter(function (s) { return /^[a-z0-9-]+$/.test(s); });
    built.cards.push.apply(built.cards, ids);
    (p.get("a") || "").split(",").forEach(function (pair) {
      var m = /^([a-z0-9-]+):([a-z0-9-]+)$/.exec(pair);
      if (m) built.attachments.push({ upgrade: m[1], to: m[2] });
    });
  }
  function hash() {
    var p = new URLSearchParams();
    p.set("f", built.format);
    p.set("n", built.name);
    p.set("c", built.cards.join(","));
    p.set("a", built.attachments.map(function (a) { return a.upgrade + ":" + a.to; }).join(","));
    return p;
  }

  // The k-th copy of an Upgrade in the card list owns the k-th attachment
  // of that Upgrade.
  function attachmentIndex(i) {
    var id = built.cards[i], k = 0, j;
    for (j = 0; j < i; j++) if (built.cards[j] === id) k++;
    for (j = 0; j < built.attachments.length; j++) {
      if (built.attachments[j].upgrade === id) {
        if (k === 0) return j;
        k--;
      }
    }
    return -1;
  }

  function add(id) {
    built.cards.push(id);
    update();
  }
  function remove(i) {
    if (isUpgrade(built.cards[i])) {
      var a = attachmentIndex(i);
      if (a >= 0) built.attachments.splice(a, 1);
    }
    // Attachments to a removed card stay: the checker says why, and the
    // Upgrade's menu shows the missing card.
    built.cards.splice(i, 1);
    update();
  }
  function attach(i, to) {
    var a = attachmentIndex(i);
    if (to === "") {
      if (a >= 0) built.attachments.splice(a, 1);
    } else if (a >= 0) {
      built.attachments[a].to = to;
    } else {
      built.attachments.push({ upgrade: built.cards[i], to: to });
    }
    update();
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function cardLink(id) {
    var a = el("a", "", nameOf(id));
    a.href = cardsBase + id + "/index.html";
    return a;
  }

  function renderList() {
    var list = $("db-list");
    list.textContent = "";
    $("db-empty").hidden = built.cards.length > 0;
    var hosts = built.cards.filter(function (id, i) { return !isUpgrade(id) && built.cards.indexOf(id) === i; });
    built.cards.forEach(function (id, i) {
      var li = el("li");
      li.setAttribute("data-id", id);
      li.appendChild(cardLink(id));
      var k = cards[id] ? cards[id].kind : "";
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "kind kind-" + k, cards[id] ? kindLabel(id) : ""));
      if (isUpgrade(id)) {
        var a = attachmentIndex(i), to = a >= 0 ? built.attachments[a].to : "";
        var label = el("label", "db-attach");
        label.appendChild(el("span", "", msg.attach + " "));
        var sel = el("select");
        sel.setAttribute("data-index", String(i));
        sel.disabled = !editable;
        var opt = el("option", "", msg.detached);
        opt.value = "";
        sel.appendChild(opt);
        var options = hosts.slice();
        if (to && options.indexOf(to) < 0) options.push(to);
        options.forEach(function (h) {
          var o = el("option", "", nameOf(h) + (built.cards.indexOf(h) < 0 ? " (" + msg.notInDeck + ")" : ""));
          o.value = h;
          sel.appendChild(o);
        });
        sel.value = to;
        sel.addEventListener("change", function () { attach(i, sel.value); });
        label.appendChild(sel);
        li.appendChild(label);
      }
      if (editable) {
        var rm = el("button", "db-remove db-noprint", msg.remove);
        rm.type = "button";
        rm.setAttribute("aria-label", msg.remove + " " + nameOf(id));
        rm.addEventListener("click", function () { remove(i); });
        li.appendChild(rm);
      }
      list.appendChild(li);
    });
  }
  function kindLabel(id) {
    var tile = document.querySelector('#db-pool li[data-id="' + id + '"] .kind');
    return tile ? tile.textContent : cards[id].kind;
  }

  var shownVerdicts = "";
  function renderResult() {
    var leg = $("db-legality"), counts = $("db-counts"), eco = $("db-economy");
    // The verdicts are a live region: redrawn only when the result
    // changes (not at each letter of the deck's name).
    var verdicts = result ? JSON.stringify([result.formats, result.counts, result.demand]) : "";
    if (verdicts === shownVerdicts && verdicts !== "") {
      return;
    }
    shownVerdicts = verdicts;
    leg.textContent = "";
    eco.textContent = "";
    counts.textContent = "\u00a0"; // the line keeps its room
    var summary = $("db-summary");
    summary.hidden = !result;
    if (!result) return;
    var own = result.formats[0];
    // A line that stays on screen while cards are picked far down the list.
    summary.firstChild.textContent = result.counts.cards + "/" + own.size + " · " + result.formats.map(function (v) {
      return msg[v.format] + " " + (v.legal ? "✔" : "✘");
    }).join(" · ");
    counts.textContent = msg.counts + " " + result.counts.cards + "/" + own.size + " · " +
      msg.leaders + " " + result.counts.leaders + " · " + msg.characters + " " +
      result.counts.characters + " · " + msg.upgrades + " " + result.counts.upgrades;
    result.formats.forEach(function (v) {
      var box = el("div", "db-verdict " + (v.legal ? "ok" : "bad"));
      box.setAttribute("data-format", v.format);
      var h = el("p", "legal " + (v.legal ? "ok" : "bad"));
      h.appendChild(el("strong", "", msg[v.format] + " "));
      h.appendChild(document.createTextNode((v.legal ? "✔ " : "✘ ") + msg[v.legal ? "legal" : "illegal"]));
      box.appendChild(h);
      if (v.problems.length) {
        var ul = el("ul", "db-problems");
        v.problems.forEach(function (p) {
          var li = el("li");
          li.setAttribute("data-rule", p.rule);
          li.appendChild(el("span", "db-msg", document.documentElement.lang === "fr" ? p.fr : p.en));
          li.appendChild(document.createTextNode(" ("));
          if (cfg.rules[p.rule]) {
            var a = el("a", "rule-ref", p.rule);
            a.href = cfg.rules[p.rule];
            li.appendChild(a);
          } else {
            li.appendChild(document.createTextNode(p.rule));
          }
          li.appendChild(document.createTextNode(")"));
          ul.appendChild(li);
        });
        box.appendChild(ul);
      }
      leg.appendChild(box);
    });
    // The Order economy of the deck's own format.
    var colours = {};
    own.orders.forEach(function (p) { Object.keys(p).forEach(function (c) { colours[c] = true; }); });
    Object.keys(result.demand).forEach(function (c) { colours[c] = true; });
    var list = Object.keys(colours).filter(function (c) { return c !== "any"; }).sort();
    if (colours.any) list.push("any");
    if (!own.orders.length) eco.appendChild(el("p", "muted", msg.noLeader));
    if (!list.length) return;
    var t = el("table", "db-economy-table"), head = el("tr");
    head.appendChild(el("th", "", msg.colour));
    own.orders.forEach(function (_, i) { head.appendChild(el("th", "", msg.period + " " + (i + 1))); });
    head.appendChild(el("th", "", msg.demand));
    Array.prototype.forEach.call(head.children, function (th) { th.scope = "col"; });
    var thead = el("thead");
    thead.appendChild(head);
    t.appendChild(thead);
    var tbody = el("tbody");
    list.forEach(function (c) {
      var tr = el("tr");
      var th = el("th", "faction faction-" + c, c === "any" ? msg.colourless : (cfg.factions[c] || c));
      th.scope = "row";
      tr.appendChild(th);
      own.orders.forEach(function (p) { tr.appendChild(el("td", "", String(p[c] || 0))); });
      tr.appendChild(el("td", "", String(result.demand[c] || 0)));
      tbody.appendChild(tr);
    });
    t.appendChild(tbody);
    eco.appendChild(t);
  }

  // update shows the deck at once, and its verdict when the checker has
  // answered (at once when it runs in the page, a message away when it
  // runs in a worker); an answer about an older state of the deck is
  // dropped.
  var asked = 0;
  function update() {
    window.wbChecker.keep(hash(), $("db-share"));
    renderList();
    renderResult();
    if (!api.ready) return;
    // An unnamed deck is exported under the page's default name.
    var named = { name: built.name.trim() || msg.defaultName, format: built.format, cards: built.cards, attachments: built.attachments };
    var n = ++asked;
    api.checking = true;
    window.wbChecker.check("wbDeckCheck", JSON.stringify(named), function (text) {
      if (n !== asked) return;
      var out = JSON.parse(text);
      if (out.error) {
        console.error("deck checker: " + out.error);
        result = null;
      } else {
        result = out;
      }
      api.result = result;
      api.checking = false;
      $("db-cue").value = result ? result.cue : "";
      renderList();
      renderResult();
      // The verdicts are shown: the room kept for them is no longer needed.
      $("db-legality").style.minHeight = "";
    });
  }

  function load() {
    status.textContent = msg.loading;
    status.hidden = false;
    // A deck waiting for its verdicts keeps room for one line per format,
    // so that little moves when they arrive.
    if (built.cards.length) $("db-legality").style.minHeight = (3 * $("db-format").options.length) + "rem";
    window.wbChecker.start(cfg.wasm, "wbDeckReady", ready, failed);
  }

  function failed() {
    api.failed = true;
    status.textContent = msg.nowasm;
    status.hidden = false;
    editable = false;
    root.classList.add("db-readonly");
    $("db-name").readOnly = true;
    $("db-format").disabled = true;
    update();
  }

  function ready(ms) {
    api.startMs = ms;
    api.readyAt = performance.now();
    api.ready = true;
    editable = true;
    status.hidden = true; // its room kept (class reserve): nothing moves
    update();
  }

  readHash();
  $("db-name").value = built.name;
  $("db-format").value = built.format;
  document.querySelector(".db-deck").hidden = false;
  if (typeof WebAssembly === "object") {
    editable = true;
    Array.prototype.forEach.call(document.querySelectorAll(".db-add"), function (b) { b.hidden = false; });
    $("db-filter-field").hidden = false;
  }
  update();

  $("db-name").addEventListener("input", function () { built.name = this.value; update(); });
  $("db-format").addEventListener("change", function () { built.format = this.value; update(); });
  $("db-pool").addEventListener("click", function (e) {
    var b = e.target.closest(".db-add");
    if (b && editable) add(b.closest("li").getAttribute("data-id"));
  });
  var fold = window.wbChecker.fold;
  $("db-filter").addEventListener("input", function () {
    var q = fold(this.value.trim());
    Array.prototype.forEach.call(document.querySelectorAll("#db-pool li"), function (li) {
      li.hidden = q !== "" && fold(li.getAttribute("data-name")).indexOf(q) < 0;
    });
  });
  $("db-print").addEventListener("click", function () { window.print(); });
  $("db-clear").addEventListener("click", function () {
    built.cards.length = 0;
    built.attachments.length = 0;
    update();
  });
  $("db-copy").addEventListener("click", function () {
    window.wbChecker.copy($("db-cue"), function () { $("db-copied").textContent = msg.copied; });
  });

  if (editable) window.wbChecker.whenBuilding(root, built.cards.length > 0 || built.attachments.length > 0, load);
  else failed();
})();
