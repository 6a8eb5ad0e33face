/* Warstuff site search: filters the list marked data-filtered by the words
   typed in the search box, accents and capitals folded, every word must
   match. Progressive enhancement: without it every row stays listed. */
(function () {
  'use strict';
  var box = document.getElementById('q');
  var list = document.querySelector('[data-filtered]');
  if (!box || !list) { return; }
  var rows = Array.prototype.slice.call(list.querySelectorAll('[data-search]'));
  var count = document.getElementById('count');
  function fold(s) { return String(s).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase(); }
  function apply() {
    var words = fold(box.value).split(/\s+/).filter(Boolean), shown = 0;
    rows.forEach(function (r) {
      var hay = fold(r.getAttribute('data-search'));
      var ok = words.every(function (w) { return hay.indexOf(w) >= 0; });
      r.hidden = !ok;
      if (ok) { shown++; }
    });
    if (count) { count.textContent = String(shown); }
  }
  box.addEventListener('input', apply);
  apply();
})();
