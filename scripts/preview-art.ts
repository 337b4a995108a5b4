/**
 * Renders the demo garment art to PNG contact sheets in /tmp/art-preview/ for a visual check:
 * every kind in a light, a mid and a dark colour, all three views, plus the four banners.
 * Run: node scripts/preview-art.ts [kind ...]
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { GarmentKind } from '../demo/demo-data.types.ts';
import { type GarmentView, renderBannerSvg, renderGarmentSvg } from '../demo/garment-art.ts';

const outDir = '/tmp/art-preview';
const allKinds: GarmentKind[] = [
  'dress',
  'coat',
  'jacket',
  'sweater',
  'cardigan',
  'shirt',
  'blouse',
  'tshirt',
  'top',
  'trousers',
  'jeans',
  'skirt',
  'boots',
  'sneakers',
  'bag',
  'scarf',
  'hat',
  'belt',
];
const colours = ['#e4d9c4', '#b05f40', '#1f1e1d'];
const views: GarmentView[] = ['front', 'back', 'detail'];
const tileW = 320;
const tileH = 400;

async function tile(svg: string, w: number, h: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * (w / 1200) * 1.5 })
    .resize(w, h)
    .png()
    .toBuffer();
}

async function main() {
  const wanted = process.argv.slice(2);
  const kinds = wanted.length > 0 ? allKinds.filter((k) => wanted.includes(k)) : allKinds;
  await fs.mkdir(outDir, { recursive: true });
  for (const kind of kinds) {
    const composites: { input: Buffer; left: number; top: number }[] = [];
    for (const [row, hex] of colours.entries()) {
      for (const [col, view] of views.entries()) {
        const svg = renderGarmentSvg(kind, hex, view);
        composites.push({ input: await tile(svg, tileW, tileH), left: col * tileW, top: row * tileH });
      }
    }
    const file = path.join(outDir, `${kind}.png`);
    await sharp({
      create: {
        width: tileW * views.length,
        height: tileH * colours.length,
        channels: 3,
        background: '#ffffff',
      },
    })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(file);
  }
  if (wanted.length === 0 || wanted.includes('banners')) {
    const palette = [
      '#d3bc96',
      '#4a4d52',
      '#f2ece1',
      '#5b3e2f',
      '#6e6a42',
      '#1f1e1d',
      '#b05f40',
      '#e2bfb5',
      '#1f2a44',
    ];
    const variants = ['hero', 'collection-1', 'collection-2', 'collection-3'] as const;
    const composites: { input: Buffer; left: number; top: number }[] = [];
    for (const [i, v] of variants.entries()) {
      const shifted = [...palette.slice(i * 3), ...palette.slice(0, i * 3)];
      const svg = renderBannerSvg(v, shifted);
      const png = await sharp(Buffer.from(svg), { density: 72 * 0.6 })
        .resize(800, 450)
        .png()
        .toBuffer();
      composites.push({ input: png, left: (i % 2) * 800, top: Math.floor(i / 2) * 450 });
    }
    const file = path.join(outDir, 'banners.png');
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ffffff' } })
      .composite(composites)
      .png()
      .toFile(file);
    console.log(file);
  }
}

await main();
