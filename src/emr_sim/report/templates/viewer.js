/* The report's game viewer: each .viewer element holds the frames of one replayed game
   (a JSON script element, emr_sim.games.emr.face.frames) and shows one position at a time: both boards
   with every card, the hands, health, fury and piles, the action that led there and its log
   lines. Buttons, the slider and the arrow keys step through it. Plain JavaScript, no network;
   text is set with textContent only. */
(function () {
  "use strict";
  var COLOURS = { red: "#b2182b", blue: "#2166ac", yellow: "#d9b600", green: "#2e8b3a", bow: "#9a9a9a" };
  var DARK_TEXT = { yellow: true, green: true, bow: true };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function card(data, id) {
    var c = data.cards[id];
    var colour = data.colours[c[0]];
    var box = el("div", "vcard");
    box.style.background = COLOURS[colour] || "#777";
    box.style.color = DARK_TEXT[colour] ? "#111" : "#fff";
    box.appendChild(el("b", "", colour + " " + c[1] + "-" + c[2]));
    box.appendChild(el("span", "", "dmg " + c[3] + (c[4] ? " dragon" : "")));
    if (c[5]) box.appendChild(el("span", "", data.effects[c[5]]));
    return box;
  }

  function zone(data, z, index, was) {
    /* z = [card, blocked, damage tokens, +1 tokens, -1 tokens, zone damage tokens, crow];
       was: the same zone one step before (null at the deal): a zone the last move changed is outlined */
    var cell = el("div", "vzone");
    if (was && JSON.stringify(was) !== JSON.stringify(z)) cell.classList.add("vnew");
    cell.appendChild(el("div", "vzone-n", "zone " + index));
    if (z[0] >= 0) {
      var box = card(data, z[0]);
      var marks = [];
      if (z[1]) marks.push("BLOCKED");
      if (z[2]) marks.push("\u00d7" + z[2]);
      if (z[3]) marks.push("+" + z[3]);
      if (z[4]) marks.push("-" + z[4]);
      if (marks.length) box.appendChild(el("span", "vmarks", marks.join(" ")));
      cell.appendChild(box);
    } else {
      cell.appendChild(el("div", "vempty", ""));
    }
    var tokens = [];
    if (z[5]) tokens.push("trap " + z[5]);
    if (z[6]) tokens.push("crow");
    cell.appendChild(el("div", "vtokens", tokens.join(" ")));
    return cell;
  }

  function side(data, f, p, before) {
    var pl = f.players[p];
    var old = before ? before.players[p] : null;
    var box = el("div", "vside");
    var head = [data.names[p], "health " + pl.health];
    if (pl.fury) head.push("FURIOUS");
    if (pl.poison) head.push("poisoned");
    box.appendChild(el("div", "vhead", head.join("  \u00b7  ")));
    var hand = el("div", "vhand");
    hand.appendChild(el("span", "vlabel", "hand (" + pl.hand.length + "):"));
    pl.hand.forEach(function (id) {
      var box = card(data, id);
      if (old && old.hand.indexOf(id) < 0) box.classList.add("vnew");  /* drawn by the last move */
      hand.appendChild(box);
    });
    if (pl.aside.length) {
      hand.appendChild(el("span", "vlabel", "set aside:"));
      pl.aside.forEach(function (id) { hand.appendChild(card(data, id)); });
    }
    var row = el("div", "vrow");
    pl.zones.forEach(function (z, i) { row.appendChild(zone(data, z, i, old ? old.zones[i] : null)); });
    if (p === 1) { box.appendChild(hand); box.appendChild(row); } else { box.appendChild(row); box.appendChild(hand); }
    return box;
  }

  function label(data, id) {
    var c = data.cards[id];
    return data.colours[c[0]] + " " + c[1] + "-" + c[2];
  }

  function show(viewer, data, k) {
    var n = data.frames.length - 1;
    k = Math.max(0, Math.min(n, k));
    viewer.dataset.step = String(k);
    var f = data.frames[k];
    var before = k > 0 ? data.frames[k - 1] : null;
    var board = viewer.querySelector(".viewer-board");
    board.textContent = "";
    board.appendChild(side(data, f, 1, before));
    var middle = el("div", "vmiddle");
    var when = k > 0 ? " (turn " + f.moved_in + ")" : "";
    middle.appendChild(el("div", "vaction", "step " + k + when + ": " + f.action));
    middle.appendChild(el("div", "vnext", f.next));
    var piles = "draw pile " + f.draw + "  \u00b7  discard pile " + f.discard;
    if (f.top >= 0) piles += ", top " + label(data, f.top);
    middle.appendChild(el("div", "vpiles", piles));
    board.appendChild(middle);
    board.appendChild(side(data, f, 0, before));
    viewer.querySelector(".viewer-log").textContent = f.log.join("\n");
    viewer.querySelector(".viewer-step").textContent =
      "step " + k + " of " + n + (k > 0 ? " \u00b7 move made in turn " + f.moved_in : " \u00b7 the deal");
    viewer.querySelector(".viewer-range").value = String(k);
  }

  function init(viewer) {
    var data = JSON.parse(viewer.querySelector(".viewer-data").textContent);
    var last = data.frames.length - 1;
    var range = viewer.querySelector(".viewer-range");
    range.max = String(last);
    var at = function () { return Number(viewer.dataset.step || 0); };
    var moves = {
      first: function () { return 0; },
      prev: function () { return at() - 1; },
      next: function () { return at() + 1; },
      last: function () { return last; }
    };
    viewer.querySelectorAll("button[data-go]").forEach(function (b) {
      b.addEventListener("click", function () { show(viewer, data, moves[b.dataset.go]()); });
    });
    range.addEventListener("input", function () { show(viewer, data, Number(range.value)); });
    viewer.addEventListener("keydown", function (e) {
      var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
      if (keys[e.key]) { e.preventDefault(); show(viewer, data, moves[keys[e.key]]()); }
    });
    show(viewer, data, 0);
  }

  document.querySelectorAll(".viewer").forEach(init);
})();
