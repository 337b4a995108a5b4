import type { GarmentKind } from './demo-data.types.ts';

export type GarmentView = 'front' | 'back' | 'detail';

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function mix(hex: string, target: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(target);
  return `#${a
    .map((v, i) =>
      Math.round(v + ((b[i] as number) - v) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Palette {
  fill: string;
  shade: string;
  deep: string;
  light: string;
  line: string;
  stitch: string;
}

function palette(hex: string): Palette {
  const dark = luminance(hex) < 0.35;
  return {
    fill: hex,
    shade: mix(hex, '#000000', dark ? 0.25 : 0.16),
    deep: mix(hex, '#000000', dark ? 0.4 : 0.3),
    light: mix(hex, '#ffffff', dark ? 0.22 : 0.35),
    // Details must stay visible on black and navy: lighter lines on dark cloth, darker on light.
    line: dark ? mix(hex, '#ffffff', 0.32) : mix(hex, '#000000', 0.32),
    stitch: dark ? mix(hex, '#ffffff', 0.45) : mix(hex, '#000000', 0.22),
  };
}

const HANGER = `<g fill="none" stroke="#8d8478" stroke-width="9" stroke-linecap="round"><path d="M600 215 V188 c0-22 34-26 34-50 0-20-16-34-34-34s-32 12-34 30"/></g><path d="M600 210 L400 292 Q392 298 402 300 H798 Q808 298 800 292 Z" fill="#b59a78" stroke="#8b7457" stroke-width="4"/>`;

/** Garment outlines and their details; `body` is filled with the colour, `details` drawn on top. */
function garment(
  kind: GarmentKind,
  p: Palette,
  back: boolean,
): { body: string; details: string; hanging: boolean } {
  const L = (d: string, w = 4, c = p.line) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const S = (d: string) =>
    `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-width="3" stroke-dasharray="10 8" stroke-linecap="round"/>`;
  const button = (x: number, y: number, r = 13) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.deep}" stroke="${p.light}" stroke-width="3"/><circle cx="${x - 4}" cy="${y - 3}" r="2.5" fill="${p.light}"/><circle cx="${x + 4}" cy="${y + 3}" r="2.5" fill="${p.light}"/>`;
  const front = (s: string) => (back ? '' : s);
  switch (kind) {
    case 'dress':
      return {
        hanging: true,
        body: `<path d="M470 300 Q600 350 730 300 L790 330 L850 470 L790 500 L760 430 L735 640 Q800 900 890 1320 Q600 1370 310 1320 Q400 900 465 640 L440 430 L410 500 L350 470 L410 330 Z"/>`,
        details:
          L(back ? 'M520 308 Q600 325 680 308' : 'M505 305 Q600 420 695 305', 5) +
          L('M465 640 Q600 665 735 640', 5) +
          L('M520 660 Q500 1000 430 1330', 3, p.shade) +
          L('M600 668 L600 1350', 3, p.shade) +
          L('M680 660 Q700 1000 770 1330', 3, p.shade) +
          front(S('M470 655 Q600 680 730 655')) +
          L('M350 470 L410 500 M850 470 L790 500', 5),
      };
    case 'coat':
      return {
        hanging: true,
        body: `<path d="M470 290 Q600 320 730 290 L820 330 Q860 360 870 420 L920 1010 L830 1020 L790 620 L790 1320 Q600 1345 410 1320 L410 620 L370 1020 L280 1010 L330 420 Q340 360 380 330 Z"/>`,
        details: back
          ? L('M600 330 L600 1330', 3, p.shade) +
            L('M470 300 Q600 340 730 300', 5) +
            L('M520 780 L680 780', 6, p.shade)
          : L('M470 290 L560 520 L600 470 L640 520 L730 290', 5) +
            L('M560 520 L600 1335', 4) +
            L('M600 470 L600 520', 3) +
            button(640, 640) +
            button(640, 790) +
            button(640, 940) +
            button(540, 640) +
            button(540, 790) +
            button(540, 940) +
            L('M440 1000 L520 1000 M680 1000 L760 1000', 6, p.shade) +
            L('M290 980 L370 985 M910 980 L830 985', 5),
      };
    case 'jacket':
      return {
        hanging: true,
        body: `<path d="M470 290 Q600 320 730 290 L815 325 Q855 355 862 420 L905 960 L820 970 L790 620 L795 1010 Q600 1040 405 1010 L410 620 L380 970 L295 960 L338 420 Q345 355 385 325 Z"/>`,
        details: back
          ? L('M600 320 L600 1030', 3, p.shade) + L('M470 300 Q600 340 730 300', 5)
          : L('M470 290 L555 560 L600 505 L645 560 L730 290', 5) +
            L('M555 560 L600 1030', 4) +
            button(620, 720) +
            button(620, 860) +
            L('M440 860 L530 860 M680 860 L760 860', 6, p.shade) +
            L('M660 460 L730 455', 5, p.shade) +
            L('M305 935 L380 940 M895 935 L820 940', 5),
      };
    case 'sweater':
    case 'cardigan': {
      const open = kind === 'cardigan';
      const rib = (y1: number, y2: number, x1: number, x2: number) =>
        Array.from(
          { length: Math.floor((x2 - x1) / 18) },
          (_, i) => `M${x1 + 9 + i * 18} ${y1} L${x1 + 9 + i * 18} ${y2}`,
        ).join(' ');
      return {
        hanging: false,
        body: `<path d="M480 300 Q600 330 720 300 L830 340 Q880 370 895 450 L950 990 L860 1005 L800 560 L810 1070 Q600 1095 390 1070 L400 560 L340 1005 L250 990 L305 450 Q320 370 370 340 Z"/>`,
        details:
          L(
            open && !back
              ? 'M480 300 L600 560 L720 300'
              : back
                ? 'M505 305 Q600 330 695 305'
                : 'M500 302 Q600 380 700 302',
            14,
            p.shade,
          ) +
          L(rib(1010, 1078, 392, 808), 3, p.shade) +
          L('M392 1010 Q600 1032 808 1010', 4) +
          L(`${rib(950, 1000, 258, 346)} ${rib(950, 1000, 856, 944)}`, 3, p.shade) +
          L('M305 450 L400 560 M895 450 L800 560', 3, p.shade) +
          (open && !back
            ? L('M600 560 L600 1085', 5) +
              button(620, 640, 11) +
              button(620, 760, 11) +
              button(620, 880, 11) +
              button(620, 1000, 11)
            : '') +
          (kind === 'sweater' && !back
            ? L('M520 420 C500 560 560 640 530 800 M680 420 C700 560 640 640 670 800', 8, p.shade) +
              L('M600 420 L600 1000', 3, p.shade)
            : ''),
      };
    }
    case 'shirt':
    case 'blouse': {
      const blouse = kind === 'blouse';
      const sleeves = blouse
        ? 'L835 330 Q930 380 905 520 L930 930 Q905 965 870 950 L800 560'
        : 'L820 330 Q860 355 870 420 L915 960 L835 972 L800 560';
      const sleevesL = blouse
        ? 'L400 560 L330 950 Q295 965 270 930 L295 520 Q270 380 365 330 Z'
        : 'L400 560 L365 972 L285 960 L330 420 Q340 355 380 330 Z';
      return {
        hanging: true,
        body: `<path d="M470 290 Q600 315 730 290 ${sleeves} L805 1080 Q700 1130 600 1100 Q500 1130 395 1080 ${sleevesL}"/>`,
        details: back
          ? L('M430 420 Q600 450 770 420', 4, p.shade) + L('M600 450 L600 1100', 3, p.shade)
          : (blouse
              ? L('M540 300 Q600 430 660 300', 5) +
                L('M600 420 q-60 40 -70 140 M600 420 q60 40 70 140', 8, p.shade)
              : L('M470 290 L540 380 L600 330 L660 380 L730 290', 5)) +
            L('M585 340 L585 1100 M615 340 L615 1100', 3) +
            button(600, 470, 9) +
            button(600, 620, 9) +
            button(600, 770, 9) +
            button(600, 920, 9) +
            (blouse ? '' : L('M650 480 L730 480 L730 580 L650 580 Z', 4, p.shade)) +
            L(blouse ? 'M275 905 L925 905' : 'M290 930 L370 940 M910 930 L830 940', 5),
      };
    }
    case 'tshirt':
    case 'top': {
      if (kind === 'top')
        return {
          hanging: true,
          body: `<path d="M500 300 L520 300 Q540 460 600 470 Q660 460 680 300 L700 300 L745 560 Q770 760 760 960 Q600 990 440 960 Q430 760 455 560 Z"/>`,
          details:
            L('M510 300 L470 130 M690 300 L730 130', 5, p.deep) +
            L(back ? 'M470 560 Q600 540 730 560' : 'M520 300 Q540 460 600 470 Q660 460 680 300', 4) +
            L('M445 930 Q600 955 755 930', 3, p.shade),
        };
      return {
        hanging: true,
        body: `<path d="M480 300 Q600 330 720 300 L840 350 L930 560 L820 610 L790 540 L795 1010 Q600 1035 405 1010 L410 540 L380 610 L270 560 L360 350 Z"/>`,
        details:
          L(back ? 'M505 305 Q600 330 695 305' : 'M500 303 Q600 400 700 303', 10, p.shade) +
          L('M410 980 Q600 1002 790 980', 3, p.shade) +
          L('M290 555 L385 595 M910 555 L815 595', 4) +
          L('M405 540 Q420 470 410 400 M795 540 Q780 470 790 400', 3, p.shade),
      };
    }
    case 'trousers':
    case 'jeans': {
      const jeans = kind === 'jeans';
      return {
        hanging: false,
        body: `<path d="M410 240 L790 240 L800 320 Q860 800 880 1350 L650 1360 L600 560 L550 1360 L320 1350 Q340 800 400 320 Z"/>`,
        details:
          L('M405 300 L795 300', 5) +
          (back
            ? L('M470 400 L560 400 L560 520 L470 520 Z M640 400 L730 400 L730 520 L640 520 Z', 4)
            : L('M600 300 L600 560', 4) +
              L(
                jeans
                  ? 'M430 330 Q500 330 520 420 M770 330 Q700 330 680 420'
                  : 'M520 300 L540 520 M680 300 L660 520',
                4,
              )) +
          (jeans
            ? S('M412 320 L788 320') + S('M600 310 L600 540') + S('M345 1320 L545 1330 M655 1330 L855 1320')
            : L('M460 330 L430 1340 M740 330 L770 1340', 3, p.shade)) +
          L('M560 250 L560 300 M640 250 L640 300 M460 250 L460 300 M740 250 L740 300', 4, p.shade),
      };
    }
    case 'skirt':
      return {
        hanging: false,
        body: `<path d="M440 320 L760 320 L770 400 Q860 760 910 1170 Q600 1215 290 1170 Q340 760 430 400 Z"/>`,
        details:
          L('M435 380 L765 380', 5) +
          [470, 530, 600, 670, 730]
            .map((x, i) => L(`M${x} 400 L${x + (x - 600) * 0.9} ${1180 + (i % 2) * 10}`, 3, p.shade))
            .join('') +
          front(button(720, 350, 10)),
      };
    case 'boots':
      return {
        hanging: false,
        body: `<path d="M330 520 L520 520 L525 1080 Q640 1120 660 1210 L660 1260 L300 1260 L300 1150 Q300 1100 330 1050 Z"/><path d="M680 520 L870 520 L875 1080 Q990 1120 1010 1210 L1010 1260 L650 1260 L650 1150 Q650 1100 680 1050 Z"/>`,
        details:
          L('M300 1230 L660 1230 M650 1230 L1010 1230', 8, p.deep) +
          L('M505 540 L505 900 M855 540 L855 900', 4) +
          L('M330 520 Q425 545 520 520 M680 520 Q775 545 870 520', 5) +
          front(L('M380 560 L380 660 M730 560 L730 660', 8, p.shade)),
      };
    case 'sneakers':
      return {
        hanging: false,
        body: `<path d="M180 980 Q200 860 300 850 L420 840 Q480 760 560 770 Q580 900 650 960 L690 1040 L690 1090 L180 1090 Z"/><path d="M620 1130 Q640 1010 740 1000 L860 990 Q920 910 1000 920 Q1020 1050 1090 1110 L1130 1190 L1130 1240 L620 1240 Z"/>`,
        details:
          `<path d="M180 1060 L690 1060 L690 1095 L180 1095 Z M620 1210 L1130 1210 L1130 1245 L620 1245 Z" fill="#f4f1ea" stroke="${p.line}" stroke-width="3"/>` +
          L(
            'M440 850 L470 900 M470 830 L500 885 M505 815 L530 870 M880 1000 L910 1050 M910 980 L940 1035 M945 965 L970 1020',
            5,
            p.light,
          ) +
          L('M300 960 Q420 930 520 1000 M740 1110 Q860 1080 960 1150', 4),
      };
    case 'bag':
      return {
        hanging: false,
        body: `<path d="M330 620 L870 620 L930 1240 Q600 1275 270 1240 Z"/>`,
        details:
          `<path d="M430 630 Q430 330 600 330 Q770 330 770 630" fill="none" stroke="${p.deep}" stroke-width="30" stroke-linecap="round"/>` +
          L('M330 690 L870 690', 4) +
          S('M345 705 L855 705') +
          S('M300 1220 Q600 1250 900 1220') +
          front(
            `<rect x="560" y="740" width="80" height="46" rx="6" fill="#c9a86a" stroke="#8a6d3b" stroke-width="4"/>`,
          ),
      };
    case 'scarf':
      return {
        hanging: false,
        body: `<path d="M380 360 L820 360 L840 1160 L360 1160 Z"/>`,
        details:
          L('M380 520 L820 520 M370 760 L830 760 M365 980 L835 980', 5, p.shade) +
          L(
            Array.from({ length: 24 }, (_, i) => `M${372 + i * 20} 1160 L${368 + i * 20} 1250`).join(' '),
            5,
            p.fill,
          ) +
          L('M420 400 L780 400', 3, p.light),
      };
    case 'hat':
      return {
        hanging: false,
        body: `<path d="M360 960 Q340 520 600 470 Q860 520 840 960 Z"/>`,
        details:
          `<path d="M340 900 L860 900 L870 1080 Q600 1110 330 1080 Z" fill="${p.shade}"/>` +
          L(
            Array.from({ length: 26 }, (_, i) => `M${350 + i * 20} 910 L${345 + i * 20} 1078`).join(' '),
            3,
            p.deep,
          ) +
          L(
            Array.from(
              { length: 12 },
              (_, i) => `M${400 + i * 38} 880 Q${600 + (i - 6) * 14} 560 600 480`,
            ).join(' '),
            2,
            p.shade,
          ),
      };
    case 'belt':
      return {
        hanging: false,
        body: `<path d="M300 760 Q300 520 600 520 Q900 520 900 760 Q900 1000 600 1000 Q360 1000 330 830 L400 830 Q430 930 600 930 Q830 930 830 760 Q830 590 600 590 Q370 590 370 760 Z"/>`,
        details:
          `<rect x="250" y="700" width="170" height="150" rx="16" fill="none" stroke="#c9a86a" stroke-width="16"/>` +
          L('M330 775 L420 775', 10, '#8a6d3b') +
          S('M385 760 Q385 605 600 605 Q815 605 815 760') +
          [640, 700, 760].map((x) => `<circle cx="${x}" cy="965" r="8" fill="${p.deep}"/>`).join(''),
      };
  }
}

const FABRIC = (p: Palette) =>
  `<pattern id="weave" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M0 6h48M0 18h48M0 30h48M0 42h48" stroke="${p.shade}" stroke-width="1.6" opacity="0.5"/><path d="M6 0v48M18 0v48M30 0v48M42 0v48" stroke="${p.light}" stroke-width="1.2" opacity="0.3"/></pattern>`;

/** Where the detail view looks, per kind (a close-up of the most telling part). */
const focus: Record<GarmentKind, [number, number]> = {
  dress: [600, 420],
  coat: [590, 620],
  jacket: [600, 560],
  sweater: [600, 420],
  cardigan: [600, 520],
  shirt: [600, 420],
  blouse: [600, 400],
  tshirt: [600, 400],
  top: [600, 430],
  trousers: [600, 340],
  jeans: [560, 360],
  skirt: [640, 400],
  boots: [430, 1050],
  sneakers: [440, 930],
  bag: [600, 730],
  scarf: [600, 1120],
  hat: [600, 960],
  belt: [360, 780],
};

/** A studio packshot of a garment in the given colour: front, back or a close-up. 1200×1500. */
export function renderGarmentSvg(kind: GarmentKind, hex: string, view: GarmentView): string {
  const p = palette(hex);
  const g = garment(kind, p, view === 'back');
  const [fx, fy] = focus[kind];
  const zoom =
    view === 'detail' ? `transform="translate(${600 - fx * 2.6} ${750 - fy * 2.6}) scale(2.6)"` : '';
  const hanger = g.hanging && view !== 'detail' ? HANGER : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1500" width="1200" height="1500">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f1ede7"/><stop offset="0.78" stop-color="#e6e0d7"/><stop offset="1" stop-color="#dcd5ca"/></linearGradient>
<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="volume" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="0.22" stop-color="#000" stop-opacity="0.04"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
<linearGradient id="drop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>
${FABRIC(p)}
</defs>
<rect width="1200" height="1500" fill="url(#bg)"/>
<ellipse cx="600" cy="1390" rx="420" ry="46" fill="url(#floor)"/>
<g ${zoom}>
${hanger}
<g fill="#000" opacity="0.05"><g transform="translate(8 12)">${g.body}</g><g transform="translate(16 24)">${g.body}</g><g transform="translate(24 36)">${g.body}</g></g>
<g fill="${p.fill}">${g.body}</g>
<g fill="url(#weave)">${g.body}</g>
<g fill="url(#volume)">${g.body}</g>
<g fill="url(#drop)">${g.body}</g>
${g.details}
</g>
</svg>`;
}

/** A lookbook banner: several garments on a warm backdrop in the given colours. 1600×900. */
export function renderBannerSvg(
  variant: 'hero' | 'collection-1' | 'collection-2' | 'collection-3',
  colours: string[],
): string {
  const sets: Record<typeof variant, GarmentKind[]> = {
    hero: ['coat', 'sweater', 'dress', 'trousers', 'bag'],
    'collection-1': ['coat', 'sweater', 'boots'],
    'collection-2': ['dress', 'shirt', 'scarf'],
    'collection-3': ['jacket', 'tshirt', 'jeans'],
  };
  const kinds = sets[variant];
  const tones: Record<typeof variant, [string, string]> = {
    hero: ['#e9e1d5', '#d8cab5'],
    'collection-1': ['#e7ddd0', '#cdbba3'],
    'collection-2': ['#eef0ea', '#d9ddd2'],
    'collection-3': ['#e6e7ea', '#cfd3da'],
  };
  const [a, b] = tones[variant];
  const step = 1600 / (kinds.length + 1);
  const pieces = kinds
    .map((kind, i) => {
      const hex = colours[i % colours.length] ?? '#b98b58';
      const inner = renderGarmentSvg(kind, hex, 'front')
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '')
        .replace(/<rect width="1200" height="1500" fill="url\(#bg\)"\/>/, '')
        .replace(/id="(\w+)"/g, `id="$1-${i}"`)
        .replace(/url\(#(\w+)\)/g, `url(#$1-${i})`);
      const scale = kinds.length > 3 ? 0.5 : 0.56;
      const x = step * (i + 1) - 600 * scale;
      const y = 900 - 1460 * scale;
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${scale})">${inner}</g>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">
<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="1600" height="900" fill="url(#wall)"/>
<rect width="1600" height="900" fill="url(#light)"/>
<rect y="760" width="1600" height="140" fill="#000" opacity="0.05"/>
${pieces}
</svg>`;
}
