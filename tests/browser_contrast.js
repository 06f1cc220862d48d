/* In the page: the label contrast of each position's box as drawn on the graph's canvas, from its pixels:
   the box's most common colour against the pixel colour (seen 3+ times) farthest from it. */
(ids) => {
  const v = window.vizgen, net = v.network, m = v.model;
  const canvas = document.querySelector("#graph canvas");
  const ctx = canvas.getContext("2d");
  const ratio = canvas.width / canvas.clientWidth;
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = (r, g, b) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const pos = net.getPositions(ids), s = net.getScale();
  return ids.map((i) => {
    const d = net.canvasToDOM(pos[i]);
    const w = (m.box[0] * s - 6) * ratio, h = (m.box[1] * s - 6) * ratio;
    const x = Math.round(d.x * ratio - w / 2), y = Math.round(d.y * ratio - h / 2);
    if (x < 0 || y < 0 || x + w > canvas.width || y + h > canvas.height) return null;
    const px = ctx.getImageData(x, y, Math.round(w), Math.round(h)).data;
    const counts = new Map();
    for (let k = 0; k < px.length; k += 4) {
      const key = px[k] + "," + px[k + 1] + "," + px[k + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    let bg = null, most = 0;
    counts.forEach((c, key) => { if (c > most) { most = c; bg = key; } });
    const lb = lum(...bg.split(",").map(Number));
    let best = 1;
    counts.forEach((c, key) => {
      if (c < 3) return;
      const l = lum(...key.split(",").map(Number));
      best = Math.max(best, (Math.max(l, lb) + 0.05) / (Math.min(l, lb) + 0.05));
    });
    return [i, Math.round(best * 100) / 100, bg];
  }).filter(Boolean);
}
