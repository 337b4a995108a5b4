import type { GarmentKind } from './demo-data.types.ts';

/**
 * Illustrated packshots for the demo shop: every garment kind drawn as a clean studio photo
 * (soft background, shading, seams, buttons) in any colour. Pure string building, deterministic.
 */

export type GarmentView = 'front' | 'back' | 'detail';

type Pt = [number, number];
type Seg = ['L', Pt] | ['Q', Pt, Pt] | ['C', Pt, Pt, Pt];

// ── Colour helpers ─────────────────────────────────────────────────────────

function parseHex(hex: string): [number, number, number] {
  let h = hex.trim().replace('#', '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  if (!/^[0-9a-fA-F]{6}$/.test(h)) h = '888888';
  const n = Number.parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

function luminance(hex: string): number {
  const lin = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lin[0] ?? 0) + 0.7152 * (lin[1] ?? 0) + 0.0722 * (lin[2] ?? 0);
}

/** The tones one garment is drawn with, derived from its colour. */
interface Tone {
  base: string;
  /** Shadowed side of the same fabric. */
  dark: string;
  /** Inside of the garment, seen through a neckline. */
  inner: string;
  /** Slightly lighter, for trims and raised parts. */
  light: string;
  /** Seams and outlines: darker on light colours, lighter on dark ones. */
  line: string;
  /** Topstitching. */
  stitch: string;
  edge: string;
  isDark: boolean;
  isLight: boolean;
  /** A button that suits the fabric. */
  button: string;
}

function toneOf(hex: string): Tone {
  const base = toHex(parseHex(hex));
  const lum = luminance(base);
  const isDark = lum < 0.06;
  const isLight = lum > 0.55;
  return {
    base,
    dark: isDark ? mix(base, '#000000', 0.35) : mix(base, '#000000', 0.22),
    inner: isDark ? mix(base, '#000000', 0.45) : mix(base, '#000000', isLight ? 0.18 : 0.38),
    light: isDark ? mix(base, '#ffffff', 0.14) : mix(base, '#ffffff', 0.18),
    line: isDark ? mix(base, '#ffffff', 0.3) : mix(base, '#000000', isLight ? 0.2 : 0.32),
    stitch: isDark ? mix(base, '#ffffff', 0.38) : mix(base, '#000000', isLight ? 0.25 : 0.3),
    edge: isDark ? mix(base, '#ffffff', 0.16) : mix(base, '#000000', isLight ? 0.22 : 0.3),
    isDark,
    isLight,
    button: isDark ? '#2b2724' : isLight ? mix(base, '#7a6a58', 0.55) : mix(base, '#2a2420', 0.55),
  };
}

// ── Path helpers ───────────────────────────────────────────────────────────

const r1 = (n: number) => Math.round(n * 10) / 10;
const CX = 600;

function xy(p: Pt, s = 1, cx = CX): string {
  return `${r1(cx + s * p[0])} ${r1(p[1])}`;
}

/** A closed path symmetric about x = cx: `segs` draw the right half (x relative to cx), mirrored back. */
function sym(start: Pt, segs: Seg[], cx = CX): string {
  let d = `M${xy(start, 1, cx)}`;
  const pts: Pt[] = [start];
  for (const seg of segs) {
    if (seg[0] === 'L') d += ` L${xy(seg[1], 1, cx)}`;
    else if (seg[0] === 'Q') d += ` Q${xy(seg[1], 1, cx)} ${xy(seg[2], 1, cx)}`;
    else d += ` C${xy(seg[1], 1, cx)} ${xy(seg[2], 1, cx)} ${xy(seg[3], 1, cx)}`;
    pts.push(seg[0] === 'L' ? seg[1] : seg[0] === 'Q' ? seg[2] : seg[3]);
  }
  const last = pts[pts.length - 1] as Pt;
  if (last[0] !== 0) d += ` L${xy(last, -1, cx)}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const seg = segs[i] as Seg;
    const prev = pts[i] as Pt;
    if (seg[0] === 'L') d += ` L${xy(prev, -1, cx)}`;
    else if (seg[0] === 'Q') d += ` Q${xy(seg[1], -1, cx)} ${xy(prev, -1, cx)}`;
    else d += ` C${xy(seg[2], -1, cx)} ${xy(seg[1], -1, cx)} ${xy(prev, -1, cx)}`;
  }
  return `${d} Z`;
}

/** Builds a path from points relative to the centre line, mirrored when s = -1. */
function pth(s: number, parts: (string | Pt)[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : xy(p, s))).join(' ');
}

const both = (fn: (s: number) => string) => fn(1) + fn(-1);

// ── Drawing primitives ─────────────────────────────────────────────────────

interface Ctx {
  defs: string[];
  n: number;
  prefix: string;
}

function clipId(ctx: Ctx, d: string): string {
  const id = `${ctx.prefix}c${ctx.n++}`;
  ctx.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  return id;
}

interface PieceOptions {
  fill?: string;
  tex?: string;
  shade?: 'h' | 'v' | 'both' | 'none';
  outline?: boolean;
  opacity?: number;
}

/** A shaded piece of fabric: base fill, texture, side shading, soft outline. */
function piece(d: string, t: Tone, o: PieceOptions = {}): string {
  const fill = o.fill ?? t.base;
  const shade = o.shade ?? 'both';
  let s = `<path d="${d}" fill="${fill}"/>`;
  if (o.tex) s += `<path d="${d}" fill="url(#${o.tex})"/>`;
  if (shade === 'h' || shade === 'both') s += `<path d="${d}" fill="url(#gShH${t.isDark ? 'd' : ''})"/>`;
  if (shade === 'v' || shade === 'both') s += `<path d="${d}" fill="url(#gShV)"/>`;
  if (o.outline !== false)
    s += `<path d="${d}" fill="none" stroke="${t.edge}" stroke-width="2.4" stroke-linejoin="round" opacity="0.7"/>`;
  return o.opacity === undefined ? s : `<g opacity="${o.opacity}">${s}</g>`;
}

function seam(d: string, t: Tone, w = 2.4, op = 0.75): string {
  return `<path d="${d}" fill="none" stroke="${t.line}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" opacity="${op}"/>`;
}

function stitch(d: string, t: Tone, colour?: string, w = 2.2): string {
  return `<path d="${d}" fill="none" stroke="${colour ?? t.stitch}" stroke-width="${w}" stroke-dasharray="7 6" stroke-linecap="round" opacity="0.85"/>`;
}

/** A soft fold: a lens of shadow from a to b, with a highlight beside it. */
function fold(a: Pt, b: Pt, w: number, t: Tone, hi = true): string {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * w;
  const ny = (dx / len) * w;
  const lens = (ox: number, oy: number, k: number) =>
    `M${r1(a[0] + ox)} ${r1(a[1] + oy)} Q${r1(mx + ox + nx * k)} ${r1(my + oy + ny * k)} ${r1(b[0] + ox)} ${r1(b[1] + oy)} Q${r1(mx + ox - nx * k)} ${r1(my + oy - ny * k)} ${r1(a[0] + ox)} ${r1(a[1] + oy)} Z`;
  // Folds are drawn hard-edged (blur filters cost most of the rendering time), so lighter than before.
  let s = `<path d="${lens(0, 0, 1)}" fill="#000" opacity="${t.isDark ? 0.32 : 0.13}"/>`;
  if (hi) s += `<path d="${lens(nx * 1.8, ny * 1.8, 0.8)}" fill="#fff" opacity="${t.isDark ? 0.1 : 0.16}"/>`;
  return s;
}

/** Fold in centre-relative coordinates, mirrored by s. */
function foldS(s: number, a: Pt, b: Pt, w: number, t: Tone, hi = true): string {
  return fold([CX + s * a[0], a[1]], [CX + s * b[0], b[1]], w, t, hi);
}

function button(x: number, y: number, rr: number, t: Tone, holes = 4, colour?: string): string {
  const c = colour ?? t.button;
  const rim = mix(c, '#000000', 0.35);
  let s = `<circle cx="${r1(x + 1.5)}" cy="${r1(y + 2.5)}" r="${rr}" fill="#000" opacity="0.22"/>`;
  s += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${rr}" fill="${c}" stroke="${rim}" stroke-width="1.6"/>`;
  s += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rr * 0.72)}" fill="none" stroke="${mix(c, '#ffffff', 0.25)}" stroke-width="1.4" opacity="0.7"/>`;
  const h = rr * 0.28;
  const hr = Math.max(1.2, rr * 0.12);
  const hc = mix(c, '#000000', 0.5);
  if (holes === 4)
    for (const [dx, dy] of [
      [-h, -h],
      [h, -h],
      [-h, h],
      [h, h],
    ] as const)
      s += `<circle cx="${r1(x + dx)}" cy="${r1(y + dy)}" r="${r1(hr)}" fill="${hc}"/>`;
  else if (holes === 2)
    s += `<circle cx="${r1(x - h)}" cy="${r1(y)}" r="${r1(hr)}" fill="${hc}"/><circle cx="${r1(x + h)}" cy="${r1(y)}" r="${r1(hr)}" fill="${hc}"/>`;
  s += `<ellipse cx="${r1(x - rr * 0.3)}" cy="${r1(y - rr * 0.35)}" rx="${r1(rr * 0.35)}" ry="${r1(rr * 0.2)}" fill="#fff" opacity="0.35"/>`;
  return s;
}

function rivet(x: number, y: number, rr = 6): string {
  return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${rr}" fill="url(#gBrass)" stroke="#8a6a2c" stroke-width="1.2"/><circle cx="${r1(x - rr * 0.3)}" cy="${r1(y - rr * 0.3)}" r="${r1(rr * 0.3)}" fill="#fff7dc" opacity="0.8"/>`;
}

/** Ribbing along a path: the band colour with dashes across it. */
function ribBand(d: string, width: number, t: Tone, colour?: string): string {
  const c = colour ?? t.light;
  const dash = t.isDark ? mix(t.base, '#ffffff', 0.22) : mix(t.base, '#000000', 0.2);
  return (
    `<path d="${d}" fill="none" stroke="${t.edge}" stroke-width="${width + 4}" stroke-linecap="butt" stroke-linejoin="round" opacity="0.8"/>` +
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${width}" stroke-linecap="butt" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${dash}" stroke-width="${width}" stroke-dasharray="2.5 6" stroke-linejoin="round" opacity="0.55"/>`
  );
}

// ── Shared definitions ─────────────────────────────────────────────────────

function sharedDefs(p: string): string {
  return `
<linearGradient id="${p}Wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1ede6"/><stop offset="0.78" stop-color="#e7e0d5"/><stop offset="1" stop-color="#ddd4c7"/></linearGradient>
<radialGradient id="${p}Glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="${p}Floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9ab98" stop-opacity="0"/><stop offset="1" stop-color="#b9ab98" stop-opacity="0.28"/></linearGradient>
<radialGradient id="gShadow"><stop offset="0" stop-color="#3a2f25" stop-opacity="0.42"/><stop offset="0.6" stop-color="#3a2f25" stop-opacity="0.14"/><stop offset="1" stop-color="#3a2f25" stop-opacity="0"/></radialGradient>
<linearGradient id="gShH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.26"/><stop offset="0.16" stop-color="#000" stop-opacity="0.07"/><stop offset="0.42" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.03"/><stop offset="0.86" stop-color="#000" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
<linearGradient id="gShHd" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.18" stop-color="#fff" stop-opacity="0.02"/><stop offset="0.42" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.05"/><stop offset="0.86" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
<linearGradient id="gShV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.07"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.13"/></linearGradient>
<linearGradient id="gFold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
<linearGradient id="gFoldd" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.45"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
<linearGradient id="gFoldHi" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="gFoldHid" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
<linearGradient id="gMetal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e4e0da"/><stop offset="0.5" stop-color="#9c978f"/><stop offset="1" stop-color="#cfcac2"/></linearGradient>
<linearGradient id="gWood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7b48a"/><stop offset="0.5" stop-color="#b78b5e"/><stop offset="1" stop-color="#8f6640"/></linearGradient>
<linearGradient id="gBrass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2dc9c"/><stop offset="0.5" stop-color="#b8923f"/><stop offset="1" stop-color="#e5c77e"/></linearGradient>
<linearGradient id="gSole" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf9f4"/><stop offset="1" stop-color="#d9d3c8"/></linearGradient>
<linearGradient id="gSatin" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.38" stop-color="#fff" stop-opacity="0"/><stop offset="0.64" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.72" stop-color="#fff" stop-opacity="0"/></linearGradient>
<pattern id="gWeave" width="9" height="9" patternUnits="userSpaceOnUse"><path d="M0 2.5H9M0 7H9" stroke="#000" stroke-opacity="0.06" stroke-width="1.4"/><path d="M2.5 0V9M7 0V9" stroke="#fff" stroke-opacity="0.07" stroke-width="1.2"/></pattern>
<pattern id="gKnit" width="22" height="18" patternUnits="userSpaceOnUse"><path d="M1 2 L11 15 L21 2" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="2.2"/><path d="M1 5 L11 18 M11 18 L21 5" fill="none" stroke="#fff" stroke-opacity="0.09" stroke-width="1.6"/></pattern>
<pattern id="gRib" width="14" height="10" patternUnits="userSpaceOnUse"><rect x="0" width="5" height="10" fill="#000" fill-opacity="0.12"/><rect x="8" width="3" height="10" fill="#fff" fill-opacity="0.08"/></pattern>
<pattern id="gTwill" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M-3 3 L3 -3 M0 12 L12 0 M9 15 L15 9" stroke="#fff" stroke-opacity="0.12" stroke-width="2.4"/><path d="M-3 9 L9 -3 M3 15 L15 3" stroke="#000" stroke-opacity="0.08" stroke-width="1.6"/></pattern>
<pattern id="gGrain" width="26" height="24" patternUnits="userSpaceOnUse"><circle cx="4" cy="5" r="1.6" fill="#000" fill-opacity="0.1"/><circle cx="15" cy="3" r="1.2" fill="#fff" fill-opacity="0.1"/><circle cx="21" cy="14" r="1.7" fill="#000" fill-opacity="0.08"/><circle cx="9" cy="17" r="1.3" fill="#fff" fill-opacity="0.09"/><circle cx="18" cy="22" r="1.1" fill="#000" fill-opacity="0.09"/></pattern>
<pattern id="gTweed" width="16" height="16" patternUnits="userSpaceOnUse"><path d="M0 4H8M8 12H16" stroke="#fff" stroke-opacity="0.14" stroke-width="2.4"/><path d="M4 0V8M12 8V16" stroke="#000" stroke-opacity="0.1" stroke-width="2.4"/></pattern>
`;
}

function studioBackground(p: string): string {
  return `<rect width="1200" height="1500" fill="url(#${p}Wall)"/><rect y="1180" width="1200" height="320" fill="url(#${p}Floor)"/><ellipse cx="600" cy="640" rx="760" ry="700" fill="url(#${p}Glow)"/>`;
}

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#gShadow)"/>`;
}

/** Drop shadow of a shape on the wall or table behind it. */
function dropShadow(_ctx: Ctx, d: string, dx = 16, dy = 22, op = 0.16): string {
  return `<path d="${d}" transform="translate(${dx} ${dy})" fill="#3a2f25" opacity="${op}"/>`;
}

// ── Hangers ────────────────────────────────────────────────────────────────

function hangerHook(bottom = 300): string {
  const d = `M600 ${bottom} L600 226 C600 204 632 196 636 170 C641 143 622 124 598 124 C574 124 560 140 560 158`;
  return `<path d="${d}" fill="none" stroke="#6f6a63" stroke-width="12" stroke-linecap="round" opacity="0.35" transform="translate(3 4)"/><path d="${d}" fill="none" stroke="url(#gMetal)" stroke-width="10" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" opacity="0.5" transform="translate(-2 -1)"/>`;
}

function woodenBar(y = 330, half = 250): string {
  const d = `M${600 - half} ${y + 22} Q600 ${y - 62} ${600 + half} ${y + 22}`;
  return `<path d="${d}" fill="none" stroke="#6b4a2c" stroke-width="28" stroke-linecap="round" opacity="0.3" transform="translate(4 6)"/><path d="${d}" fill="none" stroke="url(#gWood)" stroke-width="26" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#f3dfc2" stroke-width="3" stroke-linecap="round" opacity="0.55" transform="translate(0 -8)"/>`;
}

function clipHanger(y = 250, half = 210, clipXs: number[] = [-150, 150], grip = 322): string {
  let s = hangerHook(y);
  s += `<path d="M${600 - half} ${y} H${600 + half}" stroke="#77726b" stroke-width="10" stroke-linecap="round" opacity="0.3" transform="translate(3 4)"/>`;
  s += `<path d="M${600 - half} ${y} H${600 + half}" stroke="url(#gMetal)" stroke-width="9" stroke-linecap="round"/>`;
  for (const x of clipXs) {
    const cx = 600 + x;
    s += `<rect x="${cx - 4}" y="${y}" width="8" height="20" fill="#a39e96"/>`;
    s += `<rect x="${cx - 22}" y="${y + 16}" width="44" height="${grip - y - 16}" rx="5" fill="url(#gMetal)" stroke="#86817a" stroke-width="1.5"/>`;
    s += `<path d="M${cx - 14} ${y + 26} V${grip - 8}" stroke="#fff" stroke-width="3" opacity="0.5"/>`;
  }
  return s;
}

// ── Tops (shared body geometry) ────────────────────────────────────────────

interface TopSpec {
  neckW: number;
  neckY: number;
  frontNeckY: number;
  backNeckY: number;
  shoulderW: number;
  shoulderY: number;
  armW: number;
  armY: number;
  waistW: number;
  waistY: number;
  hemW: number;
  hemY: number;
  hemDip: number;
}

function topBody(sp: TopSpec, neckDipY: number): string {
  return sym(
    [0, neckDipY],
    [
      [
        'C',
        [sp.neckW * 0.55, neckDipY],
        [sp.neckW * 0.95, sp.neckY + (neckDipY - sp.neckY) * 0.45],
        [sp.neckW, sp.neckY],
      ],
      ['L', [sp.shoulderW, sp.shoulderY]],
      ['C', [sp.shoulderW + 6, sp.shoulderY + 60], [sp.armW + 2, sp.armY - 50], [sp.armW, sp.armY]],
      ['C', [sp.armW - 4, sp.armY + 80], [sp.waistW, sp.waistY - 80], [sp.waistW, sp.waistY]],
      ['C', [sp.waistW, sp.waistY + 90], [sp.hemW - 3, sp.hemY - 90], [sp.hemW, sp.hemY]],
      [
        'C',
        [sp.hemW * 0.6, sp.hemY + sp.hemDip * 0.9],
        [sp.hemW * 0.3, sp.hemY + sp.hemDip],
        [0, sp.hemY + sp.hemDip],
      ],
    ],
  );
}

/** The inside of the back, seen through the front neckline. */
function neckInside(sp: TopSpec, t: Tone): string {
  const d = sym(
    [0, sp.backNeckY],
    [
      ['C', [sp.neckW * 0.6, sp.backNeckY], [sp.neckW * 0.9, sp.neckY + 6], [sp.neckW + 4, sp.neckY - 2]],
      ['L', [sp.neckW + 30, sp.neckY + 40]],
      ['L', [0, sp.frontNeckY + 20]],
    ],
  );
  return `<path d="${d}" fill="${t.inner}"/><path d="${d}" fill="url(#gShV)"/>`;
}

interface SleeveSpec {
  top: Pt;
  outerMid: Pt;
  cuffOut: Pt;
  cuffIn: Pt;
  innerMid: Pt;
  under: Pt;
}

function sleevePath(s: number, v: SleeveSpec): string {
  return pth(s, [
    'M',
    v.top,
    'C',
    [v.top[0] + 22, v.top[1] + 40],
    [v.outerMid[0], v.outerMid[1] - 120],
    v.outerMid,
    'C',
    [v.outerMid[0] + 3, v.outerMid[1] + 120],
    [v.cuffOut[0], v.cuffOut[1] - 120],
    v.cuffOut,
    'Q',
    [(v.cuffOut[0] + v.cuffIn[0]) / 2, v.cuffOut[1] + 14],
    v.cuffIn,
    'C',
    [v.cuffIn[0] - 2, v.cuffIn[1] - 140],
    [v.innerMid[0], v.innerMid[1] + 120],
    v.innerMid,
    'C',
    [v.innerMid[0] - 2, v.innerMid[1] - 80],
    [v.under[0] + 4, v.under[1] + 40],
    v.under,
    'C',
    [v.under[0] + 6, v.under[1] - 60],
    [v.top[0] - 20, v.top[1] + 60],
    v.top,
    'Z',
  ]);
}

/** Point at fraction f between the cuff corners, pulled up by `up`. */
function cuffBand(s: number, v: SleeveSpec, h: number): string {
  const o = v.cuffOut;
  const i = v.cuffIn;
  return pth(s, [
    'M',
    [o[0] - 2, o[1] - h],
    'Q',
    [(o[0] + i[0]) / 2, o[1] - h + 12],
    [i[0] + 1, i[1] - h],
    'L',
    i,
    'Q',
    [(o[0] + i[0]) / 2, o[1] + 14],
    o,
    'Z',
  ]);
}

// ── Garment drawers ────────────────────────────────────────────────────────

interface Drawn {
  /** Drawn behind the garment (hangers, shadows). */
  back: string;
  body: string;
  /** Silhouette for the soft drop shadow. */
  shadow?: string;
  /** Point and zoom for the detail view. */
  focus: [number, number, number];
}

function drawShirt(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const sp: TopSpec = {
    neckW: 62,
    neckY: 300,
    frontNeckY: 350,
    backNeckY: 318,
    shoulderW: 218,
    shoulderY: 342,
    armW: 206,
    armY: 530,
    waistW: 196,
    waistY: 770,
    hemW: 206,
    hemY: 990,
    hemDip: 70,
  };
  const body = topBody(sp, isBack ? sp.backNeckY : sp.frontNeckY);
  const sl: SleeveSpec = {
    top: [216, 342],
    outerMid: [248, 620],
    cuffOut: [266, 912],
    cuffIn: [176, 918],
    innerMid: [176, 640],
    under: [190, 470],
  };
  let s = '';
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += foldS(1, [150, 600], [165, 980], 14, t) + foldS(-1, [140, 640], [150, 990], 12, t);
  s += foldS(1, [60, 760], [85, 1040], 10, t) + foldS(-1, [70, 700], [95, 1030], 10, t);
  if (isBack) {
    // yoke and box pleat
    s += seam(sym([0, 420], [['Q', [120, 420], [sp.shoulderW - 8, 372]]]).replace(/ Z$/, ''), t);
    s += stitch(sym([0, 428], [['Q', [120, 428], [sp.shoulderW - 10, 382]]]).replace(/ Z$/, ''), t);
    s += foldS(1, [14, 425], [18, 560], 10, t) + foldS(-1, [14, 425], [18, 560], 10, t);
  } else {
    // placket
    s += `<rect x="582" y="350" width="36" height="${sp.hemY + sp.hemDip - 350}" fill="${t.light}" opacity="0.35"/>`;
    s += seam('M582 350 V1058', t, 2) + seam('M618 350 V1058', t, 2);
    s += stitch('M588 360 V1056', t) + stitch('M612 360 V1056', t);
    // chest pocket on the wearer's left
    const pocket = 'M660 470 H770 V580 L715 604 L660 580 Z';
    s += piece(pocket, t, { tex: 'gWeave', shade: 'v' });
    s += stitch('M668 478 H762 V574 L715 595 L668 574 Z', t);
    s += seam('M660 492 H770', t, 1.6, 0.6);
  }
  s += '</g>';
  // sleeves
  s += both((m) => {
    const d = sleevePath(m, sl);
    const c = cuffBand(m, sl, 66);
    let x = piece(d, t, { tex: 'gWeave' });
    x += foldS(m, [226, 680], [214, 720], 9, t) + foldS(m, [200, 520], [236, 560], 8, t);
    x += piece(c, t, { fill: t.base, shade: 'h' });
    x += stitch(pth(m, ['M', [264, 856], 'Q', [221, 866], [178, 860]]), t);
    if (!isBack) x += button(CX + m * 246, 884, 8, t, 4, t.isDark ? '#3a3632' : '#f4f0e8');
    return x;
  });
  // collar
  if (isBack) {
    const col = sym(
      [0, 282],
      [
        ['C', [40, 282], [70, 288], [78, 296]],
        ['L', [104, 330]],
        ['Q', [50, 344], [0, 344]],
      ],
    );
    s +=
      piece(col, t, { shade: 'v' }) +
      stitch(sym([0, 334], [['Q', [50, 334], [96, 322]]]).replace(/ Z$/, ''), t);
  } else {
    s += `<path d="${sym(
      [0, 290],
      [
        ['C', [40, 286], [66, 290], [74, 298]],
        ['L', [70, 340]],
        ['L', [0, 376]],
      ],
    )}" fill="${t.inner}"/>`;
    s += both((m) => {
      const leaf = pth(m, [
        'M',
        [4, 350],
        'L',
        [70, 296],
        'C',
        [90, 304],
        [104, 316],
        [110, 326],
        'L',
        [58, 440],
        'Q',
        [30, 400],
        [4, 360],
        'Z',
      ]);
      return (
        piece(leaf, t, { shade: 'v' }) +
        stitch(pth(m, ['M', [100, 332], 'L', [58, 426], 'Q', [32, 392], [14, 366]]), t)
      );
    });
    for (const y of [395, 500, 605, 710, 815, 920, 1020])
      s += button(600, y, 9, t, 4, t.isDark ? '#3a3632' : '#f4f0e8');
  }
  return {
    back: hangerHook(300),
    body: s,
    shadow: body,
    focus: isBack ? [600, 420, 2.3] : [610, 430, 2.4],
  };
}

function drawBlouse(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const sp: TopSpec = {
    neckW: 58,
    neckY: 300,
    frontNeckY: 352,
    backNeckY: 316,
    shoulderW: 198,
    shoulderY: 346,
    armW: 200,
    armY: 530,
    waistW: 205,
    waistY: 760,
    hemW: 218,
    hemY: 960,
    hemDip: 14,
  };
  const body = topBody(sp, isBack ? sp.backNeckY : sp.frontNeckY);
  const sl: SleeveSpec = {
    top: [196, 346],
    outerMid: [298, 650],
    cuffOut: [258, 892],
    cuffIn: [172, 896],
    innerMid: [168, 650],
    under: [194, 480],
  };
  let s = '';
  if (!isBack) s += neckInside(sp, t);
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})"><path d="${body}" fill="url(#gSatin)"/>`;
  s += foldS(1, [120, 420], [150, 960], 16, t) + foldS(-1, [110, 440], [140, 965], 16, t);
  s += foldS(1, [30, 600], [40, 968], 12, t) + foldS(-1, [40, 560], [60, 968], 10, t);
  if (isBack) {
    s += seam('M600 316 V420', t, 2);
    s += button(600, 330, 7, t, 2);
  }
  s += '</g>';
  s += both((m) => {
    const d = sleevePath(m, sl);
    let x = piece(d, t, { tex: 'gWeave' });
    for (const k of [0, 1, 2, 3]) x += foldS(m, [190 + k * 22, 740], [184 + k * 20, 840], 8, t);
    x += foldS(m, [206, 400], [262, 620], 12, t);
    x += piece(cuffBand(m, sl, 48), t, { shade: 'h' });
    x += button(CX + m * 236, 872, 7, t, 2);
    return x;
  });
  if (!isBack) {
    // pussy bow: two loops, knot and tails
    const tails = both(
      (m) =>
        piece(
          pth(m, [
            'M',
            [-6, 380],
            'C',
            [10, 470],
            [20, 560],
            [58, 640],
            'L',
            [96, 622],
            'C',
            [60, 560],
            [40, 470],
            [18, 378],
            'Z',
          ]),
          t,
          {
            shade: 'h',
          },
        ) + foldS(m, [22, 420], [60, 610], 6, t, false),
    );
    const loops = both(
      (m) =>
        piece(
          pth(m, [
            'M',
            [10, 362],
            'C',
            [40, 318],
            [110, 300],
            [128, 332],
            'C',
            [140, 358],
            [100, 392],
            [10, 378],
            'Z',
          ]),
          t,
          { shade: 'v' },
        ) + foldS(m, [30, 360], [112, 336], 6, t, false),
    );
    s += tails + loops;
    s += `<ellipse cx="600" cy="370" rx="26" ry="22" fill="${t.base}" stroke="${t.edge}" stroke-width="2.2"/><ellipse cx="600" cy="370" rx="26" ry="22" fill="url(#gShHd)" opacity="0.8"/>`;
  }
  return { back: hangerHook(300), body: s, shadow: body, focus: isBack ? [600, 420, 2.2] : [600, 430, 2.3] };
}

function drawDress(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const neckY = 300;
  const dip = isBack ? 320 : 450;
  const body = sym(
    [0, dip],
    [
      ['C', [22, dip - 40], [54, 340], [62, neckY]],
      ['L', [166, 336]],
      ['C', [170, 380], [160, 440], [156, 480]],
      ['C', [150, 540], [128, 600], [130, 650]],
      ['C', [170, 760], [250, 1000], [338, 1290]],
      ['C', [230, 1320], [120, 1322], [0, 1320]],
    ],
  );
  let s = '';
  if (!isBack) {
    const inside = sym(
      [0, 316],
      [
        ['C', [36, 316], [58, 306], [64, 298]],
        ['L', [80, 340]],
        ['L', [0, 470]],
      ],
    );
    s += `<path d="${inside}" fill="${t.inner}"/>`;
  }
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  // skirt folds radiating from the waist
  for (const [x0, x1, w] of [
    [30, 70, 16],
    [80, 170, 18],
    [118, 262, 16],
    [-40, -90, 16],
    [-92, -190, 18],
    [-122, -270, 14],
  ] as const)
    s += fold([CX + x0, 690], [CX + x1, 1310], w, t);
  s += foldS(1, [60, 460], [80, 620], 8, t) + foldS(-1, [60, 460], [80, 620], 8, t);
  s += seam(sym([0, 648], [['Q', [60, 648], [132, 640]]]).replace(/ Z$/, ''), t, 2);
  s += stitch(sym([0, 1302], [['C', [120, 1304], [230, 1302], [330, 1272]]]).replace(/ Z$/, ''), t);
  if (isBack) {
    s += seam('M600 322 V760', t, 2.6) + stitch('M606 330 V750', t);
    s += `<rect x="595" y="322" width="10" height="22" rx="3" fill="url(#gMetal)"/>`;
    s += seam(sym([70, 470], [['L', [86, 610]]]).replace(/ Z$/, ''), t, 2, 0.5);
  }
  s += '</g>';
  // cap sleeves
  s += both((m) => {
    const d = pth(m, [
      'M',
      [164, 334],
      'C',
      [200, 350],
      [232, 420],
      [252, 488],
      'Q',
      [210, 506],
      [164, 500],
      'C',
      [158, 470],
      [160, 420],
      [156, 380],
      'Z',
    ]);
    return (
      piece(d, t, { tex: 'gWeave' }) +
      stitch(pth(m, ['M', [244, 470], 'Q', [208, 486], [168, 482]]), t) +
      foldS(m, [190, 380], [228, 470], 8, t)
    );
  });
  // tie belt
  const belt = sym(
    [0, 628],
    [
      ['Q', [70, 628], [134, 620]],
      ['L', [132, 662]],
      ['Q', [70, 668], [0, 668]],
    ],
  );
  s +=
    piece(belt, t, { shade: 'both' }) +
    stitch(sym([0, 636], [['Q', [70, 636], [130, 629]]]).replace(/ Z$/, ''), t);
  if (!isBack) {
    s += piece(
      pth(1, [
        'M',
        [40, 660],
        'C',
        [60, 720],
        [70, 790],
        [56, 880],
        'L',
        [86, 884],
        'C',
        [96, 800],
        [86, 720],
        [60, 656],
        'Z',
      ]),
      t,
      { shade: 'h' },
    );
    s += piece(
      pth(1, [
        'M',
        [30, 660],
        'C',
        [20, 720],
        [4, 780],
        [-10, 850],
        'L',
        [18, 858],
        'C',
        [36, 790],
        [46, 720],
        [52, 660],
        'Z',
      ]),
      t,
      { shade: 'h' },
    );
    s += `<ellipse cx="${CX + 42}" cy="648" rx="24" ry="26" fill="${t.base}" stroke="${t.edge}" stroke-width="2"/><ellipse cx="${CX + 42}" cy="648" rx="24" ry="26" fill="url(#gShHd)" opacity="0.7"/>`;
    for (const y of [490, 545, 600]) s += button(600, y, 8, t, 2);
    s += stitch('M600 458 L600 622', t);
  }
  return { back: hangerHook(300), body: s, shadow: body, focus: isBack ? [600, 480, 2.1] : [600, 540, 2.2] };
}

/** Notched collar and lapels rolling from the neck to the break point (breakX is absolute from centre). */
function lapels(
  t: Tone,
  breakX: number,
  breakY: number,
  neckW: number,
  wide: number,
  inside?: string,
): string {
  const n = neckW - 4;
  const gap = `M${CX - n} 300 Q600 318 ${CX + n} 300 L${CX + breakX} ${breakY} Z`;
  let s = `<path d="${gap}" fill="${inside ?? t.inner}"/><path d="${gap}" fill="url(#gShH)" opacity="0.7"/>`;
  s += both((m) => {
    const bx = m * breakX;
    const r = (410 - 300) / (breakY - 300);
    const rollX = n + (bx - n) * r;
    const lap = pth(m, [
      'M',
      [n, 300],
      'C',
      [n + 26, 302],
      [n + 42, 312],
      [n + 50, 324],
      'L',
      [n + 56, 398],
      'L',
      [n + 30, 408],
      'L',
      [n + 30 + wide, 438],
      'C',
      [n + 24 + wide, 520],
      [bx + 40, breakY - 140],
      [bx, breakY],
      'C',
      [bx - 4, breakY - 120],
      [n - 8, 380],
      [n, 300],
      'Z',
    ]);
    return (
      piece(lap, t, { shade: 'h' }) +
      `<path d="${pth(m, ['M', [bx + 2, breakY - 10], 'C', [bx - 2, breakY - 120], [n - 4, 380], [n + 4, 304]])}" fill="none" stroke="#000" stroke-width="6" opacity="${t.isDark ? 0.4 : 0.12}"/>` +
      stitch(
        pth(m, [
          'M',
          [n + 20 + wide, 446],
          'C',
          [n + 14 + wide, 520],
          [bx + 34, breakY - 150],
          [bx + 4, breakY - 20],
        ]),
        t,
      ) +
      seam(pth(m, ['M', [n + 30, 408], 'L', [rollX, 410]]), t, 2)
    );
  });
  return s;
}

function drawCoat(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const sp: TopSpec = {
    neckW: 66,
    neckY: 300,
    frontNeckY: 330,
    backNeckY: 318,
    shoulderW: 232,
    shoulderY: 350,
    armW: 222,
    armY: 560,
    waistW: 212,
    waistY: 770,
    hemW: 272,
    hemY: 1290,
    hemDip: 8,
  };
  const body = topBody(sp, isBack ? sp.backNeckY : sp.frontNeckY);
  const sl: SleeveSpec = {
    top: [230, 350],
    outerMid: [270, 660],
    cuffOut: [294, 968],
    cuffIn: [190, 976],
    innerMid: [190, 680],
    under: [206, 500],
  };
  let s = '';
  s += piece(body, t, { tex: 'gTwill' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += foldS(1, [170, 820], [230, 1290], 18, t) + foldS(-1, [160, 820], [220, 1290], 18, t);
  s += foldS(1, [90, 830], [110, 1290], 12, t) + foldS(-1, [96, 830], [120, 1290], 12, t);
  s += stitch(sym([0, 1274], [['L', [266, 1274]]]).replace(/ Z$/, ''), t);
  if (isBack) {
    s += seam('M600 330 V1080', t, 2.6);
    s +=
      `<path d="M600 1080 L626 1080 L626 1294 L600 1294 Z" fill="${t.dark}" opacity="0.4"/>` +
      seam('M626 1080 V1294 M600 1080 H626', t, 2.2);
    s += both((m) => seam(pth(m, ['M', [60, 420], 'Q', [150, 440], [226, 420]]), t, 2, 0.55));
  } else {
    // front edge of the double-breasted wrap
    s += `<path d="M${CX + 92} 640 C${CX + 94} 900 ${CX + 92} 1100 ${CX + 90} 1296 L${CX + 60} 1296 L${CX + 60} 640 Z" fill="#000" opacity="0.1"/>`;
    s += seam(`M${CX + 92} 640 C${CX + 94} 900 ${CX + 92} 1100 ${CX + 90} 1296`, t, 2.6);
    s += stitch(`M${CX + 78} 660 C${CX + 80} 900 ${CX + 78} 1100 ${CX + 76} 1280`, t);
    // flap pockets
    s += both((m) => {
      const flap = pth(m, [
        'M',
        [118, 940],
        'L',
        [232, 932],
        'L',
        [236, 990],
        'Q',
        [178, 1000],
        [120, 996],
        'Z',
      ]);
      return (
        piece(flap, t, { shade: 'v' }) + stitch(pth(m, ['M', [128, 988], 'Q', [178, 992], [228, 982]]), t)
      );
    });
  }
  s += '</g>';
  s += both((m) => {
    const d = sleevePath(m, sl);
    let x = piece(d, t, { tex: 'gTwill' });
    x += foldS(m, [244, 700], [222, 760], 10, t) + foldS(m, [210, 560], [258, 600], 9, t);
    x += seam(pth(m, ['M', [290, 900], 'Q', [242, 912], [192, 906]]), t, 2);
    x += piece(pth(m, ['M', [288, 902], 'L', [236, 910], 'L', [236, 940], 'L', [290, 932], 'Z']), t, {
      shade: 'v',
    });
    x += button(CX + m * 250, 922, 8, t, 4);
    return x;
  });
  if (isBack) {
    const col = sym(
      [0, 282],
      [
        ['C', [40, 282], [80, 286], [92, 296]],
        ['L', [110, 338]],
        ['Q', [56, 350], [0, 350]],
      ],
    );
    s +=
      piece(col, t, { shade: 'v' }) +
      stitch(sym([0, 340], [['Q', [56, 340], [100, 330]]]).replace(/ Z$/, ''), t);
  } else {
    s += lapels(t, 92, 640, 66, 64);
    for (const y of [690, 880]) s += button(CX - 44, y, 13, t) + button(CX + 52, y, 13, t);
  }
  // belt with buckle
  const belt = sym(
    [0, 760],
    [
      ['L', [218, 756]],
      ['L', [216, 806]],
      ['L', [0, 810]],
    ],
  );
  s += piece(belt, t, { shade: 'both', tex: 'gTwill' });
  s +=
    stitch(sym([0, 768], [['L', [212, 764]]]).replace(/ Z$/, ''), t) +
    stitch(sym([0, 800], [['L', [210, 796]]]).replace(/ Z$/, ''), t);
  if (!isBack) {
    s += piece(
      `M${CX - 30} 770 C${CX - 50} 860 ${CX - 60} 940 ${CX - 40} 1010 L${CX - 8} 1004 C${CX - 24} 940 ${CX - 16} 860 ${CX + 4} 780 Z`,
      t,
      { shade: 'h' },
    );
    s += `<rect x="${CX - 40}" y="752" width="64" height="66" rx="10" fill="none" stroke="${t.button}" stroke-width="9"/><rect x="${CX - 40}" y="752" width="64" height="66" rx="10" fill="none" stroke="#fff" stroke-width="2" opacity="0.3"/>`;
    s += `<path d="M${CX - 8} 785 H${CX + 30}" stroke="${t.button}" stroke-width="6" stroke-linecap="round"/>`;
  }
  return { back: hangerHook(300), body: s, shadow: body, focus: isBack ? [600, 440, 2.1] : [580, 600, 2.0] };
}

function drawJacket(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const sp: TopSpec = {
    neckW: 64,
    neckY: 300,
    frontNeckY: 330,
    backNeckY: 318,
    shoulderW: 230,
    shoulderY: 344,
    armW: 216,
    armY: 556,
    waistW: 192,
    waistY: 740,
    hemW: 214,
    hemY: 900,
    hemDip: 10,
  };
  const body = topBody(sp, isBack ? sp.backNeckY : sp.frontNeckY);
  const sl: SleeveSpec = {
    top: [228, 344],
    outerMid: [262, 640],
    cuffOut: [280, 918],
    cuffIn: [192, 924],
    innerMid: [186, 650],
    under: [200, 490],
  };
  let s = '';
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += foldS(1, [150, 600], [170, 880], 12, t) + foldS(-1, [150, 600], [170, 880], 12, t);
  if (isBack) {
    s += seam('M600 330 V910', t, 2.6) + seam('M600 760 V910 M620 770 V912', t, 2);
    s += both((m) => seam(pth(m, ['M', [130, 560], 'C', [150, 650], [130, 760], [128, 906]]), t, 2, 0.5));
  } else {
    // cutaway front opening below the button
    s += `<path d="M600 704 L560 912 L640 912 Z" fill="${t.inner}"/>`;
    s += seam('M600 704 C590 790 574 860 560 912 M600 704 C612 790 628 860 640 912', t, 2.6);
    s += both((m) => {
      const flap = pth(m, [
        'M',
        [98, 780],
        'L',
        [206, 772],
        'L',
        [208, 822],
        'Q',
        [152, 830],
        [100, 826],
        'Z',
      ]);
      return (
        piece(flap, t, { shade: 'v' }) + stitch(pth(m, ['M', [108, 818], 'Q', [152, 822], [200, 814]]), t)
      );
    });
    s += seam(`M${CX + 92} 526 L${CX + 180} 518 L${CX + 181} 540 L${CX + 93} 548 Z`, t, 2);
    s += both((m) => seam(pth(m, ['M', [150, 560], 'C', [150, 640], [140, 720], [132, 772]]), t, 2, 0.5));
  }
  s += '</g>';
  s += both((m) => {
    const d = sleevePath(m, sl);
    let x = piece(d, t, { tex: 'gWeave' });
    x += foldS(m, [236, 690], [212, 740], 10, t) + foldS(m, [206, 540], [252, 580], 8, t);
    x += seam(pth(m, ['M', [278, 862], 'Q', [236, 870], [194, 866]]), t, 1.6, 0.5);
    for (const k of [0, 1, 2]) x += button(CX + m * (262 - k * 5), 878 + k * 18, 6, t, 4);
    return x;
  });
  if (isBack) {
    const col = sym(
      [0, 282],
      [
        ['C', [40, 282], [78, 286], [90, 296]],
        ['L', [104, 334]],
        ['Q', [50, 346], [0, 346]],
      ],
    );
    s +=
      piece(col, t, { shade: 'v' }) +
      stitch(sym([0, 336], [['Q', [52, 336], [96, 326]]]).replace(/ Z$/, ''), t);
  } else {
    s += lapels(t, 0, 700, 64, 56, t.isLight ? '#d9d3c9' : '#efe9df');
    s += button(600, 716, 12, t);
  }
  return { back: hangerHook(300), body: s, shadow: body, focus: isBack ? [600, 440, 2.1] : [590, 560, 2.0] };
}

function drawCardigan(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const sp: TopSpec = {
    neckW: 62,
    neckY: 300,
    frontNeckY: 600,
    backNeckY: 316,
    shoulderW: 214,
    shoulderY: 350,
    armW: 210,
    armY: 550,
    waistW: 204,
    waistY: 760,
    hemW: 206,
    hemY: 970,
    hemDip: 0,
  };
  const body = isBack
    ? topBody(sp, sp.backNeckY)
    : sym(
        [0, 600],
        [
          ['L', [sp.neckW, sp.neckY]],
          ['L', [sp.shoulderW, sp.shoulderY]],
          ['C', [sp.shoulderW + 6, 410], [sp.armW + 2, 500], [sp.armW, sp.armY]],
          ['C', [sp.armW - 4, 630], [sp.waistW, 680], [sp.waistW, sp.waistY]],
          ['C', [sp.waistW, 850], [sp.hemW - 3, 880], [sp.hemW, sp.hemY]],
          ['L', [0, sp.hemY]],
        ],
      );
  const sl: SleeveSpec = {
    top: [212, 350],
    outerMid: [250, 640],
    cuffOut: [262, 930],
    cuffIn: [178, 936],
    innerMid: [178, 650],
    under: [196, 490],
  };
  let s = '';
  if (!isBack) {
    s += `<path d="${sym(
      [0, 318],
      [
        ['C', [40, 318], [60, 306], [64, 298]],
        ['L', [90, 340]],
        ['L', [0, 620]],
      ],
    )}" fill="${t.inner}"/>`;
  }
  s += piece(body, t, { tex: 'gKnit' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += foldS(1, [140, 600], [160, 900], 12, t) + foldS(-1, [140, 620], [160, 900], 12, t);
  s += `<rect x="380" y="${sp.hemY - 70}" width="440" height="70" fill="${t.light}"/><rect x="380" y="${sp.hemY - 70}" width="440" height="70" fill="url(#gRib)"/><rect x="380" y="${sp.hemY - 70}" width="440" height="70" fill="url(#gShH${t.isDark ? 'd' : ''})"/>`;
  s += seam(`M380 ${sp.hemY - 70} H820`, t, 2);
  if (!isBack) {
    s += both((m) => {
      const p = pth(m, ['M', [70, 760], 'L', [170, 760], 'L', [170, 860], 'L', [70, 860], 'Z']);
      return (
        piece(p, t, { tex: 'gKnit', shade: 'v' }) + ribBand(pth(m, ['M', [70, 772], 'L', [170, 772]]), 22, t)
      );
    });
  }
  s += '</g>';
  s += both((m) => {
    const d = sleevePath(m, sl);
    let x = piece(d, t, { tex: 'gKnit' });
    x += foldS(m, [226, 690], [206, 740], 10, t);
    const c = cuffBand(m, sl, 70);
    x += `<path d="${c}" fill="${t.light}"/><path d="${c}" fill="url(#gRib)"/><path d="${c}" fill="url(#gShH)"/>`;
    x += `<path d="${c}" fill="none" stroke="${t.edge}" stroke-width="2" opacity="0.7"/>`;
    return x;
  });
  if (isBack) {
    s += ribBand(
      sym([-62, 302], [['C', [-30, 318], [30, 318], [62, 302]]])
        .replace(/ L.*$/, '')
        .replace('Z', ''),
      22,
      t,
    );
  } else {
    s += ribBand(`M${CX - 60} 298 L600 612 L${CX + 60} 298`, 36, t);
    s += ribBand(`M${CX} 606 V${sp.hemY}`, 40, t);
    for (const y of [640, 712, 784, 856, 928])
      s += button(600, y, 10, t, 4, t.isDark ? '#e9e2d6' : '#f7f3ec');
  }
  return { back: hangerHook(300), body: s, shadow: body, focus: isBack ? [600, 420, 2.2] : [600, 660, 2.3] };
}

function drawSweater(ctx: Ctx, t: Tone, isBack: boolean, kind: 'sweater' | 'tshirt'): Drawn {
  const tee = kind === 'tshirt';
  const neckW = tee ? 74 : 84;
  const neckY = tee ? 270 : 258;
  const dip = tee ? 346 : 340;
  const sh = tee ? 232 : 258;
  const side = tee ? 222 : 250;
  // The neck opening: the back of the collar on top, the front scoop below (back view: a shallow curve).
  const topY = isBack ? neckY + 16 : neckY - 14;
  const body = sym(
    [0, topY],
    [
      ['C', [neckW * 0.6, topY], [neckW * 0.9, neckY], [neckW, neckY]],
      ['L', [sh, tee ? 302 : 292]],
      ['C', [sh + 2, 400], [side + 2, 460], [side, 520]],
      ['C', [side - 2, 700], [side, 900], [side + 2, 1044]],
      ['L', [0, 1046]],
    ],
  );
  const sleeve = (m: number) =>
    tee
      ? pth(m, [
          'M',
          [230, 302],
          'C',
          [290, 330],
          [344, 420],
          [388, 520],
          'L',
          [290, 596],
          'C',
          [268, 546],
          [246, 506],
          [222, 474],
          'Z',
        ])
      : pth(m, [
          'M',
          [256, 292],
          'C',
          [340, 420],
          [396, 640],
          [428, 880],
          'L',
          [440, 972],
          'L',
          [334, 986],
          'L',
          [322, 900],
          'C',
          [304, 760],
          [282, 640],
          [248, 528],
          'Z',
        ]);
  let s = '';
  s += dropShadow(ctx, body, 14, 18, 0.18);
  s += both((m) => dropShadow(ctx, sleeve(m), 14, 18, 0.18));
  s += both((m) => {
    let x = piece(sleeve(m), t, { tex: tee ? 'gWeave' : 'gKnit' });
    if (tee) {
      x +=
        stitch(pth(m, ['M', [378, 530], 'L', [296, 584]]), t) +
        stitch(pth(m, ['M', [372, 518], 'L', [290, 572]]), t);
      x += foldS(m, [268, 380], [330, 480], 8, t);
    } else {
      const cuff = pth(m, ['M', [428, 880], 'L', [440, 972], 'L', [334, 986], 'L', [322, 900], 'Z']);
      x += `<path d="${cuff}" fill="${t.light}"/><path d="${cuff}" fill="url(#gRib)"/><path d="${cuff}" fill="url(#gShH)"/><path d="${cuff}" fill="none" stroke="${t.edge}" stroke-width="2"/>`;
      x += foldS(m, [312, 560], [352, 700], 10, t) + foldS(m, [344, 720], [384, 840], 8, t);
    }
    return x;
  });
  s += piece(body, t, { tex: tee ? 'gWeave' : 'gKnit' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += fold([CX - 160, 700], [CX + 120, 736], 16, t) + fold([CX - 60, 880], [CX + 190, 862], 14, t);
  s += fold([CX - 200, 420], [CX - 130, 580], 12, t);
  if (tee) s += stitch(`M${CX - side} 1024 H${CX + side}`, t) + stitch(`M${CX - side} 1034 H${CX + side}`, t);
  else {
    const hem = `M${CX - side - 4} 966 H${CX + side + 4} V1050 H${CX - side - 4} Z`;
    s += `<path d="${hem}" fill="${t.light}"/><path d="${hem}" fill="url(#gRib)"/><path d="${hem}" fill="url(#gShH${t.isDark ? 'd' : ''})"/>`;
    s += seam(`M${CX - side} 966 H${CX + side}`, t, 2);
  }
  if (!tee)
    s +=
      seam(pth(1, ['M', [sh, 292], 'C', [sh + 2, 400], [side + 2, 460], [side, 520]]), t, 2, 0.5) +
      seam(pth(-1, ['M', [sh, 292], 'C', [sh + 2, 400], [side + 2, 460], [side, 520]]), t, 2, 0.5);
  s += '</g>';
  const band = tee ? 18 : 30;
  const back = `M${CX - neckW} ${neckY} C${CX - neckW * 0.6} ${topY} ${CX + neckW * 0.6} ${topY} ${CX + neckW} ${neckY}`;
  if (isBack) s += ribBand(back, band, t);
  else {
    const front = `C${CX + neckW * 0.75} ${dip} ${CX - neckW * 0.75} ${dip} ${CX - neckW} ${neckY}`;
    s += `<path d="${back} ${front} Z" fill="${t.inner}"/>`;
    s += `<path d="${back} ${front} Z" fill="url(#gShV)"/>`;
    s += ribBand(back, band - 2, t, mix(t.light, '#000000', 0.08));
    s += ribBand(`M${CX + neckW} ${neckY} ${front}`, band, t);
  }
  return { back: '', body: s, focus: tee ? [600, 330, 2.3] : [600, 340, 2.2] };
}

function drawTop(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const top = isBack ? 470 : 480;
  const body = sym(
    [0, isBack ? 468 : 540],
    [
      ['C', [40, isBack ? 468 : 520], [100, 478], [146, top]],
      ['C', [160, 520], [170, 560], [164, 600]],
      ['C', [156, 680], [150, 740], [156, 800]],
      ['C', [168, 880], [196, 950], [206, 1010]],
      ['C', [140, 1022], [70, 1024], [0, 1024]],
    ],
  );
  let s = '';
  const strapCol = t.isDark ? mix(t.base, '#ffffff', 0.1) : t.dark;
  s += both(
    (m) =>
      `<path d="${pth(m, ['M', [96, 312], 'L', [136, 484]])}" stroke="${strapCol}" stroke-width="9" stroke-linecap="round"/><path d="${pth(m, ['M', [96, 312], 'L', [136, 484]])}" stroke="#fff" stroke-width="2" opacity="0.25" transform="translate(-2 0)"/>`,
  );
  if (!isBack)
    s += `<path d="${sym(
      [0, 470],
      [
        ['C', [40, 466], [100, 470], [146, 480]],
        ['L', [140, 500]],
        ['L', [0, 540]],
      ],
    )}" fill="${t.inner}"/>`;
  s += piece(body, t, { tex: 'gRib' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s +=
    foldS(1, [110, 800], [150, 1010], 12, t) +
    foldS(-1, [110, 800], [150, 1010], 12, t) +
    foldS(1, [30, 820], [40, 1020], 10, t);
  s += stitch(sym([0, 1008], [['C', [70, 1008], [140, 1006], [200, 994]]]).replace(/ Z$/, ''), t);
  s += '</g>';
  const edge = isBack
    ? `M${CX - 146} ${top} C${CX - 100} 478 ${CX - 40} 468 600 468 C${CX + 40} 468 ${CX + 100} 478 ${CX + 146} ${top}`
    : `M${CX - 146} ${top} C${CX - 100} 478 ${CX - 40} 520 600 540 C${CX + 40} 520 ${CX + 100} 478 ${CX + 146} ${top}`;
  s += `<path d="${edge}" fill="none" stroke="${t.edge}" stroke-width="12" stroke-linecap="round"/><path d="${edge}" fill="none" stroke="${t.light}" stroke-width="8" stroke-linecap="round"/>`;
  return { back: hangerHook(300) + woodenBar(318, 230), body: s, shadow: body, focus: [600, 560, 2.2] };
}

function drawTrousers(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const body = sym(
    [0, 300],
    [
      ['L', [188, 300]],
      ['L', [192, 350]],
      ['C', [212, 440], [222, 520], [224, 600]],
      ['C', [228, 800], [240, 1100], [246, 1340]],
      ['Q', [140, 1352], [26, 1344]],
      ['C', [22, 1100], [14, 860], [0, 700]],
    ],
  );
  let s = '';
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += both((m) => {
    let x = '';
    x += seam(pth(m, ['M', [122, 560], 'L', [136, 1344]]), t, 2, 0.45);
    x += foldS(m, [132, 600], [144, 1340], 10, t, true);
    x += foldS(m, [40, 800], [60, 1340], 14, t) + foldS(m, [200, 800], [228, 1330], 12, t);
    x += stitch(pth(m, ['M', [30, 1326], 'Q', [140, 1336], [240, 1324]]), t);
    if (!isBack) {
      x += seam(pth(m, ['M', [124, 350], 'C', [150, 420], [180, 470], [208, 500]]), t, 2.4);
      x += foldS(m, [74, 352], [84, 520], 7, t, false);
    } else {
      x += piece(pth(m, ['M', [60, 450], 'L', [160, 446], 'L', [160, 462], 'L', [60, 466], 'Z']), t, {
        shade: 'none',
      });
      x += button(CX + m * 110, 436, 6, t, 2);
    }
    return x;
  });
  if (!isBack) s += stitch('M600 352 V600 Q600 630 568 640', t) + seam('M600 352 V700', t, 2, 0.5);
  else s += seam('M600 350 V700', t, 2.4);
  s += '</g>';
  const band = sym(
    [0, 296],
    [
      ['L', [188, 296]],
      ['L', [192, 352]],
      ['L', [0, 352]],
    ],
  );
  s += piece(band, t, { shade: 'h' }) + stitch(sym([0, 344], [['L', [190, 344]]]).replace(/ Z$/, ''), t);
  for (const x of isBack ? [-40, 40, -166, 166] : [-60, 60, -166, 166])
    s += `<rect x="${CX + x - 7}" y="292" width="14" height="66" rx="3" fill="${t.base}" stroke="${t.edge}" stroke-width="2"/>`;
  if (!isBack) s += button(612, 322, 9, t, 4);
  return {
    back: clipHanger(250, 220, [-150, 150], 330),
    body: s,
    shadow: body,
    focus: isBack ? [600, 400, 2.2] : [620, 420, 2.2],
  };
}

function drawJeans(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const gold = '#d39a43';
  const body = sym(
    [0, 330],
    [
      ['L', [190, 330]],
      ['L', [194, 384]],
      ['C', [214, 480], [218, 560], [216, 640]],
      ['C', [210, 900], [204, 1140], [206, 1360]],
      ['L', [40, 1364]],
      ['C', [36, 1100], [22, 880], [0, 744]],
    ],
  );
  let s = dropShadow(ctx, body, 14, 18, 0.18);
  s += piece(body, t, { tex: 'gTwill' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})">`;
  s += both((m) => {
    let x = '';
    x +=
      fold([CX + m * 70, 760], [CX + m * 190, 800], 10, t) +
      fold([CX + m * 60, 1000], [CX + m * 200, 980], 10, t);
    x += foldS(m, [110, 1100], [130, 1360], 12, t);
    x +=
      stitch(pth(m, ['M', [46, 1340], 'L', [200, 1338]]), t, gold) +
      stitch(pth(m, ['M', [198, 390], 'C', [216, 560], [206, 900], [198, 1356]]), t, gold);
    if (!isBack) {
      x += seam(pth(m, ['M', [96, 384], 'C', [110, 450], [150, 480], [200, 486]]), t, 2.4);
      x += stitch(pth(m, ['M', [106, 384], 'C', [120, 442], [156, 470], [202, 474]]), t, gold);
      x += rivet(CX + m * 196, 484);
    } else {
      const pk = pth(m, [
        'M',
        [54, 500],
        'L',
        [176, 494],
        'L',
        [172, 632],
        'L',
        [118, 664],
        'L',
        [62, 636],
        'Z',
      ]);
      x +=
        piece(pk, t, { tex: 'gTwill', shade: 'v' }) +
        stitch(
          pth(m, ['M', [64, 508], 'L', [166, 503], 'L', [162, 626], 'L', [118, 654], 'L', [70, 628], 'Z']),
          t,
          gold,
        );
      x +=
        seam(pth(m, ['M', [4, 470], 'L', [194, 420]]), t, 2.4) +
        stitch(pth(m, ['M', [6, 480], 'L', [196, 430]]), t, gold);
      x += stitch(pth(m, ['M', [80, 560], 'Q', [118, 540], [156, 556]]), t, gold);
    }
    return x;
  });
  if (!isBack) {
    s += stitch('M628 384 V620 Q628 660 600 676', t, gold) + seam('M600 384 V740', t, 2, 0.6);
    const coin = `M${CX + 118} 420 L${CX + 164} 418 L${CX + 166} 470 L${CX + 120} 472 Z`;
    s += stitch(coin, t, gold);
    s += rivet(CX - 96, 392) + rivet(CX + 96, 392);
  } else s += stitch('M600 384 V740', t, gold);
  s += '</g>';
  const band = sym(
    [0, 326],
    [
      ['L', [190, 326]],
      ['L', [194, 384]],
      ['L', [0, 384]],
    ],
  );
  s +=
    piece(band, t, { tex: 'gTwill', shade: 'h' }) +
    stitch(sym([0, 336], [['L', [190, 336]]]).replace(/ Z$/, ''), t, gold) +
    stitch(sym([0, 374], [['L', [192, 374]]]).replace(/ Z$/, ''), t, gold);
  for (const x of isBack ? [0, -130, 130, -186, 186] : [-70, 70, -186, 186])
    s +=
      `<rect x="${CX + x - 7}" y="320" width="14" height="70" rx="3" fill="${t.base}" stroke="${t.edge}" stroke-width="2"/>` +
      stitch(`M${CX + x} 326 V384`, t, gold, 1.4);
  if (!isBack) s += rivet(600, 354, 12);
  else
    s += `<rect x="${CX + 40}" y="334" width="80" height="40" rx="4" fill="#8a5a36" stroke="#5d3a20" stroke-width="2"/><rect x="${CX + 46}" y="340" width="68" height="28" rx="3" fill="none" stroke="#d9a86b" stroke-width="1.4" stroke-dasharray="4 3"/>`;
  return { back: '', body: s, focus: isBack ? [600, 520, 2.0] : [620, 430, 2.2] };
}

function drawSkirt(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const body = sym(
    [0, 300],
    [
      ['L', [158, 300]],
      ['L', [164, 350]],
      ['C', [200, 500], [260, 800], [318, 1200]],
      ['C', [220, 1226], [110, 1230], [0, 1226]],
    ],
  );
  let s = '';
  s += piece(body, t, { tex: 'gWeave' });
  const cb = clipId(ctx, body);
  s += `<g clip-path="url(#${cb})"><path d="${body}" fill="url(#gSatin)"/>`;
  for (const [x0, x1, w] of [
    [20, 40, 14],
    [70, 140, 18],
    [110, 240, 16],
    [-40, -80, 16],
    [-90, -180, 18],
    [-130, -270, 14],
  ] as const)
    s += fold([CX + x0, 380], [CX + x1, 1226], w, t);
  s += stitch(sym([0, 1212], [['C', [110, 1216], [220, 1212], [312, 1188]]]).replace(/ Z$/, ''), t);
  if (isBack) s += seam('M600 352 V620', t, 2.4) + stitch('M606 356 V610', t);
  else s += seam(`M${CX + 162} 352 C${CX + 190} 520 ${CX + 240} 820 ${CX + 300} 1200`, t, 1.6, 0.35);
  s += '</g>';
  const band = sym(
    [0, 296],
    [
      ['L', [158, 296]],
      ['L', [164, 354]],
      ['L', [0, 354]],
    ],
  );
  s += piece(band, t, { shade: 'h' }) + stitch(sym([0, 346], [['L', [162, 346]]]).replace(/ Z$/, ''), t);
  if (isBack) s += `<rect x="594" y="352" width="12" height="20" rx="3" fill="url(#gMetal)"/>`;
  else s += button(CX + 130, 325, 8, t, 4);
  return { back: clipHanger(250, 200, [-130, 130], 330), body: s, shadow: body, focus: [600, 420, 2.1] };
}

function drawScarf(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const m = isBack ? -1 : 1;
  const panelA = pth(m, [
    'M',
    [-140, 300],
    'C',
    [-150, 560],
    [-154, 860],
    [-150, 1130],
    'L',
    [-6, 1146],
    'C',
    [-4, 880],
    [-2, 580],
    [2, 310],
    'Z',
  ]);
  const panelB = pth(m, [
    'M',
    [-8, 292],
    'C',
    [-2, 600],
    [4, 960],
    [10, 1260],
    'L',
    [150, 1250],
    'C',
    [146, 940],
    [140, 620],
    [136, 300],
    'Z',
  ]);
  const topFold = pth(m, [
    'M',
    [-142, 316],
    'C',
    [-150, 250],
    [-110, 212],
    [0, 212],
    'C',
    [110, 212],
    [146, 250],
    [138, 316],
    'Z',
  ]);
  let s = '';
  const fringe = (x0: number, x1: number, y0: number, y1: number) => {
    let f = '';
    const n = 15;
    for (let i = 0; i <= n; i++) {
      const x = x0 + ((x1 - x0) * i) / n;
      const y = y0 + ((y1 - y0) * i) / n;
      const len = 62 + ((i * 7) % 5) * 4;
      f += `<path d="M${r1(CX + m * x)} ${r1(y - 4)} q${m * (i % 2 ? 3 : -2)} ${len / 2} ${m * (i % 3) - 1} ${len}" stroke="${t.dark}" stroke-width="5" stroke-linecap="round" fill="none"/>`;
      f += `<path d="M${r1(CX + m * x)} ${r1(y - 4)} q${m * (i % 2 ? 3 : -2)} ${len / 2} ${m * (i % 3) - 1} ${len}" stroke="${t.light}" stroke-width="2" stroke-linecap="round" fill="none" opacity="0.6"/>`;
    }
    return f;
  };
  s += fringe(-148, -8, 1130, 1146);
  s += piece(panelA, t, { tex: 'gRib' });
  s += `<path d="${panelA}" fill="#000" opacity="0.12"/>`;
  const ca = clipId(ctx, panelA);
  s += `<g clip-path="url(#${ca})">${foldS(m, [-90, 400], [-96, 1140], 16, t)}${foldS(m, [-40, 500], [-44, 1140], 12, t)}</g>`;
  s += fringe(12, 148, 1258, 1250);
  s += piece(panelB, t, { tex: 'gRib' });
  const cbb = clipId(ctx, panelB);
  s += `<g clip-path="url(#${cbb})">${foldS(m, [50, 360], [60, 1250], 16, t)}${foldS(m, [100, 420], [108, 1250], 12, t)}</g>`;
  s += piece(topFold, t, { tex: 'gRib', shade: 'h' });
  s += `<path d="${pth(m, ['M', [-136, 300], 'C', [-60, 286], [60, 286], [136, 300]])}" stroke="${t.dark}" stroke-width="6" fill="none" opacity="0.5"/>`;
  return {
    back: hangerHook(240) + woodenBar(262, 250),
    body: s,
    shadow: `${panelA} ${panelB} ${topFold}`,
    focus: [600, 1120, 2.0],
  };
}

function drawHat(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const crown = `M372 1080 L366 880 C356 640 450 470 600 466 C750 470 844 640 834 880 L828 1080 Z`;
  const cuff = `M356 900 C430 870 770 870 844 900 L842 1084 C760 1104 440 1104 358 1084 Z`;
  let s = floorShadow(600, 1098, 330, 46);
  s += piece(crown, t, { tex: 'gKnit' });
  const cc = clipId(ctx, crown);
  s += `<g clip-path="url(#${cc})">`;
  for (let i = -8; i <= 8; i++) {
    const x = CX + i * 30;
    s += `<path d="M600 470 Q${r1(CX + i * 22)} 640 ${r1(x)} 900" stroke="${t.isDark ? '#ffffff' : '#000000'}" stroke-opacity="${t.isDark ? 0.1 : 0.1}" stroke-width="6" fill="none"/>`;
  }
  s += fold([CX - 120, 560], [CX - 40, 880], 14, t) + fold([CX + 150, 600], [CX + 100, 880], 12, t);
  s += '</g>';
  s += `<ellipse cx="600" cy="476" rx="30" ry="12" fill="${t.dark}" opacity="0.6"/>`;
  s += piece(cuff, t, { fill: t.light });
  const cu = clipId(ctx, cuff);
  s += `<g clip-path="url(#${cu})"><rect x="340" y="860" width="520" height="260" fill="url(#gRib)"/><rect x="340" y="860" width="520" height="260" fill="url(#gShHd)" opacity="0.6"/></g>`;
  s += `<path d="M356 900 C430 870 770 870 844 900" stroke="${t.edge}" stroke-width="4" fill="none"/>`;
  if (!isBack) {
    s += `<rect x="560" y="950" width="80" height="54" rx="4" fill="#7b5233" stroke="#553722" stroke-width="2"/><rect x="566" y="956" width="68" height="42" rx="3" fill="none" stroke="#d9b07a" stroke-width="1.5" stroke-dasharray="4 3"/>`;
  }
  return { back: '', body: s, focus: [600, 920, 2.0] };
}

function drawBelt(_ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const cx = 600;
  const cy = 760;
  const rx = 330;
  const ry = 150;
  const h = 64;
  const innerBack = `M${cx - rx} ${cy} A${rx} ${ry} 0 0 1 ${cx + rx} ${cy} L${cx + rx} ${cy + h} A${rx} ${ry} 0 0 0 ${cx - rx} ${cy + h} Z`;
  const front = `M${cx - rx} ${cy} A${rx} ${ry} 0 0 0 ${cx + rx} ${cy} L${cx + rx} ${cy + h} A${rx} ${ry} 0 0 1 ${cx - rx} ${cy + h} Z`;
  let s = `<ellipse cx="${cx + 10}" cy="${cy + h + 12}" rx="${rx + 6}" ry="${ry + 6}" fill="none" stroke="#3a2f25" stroke-width="34" opacity="0.16"/>`;
  s += `<path d="${innerBack}" fill="${t.inner}"/><path d="${innerBack}" fill="url(#gGrain)"/><path d="${innerBack}" fill="url(#gShH)"/>`;
  s += `<path d="${innerBack}" fill="none" stroke="${t.edge}" stroke-width="2.4"/>`;
  s += stitch(`M${cx - rx + 12} ${cy + 10} A${rx - 12} ${ry - 6} 0 0 1 ${cx + rx - 12} ${cy + 10}`, t);
  if (isBack) {
    // buckle on the far side
    s += `<rect x="${cx - 36}" y="${cy - ry - 6}" width="72" height="${h + 16}" rx="10" fill="none" stroke="url(#gBrass)" stroke-width="11"/>`;
  }
  s += piece(front, t, { tex: 'gGrain', shade: 'h' });
  s += stitch(`M${cx - rx + 4} ${cy + 10} A${rx - 4} ${ry} 0 0 0 ${cx + rx - 4} ${cy + 10}`, t);
  s += stitch(`M${cx - rx + 4} ${cy + h - 10} A${rx - 4} ${ry} 0 0 0 ${cx + rx - 4} ${cy + h - 10}`, t);
  if (!isBack) {
    // tail through the buckle and a keeper
    const tail = `M${cx - 20} ${cy + ry - 2} C${cx + 90} ${cy + ry - 8} ${cx + 170} ${cy + ry - 30} ${cx + 240} ${cy + ry - 66} L${cx + 262} ${cy + ry - 40} L${cx + 252} ${cy + ry - 4} C${cx + 180} ${cy + ry + 30} ${cx + 90} ${cy + ry + 52} ${cx - 20} ${cy + ry + 58} Z`;
    s += piece(tail, t, { tex: 'gGrain', shade: 'v' });
    s += stitch(
      `M${cx + 10} ${cy + ry + 8} C${cx + 100} ${cy + ry + 2} ${cx + 170} ${cy + ry - 18} ${cx + 236} ${cy + ry - 52}`,
      t,
    );
    for (const k of [0, 1, 2, 3])
      s += `<ellipse cx="${cx + 110 + k * 34}" cy="${cy + ry + 22 - k * 12}" rx="6" ry="5" fill="${t.inner}" stroke="${t.line}" stroke-width="1.2"/>`;
    s += `<rect x="${cx - 34}" y="${cy + ry - 14}" width="26" height="${h + 20}" rx="4" fill="${t.base}" stroke="${t.edge}" stroke-width="2"/>`;
    s += `<rect x="${cx - 104}" y="${cy + ry - 22}" width="84" height="${h + 36}" rx="14" fill="none" stroke="#6d5426" stroke-width="15" opacity="0.5" transform="translate(3 4)"/>`;
    s += `<rect x="${cx - 104}" y="${cy + ry - 22}" width="84" height="${h + 36}" rx="14" fill="none" stroke="url(#gBrass)" stroke-width="13"/>`;
    s += `<path d="M${cx - 62} ${cy + ry + 12} H${cx + 6}" stroke="url(#gBrass)" stroke-width="7" stroke-linecap="round"/>`;
  }
  return { back: '', body: s, focus: [560, 900, 2.2] };
}

function drawBag(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  const m = isBack ? -1 : 1;
  const front = pth(m, [
    'M',
    [-220, 620],
    'L',
    [220, 620],
    'L',
    [272, 1168],
    'Q',
    [274, 1200],
    [242, 1200],
    'L',
    [-242, 1200],
    'Q',
    [-274, 1200],
    [-272, 1168],
    'Z',
  ]);
  const gusset = pth(m, [
    'M',
    [220, 620],
    'L',
    [262, 610],
    'L',
    [318, 1150],
    'Q',
    [318, 1176],
    [290, 1192],
    'L',
    [268, 1198],
    'Q',
    [274, 1190],
    [272, 1168],
    'Z',
  ]);
  const handle = (k: number, dy: number) =>
    pth(m, ['M', [-130 + k, 626 + dy], 'C', [-130 + k, 430 + dy], [130 + k, 430 + dy], [130 + k, 626 + dy]]);
  let s = floorShadow(600, 1204, 380, 48);
  const hc = t.isDark ? mix(t.base, '#ffffff', 0.1) : t.dark;
  s += `<path d="${handle(40, -14)}" fill="none" stroke="${mix(hc, '#000', 0.2)}" stroke-width="30" stroke-linecap="round"/>`;
  s += piece(gusset, t, { fill: t.dark, tex: 'gGrain', shade: 'v' });
  s += piece(front, t, { tex: 'gGrain' });
  const cf = clipId(ctx, front);
  s += `<g clip-path="url(#${cf})">`;
  s +=
    fold([CX - 160, 640], [CX - 200, 1190], 18, t) +
    fold([CX + 150, 640], [CX + 190, 1190], 18, t) +
    fold([CX - 20, 700], [CX - 30, 1190], 22, t);
  s += `<rect x="300" y="620" width="600" height="40" fill="${t.light}" opacity="0.5"/>`;
  s +=
    stitch(pth(m, ['M', [-218, 652], 'L', [218, 652]]), t) +
    stitch(pth(m, ['M', [-256, 1180], 'L', [256, 1180]]), t);
  if (!isBack)
    s +=
      `<path d="M600 622 V700" stroke="${t.line}" stroke-width="2" opacity="0.6"/>` +
      `<circle cx="600" cy="660" r="10" fill="url(#gBrass)" stroke="#8a6a2c"/>`;
  s += '</g>';
  const handleD = handle(0, 0);
  s += `<path d="${handleD}" fill="none" stroke="${t.edge}" stroke-width="34" stroke-linecap="round"/><path d="${handleD}" fill="none" stroke="${t.base}" stroke-width="30" stroke-linecap="round"/>`;
  s += `<path d="${handleD}" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.18" transform="translate(-4 -6)"/>`;
  s += `<path d="${handleD}" fill="none" stroke="${t.stitch}" stroke-width="2" stroke-dasharray="7 6" opacity="0.8"/>`;
  for (const x of [-130, 130]) {
    const tab = `M${CX + m * x - 26} 618 H${CX + m * x + 26} V700 Q${CX + m * x} 716 ${CX + m * x - 26} 700 Z`;
    s +=
      piece(tab, t, { shade: 'v' }) +
      stitch(`M${CX + m * x - 18} 626 V694 Q${CX + m * x} 706 ${CX + m * x + 18} 694 V626`, t) +
      rivet(CX + m * x, 672, 7);
  }
  return { back: '', body: s, focus: [600, 690, 2.0] };
}

const bootShape =
  'M420 560 Q505 552 592 560 C594 720 606 830 640 900 C690 960 780 990 850 1012 C890 1026 912 1058 908 1088 C906 1110 890 1118 866 1118 L430 1118 C404 1114 392 1080 394 1030 C396 960 412 880 418 780 C420 700 420 620 420 560 Z';

/** One Chelsea boot facing right, drawn at (dx, dy). */
function drawBoot(ctx: Ctx, t: Tone, dx: number, dy: number, dim: boolean): string {
  const soleCol = t.isDark ? '#2b2623' : '#3a302a';
  let s = '';
  s += `<path d="M410 1116 L532 1116 L528 1192 L416 1192 Z" fill="${soleCol}"/><path d="M416 1180 L528 1180" stroke="#000" stroke-width="3" opacity="0.35"/>`;
  s += `<path d="M410 1116 L532 1116 L528 1192 L416 1192 Z" fill="url(#gShH)"/>`;
  s += `<path d="M500 1114 L870 1114 Q914 1116 912 1136 Q908 1152 872 1152 L500 1152 Z" fill="${soleCol}"/>`;
  s += `<path d="M404 1108 L874 1108 Q916 1110 914 1126 L404 1126 Z" fill="${mix(soleCol, '#ffffff', 0.18)}"/>`;
  s += piece(bootShape, t, { tex: 'gGrain' });
  const cs = clipId(ctx, bootShape);
  s += `<g clip-path="url(#${cs})">`;
  // elastic side panel
  const g = 'M466 556 L570 556 Q550 740 518 852 Q488 740 466 556 Z';
  s += `<path d="${g}" fill="${mix(t.base, '#000000', 0.42)}"/>`;
  for (let i = 0; i < 9; i++)
    s += `<path d="M${474 + i * 11} 560 L518 846" stroke="#fff" stroke-opacity="0.13" stroke-width="3"/>`;
  s += stitch('M456 556 Q486 760 518 870 Q552 760 580 556', t);
  s += `<path d="M690 944 C760 976 836 996 884 1040" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity="${t.isDark ? 0.2 : 0.28}" fill="none"/>`;
  s += `<path d="M430 620 C426 800 412 940 404 1060" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="${t.isDark ? 0.12 : 0.16}" fill="none"/>`;
  s +=
    seam('M398 1000 C480 990 590 970 636 896', t, 2, 0.55) + stitch('M402 1014 C484 1004 596 982 644 908', t);
  s += stitch('M412 1098 L880 1098', t);
  s += '</g>';
  s += `<path d="M424 568 L420 496 Q438 482 456 496 L458 568 Z" fill="${t.dark}" stroke="${t.edge}" stroke-width="2"/>`;
  s += `<path d="M430 504 L432 560 M446 504 L448 560" stroke="${t.stitch}" stroke-dasharray="5 4" stroke-width="1.6"/>`;
  s += `<path d="M422 560 Q505 546 590 560 Q505 576 422 560 Z" fill="${t.inner}" stroke="${t.edge}" stroke-width="2"/>`;
  if (dim) s += `<path d="${bootShape}" fill="#000" opacity="0.16"/>`;
  return `<g transform="translate(${dx} ${dy})">${s}</g>`;
}

function drawBoots(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  let s = floorShadow(600, 1188, 440, 42);
  s += drawBoot(ctx, t, -150, -40, true);
  s += drawBoot(ctx, t, 40, 0, false);
  return {
    back: '',
    body: isBack ? `<g transform="translate(1200 0) scale(-1 1)">${s}</g>` : s,
    focus: isBack ? [690, 760, 1.9] : [520, 760, 1.9],
  };
}

const sneakerUpper =
  'M340 1098 C332 1020 336 960 352 920 C372 910 400 908 420 914 C450 924 470 944 494 946 L520 884 Q552 866 584 880 L720 970 C790 988 870 1006 902 1050 Q918 1092 884 1098 Z';

/** One low sneaker facing right, drawn at (dx, dy). */
function drawSneaker(ctx: Ctx, t: Tone, dx: number, dy: number, dim: boolean): string {
  const soleCol = t.isLight ? '#e4dfd5' : '#f5f2ec';
  const sole =
    'M324 1088 L896 1088 Q932 1094 928 1124 Q924 1160 884 1160 L352 1160 Q318 1156 318 1124 Q318 1094 324 1088 Z';
  let s = '';
  s += `<path d="${sole}" fill="${soleCol}" stroke="#b5ad9f" stroke-width="2"/><path d="${sole}" fill="url(#gShV)"/>`;
  s += '<path d="M322 1130 H926" stroke="#a79e90" stroke-width="2.5" opacity="0.7"/>';
  s += stitch('M332 1100 H900', t, '#b0a799', 1.6);
  s += piece(sneakerUpper, t, { tex: 'gGrain' });
  const cu = clipId(ctx, sneakerUpper);
  s += `<g clip-path="url(#${cu})">`;
  s += `<path d="M320 958 Q410 948 446 1000 L462 1100 L320 1100 Z" fill="${t.dark}" opacity="0.5"/>`;
  s += stitch('M330 972 Q404 962 434 1004 L450 1094', t);
  s += `<path d="M770 1100 C770 1040 800 1010 846 1020 L930 1030 L930 1100 Z" fill="#000" opacity="0.06"/>`;
  s +=
    seam('M770 1100 C770 1040 800 1010 846 1020', t, 2.2) + stitch('M758 1100 C758 1030 790 998 846 1008', t);
  for (let i = 0; i < 6; i++)
    s += `<circle cx="${808 + i * 14}" cy="${1050 + (i % 2) * 10}" r="2.4" fill="${t.line}" opacity="0.7"/>`;
  s += `<path d="M512 906 L724 994 L708 1026 L498 942 Z" fill="${t.dark}" opacity="0.4"/>`;
  s += stitch('M500 936 L708 1020', t);
  s += seam('M470 1060 C560 1030 650 1030 740 1050', t, 2, 0.35);
  s += `<path d="M740 1006 C800 1024 850 1044 884 1078" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="${t.isDark ? 0.2 : 0.3}" fill="none"/>`;
  s += '</g>';
  const lace = t.isDark ? '#efeae2' : t.isLight ? '#ffffff' : mix(t.base, '#ffffff', 0.55);
  for (let i = 0; i < 5; i++) {
    const x = 528 + i * 40;
    const y = 912 + i * 17;
    s += `<path d="M${x - 2} ${y - 2} L${x + 28} ${y - 20}" stroke="${mix(lace, '#000000', 0.25)}" stroke-width="9" stroke-linecap="round"/><path d="M${x - 2} ${y - 2} L${x + 28} ${y - 20}" stroke="${lace}" stroke-width="6" stroke-linecap="round"/>`;
    s += `<circle cx="${x}" cy="${y}" r="5.5" fill="#3a3530" stroke="#d9d2c6" stroke-width="2"/>`;
  }
  s += `<path d="M520 884 Q552 866 584 880" stroke="${t.edge}" stroke-width="3" fill="none"/>`;
  s += `<path d="M352 920 C372 910 400 908 420 914 C450 924 470 944 494 946" stroke="${t.inner}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  if (dim) s += `<path d="${sneakerUpper}" fill="#000" opacity="0.14"/>`;
  return `<g transform="translate(${dx} ${dy})">${s}</g>`;
}

function drawSneakers(ctx: Ctx, t: Tone, isBack: boolean): Drawn {
  let s = floorShadow(600, 1160, 440, 40);
  s += drawSneaker(ctx, t, -130, -56, true);
  s += drawSneaker(ctx, t, 30, 0, false);
  return {
    back: '',
    body: isBack ? `<g transform="translate(1200 0) scale(-1 1)">${s}</g>` : s,
    focus: isBack ? [560, 960, 1.9] : [660, 970, 1.9],
  };
}

function draw(ctx: Ctx, kind: GarmentKind, t: Tone, isBack: boolean): Drawn {
  switch (kind) {
    case 'dress':
      return drawDress(ctx, t, isBack);
    case 'coat':
      return drawCoat(ctx, t, isBack);
    case 'jacket':
      return drawJacket(ctx, t, isBack);
    case 'sweater':
      return drawSweater(ctx, t, isBack, 'sweater');
    case 'cardigan':
      return drawCardigan(ctx, t, isBack);
    case 'shirt':
      return drawShirt(ctx, t, isBack);
    case 'blouse':
      return drawBlouse(ctx, t, isBack);
    case 'tshirt':
      return drawSweater(ctx, t, isBack, 'tshirt');
    case 'top':
      return drawTop(ctx, t, isBack);
    case 'trousers':
      return drawTrousers(ctx, t, isBack);
    case 'jeans':
      return drawJeans(ctx, t, isBack);
    case 'skirt':
      return drawSkirt(ctx, t, isBack);
    case 'boots':
      return drawBoots(ctx, t, isBack);
    case 'sneakers':
      return drawSneakers(ctx, t, isBack);
    case 'bag':
      return drawBag(ctx, t, isBack);
    case 'scarf':
      return drawScarf(ctx, t, isBack);
    case 'hat':
      return drawHat(ctx, t, isBack);
    case 'belt':
      return drawBelt(ctx, t, isBack);
  }
}

/** Kinds shown on a hanger (the rest lie flat or stand on the floor). */
export const hangingKinds: readonly GarmentKind[] = [
  'dress',
  'coat',
  'jacket',
  'cardigan',
  'shirt',
  'blouse',
  'top',
  'trousers',
  'skirt',
  'scarf',
];

function garmentGroup(
  ctx: Ctx,
  kind: GarmentKind,
  hex: string,
  view: 'front' | 'back',
): { svg: string; focus: [number, number, number] } {
  const t = toneOf(hex);
  const drawn = draw(ctx, kind, t, view === 'back');
  let s = '';
  if (drawn.shadow) s += dropShadow(ctx, drawn.shadow, 18, 24, 0.14);
  s += drawn.back + drawn.body;
  return { svg: s, focus: drawn.focus };
}

/** How each drawing is framed in the photo: source point (x, y), zoom, and the height it lands at. */
const packshotFrame: Record<GarmentKind, [number, number, number, number]> = {
  dress: [600, 720, 1.03, 740],
  coat: [600, 710, 1.05, 740],
  jacket: [600, 520, 1.3, 690],
  sweater: [600, 650, 1.12, 730],
  cardigan: [600, 550, 1.25, 700],
  shirt: [600, 600, 1.22, 700],
  blouse: [600, 560, 1.25, 680],
  tshirt: [600, 655, 1.2, 730],
  top: [600, 570, 1.2, 680],
  trousers: [600, 740, 1.02, 760],
  jeans: [600, 845, 1.12, 770],
  skirt: [600, 680, 1.1, 720],
  boots: [585, 860, 1.3, 800],
  sneakers: [574, 1010, 1.3, 820],
  bag: [600, 760, 1.15, 760],
  scarf: [600, 740, 1.0, 750],
  hat: [600, 790, 1.3, 770],
  belt: [600, 830, 1.3, 760],
};

/** A product photo of `kind` in colour `hex`: 1200×1500, studio background. */
export function renderGarmentSvg(kind: GarmentKind, hex: string, view: GarmentView): string {
  const ctx: Ctx = { defs: [], n: 0, prefix: 'g' };
  const g = garmentGroup(ctx, kind, hex, view === 'back' ? 'back' : 'front');
  let content = g.svg;
  if (view === 'detail') {
    const [fx, fy, k] = g.focus;
    content = `<g transform="translate(600 750) scale(${k}) translate(${-fx} ${-fy})">${content}</g>`;
  } else {
    const [fx, fy, k, ty] = packshotFrame[kind];
    content = `<g transform="translate(600 ${ty}) scale(${k}) translate(${-fx} ${-fy})">${content}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1500" width="1200" height="1500"><defs>${sharedDefs('g')}${ctx.defs.join('')}</defs>${studioBackground('g')}${content}</svg>`;
}

// ── Banners ────────────────────────────────────────────────────────────────

interface Placed {
  kind: GarmentKind;
  colour: number;
  x: number;
  /** Scale of the 1200×1500 garment drawing. */
  k: number;
  /** 'rail': hook on the rail; 'floor': bottom of the drawing on the floor line. */
  at: 'rail' | 'floor';
  bottom?: number;
}

const bannerLayouts: Record<'hero' | 'collection-1' | 'collection-2' | 'collection-3', Placed[]> = {
  hero: [
    { kind: 'coat', colour: 0, x: 400, k: 0.5, at: 'rail' },
    { kind: 'dress', colour: 1, x: 620, k: 0.5, at: 'rail' },
    { kind: 'shirt', colour: 2, x: 840, k: 0.5, at: 'rail' },
    { kind: 'jacket', colour: 3, x: 1060, k: 0.5, at: 'rail' },
    { kind: 'trousers', colour: 4, x: 1270, k: 0.5, at: 'rail' },
    { kind: 'boots', colour: 5, x: 1440, k: 0.34, at: 'floor', bottom: 1192 },
    { kind: 'bag', colour: 6, x: 210, k: 0.36, at: 'floor', bottom: 1204 },
  ],
  'collection-1': [
    { kind: 'coat', colour: 0, x: 420, k: 0.52, at: 'rail' },
    { kind: 'cardigan', colour: 1, x: 660, k: 0.52, at: 'rail' },
    { kind: 'skirt', colour: 2, x: 900, k: 0.52, at: 'rail' },
    { kind: 'jacket', colour: 3, x: 1140, k: 0.52, at: 'rail' },
    { kind: 'boots', colour: 4, x: 1390, k: 0.34, at: 'floor', bottom: 1192 },
    { kind: 'hat', colour: 5, x: 220, k: 0.3, at: 'floor', bottom: 1100 },
  ],
  'collection-2': [
    { kind: 'dress', colour: 0, x: 400, k: 0.52, at: 'rail' },
    { kind: 'shirt', colour: 1, x: 640, k: 0.52, at: 'rail' },
    { kind: 'top', colour: 2, x: 860, k: 0.52, at: 'rail' },
    { kind: 'trousers', colour: 3, x: 1090, k: 0.52, at: 'rail' },
    { kind: 'bag', colour: 4, x: 1360, k: 0.36, at: 'floor', bottom: 1204 },
    { kind: 'sneakers', colour: 5, x: 250, k: 0.3, at: 'floor', bottom: 1160 },
  ],
  'collection-3': [
    { kind: 'shirt', colour: 0, x: 400, k: 0.52, at: 'rail' },
    { kind: 'blouse', colour: 1, x: 640, k: 0.52, at: 'rail' },
    { kind: 'coat', colour: 2, x: 880, k: 0.52, at: 'rail' },
    { kind: 'skirt', colour: 3, x: 1120, k: 0.52, at: 'rail' },
    { kind: 'sneakers', colour: 4, x: 1360, k: 0.3, at: 'floor', bottom: 1160 },
    { kind: 'belt', colour: 5, x: 220, k: 0.3, at: 'floor', bottom: 1000 },
  ],
};

/** A lookbook banner, 1600×900: a clothes rail with garments in the palette's colours. */
export function renderBannerSvg(
  variant: 'hero' | 'collection-1' | 'collection-2' | 'collection-3',
  palette: string[],
): string {
  const colours =
    palette.length > 0
      ? palette
      : ['#d3bc96', '#4a4d52', '#f2ece1', '#5b3e2f', '#6e6a42', '#1f1e1d', '#b05f40'];
  const pick = (i: number) => colours[i % colours.length] as string;
  const ctx: Ctx = { defs: [], n: 0, prefix: 'b' };
  const wallTint = mix(pick(0), '#efe9e0', 0.82);
  const arch = mix(mix(pick(1), '#cdb89a', 0.45), '#efe9e0', 0.55);
  const railY = 96;
  const floorY = 770;
  let items = '';
  for (const p of bannerLayouts[variant]) {
    const g = garmentGroup(ctx, p.kind, pick(p.colour), 'front');
    const ty = p.at === 'rail' ? railY - 124 * p.k : floorY - (p.bottom ?? 1180) * p.k;
    items += `<g transform="translate(${r1(p.x - 600 * p.k)} ${r1(ty)}) scale(${p.k})">${g.svg}</g>`;
  }
  const archX =
    variant === 'hero' ? 780 : variant === 'collection-1' ? 660 : variant === 'collection-2' ? 900 : 720;
  const defs = `<linearGradient id="bnWall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(wallTint, '#ffffff', 0.3)}"/><stop offset="1" stop-color="${wallTint}"/></linearGradient>
<linearGradient id="bnFloor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(wallTint, '#8c7b66', 0.3)}"/><stop offset="1" stop-color="${mix(wallTint, '#8c7b66', 0.45)}"/></linearGradient>
<radialGradient id="bnGlow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="bRail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e3db"/><stop offset="0.5" stop-color="#99948c"/><stop offset="1" stop-color="#6e6a64"/></linearGradient>`;
  let bg = `<rect width="1600" height="900" fill="url(#bnWall)"/>`;
  bg += `<path d="M${archX - 330} ${floorY} V360 A330 330 0 0 1 ${archX + 330} 360 V${floorY} Z" fill="${arch}"/>`;
  bg += `<path d="M${archX - 330} ${floorY} V360 A330 330 0 0 1 ${archX + 330} 360 V${floorY} Z" fill="url(#gShV)" opacity="0.6"/>`;
  bg += `<rect y="${floorY}" width="1600" height="${900 - floorY}" fill="url(#bnFloor)"/>`;
  bg += `<rect y="${floorY}" width="1600" height="6" fill="#000" opacity="0.06"/>`;
  bg += `<ellipse cx="800" cy="380" rx="900" ry="520" fill="url(#bnGlow)"/>`;
  const rail = `<path d="M90 ${railY} H1510" stroke="#6f6a63" stroke-width="14" stroke-linecap="round" opacity="0.25" transform="translate(4 6)"/><path d="M90 ${railY} H1510" stroke="url(#bRail)" stroke-width="12" stroke-linecap="round"/><path d="M130 ${railY} V0 M1470 ${railY} V0" stroke="url(#bRail)" stroke-width="10"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900"><defs>${sharedDefs('b')}${defs}${ctx.defs.join('')}</defs>${bg}${rail}${items}</svg>`;
}

/** One garment of a look: its kind and colour, where it hangs or stands, and its scale. */
export interface LookGarment {
  kind: GarmentKind;
  hex: string;
  x: number;
  k: number;
  at: 'rail' | 'floor';
}

/** Where a floor piece's drawing ends (as the banners place them). */
const floorBottom: Partial<Record<GarmentKind, number>> = {
  boots: 1192,
  bag: 1204,
  sneakers: 1160,
  belt: 1000,
  hat: 1100,
};

/** A look's photo, 1200×1500 (the looks page's 4:5): its garments on a rail and the floor of the studio. */
export function renderLookSvg(garments: LookGarment[]): string {
  const ctx: Ctx = { defs: [], n: 0, prefix: 'l' };
  const railY = 150;
  const floorY = 1430;
  let items = '';
  for (const p of garments) {
    const g = garmentGroup(ctx, p.kind, p.hex, 'front');
    // The drawing's hook is at 124; a piece on the floor stands on its drawing's lowest point.
    const ty = p.at === 'rail' ? railY - 124 * p.k : floorY - (floorBottom[p.kind] ?? 1180) * p.k;
    items += `<g transform="translate(${r1(p.x - 600 * p.k)} ${r1(ty)}) scale(${p.k})">${g.svg}</g>`;
  }
  const rail = `<path d="M70 ${railY} H1130" stroke="#6f6a63" stroke-width="14" stroke-linecap="round" opacity="0.25" transform="translate(4 6)"/><path d="M70 ${railY} H1130" stroke="url(#bRail)" stroke-width="12" stroke-linecap="round"/><path d="M110 ${railY} V0 M1090 ${railY} V0" stroke="url(#bRail)" stroke-width="10"/>`;
  const railDefs = `<linearGradient id="bRail" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8e3db"/><stop offset="0.5" stop-color="#99948c"/><stop offset="1" stop-color="#6e6a64"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1500" width="1200" height="1500"><defs>${sharedDefs('l')}${railDefs}${ctx.defs.join('')}</defs>${studioBackground('l')}${rail}${items}</svg>`;
}
