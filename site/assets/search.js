/* Warbound card search: filters the card list by name, text, faction,
   type and cost. Progressive enhancement: without this script the list
   is complete and every link works. No framework, no network request:
   the index comes from search-index.js, loaded with a plain <script src>
   so that it works from file:// as well. */
(function () {
  'use strict';
  var form = document.getElementById('filters');
  var list = document.getElementById('card-list');
  if (!form || !list) { return; }
  var index = window.WB_SEARCH_INDEX || [];
  var byId = {};
  for (var i = 0; i < index.length; i++) { byId[index[i].id] = index[i]; }
  var items = Array.prototype.slice.call(list.querySelectorAll('li[data-id]'));
  var q = document.getElementById('q');
  var faction = document.getElementById('f-faction');
  var kind = document.getElementById('f-kind');
  var cost = document.getElementById('f-cost');
  var count = document.getElementById('count');
  var none = document.getElementById('no-match');

  function fold(s) {
    return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\u2019/g, "'").toLowerCase();
  }
  var ul = list.querySelector('ul');
  var order = items.map(function (li, i) {
    var e = byId[li.getAttribute('data-id')];
    return { li: li, i: i, name: fold(e ? e.name : li.textContent) };
  });

  function hasValue(select, v) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === v) { return true; }
    }
    return false;
  }

  function apply() {
    var query = fold(q.value).trim();
    var words = query.split(/\s+/).filter(function (w) { return w !== ''; });
    var shown = 0;
    // Cards whose name matches come first: name start, then name, then text.
    var ranked = order.slice().sort(function (a, b) {
      return rank(a) - rank(b) || a.i - b.i;
    });
    function rank(o) {
      if (!query) { return 0; }
      if (o.name.indexOf(query) === 0) { return 0; }
      if (words.every(function (w) { return o.name.indexOf(w) >= 0; })) { return 1; }
      return 2;
    }
    ranked.forEach(function (o) { ul.appendChild(o.li); });
    items.forEach(function (li) {
      var e = byId[li.getAttribute('data-id')];
      var text = e ? e.text : fold(li.textContent);
      var ok = words.every(function (w) { return text.indexOf(w) >= 0; }) &&
        (!faction.value || li.getAttribute('data-faction') === faction.value) &&
        (!kind.value || li.getAttribute('data-kind') === kind.value) &&
        (!cost.value || li.getAttribute('data-cost') === cost.value);
      li.hidden = !ok;
      if (ok) { shown++; }
    });
    count.textContent = shown + ' / ' + items.length + ' ' + form.getAttribute('data-count');
    none.hidden = shown > 0;
    var params = [];
    if (q.value) { params.push('q=' + encodeURIComponent(q.value)); }
    if (faction.value) { params.push('faction=' + encodeURIComponent(faction.value)); }
    if (kind.value) { params.push('kind=' + encodeURIComponent(kind.value)); }
    if (cost.value) { params.push('cost=' + encodeURIComponent(cost.value)); }
    try {
      history.replaceState(null, '', (params.length ? '?' + params.join('&') : location.pathname.split('/').pop()) + location.hash);
    } catch (err) { /* some browsers refuse this on file:// */ }
  }

  var params = new URLSearchParams(location.search);
  if (params.get('q')) { q.value = params.get('q'); }
  [['faction', faction], ['kind', kind], ['cost', cost]].forEach(function (p) {
    var v = params.get(p[0]);
    if (v && hasValue(p[1], v)) { p[1].value = v; }
  });
  form.hidden = false;
  q.addEventListener('input', apply);
  faction.addEventListener('change', apply);
  kind.addEventListener('change', apply);
  cost.addEventListener('change', apply);
  form.addEventListener('submit', function (ev) { ev.preventDefault(); apply(); });
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  apply();
  if (params.get('q')) { q.focus(); }
})();
