import type { ToolKind } from '@kanna/shared';

/**
 * Product pictures drawn by the project itself: one SVG scene per kind of tool, in a palette
 * per product, rasterised by sharp at start (nothing is downloaded).
 */
export type Palette = { wood: string; woodDark: string; backdrop: string; accent: string };

export const palettes = {
  hinoki: { wood: '#e9c99a', woodDark: '#c49a63', backdrop: '#f5efe4', accent: '#7a4f2a' },
  oak: { wood: '#c8975a', woodDark: '#93662f', backdrop: '#efe6d6', accent: '#5b3a1a' },
  cherry: { wood: '#b4643c', woodDark: '#7c3d20', backdrop: '#f3e7df', accent: '#4a2413' },
  walnut: { wood: '#7a5236', woodDark: '#4b301c', backdrop: '#ece4da', accent: '#2e1c10' },
  kashi: { wood: '#d8b27a', woodDark: '#a37c45', backdrop: '#e9eef0', accent: '#3e4b55' },
} satisfies Record<string, Palette>;

const W = 800;
const H = 600;

function defs(p: Palette): string {
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.backdrop}"/><stop offset="1" stop-color="#d9cbb4"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wood}"/><stop offset="0.55" stop-color="${p.woodDark}"/><stop offset="1" stop-color="${p.wood}"/></linearGradient>
    <linearGradient id="woodH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${p.woodDark}"/><stop offset="0.45" stop-color="${p.wood}"/><stop offset="1" stop-color="${p.woodDark}"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef1f3"/><stop offset="0.45" stop-color="#9aa4ad"/><stop offset="0.6" stop-color="#6d7780"/><stop offset="1" stop-color="#c9d0d6"/></linearGradient>
    <linearGradient id="steelH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7d8790"/><stop offset="0.5" stop-color="#e4e8eb"/><stop offset="1" stop-color="#87919a"/></linearGradient>
    <linearGradient id="black" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4f55"/><stop offset="1" stop-color="#1f2226"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>`;
}

function grain(x: number, y: number, w: number, h: number, color: string, lines = 6): string {
  let out = '';
  for (let i = 1; i < lines; i++) {
    const gy = y + (h * i) / lines;
    out += `<path d="M${x + 6} ${gy} C ${x + w * 0.3} ${gy - 4}, ${x + w * 0.6} ${gy + 5}, ${x + w - 6} ${gy - 1}" stroke="${color}" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
  }
  return out;
}

function scene(p: Palette, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs(p)}
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="650" cy="120" r="70" fill="${p.accent}" fill-opacity="0.08"/>
  <ellipse cx="400" cy="500" rx="300" ry="34" fill="url(#shadow)"/>
  ${body}</svg>`;
}

const drawings: Record<ToolKind, (p: Palette) => string> = {
  hammer: (p) =>
    scene(
      p,
      `<g transform="rotate(-18 400 330)">
        <rect x="375" y="200" width="50" height="300" rx="22" fill="url(#woodH)"/>
        ${grain(375, 200, 50, 300, p.accent, 4).replaceAll('stroke-width="2"', 'stroke-width="1.5"')}
        <rect x="230" y="150" width="340" height="92" rx="14" fill="url(#steel)"/>
        <rect x="216" y="140" width="30" height="112" rx="10" fill="url(#steel)" stroke="#5b646c" stroke-width="2"/>
        <rect x="554" y="140" width="30" height="112" rx="10" fill="url(#steel)" stroke="#5b646c" stroke-width="2"/>
        <rect x="378" y="150" width="44" height="92" fill="${p.woodDark}" fill-opacity="0.35"/>
      </g>`,
    ),
  chisel: (p) =>
    scene(
      p,
      `<g transform="rotate(-12 400 320)">
        <rect x="120" y="282" width="250" height="64" rx="26" fill="url(#wood)"/>
        ${grain(120, 282, 250, 64, p.accent, 5)}
        <rect x="108" y="278" width="26" height="72" rx="8" fill="url(#black)"/>
        <rect x="360" y="290" width="40" height="48" rx="6" fill="url(#black)"/>
        <path d="M398 296 L620 300 L690 314 L690 318 L620 330 L398 332 Z" fill="url(#steel)" stroke="#5b646c" stroke-width="2"/>
        <path d="M620 300 L690 314 L620 316 Z" fill="#ffffff" fill-opacity="0.5"/>
      </g>`,
    ),
  driver: (p) =>
    scene(
      p,
      `<g transform="rotate(-8 400 320)">
        <path d="M110 300 Q110 262 160 262 L330 270 Q352 272 352 300 Q352 328 330 330 L160 338 Q110 338 110 300 Z" fill="url(#wood)"/>
        ${grain(118, 266, 230, 70, p.accent, 5)}
        <rect x="346" y="284" width="34" height="32" rx="5" fill="url(#steel)"/>
        <rect x="378" y="292" width="280" height="16" rx="4" fill="url(#steel)"/>
        <path d="M656 290 L700 296 L700 304 L656 310 Z" fill="url(#steel)" stroke="#5b646c" stroke-width="1.5"/>
      </g>`,
    ),
  saw: (p) => {
    // A ryoba: teeth on both edges, a rattan-wrapped handle.
    const xs = Array.from({ length: 32 }, (_, i) => 250 + i * 14);
    const top = xs.map((x) => `L${x + 7} 196 L${x + 14} 206`).join(' ');
    const bottom = [...xs]
      .reverse()
      .map((x) => `L${x + 7} 354 L${x} 344`)
      .join(' ');
    const wraps = Array.from(
      { length: 9 },
      (_, i) =>
        `<line x1="${84 + i * 18}" y1="260" x2="${92 + i * 18}" y2="300" stroke="${p.accent}" stroke-opacity="0.55" stroke-width="5"/>`,
    ).join('');
    return scene(
      p,
      `<g transform="rotate(-6 400 300)">
        <path d="M250 206 ${top} L698 206 Q722 275 698 344 L698 344 ${bottom} Z" fill="url(#steel)" stroke="#5b646c" stroke-width="2"/>
        <rect x="230" y="262" width="40" height="36" fill="url(#steel)"/>
        <rect x="70" y="258" width="180" height="44" rx="16" fill="url(#wood)"/>
        ${wraps}
      </g>`,
    );
  },
  plane: (p) =>
    scene(
      p,
      `<path d="M140 330 L560 290 L680 340 L260 392 Z" fill="${p.wood}"/>
       <path d="M140 330 L260 392 L260 462 L140 398 Z" fill="${p.woodDark}"/>
       <path d="M260 392 L680 340 L680 408 L260 462 Z" fill="url(#wood)"/>
       ${grain(270, 350, 400, 100, p.accent, 6)}
       <path d="M372 360 L412 232 L470 226 L448 352 Z" fill="url(#steelH)" stroke="#5b646c" stroke-width="2"/>
       <path d="M404 362 L436 262 L478 258 L462 356 Z" fill="url(#steelH)" stroke="#5b646c" stroke-width="2" opacity="0.9"/>
       <path d="M360 356 L470 346 L480 352 L372 364 Z" fill="#3a2a1c" fill-opacity="0.7"/>`,
    ),
  // A tool added without a kind: a plain wooden block with a steel plate.
  other: (p) =>
    scene(
      p,
      `<rect x="220" y="300" width="360" height="120" rx="16" fill="url(#wood)"/>
       ${grain(230, 310, 340, 100, p.accent, 5)}
       <rect x="300" y="270" width="200" height="36" rx="8" fill="url(#steel)" stroke="#5b646c" stroke-width="2"/>`,
    ),
};

export function drawTool(kind: ToolKind, palette: Palette): Buffer {
  return Buffer.from(drawings[kind](palette));
}
