/* The site's search, every game's (Warbound's cards, Warstuff's profiles):
   free words and typed fields (f:raiders t:character o<=2 x:"sharp"), with
   and/or, parentheses, negation and quoted phrases,
   accents and capitals folded. The fields, their aliases and values, the
   syntax words and the messages come from the search index
   (window.WB_SEARCH, written by site/search.go from a game's table), never
   from this file. The faction, kind, cost and sort menus are each
   optional: a game's list has those it needs. Progressive enhancement: without this script the list
   is complete and every link works. No framework, no network request: the
   index is loaded with a plain <script src>, so it works from file://.
   Card text reaches the page as text nodes only (never innerHTML). */
(function () {
  'use strict';
  var form = document.getElementById('filters');
  var list = document.getElementById('card-list');
  var data = window.WB_SEARCH;
  if (!form || !list || !data) { return; }
  var index = data.cards || [];
  var byId = {};
  for (var i = 0; i < index.length; i++) { byId[index[i].id] = index[i]; }
  var items = Array.prototype.slice.call(list.querySelectorAll('li[data-id]'));
  var q = document.getElementById('q');
  var faction = document.getElementById('f-faction');
  var kind = document.getElementById('f-kind');
  var cost = document.getElementById('f-cost');
  var sortSel = document.getElementById('f-sort');
  var count = document.getElementById('count');
  var none = document.getElementById('no-match');
  var errBox = document.getElementById('q-error');
  var M = data.messages || {};

  function fold(s) {
    return String(s).normalize('NFD').replace(/[\u0300-\u036f\u00ad]/g, '').replace(/\u2019/g, "'").toLowerCase();
  }
  // fmt fills %s and %N$s in a message.
  function fmt(msg) {
    var args = Array.prototype.slice.call(arguments, 1), n = 0;
    return String(msg || '').replace(/%(?:(\d)\$)?s/g, function (_, k) {
      return k ? args[Number(k) - 1] : args[n++];
    });
  }

  // Fields by long name and alias.
  var fields = {};
  (data.fields || []).forEach(function (f) { fields[f.name] = f; fields[f.alias] = f; });
  var words = {};
  Object.keys(data.words || {}).forEach(function (k) {
    data.words[k].forEach(function (w) { words[w] = k; });
  });
  function fieldList() {
    return (data.fields || []).map(function (f) { return f.name + ' (' + f.alias + ')'; }).join(', ');
  }
  function distance(a, b) {
    var d = [], i, j;
    for (i = 0; i <= a.length; i++) { d[i] = [i]; }
    for (j = 0; j <= b.length; j++) { d[0][j] = j; }
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
    }
    return d[a.length][b.length];
  }
  function suggest(name, names) {
    var best = '', bd = 3;
    names.forEach(function (n) {
      var dd = distance(name, n);
      if (dd < bd || (dd === bd && n.indexOf(name) === 0)) { bd = dd; best = n; }
    });
    if (!best) {
      names.forEach(function (n) { if (!best && n.indexOf(name) === 0) { best = n; } });
    }
    return best ? ' ' + fmt(M['didyoumean'], best) : '';
  }
  function fail(msg) { throw { search: true, msg: msg }; }

  // tokenize splits a query into words, phrases, parentheses, syntax
  // words and field terms.
  function tokenize(s) {
    var out = [], i = 0, n = s.length;
    function phrase() {
      var end = s.indexOf('"', i + 1);
      if (end < 0) { end = n; }
      var v = s.slice(i + 1, end);
      i = end + 1;
      return v;
    }
    while (i < n) {
      var c = s.charAt(i);
      if (/\s/.test(c)) { i++; continue; }
      if (c === '(' || c === ')') { out.push({ t: c }); i++; continue; }
      if (c === '"') { out.push({ t: 'word', v: phrase(), quoted: true }); continue; }
      if ((c === '-' || c === '!') && i + 1 < n && !/[\s)]/.test(s.charAt(i + 1))) { out.push({ t: 'not' }); i++; continue; }
      var j = i;
      while (j < n && !/[\s()"]/.test(s.charAt(j))) { j++; }
      var w = s.slice(i, j);
      i = j;
      var m = /^([^\s:<>=!]+?)(<=|>=|!=|:|=|<|>)(.*)$/.exec(w);
      if (m && /^[a-z\u00c0-\u024f][\w.\u00c0-\u024f-]*$/i.test(m[1])) {
        var v = m[3], quoted = false;
        if (v === '' && s.charAt(i) === '"') { v = phrase(); quoted = true; }
        out.push({ t: 'field', name: fold(m[1]), raw: m[1], op: m[2], v: v, quoted: quoted });
        continue;
      }
      var kw = words[fold(w)];
      if (kw) { out.push({ t: kw, raw: w }); continue; }
      out.push({ t: 'word', v: w });
    }
    return out;
  }

  // parse builds a tree of tests from the tokens: or of ands of (not)
  // terms; a space between terms means and.
  function parse(tokens) {
    var pos = 0, marks = [];
    function peek() { return tokens[pos]; }
    function orExpr() {
      var a = andExpr();
      while (peek() && peek().t === 'or') {
        pos++;
        var b = andExpr(), x = a;
        a = function (e) { return x(e) || b(e); };
      }
      return a;
    }
    function andExpr() {
      var terms = [];
      for (;;) {
        var t = peek();
        if (!t || t.t === ')' || t.t === 'or') { break; }
        if (t.t === 'and') { pos++; continue; }
        terms.push(unary());
      }
      if (terms.length === 0) {
        var prev = tokens[pos - 1];
        if (prev && (prev.t === 'or' || prev.t === 'not' || prev.t === 'and')) { fail(fmt(M['err.empty'], prev.raw || '-')); }
        return function () { return true; };
      }
      return function (e) {
        for (var k = 0; k < terms.length; k++) { if (!terms[k](e)) { return false; } }
        return true;
      };
    }
    function unary() {
      var t = peek();
      if (t.t === 'not') {
        pos++;
        if (!peek() || peek().t === ')' || peek().t === 'or') { fail(fmt(M['err.empty'], t.raw || '-')); }
        var a = unary();
        return function (e) { return !a(e); };
      }
      if (t.t === '(') {
        pos++;
        var inner = orExpr();
        if (!peek() || peek().t !== ')') { fail(M['err.paren']); }
        pos++;
        return inner;
      }
      if (t.t === ')') { fail(M['err.paren']); }
      pos++;
      return term(t);
    }
    function term(t) {
      if (t.t === 'word') {
        var w = fold(t.v).trim();
        if (!w) { return function () { return true; }; }
        marks.push(w);
        return function (e) { return e.text.indexOf(w) >= 0; };
      }
      return fieldTest(t);
    }
    var test = orExpr();
    if (pos < tokens.length) { fail(M['err.paren']); }
    return { test: test, marks: marks };

    function fieldTest(t) {
      var name = t.name, sub = '';
      var dot = name.indexOf('.');
      if (dot > 0) { sub = name.slice(dot + 1); name = name.slice(0, dot); }
      var f = fields[name];
      if (!f) {
        fail(fmt(M['err.field'], t.raw) + suggest(name, Object.keys(fields)) + ' ' + fieldList() + '.');
      }
      var v = fold(t.v).trim();
      if (v === '') { fail(fmt(M['err.empty'], t.raw + t.op)); }
      if (f.kind === 'number') {
        if (!/^-?\d+$/.test(v)) { fail(fmt(M['err.number'], f.name, f.alias)); }
        var n = Number(v), op = t.op === ':' ? '=' : t.op;
        var colour = '';
        if (sub) {
          if (!f.perColour) { fail(fmt(M['err.field'], t.raw) + ' ' + fieldList() + '.'); }
          colour = resolveColour(sub);
        }
        return function (e) {
          var x = e.num && e.num[f.name];
          if (x === undefined) { return false; }
          if (colour) { x = (e.colours && e.colours[colour]) || 0; }
          switch (op) {
            case '=': return x === n;
            case '!=': return x !== n;
            case '<': return x < n;
            case '<=': return x <= n;
            case '>': return x > n;
            default: return x >= n;
          }
        };
      }
      if (t.op !== ':' && t.op !== '=' && t.op !== '!=') { fail(fmt(M['err.op'], f.name)); }
      var neg = t.op === '!=', exact = t.op === '=';
      if (f.kind === 'text') {
        marks.push(v);
        var key = f.name === 'name' ? 'foldedName' : 'foldedBody';
        return function (e) {
          var s = e[key];
          var ok = exact ? s === v : s.indexOf(v) >= 0;
          return neg ? !ok : ok;
        };
      }
      // A word field: the values whose id or name is (exact) or starts
      // with (colon) the value.
      var ids = {}, found = false;
      (f.values || []).forEach(function (val) {
        if (val.names.some(function (nm) { return exact ? nm === v : nm.indexOf(v) === 0; })) { ids[val.id] = true; found = true; }
      });
      if (!found) {
        var known = (f.values || []).map(function (val) { return val.id; });
        fail(fmt(M['err.value'], f.name, t.v, known.slice(0, 12).join(', ') + (known.length > 12 ? '…' : '')) + suggest(v, known));
      }
      return function (e) {
        var ws = (e.words && e.words[f.name]) || [];
        var ok = ws.some(function (w) { return ids[w]; });
        return neg ? !ok : ok;
      };
    }
    function resolveColour(sub) {
      if (sub === 'any') { return 'any'; }
      var fac = fields.faction, hit = '';
      (fac && fac.values || []).forEach(function (val) {
        if (!hit && val.id !== 'neutral' && val.names.some(function (nm) { return nm.indexOf(sub) === 0; })) { hit = val.id; }
      });
      if (!hit) { fail(fmt(M['err.colour'], sub)); }
      return hit;
    }
  }

  // The folded texts are made here, once, rather than shipped: the index
  // is a third smaller, and the query is folded by the same function.
  index.forEach(function (e) {
    e.foldedName = fold(e.name);
    e.foldedBody = fold(e.body || '');
    e.text = e.foldedName + ' ' + e.id + ' ' + e.foldedBody;
  });

  // highlight writes text into el with the folded marks wrapped in <mark>,
  // as text nodes.
  function highlight(el, text, marks) {
    while (el.firstChild) { el.removeChild(el.firstChild); }
    var chars = Array.from(text), f = '', at = [];
    chars.forEach(function (ch, k) {
      var fc = fold(ch);
      for (var z = 0; z < fc.length; z++) { at.push(k); }
      f += fc;
    });
    var on = new Array(chars.length).fill(false);
    marks.forEach(function (m) {
      if (!m) { return; }
      for (var p = f.indexOf(m); p >= 0; p = f.indexOf(m, p + m.length)) {
        for (var z = p; z < p + m.length; z++) { on[at[z]] = true; }
      }
    });
    var k = 0;
    while (k < chars.length) {
      var j = k;
      while (j < chars.length && on[j] === on[k]) { j++; }
      var part = chars.slice(k, j).join('');
      if (on[k]) {
        var mk = document.createElement('mark');
        mk.textContent = part;
        el.appendChild(mk);
      } else {
        el.appendChild(document.createTextNode(part));
      }
      k = j;
    }
  }
  // excerpt is about 110 characters of the body around the first mark.
  function excerpt(body, marks) {
    var f = fold(body), first = -1;
    marks.forEach(function (m) {
      var p = m ? f.indexOf(m) : -1;
      if (p >= 0 && (first < 0 || p < first)) { first = p; }
    });
    if (first < 0) { return ''; }
    var start = Math.max(0, first - 40), end = Math.min(body.length, first + 70);
    return (start > 0 ? '…' : '') + body.slice(start, end) + (end < body.length ? '…' : '');
  }

  // The list shows the first PAGE tiles that match, in order; the others
  // wait outside the page until "show more" (without this script every
  // tile is in the page). Each keystroke moves the tiles it shows, never
  // the others, and highlights a tile only when its marks changed: at a
  // thousand cards, redrawing every tile made typing lag.
  var PAGE = 60;
  var ul = list.querySelector('ul');
  var order = items.map(function (li, k) {
    var e = byId[li.getAttribute('data-id')] || { name: li.textContent, text: fold(li.textContent), num: {}, words: {} };
    if (!e.foldedName) { e.foldedName = fold(e.name); e.foldedBody = e.text; }
    var nameEl = li.querySelector('.name');
    var snip = document.createElement('span');
    snip.className = 'snip';
    snip.hidden = true;
    (li.querySelector('.tile-text') || li.querySelector('a') || li).appendChild(snip);
    return { li: li, i: k, e: e, nameEl: nameEl, snip: snip, marked: '', keys: {} };
  });
  var more = document.createElement('button');
  more.type = 'button';
  more.className = 'more';
  more.hidden = true;
  list.appendChild(more);
  var matched = [], shownTiles = [], limit = PAGE, shownMarks = [];

  function sortKey(o, by) {
    var e = o.e;
    switch (by) {
      case 'name': return e.foldedName;
      case 'faction': return e.faction === 'neutral' ? '\uffff' : e.faction;
      case 'type': return e.kind;
      case 'cost': return e.cost >= 0 ? e.cost : Infinity;
      default: return e.num && e.num[by] !== undefined ? e.num[by] : Infinity;
    }
  }
  function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  // render puts the first limit tiles of matched in the list, moving
  // nodes only when the tiles or their order changed.
  function render(marks) {
    var want = matched.slice(0, limit);
    var same = want.length === shownTiles.length;
    for (var k = 0; same && k < want.length; k++) { same = want[k] === shownTiles[k]; }
    if (!same) {
      var frag = document.createDocumentFragment();
      want.forEach(function (o) { frag.appendChild(o.li); });
      ul.textContent = '';
      ul.appendChild(frag);
      shownTiles = want;
    }
    var key = marks.join('\u0000');
    want.forEach(function (o) {
      if (o.marked === key) { return; }
      o.marked = key;
      if (o.nameEl) { highlight(o.nameEl, o.e.name, marks); }
      var ex = marks.length ? excerpt(o.e.body || '', marks) : '';
      o.snip.hidden = !ex;
      if (ex) { highlight(o.snip, ex, marks); } else { o.snip.textContent = ''; }
    });
    var left = matched.length - want.length;
    more.hidden = left <= 0;
    if (left > 0) { more.textContent = fmt(M['more'], Math.min(PAGE, left), left); }
  }
  more.addEventListener('click', function () {
    var first = limit;
    limit += PAGE;
    render(shownMarks);
    // The keyboard goes on from the first tile the button brought.
    var a = shownTiles[first] && shownTiles[first].li.querySelector('a');
    if (a) { a.focus(); }
  });

  // The address holds the query, so that a reload, a link or Back keeps
  // the list as filtered. While the query is typed it is written once
  // the typing pauses (or the box loses focus, as when a card is
  // clicked): each history.replaceState is a round trip to the browser,
  // a keystroke's worth of them cost the search a third of its time,
  // and browsers throttle a page that writes its address too often.
  var address = null, addressTimer = 0;
  function writeAddress() {
    clearTimeout(addressTimer);
    if (address === null) { return; }
    var a = address;
    address = null;
    try {
      history.replaceState(null, '', a);
    } catch (err) { /* some browsers refuse this on file:// */ }
  }

  function apply(ev) {
    var query = q.value, parsed, error = '';
    try {
      parsed = parse(tokenize(query));
    } catch (err) {
      if (!err || !err.search) { throw err; }
      error = err.msg;
      parsed = { test: function () { return true; }, marks: [] };
    }
    errBox.hidden = !error;
    errBox.textContent = error;
    if (error) {
      var help = document.createElement('a');
      help.href = document.getElementById('q-help').querySelector('a').getAttribute('href');
      help.textContent = M['help.link'];
      errBox.appendChild(document.createTextNode(' '));
      errBox.appendChild(help);
    }
    var marks = parsed.marks;
    var by = sortSel ? sortSel.value : 'relevance';
    var fv = faction ? faction.value : '', kv = kind ? kind.value : '', cv = cost ? cost.value : '';
    matched = order.filter(function (o) {
      var li = o.li;
      return parsed.test(o.e) &&
        (!fv || li.getAttribute('data-faction') === fv) &&
        (!kv || li.getAttribute('data-kind') === kv) &&
        (!cv || li.getAttribute('data-cost') === cv);
    });
    if (by === 'relevance') {
      if (marks.length) {
        // Cards whose name matches come first: name start, then name, then text.
        matched.forEach(function (o) {
          var n = o.e.foldedName;
          o.rank = marks.some(function (m) { return n.indexOf(m) === 0; }) ? 0 :
            marks.every(function (m) { return n.indexOf(m) >= 0; }) ? 1 : 2;
        });
        matched.sort(function (a, b) { return a.rank - b.rank || a.i - b.i; });
      }
    } else {
      matched.forEach(function (o) {
        if (!(by in o.keys)) { o.keys[by] = sortKey(o, by); }
      });
      matched.sort(function (a, b) { return cmp(a.keys[by], b.keys[by]) || cmp(a.e.foldedName, b.e.foldedName) || a.i - b.i; });
    }
    limit = PAGE;
    shownMarks = marks;
    render(marks);
    var shown = matched.length;
    count.textContent = shown + ' / ' + items.length + ' ' + form.getAttribute('data-count');
    none.hidden = shown > 0 || !!error;
    var params = [];
    if (q.value) { params.push('q=' + encodeURIComponent(q.value)); }
    if (fv) { params.push('faction=' + encodeURIComponent(fv)); }
    if (kv) { params.push('kind=' + encodeURIComponent(kv)); }
    if (cv) { params.push('cost=' + encodeURIComponent(cv)); }
    if (by !== 'relevance') { params.push('sort=' + encodeURIComponent(by)); }
    address = (params.length ? '?' + params.join('&') : location.pathname.split('/').pop()) + location.hash;
    clearTimeout(addressTimer);
    if (ev && ev.type === 'input') {
      addressTimer = setTimeout(writeAddress, 300);
    } else {
      writeAddress();
    }
  }

  function hasValue(select, v) {
    for (var k = 0; k < select.options.length; k++) {
      if (select.options[k].value === v) { return true; }
    }
    return false;
  }
  var params = new URLSearchParams(location.search);
  if (params.get('q')) { q.value = params.get('q'); }
  [['faction', faction], ['kind', kind], ['cost', cost], ['sort', sortSel]].forEach(function (p) {
    var v = params.get(p[0]);
    if (v && p[1] && hasValue(p[1], v)) { p[1].value = v; }
  });
  form.hidden = false;
  q.addEventListener('input', apply);
  q.addEventListener('blur', writeAddress);
  window.addEventListener('pagehide', writeAddress);
  [faction, kind, cost, sortSel].forEach(function (s) { if (s) { s.addEventListener('change', apply); } });
  form.addEventListener('submit', function (ev) { ev.preventDefault(); apply(); });
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  // For the tests and the benchmark: the parser alone.
  window.WB_QUERY = function (s) {
    var p = parse(tokenize(s));
    return index.filter(function (e) { return p.test(e); }).map(function (e) { return e.id; });
  };
  apply();
  if (params.get('q')) { q.focus(); }
})();
