// Small helpers to build SVG and HTML elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes; `title` becomes a <title> child (tooltip, screen readers). */
export function svg(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "title") continue;
    if (key === "style") node.style.cssText = String(value); // see html() below
    else node.setAttribute(key, String(value));
  }
  if (attrs.title) {
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = attrs.title;
    node.appendChild(title);
  }
  for (const child of children) if (child) node.appendChild(child);
  return node;
}

/** An HTML element with attributes, event handlers (`on*` functions) and children. */
export function html(name, attrs = {}, children = []) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (key === "style") {
      // Through the CSSOM: the server's Content-Security-Policy refuses style attributes.
      node.style.cssText = String(value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Replace the content of `parent` with `children`. */
export function fill(parent, children) {
  parent.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
}

/** The SVG user-space point under a pointer event. */
export function pointerPoint(svgRoot, event) {
  const pt = svgRoot.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const matrix = svgRoot.getScreenCTM();
  return matrix ? pt.matrixTransform(matrix.inverse()) : pt;
}
