/* In the page: the contrast (WCAG ratio) of every piece of visible text against what it is drawn on: the
   element's colour (its opacity and its ancestors' applied) over the backgrounds of it and its ancestors,
   composed from the page's root down (text in an SVG picture: over the shape under it). Returns [[ratio, text, where], ...], lowest first. */
() => {
  const parse = (s) => {
    let m = /rgba?\(([^)]*)\)/.exec(s);
    if (m) {
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    }
    m = /color\(srgb ([^)]*)\)/.exec(s);
    if (m) {
      const p = m[1].split(/[\s/]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1];
    }
    return null;
  };
  const over = (top, under) => [0, 1, 2].map((k) => top[k] * top[3] + under[k] * (1 - top[3])).concat([1]);
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const backdrop = (el) => {
    const chain = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) chain.push(e);
    let bg = [255, 255, 255, 1];
    chain.reverse().forEach((e) => {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) bg = over(c, bg);
    });
    return bg;
  };
  const out = [];
  document.querySelectorAll("body *").forEach((el) => {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return; // visually hidden
    const style = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    let fg = parse(svg ? style.fill : style.color);
    if (!fg) return;
    let alpha = fg[3];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) alpha *= Number(getComputedStyle(e).opacity);
    let bg = backdrop(el);
    if (svg && el.ownerSVGElement) { // text in a picture is read on the shape drawn under it (a hand's palm), if any
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const under = Array.from(el.ownerSVGElement.querySelectorAll("rect, circle, ellipse, path, polygon"))
        .filter((e) => e.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
        .filter((e) => { const r = e.getBoundingClientRect(); return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom; })
        .pop();
      const fill = under && parse(getComputedStyle(under).fill);
      if (fill) bg = over([fill[0], fill[1], fill[2], fill[3] * Number(getComputedStyle(under).fillOpacity)], bg);
    }
    fg = over([fg[0], fg[1], fg[2], alpha], bg);
    const where = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && !svg ? "." + String(el.className).trim().split(/\s+/).join(".") : "");
    out.push([Math.round(ratio(fg, bg) * 100) / 100, el.textContent.trim().slice(0, 40), where]);
  });
  return out.sort((a, b) => a[0] - b[0]);
}
