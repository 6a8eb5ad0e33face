/* Warbound site: the language switch keeps the place on the page. Rule
   anchors (#R-SHOOT-7) and explicit heading ids are the same in both
   languages, and the card list's filters travel in the query. Without
   this script the switch still goes to the same page. */
(function () {
  'use strict';
  var a = document.getElementById('lang-switch');
  if (!a) { return; }
  a.addEventListener('click', function () {
    var base = a.getAttribute('href').split('#')[0].split('?')[0];
    a.setAttribute('href', base + location.search + location.hash);
  });
})();
