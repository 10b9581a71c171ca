/* The players' pages: every text goes in with textContent, never as markup. */
"use strict";
(function () {
  var side = document.body.getAttribute("data-page") === "side";
  var base = location.pathname.replace(/[^/]*$/, "");
  var shown = -1;
  var formKey = "";
  var polling = null;
  var loading = null;
  var again = false;
  var phaseKey = null;
  var events = null;
  var gone = false;
  var sentId = null;
  // After an event stream fails the page asks every second, and opens a new stream this
  // long after: once it is open the asking stops (one way of reading at a time).
  var RETRY_MS = 5000;
  // The stream says the version at least this often (the server's keep_alive): three times
  // that without a word and it is taken for dead (a phone woken, the Wi-Fi lost silently).
  var keepAlive = 15;
  var heard = 0;
  // The read of the game on its way, to be given up when its stream is taken for dead.
  var abortRead = null;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function clear(e) { while (e.firstChild) { e.removeChild(e.firstChild); } }
  function status(text, stale) {
    var f = $("status");
    f.textContent = text;
    f.className = stale ? "stale" : "";
  }

  function renderSides(page) {
    var box = $("sides");
    clear(box);
    page.sides.forEach(function (s) {
      box.appendChild(el("h2", null, s.own ? s.name + " (your side)" : s.name));
      (s.commanders || []).forEach(function (c) {
        if (!c.leader) { return; }
        var r = c.leader.rating;
        box.appendChild(el("div", "small", c.name + ": " + c.leader.name + " (" + c.level + ", " + (r >= 0 ? "+" : "") + r + ")" + (c.leader.killed ? " — killed" : "")));
      });
      if (s.divisions) {
        s.divisions.forEach(function (d) {
          var head = el("div", "division", d.title);
          box.appendChild(head);
          var notes = [d.state, d.orders].filter(Boolean).join(" · ");
          if (d.leader) {
            var l = d.leader.name + (d.leader.rating !== undefined ? " (" + d.leader.level + ", " + (d.leader.rating >= 0 ? "+" : "") + d.leader.rating + ")" : "") + (d.leader.killed ? " — killed" : "");
            box.appendChild(el("div", "small", l));
          }
          if (notes) { box.appendChild(el("div", d.state ? "alarm" : "small", notes)); }
          var t = el("table");
          d.units.forEach(function (u) {
            var tr = el("tr");
            tr.appendChild(el("td", "code", u.code));
            var name = el("td", u.routed ? "alarm" : null, u.name);
            if (u.markers.length) { name.appendChild(el("div", "small", u.markers.join(" · "))); }
            tr.appendChild(name);
            if (u.ce !== undefined) { tr.appendChild(el("td", "ce", "CE " + u.ce)); }
            t.appendChild(tr);
          });
          box.appendChild(t);
        });
      } else {
        var ul = el("ul");
        s.lines.forEach(function (x) { ul.appendChild(el("li", null, x)); });
        box.appendChild(ul);
        var t2 = el("table");
        s.units.concat(s.leaders).forEach(function (u) {
          var tr = el("tr");
          tr.appendChild(el("td", null, u.name));
          tr.appendChild(el("td", "small", u.markers));
          t2.appendChild(tr);
        });
        box.appendChild(t2);
      }
    });
  }

  function renderResults(page) {
    var ol = $("results");
    clear(ol);
    page.results.forEach(function (r) {
      var li = el("li", null, r.summary);
      r.parts.forEach(function (p) {
        var bits = [p.title];
        if (p.base !== undefined) { bits.push("base " + p.base); }
        p.modifiers.forEach(function (m) { bits.push((m.value > 0 ? "+" : "") + m.value + " " + m.reason + " (" + m.rule + ")"); });
        if (p.modified !== undefined) { bits.push("modified " + p.modified); }
        if (p.ce_hidden) { bits.push("CE hidden (fog of war)"); }
        if (p.dice.length) { bits.push("die " + p.dice.join(", ")); }
        bits.push("→ " + p.result);
        li.appendChild(el("div", "small", bits.join(" · ")));
      });
      ol.appendChild(li);
    });
  }

  function renderReadiness(page, target) {
    var words = page.ready.map(function (r) { return r.name + (r.ready ? ": ready" : ": not yet"); });
    target.textContent = words.join(" · ");
  }

  // A request to the umpire's app, given up after keepAlive seconds (15 before the first
  // page): on a connection gone dead (a phone asleep, the Wi-Fi lost) it would never end,
  // the page frozen on its last "Up to date" and Ready or Send off for minutes. Its answer
  // as {status, ok, json} (json null when there is none); ``aborted`` is handed the
  // function that gives it up (in words) before then.
  function ask(path, options, aborted) {
    var why = null;
    var timer = null;
    var ctl = window.AbortController ? new AbortController() : null;
    function giveUp(reason) { if (!why) { why = reason; ctl.abort(); } }
    if (ctl) {
      options.signal = ctl.signal;
      var limit = keepAlive;
      timer = setTimeout(function () {
        giveUp("the umpire's app did not answer within " + limit + " s");
      }, 1000 * limit);
      if (aborted) { aborted(giveUp); }
    }
    function done() { if (timer !== null) { clearTimeout(timer); timer = null; } }
    function failed() { throw new Error(why || "the umpire's app cannot be reached"); }
    return fetch(base + path, options).then(function (r) {
      return r.json().then(function (j) {
        return { status: r.status, ok: r.ok, json: j };
      }, function () {
        if (why) { failed(); }
        return { status: r.status, ok: r.ok, json: null };
      });
    }, failed).then(function (a) { done(); return a; }, function (e) { done(); throw e; });
  }

  function refused(a) {
    return new Error((a.json && a.json.error) || ("error " + a.status));
  }

  function post(path, body) {
    return ask(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
      cache: "no-store"
    }).then(function (a) {
      if (!a.ok || a.json === null) { throw refused(a); }
      return a.json;
    });
  }

  // The button is off while its request is on the way: a second tap (the network slow at
  // the club) would send the same order twice.
  function send(body, button) {
    button.disabled = true;
    $("sent").textContent = "Sending…";
    post("request", body).then(function (j) {
      button.disabled = false;
      sentId = j.id;
      $("sent").textContent = "Sent: the umpire decides.";
      load();
    }, function (e) { button.disabled = false; $("sent").textContent = e.message; });
  }

  function orderForm(form, box) {
    var div = el("select"); div.id = "order-division";
    form.divisions.forEach(function (d) { var o = el("option", null, d.title); o.value = String(d.id); div.appendChild(o); });
    var type = el("select"); type.id = "order-type";
    form.types.forEach(function (t) { var o = el("option", null, t); o.value = t; type.appendChild(o); });
    var obj = el("input"); obj.type = "text"; obj.id = "order-objective"; obj.maxLength = 300;
    obj.placeholder = "e.g. take the farm by the road";
    var l1 = el("label", null, "Division"); l1.appendChild(div);
    var l2 = el("label", null, "Order (EotE 3.2)"); l2.appendChild(type);
    var l3 = el("label", null, "Objective"); l3.appendChild(obj);
    var b = el("button", "send", "Send the order"); b.type = "button"; b.id = "send-order";
    b.addEventListener("click", function () {
      send({ division_id: parseInt(div.value, 10), order: type.value, objective: obj.value }, b);
    });
    [l1, l2, l3, b].forEach(function (x) { box.appendChild(x); });
  }

  function packForm(form, box) {
    if (!form.checks.length) { box.appendChild(el("p", "small", "Nothing is asked of your side now.")); return; }
    form.checks.forEach(function (c) {
      box.appendChild(el("h3", null, c.label + (c.rule ? " (" + c.rule + ")" : "")));
      var getters = {};
      c.asks.forEach(function (a) {
        box.appendChild(el("label", null, a.label));
        if (a.kind === "choices") {
          var boxes = [];
          var picked = (a["default"] || []).slice();
          a.choices.forEach(function (ch, i) {
            var lab = el("label", "choice");
            var cb = el("input"); cb.type = "checkbox"; cb.value = String(i);
            var at = picked.indexOf(ch[0]);
            if (at >= 0) { cb.checked = true; picked.splice(at, 1); }
            lab.appendChild(cb); lab.appendChild(document.createTextNode(ch[1]));
            box.appendChild(lab); boxes.push(cb);
          });
          getters[a.key] = function () { return boxes.filter(function (x) { return x.checked; }).map(function (x) { return a.choices[parseInt(x.value, 10)][0]; }); };
        } else if (a.kind === "choice") {
          var s = el("select");
          a.choices.forEach(function (ch, i) { var o = el("option", null, ch[1]); o.value = String(i); if (ch[0] === a["default"]) { o.selected = true; } s.appendChild(o); });
          if (!a.choices.length) { s.appendChild(el("option", null, "(none to choose)")); s.lastChild.value = ""; }
          box.appendChild(s);
          // None offered: sent as none, and the server says why in words (a tap is never mute).
          getters[a.key] = function () { return s.value === "" ? null : a.choices[parseInt(s.value, 10)][0]; };
        } else if (a.kind === "bool") {
          var lb = el("label", "choice"); var x = el("input"); x.type = "checkbox"; x.checked = !!a["default"];
          lb.appendChild(x); lb.appendChild(document.createTextNode("yes")); box.appendChild(lb);
          getters[a.key] = function () { return x.checked; };
        } else {
          var n = el("input"); n.type = "text"; n.inputMode = "numeric"; n.value = String(a["default"]);
          box.appendChild(n);
          getters[a.key] = function () { return parseInt(n.value, 10); };
        }
      });
      var b = el("button", "send", "Send to the umpire"); b.type = "button"; b.className = "send pack-send";
      b.addEventListener("click", function () {
        var answers = {};
        Object.keys(getters).forEach(function (k) { answers[k] = getters[k](); });
        send({ check: c.check, answers: answers }, b);
      });
      box.appendChild(b);
    });
  }

  function renderSide(page) {
    // A display process's page takes no Ready: the umpire would never see it.
    $("ready-box").className = page.accepts_requests ? "" : "hidden";
    var ready = $("ready");
    ready.textContent = page.i_am_ready ? "Ready ✓ (tap to take it back)" : "Ready for this phase";
    ready.className = page.i_am_ready ? "big on" : "big";
    ready.setAttribute("aria-pressed", page.i_am_ready ? "true" : "false");
    renderReadiness(page, $("readiness"));
    var orders = $("orders");
    clear(orders);
    if (page.orders) {
      var ul = el("ul");
      page.orders.in_transit.forEach(function (o) {
        var w = o.division + ": " + o.order + " in transit" + (o.takes_effect_turn ? ", takes effect on turn " + o.takes_effect_turn : "") + (o.sender ? " (from " + o.sender + ")" : "");
        ul.appendChild(el("li", null, w));
      });
      page.orders.in_force.forEach(function (o) { ul.appendChild(el("li", null, o.division + ": " + o.order + " in force")); });
      if (!ul.firstChild) { ul.appendChild(el("li", "small", "No order yet.")); }
      orders.appendChild(ul);
    }
    $("orders-box").className = page.orders ? "" : "hidden";
    var key = JSON.stringify(page.form) + page.accepts_requests;
    if (key !== formKey) {
      formKey = key;
      var box = $("form");
      clear(box);
      if (!page.accepts_requests) {
        box.appendChild(el("p", "small", "This screen only shows the game: orders go to the umpire's app."));
      } else if (page.form.kind === "order") { orderForm(page.form, box); } else { packForm(page.form, box); }
    }
    var reqs = $("requests");
    clear(reqs);
    page.requests.forEach(function (r) {
      var li = el("li", "status-" + r.status, r.summary + " — " + r.status + (r.reply ? ": " + r.reply : ""));
      reqs.appendChild(li);
    });
    $("requests-box").className = page.requests.length ? "" : "hidden";
    // The line under the button follows the umpire's answer to what it said was sent.
    var answered = page.requests.filter(function (r) { return r.id === sentId && r.status !== "pending"; })[0];
    if (answered) {
      sentId = null;
      $("sent").textContent = answered.status === "accepted" ? "Accepted by the umpire." : "Sent back by the umpire: " + answered.reply;
    }
    var notes = $("briefings");
    clear(notes);
    (page.briefings || []).forEach(function (b) {
      var li = el("li", null, b.text);
      if (b.turn !== null && b.turn !== undefined) { li.insertBefore(el("b", null, "Turn " + b.turn + ": "), li.firstChild); }
      notes.appendChild(li);
    });
    $("briefings-box").className = (page.briefings && page.briefings.length) ? "" : "hidden";
    var secret = $("secret");
    clear(secret);
    (page.secret || []).forEach(function (x) { secret.appendChild(el("li", null, x)); });
    $("secret-box").className = (page.secret && page.secret.length) ? "" : "hidden";
  }

  function render(page) {
    document.title = page.game + (page.me ? " · " + page.me.name : " · the table");
    $("game").textContent = page.me ? page.me.name + " · " + page.game : page.game;
    $("heading").textContent = page.heading + (page.initiative ? " · Initiative: " + page.initiative : "");
    $("fog").textContent = page.fog || "";
    if (side) { renderSide(page); } else { renderReadiness(page, $("readiness")); }
    var morale = $("morale");
    clear(morale);
    (page.army_morale || []).forEach(function (t) { morale.appendChild(el("li", /DEMORALISED/.test(t.text) ? "alarm" : null, t.text)); });
    $("morale-box").className = (page.army_morale && page.army_morale.length) ? "" : "hidden";
    renderSides(page);
    renderResults(page);
    shown = page.version;
    phaseKey = page.phase_key || null;
    if (page.keep_alive) { keepAlive = page.keep_alive; }
    document.body.setAttribute("data-version", String(page.version));
    status("Up to date · " + new Date().toLocaleTimeString(), false);
  }

  // One read at a time: a change that comes while a read is on its way is read after it, so
  // an answer slowed on the way back never paints over a newer page.
  function load() {
    if (gone) { return Promise.resolve(); }
    if (loading) { again = true; return loading; }
    loading = ask("view.json", { cache: "no-store", credentials: "omit" }, function (giveUp) {
      abortRead = giveUp;
    }).then(function (a) {
      if (a.status === 404) { revoked(); throw new Error("gone"); }
      if (!a.ok || a.json === null) { throw refused(a); }
      return a.json;
    }).then(render).catch(function (e) {
      if (e.message === "gone") { return; }
      status("Not up to date: " + e.message, true);
    }).then(function () {
      loading = null;
      abortRead = null;
      if (again) { again = false; load(); }
    });
    return loading;
  }

  // A revoked link (the umpire's New links: a phone lost, or shown to the other side) shows
  // nothing more of the game: what it showed goes, and it stops asking.
  function revoked() {
    gone = true;
    if (events) { events.close(); events = null; }
    if (polling !== null) { clearInterval(polling); polling = null; }
    document.title = "eote-ref";
    $("game").textContent = "eote-ref";
    $("heading").textContent = "";
    $("fog").textContent = "";
    var main = document.querySelector("main");
    clear(main);
    main.appendChild(el("p", "alarm", "This link is no longer valid: ask the umpire for the new one."));
    status("Link revoked", true);
    document.body.setAttribute("data-live", "revoked");
  }

  function live(how) { document.body.setAttribute("data-live", how); }

  function poll() {
    if (polling === null && !gone) { polling = setInterval(load, 1000); live("polling"); }
  }

  function lost(es) {
    es.close();
    if (events === es) { events = null; }
    // A read on its way went by the same dead connection: given up, the asking goes on.
    if (abortRead) { abortRead("the umpire's app stopped answering"); }
    poll();
    if (!gone) { setTimeout(listen, RETRY_MS); }
  }

  function listen() {
    if (gone) { return; }
    var es = new EventSource(base + "events");
    events = es;
    heard = Date.now();
    es.onopen = function () {
      heard = Date.now();
      if (polling !== null) { clearInterval(polling); polling = null; }
      live("events");
    };
    es.onmessage = function (m) {
      heard = Date.now();
      if (String(m.data) !== String(shown)) { load(); }
    };
    es.onerror = function () { lost(es); };
  }

  function watch() {
    if (events && Date.now() - heard > 3000 * keepAlive) { lost(events); }
  }

  if (side) {
    $("ready").addEventListener("click", function () {
      var button = $("ready");
      var on = button.getAttribute("aria-pressed") !== "true";
      var body = { ready: on };
      if (phaseKey) { body.phase = phaseKey; }
      // Off until answered: a second tap before the page shows the first is not lost.
      button.disabled = true;
      $("ready-note").textContent = "";
      post("ready", body).then(function () {
        button.disabled = false;
        load();
      }, function (e) {
        button.disabled = false;
        $("ready-note").textContent = e.message;
        load();
      });
    });
  }
  load();
  if (window.EventSource) { listen(); setInterval(watch, 1000); } else { poll(); }
})();
