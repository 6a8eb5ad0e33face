/* Warstuff band builder. Every verdict comes from the catalog's band rules
   compiled to WebAssembly (site/deckwasm's wbBandCheck, the same Go code as
   `wbtool validate`): this script only keeps the counts, asks, and shows.
   Content reaches the page through textContent only. The state lives in
   the address's fragment, #n=name&f=format&p=profile:count,… (kept as the
   deck builder keeps its deck: window.wbChecker.read/keep). The checker
   (a 0.83 MB module, run in a worker over HTTP) is fetched when the
   player starts building (a touch, a click or a key in the builder) or at
   once when the address holds a band: profiles can be counted before it
   arrives, and the verdicts show when it answers. */
(function () {
  "use strict";
  var root = document.getElementById("bb");
  var status = document.getElementById("bb-status");
  if (!root || !status) return;
  var cfg = JSON.parse(root.getAttribute("data-config"));
  var msg = cfg.messages;
  var data = JSON.parse(window.WB_BAND_DATA || "{\"profiles\":[]}");
  var $ = function (id) { return document.getElementById(id); };
  var api = window.WB_BAND_BUILDER = { ready: false, failed: false, result: null, checks: 0 };
  var profiles = {};
  data.profiles.forEach(function (p) { profiles[p.id] = p; });
  var order = data.profiles.map(function (p) { return p.id; });
  var standard = data.limits.standard, bigMax = data.limits.bigMax;
  var band = { name: msg.defaultName, big: false, bigFormat: bigMax, counts: {}, added: [] };
  var ready = false;
  var editable = typeof WebAssembly === "object";

  function figures() {
    // In the order the profiles were first added (the export's order).
    return band.added.filter(function (id) { return band.counts[id] > 0; })
      .map(function (id) { return { profile: id, count: band.counts[id] }; });
  }
  function format() { return band.big ? band.bigFormat : standard; }

  function hash() {
    var p = new URLSearchParams();
    p.set("n", band.name);
    p.set("f", String(format()));
    p.set("p", figures().map(function (f) { return f.profile + ":" + f.count; }).join(","));
    return p;
  }
  function readHash() {
    var p = window.wbChecker.read();
    if (p.has("n")) band.name = p.get("n").slice(0, 80);
    var f = parseInt(p.get("f"), 10);
    if (f > standard && f <= bigMax) { band.big = true; band.bigFormat = f; }
    (p.get("p") || "").split(",").forEach(function (e) {
      var j = e.lastIndexOf(":"), id = e.slice(0, j), n = parseInt(e.slice(j + 1), 10);
      if (profiles[id] && n > 0 && n < 1000) { band.counts[id] = n; if (band.added.indexOf(id) < 0) band.added.push(id); }
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function render(r) {
    var figs = figures();
    Array.prototype.forEach.call(document.querySelectorAll("#bb-pool tbody tr"), function (tr) {
      var n = band.counts[tr.getAttribute("data-id")] || 0;
      tr.querySelector(".bb-count").textContent = String(n);
      tr.querySelector(".bb-minus").disabled = !editable || n === 0;
      tr.querySelector(".bb-plus").disabled = !editable;
      tr.classList.toggle("bb-in", n > 0);
    });
    var list = $("bb-list");
    list.textContent = "";
    figs.forEach(function (f) {
      var p = profiles[f.profile];
      list.appendChild(el("li", "", f.count + " × " + p.name[cfg.lang] + " (" + p.cost + " " + msg.points + ") = " + f.count * p.cost));
    });
    $("bb-empty").hidden = figs.length > 0;
    if (!r) return;
    $("bb-summary").textContent = msg.total + " " + r.total + " / " + format() + " " + msg.points + " · " +
      r.count + " " + msg.figures + " · " + msg.dearest + " " + r.dearest + " / " + r.figureMax + " " + msg.points;
    // The sticky line: the tally and both verdicts in view while the
    // profiles scroll (a phone shows the band below the list).
    var sticky = $("bb-sticky");
    sticky.hidden = false;
    sticky.textContent = r.total + " " + msg.points + " · " + r.count + " " + msg.figures + " · " + r.verdicts.map(function (v, i) {
      return (i === 0 ? msg.standard : msg.big) + " " + v.format + " " + (v.legal ? "✔" : "✘");
    }).join(" · ");
    var box = $("bb-verdicts");
    box.textContent = "";
    r.verdicts.forEach(function (v, i) {
      var div = el("div", "bb-verdict " + (v.legal ? "bb-ok" : "bb-ko"));
      div.setAttribute("data-format", String(v.format));
      var h = el("h3", "", (i === 0 ? msg.standard : msg.big) + " · " + v.format + " " + msg.points + " · " +
        (v.legal ? "✔ " + msg.legal : "✘ " + msg.illegal));
      div.appendChild(h);
      div.appendChild(el("p", "muted", r.total + " / " + v.format + " " + msg.points + " · " + r.count + " / " + v.maxFigures + " " + msg.figures));
      if (v.problems.length) {
        var ul = el("ul", "bb-problems");
        v.problems.forEach(function (p) {
          var li = el("li", "", p.named[cfg.lang] + " (" + p.rule + ")");
          li.setAttribute("data-en", p.msg.en + " (" + p.rule + ")");
          ul.appendChild(li);
        });
        div.appendChild(ul);
      }
      box.appendChild(div);
    });
    sheet(r);
    $("bb-cue").value = r.cue;
    $("bb-cue-label").textContent = msg.cue.replace("%s", r.slug);
  }

  // The band sheet (what Print prints): the roster with each profile's
  // quality, range and special rules, its cost and the total, and the
  // verdict at the band's own format.
  function sheet(r) {
    var figs = figures(), own = r.verdicts[band.big ? 1 : 0];
    $("bb-sheet-h").textContent = band.name.trim() || msg.defaultName;
    $("bb-sheet-verdict").textContent = (band.big ? msg.big : msg.standard) + " · " + msg.format + " " + own.format + " " + msg.points +
      " · " + (own.legal ? "✔ " + msg.legal : "✘ " + msg.illegal);
    var rows = $("bb-sheet-rows");
    rows.textContent = "";
    figs.forEach(function (f) {
      var p = profiles[f.profile], tr = el("tr");
      var pool = document.querySelector('#bb-pool tr[data-id="' + f.profile + '"]');
      var cell = function (cls) { var e = pool && pool.querySelector(cls); return e ? e.textContent : ""; };
      [[p.name[cfg.lang]], [p.quality + "+", "num"], [cell(".bb-range")], [cell(".bb-rules")],
        [String(f.count), "num"], [String(p.cost), "num"], [String(f.count * p.cost), "num"]].forEach(function (c) {
        tr.appendChild(el("td", c[1] || "", c[0]));
      });
      rows.appendChild(tr);
    });
    $("bb-sheet-count").textContent = r.count + " / " + own.maxFigures;
    $("bb-sheet-total").textContent = r.total + " / " + own.format + " " + msg.points;
    var ul = $("bb-sheet-problems");
    ul.textContent = "";
    own.problems.forEach(function (p) { ul.appendChild(el("li", "", p.named[cfg.lang] + " (" + p.rule + ")")); });
  }

  // The filter: a part of a profile's name or of one of its special
  // rules, accents and case aside.
  var fold = window.wbChecker.fold;
  function filter() {
    var q = fold($("bb-filter").value.trim()), rows = document.querySelectorAll("#bb-pool tbody tr"), shown = 0;
    Array.prototype.forEach.call(rows, function (tr) {
      tr.hidden = q !== "" && fold(tr.getAttribute("data-search")).indexOf(q) < 0;
      if (!tr.hidden) shown++;
    });
    $("bb-matches").textContent = q === "" ? "" : msg.matches.replace("%d", shown).replace("%d", rows.length);
    $("bb-nomatch").hidden = shown > 0;
    api.shown = shown;
  }

  // update shows the band at once, and its verdict when the checker has
  // answered (at once when it runs in the page, a message away when it
  // runs in a worker); an answer about an older state is dropped.
  var asked = 0;
  function update() {
    window.wbChecker.keep(hash(), $("bb-share"));
    $("bb-copied").textContent = "";
    if (!ready) {
      $("bb-print").disabled = true;
      render(null);
      return;
    }
    var n = ++asked;
    api.checking = true;
    window.wbChecker.check("wbBandCheck", JSON.stringify({ name: band.name, format: format(), big: band.bigFormat, figures: figures() }), function (text) {
      if (n !== asked) return;
      var r = null, out = JSON.parse(text);
      api.checks++;
      if (out.error) { console.warn("band checker: " + out.error); } else { r = out; }
      api.result = r;
      api.checking = false;
      $("bb-print").disabled = !r || !r.count;
      render(r);
    });
  }

  function change(id, d) {
    var n = (band.counts[id] || 0) + d;
    if (n < 0) return;
    band.counts[id] = n;
    if (n > 0 && band.added.indexOf(id) < 0) band.added.push(id);
    if (n === 0) band.added.splice(band.added.indexOf(id), 1);
    update();
  }

  function load() {
    status.textContent = msg.loading;
    status.hidden = false;
    window.wbChecker.start(cfg.wasm, "wbBandReady", started, failed);
  }

  function failed() {
    api.failed = true;
    editable = false;
    status.hidden = false;
    status.textContent = msg.nowasm;
    update();
  }
  function started(ms) {
    api.startMs = ms;
    api.readyAt = performance.now();
    ready = api.ready = true;
    status.hidden = true; // its room kept (class reserve): nothing moves
    update();
  }

  readHash();
  $("bb-name").value = band.name;
  $("bb-big").value = String(band.bigFormat);
  document.querySelector('input[name="bb-format"][value="' + (band.big ? "big" : "standard") + '"]').checked = true;
  update();

  $("bb-pool").addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || !editable) return;
    change(b.closest("tr").getAttribute("data-id"), b.classList.contains("bb-plus") ? 1 : -1);
  });
  $("bb-name").addEventListener("input", function () { band.name = this.value; update(); });
  Array.prototype.forEach.call(document.querySelectorAll('input[name="bb-format"]'), function (r) {
    r.addEventListener("change", function () { band.big = this.value === "big"; update(); });
  });
  $("bb-big").addEventListener("change", function () {
    var f = parseInt(this.value, 10);
    if (!(f > standard && f <= bigMax)) { f = bigMax; this.value = String(f); }
    band.bigFormat = f;
    update();
  });
  $("bb-filter-field").hidden = false;
  $("bb-filter").addEventListener("input", filter);
  $("bb-print").addEventListener("click", function () { window.print(); });
  $("bb-clear").addEventListener("click", function () { band.counts = {}; band.added = []; update(); });
  $("bb-copy").addEventListener("click", function () {
    window.wbChecker.copy($("bb-cue"), function () { $("bb-copied").textContent = msg.copied; });
  });

  if (editable) window.wbChecker.whenBuilding(root, band.added.length > 0, load);
  else failed();
})();
