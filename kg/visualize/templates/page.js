// kg viz page: draws the data in #kg-data with vis-network.
// Text from documents is only ever put on the page with textContent (never innerHTML).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("kg-data").textContent);
  var state = { ready: false, readyAt: null, physics: false, highlighted: null };
  window.kgViz = state;

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  // header, message, legend
  document.title = data.title;
  document.getElementById("kg-counts").textContent =
    data.nodes.length + " nodes, " + data.edges.length + " edges; size: " + data.sizeBy;
  if (data.message) {
    var banner = document.getElementById("kg-message");
    banner.textContent = data.message;
    banner.hidden = false;
  }
  var legend = document.getElementById("kg-legend");
  if (data.legend.types.length) {
    legend.appendChild(el("h2", "Entity types"));
    var types = el("ul");
    data.legend.types.forEach(function (t) {
      var item = el("li");
      var glyph = el("span", t.glyph, "glyph");
      glyph.style.color = t.colour;
      item.appendChild(glyph);
      item.appendChild(document.createTextNode(" " + t.type));
      types.appendChild(item);
    });
    legend.appendChild(types);
  }
  if (data.legend.predicates.length) {
    legend.appendChild(el("h2", "Relations"));
    var preds = el("ul");
    data.legend.predicates.forEach(function (p) {
      var item = el("li");
      var line = el("span", "", "line");
      line.style.borderColor = p.colour;
      item.appendChild(line);
      item.appendChild(document.createTextNode(p.predicate));
      preds.appendChild(item);
    });
    legend.appendChild(preds);
  }

  // the network, drawn at the positions computed beforehand, with physics off
  var nodes = new vis.DataSet(data.nodes);
  var edges = new vis.DataSet(data.edges);
  var container = document.getElementById("kg-network");
  var network = new vis.Network(container, { nodes: nodes, edges: edges }, data.options);
  state.network = network;
  state.nodes = nodes;
  state.edges = edges;
  network.once("afterDrawing", function () {
    network.moveTo({ scale: network.getScale() * 0.92 });  // room for the labels at the edges
    state.ready = true;
    state.readyAt = performance.now();
  });

  // tooltip
  var tip = document.getElementById("kg-tip");
  function showTip(pointer, build) {
    while (tip.firstChild) tip.removeChild(tip.firstChild);
    build(tip);
    tip.hidden = false;
    var box = container.getBoundingClientRect();
    var x = Math.min(pointer.x + 14, box.width - tip.offsetWidth - 4);
    var y = Math.min(pointer.y + 14, box.height - tip.offsetHeight - 4);
    tip.style.left = Math.max(0, x) + "px";
    tip.style.top = Math.max(0, y) + "px";
  }
  function source(doc, line) {
    if (!doc) return "";
    return line !== null && line !== undefined ? doc + ":" + line : doc;
  }
  function nodeTip(id) {
    return function (box) {
      var info = nodes.get(id).kg;
      box.appendChild(el("h3", info.name));
      box.appendChild(el("div", info.type + "  \u00b7  " + data.sizeBy + " " + info.size, "kind"));
      if (info.aliases.length) box.appendChild(el("div", "Also: " + info.aliases.join("; ")));
      box.appendChild(el("div", info.iri, "src"));
      if (info.facts.length) {
        var list = el("ul");
        info.facts.slice(0, 15).forEach(function (f) {
          var item = el("li", f.text);
          var src = source(f.document, f.line);
          if (src) item.appendChild(el("span", "  (" + src + ")", "src"));
          list.appendChild(item);
        });
        if (info.facts.length > 15) list.appendChild(el("li", "\u2026 " + (info.facts.length - 15) + " more"));
        box.appendChild(list);
      }
    };
  }
  function edgeTip(id) {
    return function (box) {
      var edge = edges.get(id);
      var info = edge.kg;
      box.appendChild(el("h3", nodes.get(edge.from).kg.name + " \u2192 " + info.predicate + " \u2192 " + nodes.get(edge.to).kg.name));
      var parts = [];
      if (info.role) parts.push(info.role);
      if (info.degree) parts.push(info.degree);
      if (info.start || info.end) parts.push((info.start || "?") + " \u2013 " + (info.end || ""));
      if (parts.length) box.appendChild(el("div", parts.join(", "), "kind"));
      if (info.evidence) box.appendChild(el("div", "\u201c" + info.evidence + "\u201d"));
      var src = source(info.document, info.line);
      if (src) box.appendChild(el("div", src, "src"));
    };
  }
  network.on("hoverNode", function (p) { showTip(p.pointer.DOM, nodeTip(p.node)); });
  network.on("hoverEdge", function (p) { showTip(p.pointer.DOM, edgeTip(p.edge)); });
  network.on("blurNode", function () { tip.hidden = true; });
  network.on("blurEdge", function () { tip.hidden = true; });
  network.on("dragStart", function () { tip.hidden = true; });
  network.on("zoom", function () { tip.hidden = true; });

  // click highlights the neighbours (selected: dark border, bold edges); on small graphs the
  // other nodes also fade. A click on the background clears.
  var FADE_MAX = 400;  // DataSet updates of every node cost ~0.5 ms each: fade only small graphs
  var FADED = { background: "#e8e8e8", border: "#dddddd" };
  var FADED_EDGE = { color: "#eeeeee", highlight: "#eeeeee", hover: "#eeeeee", inherit: false, opacity: 0.5 };
  var faded = false;
  function highlight(id) {
    var around = network.getConnectedNodes(id);
    var near = network.getConnectedEdges(id);
    network.setSelection({ nodes: [id].concat(around), edges: near }, { unselectAll: true, highlightEdges: false });
    if (data.nodes.length <= FADE_MAX) {
      var keep = {};
      keep[id] = true;
      around.forEach(function (n) { keep[n] = true; });
      var bold = {};
      near.forEach(function (e) { bold[e] = true; });
      nodes.update(data.nodes.map(function (n) {
        return { id: n.id, color: keep[n.id] ? n.color : FADED, font: { color: keep[n.id] ? "#222222" : "#bbbbbb" } };
      }));
      edges.update(data.edges.map(function (e) { return { id: e.id, color: bold[e.id] ? e.color : FADED_EDGE }; }));
      faded = true;
    }
    state.highlighted = id;
  }
  function clearHighlight() {
    if (state.highlighted === null) return;
    network.unselectAll();
    if (faded) {
      nodes.update(data.nodes.map(function (n) { return { id: n.id, color: n.color, font: { color: "#222222" } }; }));
      edges.update(data.edges.map(function (e) { return { id: e.id, color: e.color }; }));
      faded = false;
    }
    state.highlighted = null;
  }
  state.highlight = highlight;
  if (data.focus !== null && data.focus !== undefined) highlight(data.focus);
  network.on("click", function (p) {
    if (p.nodes.length) highlight(p.nodes[0]);
    else clearHighlight();
  });

  // search
  var names = document.getElementById("kg-names");
  var byName = {};
  data.nodes.forEach(function (n) {
    var name = n.kg.name;
    var key = name.toLowerCase();
    if (!(key in byName)) {
      byName[key] = n.id;
      var option = document.createElement("option");
      option.value = name;
      names.appendChild(option);
    }
    n.kg.aliases.forEach(function (a) { if (!(a.toLowerCase() in byName)) byName[a.toLowerCase()] = n.id; });
  });
  var status = document.getElementById("kg-search-status");
  function find(query) {
    var q = query.trim().toLowerCase();
    if (!q) return null;
    if (q in byName) return byName[q];
    for (var i = 0; i < data.nodes.length; i++) {
      if (data.nodes[i].kg.name.toLowerCase().indexOf(q) >= 0) return data.nodes[i].id;
    }
    return null;
  }
  state.find = find;
  document.getElementById("kg-search-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var id = find(document.getElementById("kg-search").value);
    if (id === null) { status.textContent = "not found"; return; }
    status.textContent = "";
    highlight(id);
    network.focus(id, { scale: Math.max(network.getScale(), 1.0), animation: { duration: 300 } });
  });

  // freeze / unfreeze the physics
  var physicsButton = document.getElementById("kg-physics");
  physicsButton.addEventListener("click", function () {
    state.physics = !state.physics;
    network.setOptions({ physics: { enabled: state.physics } });
    physicsButton.textContent = state.physics ? "Freeze layout" : "Unfreeze layout";
  });
  document.getElementById("kg-fit").addEventListener("click", function () { network.fit(); });
})();
