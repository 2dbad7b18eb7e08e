// The rating graph of a player page: an inline SVG line over time, with
// the highest and lowest ratings and the first and last dates on its
// axes. Built with DOM calls (no markup parsed, no style attribute, which
// the Content-Security-Policy would refuse).

import { shortDate } from './words';

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 200;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** `points`: ratings with their times (Unix seconds), oldest first. */
export function ratingGraph(points: { at: number; rating: number }[]): SVGSVGElement {
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', role: 'img' });
  const ratings = points.map((p) => p.rating);
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < 20) {
    lo -= 10;
    hi += 10;
  }
  // Equal steps for each game: a day of many games and a month of none read alike.
  const x = (i: number) => PAD.left + (points.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (points.length - 1));
  const y = (r: number) => PAD.top + ((hi - r) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  root.appendChild(svg('title', {}, `${ratings[0]} → ${ratings[ratings.length - 1]}`));
  for (const r of [hi, lo]) {
    root.appendChild(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: 'grid' }));
    root.appendChild(svg('text', { x: PAD.left - 6, y: y(r) + 4, 'text-anchor': 'end', class: 'axis' }, String(Math.round(r))));
  }
  root.appendChild(svg('text', { x: PAD.left, y: H - 6, class: 'axis' }, shortDate(points[0].at)));
  root.appendChild(svg('text', { x: W - PAD.right, y: H - 6, 'text-anchor': 'end', class: 'axis' }, shortDate(points[points.length - 1].at)));
  root.appendChild(svg('polyline', { points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '), class: 'line' }));
  points.forEach((p, i) => {
    const dot = svg('circle', { cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3, class: 'dot', 'data-rating': p.rating });
    dot.appendChild(svg('title', {}, `${p.rating}, ${shortDate(p.at)}`));
    root.appendChild(dot);
  });
  return root;
}
