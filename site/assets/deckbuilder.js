// The deck builder (issue 17 item 4). The page lists the cards; this
// script lets a player pick them and attach Upgrades, and shows what the
// deck checker says. Legality is never decided here: every verdict, the
// counts, the Order economy and the CUE text come from the catalog's deck
// checker compiled to WebAssembly (site/deckwasm, the same Go code as
// `wbtool deck check`). Without WebAssembly the deck shows read-only.
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

  var deck = { name: "", format: "exploration", cards: [], attachments: [] };
  var result = null;
  var editable = false;
  var api = { deck: deck, result: null, ready: false, failed: false, startMs: -1 };
  window.WB_DECK_BUILDER = api;

  // The address: read once, written on every change.
  function readHash() {
    var h = location.hash.replace(/^#/, "");
    if (!h) return;
    var p = new URLSearchParams(h);
    if (p.get("f") === "confrontation") deck.format = "confrontation";
    deck.name = (p.get("n") || "").slice(0, 80);
    var ids = (p.get("c") || "").split(",").filter(function (s) { return /^[a-z0-9-]+$/.test(s); });
    deck.cards.push.apply(deck.cards, ids);
    (p.get("a") || "").split(",").forEach(function (pair) {
      var m = /^([a-z0-9-]+):([a-z0-9-]+)$/.exec(pair);
      if (m) deck.attachments.push({ upgrade: m[1], to: m[2] });
    });
  }
  function hash() {
    var p = new URLSearchParams();
    p.set("f", deck.format);
    p.set("n", deck.name);
    p.set("c", deck.cards.join(","));
    p.set("a", deck.attachments.map(function (a) { return a.upgrade + ":" + a.to; }).join(","));
    return p.toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
  }

  // The k-th copy of an Upgrade in the card list owns the k-th attachment
  // of that Upgrade.
  function attachmentIndex(i) {
    var id = deck.cards[i], k = 0, j;
    for (j = 0; j < i; j++) if (deck.cards[j] === id) k++;
    for (j = 0; j < deck.attachments.length; j++) {
      if (deck.attachments[j].upgrade === id) {
        if (k === 0) return j;
        k--;
      }
    }
    return -1;
  }

  function add(id) {
    deck.cards.push(id);
    update();
  }
  function remove(i) {
    if (isUpgrade(deck.cards[i])) {
      var a = attachmentIndex(i);
      if (a >= 0) deck.attachments.splice(a, 1);
    }
    // Attachments to a removed card stay: the checker says why, and the
    // Upgrade's menu shows the missing card.
    deck.cards.splice(i, 1);
    update();
  }
  function attach(i, to) {
    var a = attachmentIndex(i);
    if (to === "") {
      if (a >= 0) deck.attachments.splice(a, 1);
    } else if (a >= 0) {
      deck.attachments[a].to = to;
    } else {
      deck.attachments.push({ upgrade: deck.cards[i], to: to });
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
    $("db-empty").hidden = deck.cards.length > 0;
    var hosts = deck.cards.filter(function (id, i) { return !isUpgrade(id) && deck.cards.indexOf(id) === i; });
    deck.cards.forEach(function (id, i) {
      var li = el("li");
      li.setAttribute("data-id", id);
      li.appendChild(cardLink(id));
      var k = cards[id] ? cards[id].kind : "";
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "kind kind-" + k, cards[id] ? kindLabel(id) : ""));
      if (isUpgrade(id)) {
        var a = attachmentIndex(i), to = a >= 0 ? deck.attachments[a].to : "";
        var label = el("label", "db-attach");
        label.appendChild(el("span", "", msg["builder.attach"] + " "));
        var sel = el("select");
        sel.setAttribute("data-index", String(i));
        sel.disabled = !editable;
        var opt = el("option", "", msg["builder.detached"]);
        opt.value = "";
        sel.appendChild(opt);
        var options = hosts.slice();
        if (to && options.indexOf(to) < 0) options.push(to);
        options.forEach(function (h) {
          var o = el("option", "", nameOf(h) + (deck.cards.indexOf(h) < 0 ? " (" + msg["builder.notInDeck"] + ")" : ""));
          o.value = h;
          sel.appendChild(o);
        });
        sel.value = to;
        sel.addEventListener("change", function () { attach(i, sel.value); });
        label.appendChild(sel);
        li.appendChild(label);
      }
      if (editable) {
        var rm = el("button", "db-remove db-noprint", msg["builder.remove"]);
        rm.type = "button";
        rm.setAttribute("aria-label", msg["builder.remove"] + " " + nameOf(id));
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

  function renderResult() {
    var leg = $("db-legality"), counts = $("db-counts"), eco = $("db-economy");
    leg.textContent = "";
    eco.textContent = "";
    counts.textContent = "";
    if (!result) return;
    var own = result.formats[0];
    counts.textContent = msg["builder.counts"] + " " + result.counts.cards + "/" + own.size + " · " +
      msg["builder.leaders"] + " " + result.counts.leaders + " · " + msg["builder.characters"] + " " +
      result.counts.characters + " · " + msg["builder.upgrades"] + " " + result.counts.upgrades;
    result.formats.forEach(function (v) {
      var box = el("div", "db-verdict " + (v.legal ? "ok" : "bad"));
      box.setAttribute("data-format", v.format);
      var h = el("p", "legal " + (v.legal ? "ok" : "bad"));
      h.appendChild(el("strong", "", msg["format." + v.format] + " "));
      h.appendChild(document.createTextNode((v.legal ? "✔ " : "✘ ") + msg[v.legal ? "deck.format.legal" : "deck.format.illegal"]));
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
    if (!own.orders.length) eco.appendChild(el("p", "muted", msg["builder.noLeader"]));
    if (!list.length) return;
    var t = el("table", "db-economy-table"), head = el("tr");
    head.appendChild(el("th", "", msg["builder.colour"]));
    own.orders.forEach(function (_, i) { head.appendChild(el("th", "", msg["leader.period"] + " " + (i + 1))); });
    head.appendChild(el("th", "", msg["builder.demand"]));
    Array.prototype.forEach.call(head.children, function (th) { th.scope = "col"; });
    var thead = el("thead");
    thead.appendChild(head);
    t.appendChild(thead);
    var tbody = el("tbody");
    list.forEach(function (c) {
      var tr = el("tr");
      var th = el("th", "faction faction-" + c, c === "any" ? msg["builder.colourless"] : (cfg.factions[c] || c));
      th.scope = "row";
      tr.appendChild(th);
      own.orders.forEach(function (p) { tr.appendChild(el("td", "", String(p[c] || 0))); });
      tr.appendChild(el("td", "", String(result.demand[c] || 0)));
      tbody.appendChild(tr);
    });
    t.appendChild(tbody);
    eco.appendChild(t);
  }

  function update() {
    if (api.ready) {
      var out = JSON.parse(window.wbDeckCheck(JSON.stringify(deck)));
      if (out.error) {
        console.error("deck checker: " + out.error);
        result = null;
      } else {
        result = out;
      }
      api.result = result;
      $("db-cue").value = result ? result.cue : "";
    }
    if (history.replaceState) history.replaceState(null, "", "#" + hash());
    $("db-share").value = location.href;
    var sw = document.getElementById("lang-switch");
    if (sw) sw.href = sw.href.replace(/#.*$/, "") + "#" + hash();
    renderList();
    renderResult();
  }

  function decode(b64) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64);
    var s = atob(b64), out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function failed() {
    api.failed = true;
    status.textContent = msg["builder.nowasm"];
    editable = false;
    update();
  }

  function start() {
    var t0 = performance.now();
    var bytes = decode(window.WB_DECK_WASM);
    delete window.WB_DECK_WASM;
    var go = new window.Go();
    window.wbDeckReady = function () {
      api.startMs = performance.now() - t0;
      api.ready = true;
      editable = true;
      status.textContent = "";
      status.hidden = true;
      Array.prototype.forEach.call(document.querySelectorAll(".db-add"), function (b) { b.hidden = false; });
      $("db-filter-field").hidden = false;
      update();
    };
    WebAssembly.instantiate(bytes, go.importObject).then(function (r) {
      go.run(r.instance);
    }, function (e) {
      console.warn("deck checker: " + e);
      failed();
    });
  }

  readHash();
  $("db-name").value = deck.name;
  $("db-format").value = deck.format;
  document.querySelector(".db-deck").hidden = false;
  status.textContent = msg["builder.loading"];
  update();

  $("db-name").addEventListener("input", function () { deck.name = this.value; update(); });
  $("db-format").addEventListener("change", function () { deck.format = this.value; update(); });
  $("db-pool").addEventListener("click", function (e) {
    var b = e.target.closest(".db-add");
    if (b && editable) add(b.closest("li").getAttribute("data-id"));
  });
  var fold = function (s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); };
  $("db-filter").addEventListener("input", function () {
    var q = fold(this.value.trim());
    Array.prototype.forEach.call(document.querySelectorAll("#db-pool li"), function (li) {
      li.hidden = q !== "" && fold(li.getAttribute("data-name")).indexOf(q) < 0;
    });
  });
  $("db-print").addEventListener("click", function () { window.print(); });
  $("db-clear").addEventListener("click", function () {
    deck.cards.length = 0;
    deck.attachments.length = 0;
    update();
  });
  $("db-copy").addEventListener("click", function () {
    var ta = $("db-cue");
    var done = function () { $("db-copied").textContent = msg["builder.copied"]; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(ta.value).then(done, function () { ta.select(); });
    } else {
      ta.select();
      if (document.execCommand("copy")) done();
    }
  });

  if (typeof WebAssembly !== "object" || typeof window.Go !== "function") {
    failed();
    return;
  }
  var s = document.createElement("script");
  s.src = cfg.wasm;
  s.onload = start;
  s.onerror = failed;
  document.head.appendChild(s);
})();
