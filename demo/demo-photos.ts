import fs from 'node:fs/promises';
import path from 'node:path';
import { type DemoPhoto, demoPhotos, writeRenditions } from './seed-demo.ts';

/**
 * The demo's photos drawn on their first request (docs/decisions/0017-first-paint-and-first-start.md):
 * the first start stores the catalogue without waiting for ~280 drawings; each photo is drawn
 * when a page first shows it, written beside an operator's uploads and served from disk after.
 */
export function createDemoPhotoDrawer(mediaDir: string) {
  let byStem: Map<string, DemoPhoto> | null = null;
  /** Renditions known to be on disk, and drawings in flight (concurrent requests share one). */
  const present = new Set<string>();
  const drawing = new Map<string, Promise<void>>();

  /**
   * Makes sure the rendition `relative` (`products/<group>-<view>-<width>.webp` or
   * `banners/<name>-<width>.webp`, `looks/<id>-<width>.webp`) exists when it is one of the demo's; anything else is left
   * to the media route as it is.
   */
  return async function ensureDemoPhoto(relative: string): Promise<void> {
    const match = relative.match(/^((?:products|banners|looks)\/[a-z0-9-]+)-(\d+)\.webp$/);
    if (!match) return;
    const [, stem = '', width = ''] = match;
    const rendition = `${stem}-${width}`;
    if (present.has(rendition)) return;
    byStem ??= new Map(demoPhotos().map((p) => [p.stem, p]));
    const photo = byStem.get(stem);
    if (!photo) return;
    if (!photo.widths.includes(Number(width))) return;
    let running = drawing.get(rendition);
    if (!running) {
      // Only the width asked for: a card's 480 px costs a quarter of the 960 px drawing.
      running = (async () => {
        const file = path.join(mediaDir, photo.stem);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await writeRenditions(photo.svg(), file, [Number(width)], photo.viewBoxWidth);
        present.add(rendition);
      })().finally(() => drawing.delete(rendition));
      drawing.set(rendition, running);
    }
    await running;
  };
}
