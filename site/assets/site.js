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

/* Card images enlarge in place: a click or tap on a card image opens it
   large in a dialog (Escape, the close button or a click outside closes
   it). Without this script the link opens the image itself. */
(function () {
  'use strict';
  var links = document.querySelectorAll('a.enlarge');
  if (!links.length || typeof HTMLDialogElement !== 'function') { return; }
  var dlg = document.createElement('dialog');
  dlg.className = 'zoom';
  var img = document.createElement('img');
  var close = document.createElement('button');
  close.type = 'button';
  close.textContent = '\u00d7';
  dlg.appendChild(img);
  dlg.appendChild(close);
  document.body.appendChild(dlg);
  close.addEventListener('click', function () { dlg.close(); });
  dlg.addEventListener('click', function (ev) { if (ev.target === dlg || ev.target === img) { dlg.close(); } });
  Array.prototype.forEach.call(links, function (a) {
    a.addEventListener('click', function (ev) {
      ev.preventDefault();
      var small = a.querySelector('img');
      img.src = a.getAttribute('href');
      img.alt = small ? small.alt : '';
      close.setAttribute('aria-label', a.getAttribute('data-close') || '');
      dlg.showModal();
      close.focus();
    });
  });
})();
