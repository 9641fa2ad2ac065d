// The map picture page: two markers, A and B, to drag (or move with the arrow keys) onto their
// hexes on the picture; they fill the fit form's pixel fields, and typing in those moves them.
// Without this script the form works as it is.
(function () {
  "use strict";
  var form = document.getElementById("fit-form");
  var img = document.getElementById("map-picture");
  var stage = document.getElementById("picture-stage");
  if (!form || !img || !stage) return;
  var width = Number(form.dataset.width), height = Number(form.dataset.height);
  stage.style.position = "relative";
  stage.style.maxWidth = "100%";
  stage.style.touchAction = "none";
  img.style.display = "block";
  img.style.maxWidth = "100%";
  img.style.height = "auto";

  function scale() { return img.clientWidth > 0 ? width / img.clientWidth : 1; }

  // The grid over the picture: the map's hexes, turned, scaled and shifted so that hex A's centre
  // lies under marker A and hex B's under marker B, as the fit the form sends would lay them.
  var overlay = document.getElementById("fit-overlay");
  var layer = document.getElementById("fit-grid");
  if (overlay) {
    var o = overlay.style;
    o.position = "absolute"; o.left = "0"; o.top = "0"; o.width = "100%"; o.height = "100%";
    o.pointerEvents = "none";
  }
  function centre(id) {
    var hexes = layer ? layer.querySelectorAll(".hex") : [];
    for (var i = 0; i < hexes.length; i++) {
      if (hexes[i].dataset.hex !== id) continue;
      var polygon = hexes[i].querySelector("polygon");
      var points = (polygon ? polygon.getAttribute("points") : "").trim().split(/\s+/);
      var sx = 0, sy = 0;
      points.forEach(function (p) { var xy = p.split(","); sx += Number(xy[0]); sy += Number(xy[1]); });
      return points.length ? { x: sx / points.length, y: sy / points.length } : null;
    }
    return null;
  }
  function fit() {
    if (!overlay) return;
    var f = form.elements;
    var ca = centre(f.hex_a.value.trim()), cb = centre(f.hex_b.value.trim());
    var pa = { x: Number(f.x_a.value), y: Number(f.y_a.value) };
    var pb = { x: Number(f.x_b.value), y: Number(f.y_b.value) };
    var dbx = cb && ca ? cb.x - ca.x : 0, dby = cb && ca ? cb.y - ca.y : 0;
    var norm = dbx * dbx + dby * dby;
    if (!ca || !cb || norm < 1e-9) { overlay.hidden = true; return; }
    var dpx = pb.x - pa.x, dpy = pb.y - pa.y;
    var a = (dpx * dbx + dpy * dby) / norm, b = (dpy * dbx - dpx * dby) / norm;
    var e = pa.x - (a * ca.x - b * ca.y), g = pa.y - (b * ca.x + a * ca.y);
    layer.setAttribute("transform", "matrix(" + [a, b, -b, a, e, g].join(" ") + ")");
    overlay.hidden = false;
  }

  function marker(key) {
    var x = form.elements["x_" + key], y = form.elements["y_" + key], hex = form.elements["hex_" + key];
    var b = document.createElement("button");
    b.type = "button";
    b.id = "marker-" + key;
    b.textContent = key.toUpperCase();
    var s = b.style;
    s.position = "absolute"; s.width = "44px"; s.height = "44px"; s.margin = "0"; s.padding = "0";
    s.transform = "translate(-50%, -50%)"; s.borderRadius = "50%"; s.border = "3px solid #fff";
    s.background = key === "a" ? "#b22222" : "#0b3d91"; s.color = "#fff"; s.fontWeight = "bold";
    s.boxShadow = "0 0 0 2px #000"; s.cursor = "grab"; s.touchAction = "none"; s.minWidth = "0";
    function label() { b.setAttribute("aria-label", "Marker " + key.toUpperCase() + " for hex " + hex.value + ": " + Math.round(Number(x.value)) + " across, " + Math.round(Number(y.value)) + " down"); }
    function place() {
      var k = scale();
      s.left = (Number(x.value) || 0) / k + "px";
      s.top = (Number(y.value) || 0) / k + "px";
      label();
      fit();
    }
    function set(px, py) {
      x.value = Math.round(Math.max(0, Math.min(width, px)));
      y.value = Math.round(Math.max(0, Math.min(height, py)));
      place();
    }
    function fromPointer(e) {
      var r = img.getBoundingClientRect(), k = scale();
      set((e.clientX - r.left) * k, (e.clientY - r.top) * k);
    }
    b.addEventListener("pointerdown", function (e) {
      b.setPointerCapture(e.pointerId); s.cursor = "grabbing"; e.preventDefault();
    });
    b.addEventListener("pointermove", function (e) { if (b.hasPointerCapture(e.pointerId)) fromPointer(e); });
    b.addEventListener("pointerup", function (e) { b.releasePointerCapture(e.pointerId); s.cursor = "grab"; });
    b.addEventListener("keydown", function (e) {
      var step = (e.shiftKey ? 20 : 2) * scale();
      var d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
      if (!d) return;
      e.preventDefault();
      set(Number(x.value) + d[0], Number(y.value) + d[1]);
    });
    [x, y, hex].forEach(function (f) { f.addEventListener("input", place); });
    stage.appendChild(b);
    return place;
  }
  var places = [marker("a"), marker("b")];
  function all() { places.forEach(function (p) { p(); }); }
  if (img.complete) all(); else img.addEventListener("load", all);
  window.addEventListener("resize", all);
})();
