import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildMp4, fileTypeBox, heicSample, isoBox } from '../../tests/factories/media.ts';
import { processImage } from './image-pipeline.ts';
import { imageKindOf, isMp4, renditionWidths } from './media.rules.ts';

/** A photo 1200×800 whose left half is red and right half blue: its orientation shows in the pixels. */
async function twoToned(width = 1200, height = 800) {
  const half = Math.round(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: { r: 20, g: 20, b: 220 } } },
      left: half,
      top: 0,
    },
  ]);
}

async function pixel(data: Buffer, x: number, y: number) {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: raw[at] ?? 0, g: raw[at + 1] ?? 0, b: raw[at + 2] ?? 0 };
}

const heic = heicSample();

describe('image pipeline', () => {
  it('turns a JPEG upright by its EXIF orientation and strips EXIF and GPS from every rendition', async () => {
    // Orientation 6: the camera was turned; the stored 1200×800 shows upright as 800×1200.
    const jpeg = await (await twoToned())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '55/1 45/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '37/1 37/1 0/1',
        },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('Secret Phone'))).toBe(true);

    const result = await processImage(jpeg);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.kind).toBe('jpeg');
    expect([result.width, result.height]).toEqual([800, 1200]);
    // 800 px wide: 480 and its own 800, never blown up to 960 or 1600.
    expect(result.renditions.map((r) => `${r.format}:${r.width}x${r.height}`).sort()).toEqual([
      'avif:480x720',
      'avif:800x1200',
      'webp:480x720',
      'webp:800x1200',
    ]);
    for (const r of result.renditions) {
      const meta = await sharp(r.data).metadata();
      expect(meta.format).toBe(r.format === 'webp' ? 'webp' : 'heif');
      expect([meta.width, meta.height]).toEqual([r.width, r.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(r.data.includes(Buffer.from('Secret Phone'))).toBe(false);
      expect(r.data.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    // Turned clockwise: the red left half is now on top, the blue below.
    const webp = result.renditions.find((r) => r.format === 'webp' && r.width === 480)?.data as Buffer;
    expect((await pixel(webp, 240, 100)).r).toBeGreaterThan(150);
    expect((await pixel(webp, 240, 620)).b).toBeGreaterThan(150);
  });

  it('makes WebP and AVIF at 480, 960 and 1600 px from a large PNG', async () => {
    const png = await (await twoToned(2400, 3000)).png().toBuffer();
    const result = await processImage(png);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.kind).toBe('png');
    expect([result.width, result.height]).toEqual([1600, 2000]);
    expect(result.renditions.map((r) => `${r.format}:${r.width}`).sort()).toEqual([
      'avif:1600',
      'avif:480',
      'avif:960',
      'webp:1600',
      'webp:480',
      'webp:960',
    ]);
  });

  it('takes a WebP, and a small photo at its own width only', async () => {
    const webp = await (await twoToned(300, 400)).webp().toBuffer();
    const result = await processImage(webp);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.kind).toBe('webp');
    expect(result.renditions.map((r) => `${r.format}:${r.width}x${r.height}`).sort()).toEqual([
      'avif:300x400',
      'webp:300x400',
    ]);
  });

  it("decodes a phone's HEVC-coded HEIC photo", async () => {
    expect(imageKindOf(heic)).toBe('heic');
    const result = await processImage(heic);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.kind).toBe('heic');
    expect([result.width, result.height]).toEqual([64, 48]);
    const webp = result.renditions.find((r) => r.format === 'webp')?.data as Buffer;
    // Left red, right blue, as drawn before it was encoded.
    expect((await pixel(webp, 8, 24)).r).toBeGreaterThan(150);
    expect((await pixel(webp, 56, 24)).b).toBeGreaterThan(150);
  });

  it('refuses a text file whatever it is called, and an AVIF or GIF picture', async () => {
    const text = Buffer.from('just a note called photo.jpg\n');
    expect(await processImage(text)).toEqual({ ok: false, refusal: 'not_an_image' });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(await processImage(gif)).toEqual({ ok: false, refusal: 'not_an_image' });
    const avif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .avif()
      .toBuffer();
    expect(await processImage(avif)).toEqual({ ok: false, refusal: 'not_an_image' });
  });

  it('refuses a file with a JPEG signature that is not a picture', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const result = await processImage(fake);
    expect(result.ok).toBe(false);
  });

  it('refuses a file over the byte limit before decoding it', async () => {
    const jpeg = await (await twoToned(600, 400)).jpeg().toBuffer();
    expect(await processImage(jpeg, { maxBytes: jpeg.length - 1 })).toEqual({
      ok: false,
      refusal: 'too_many_bytes',
    });
  });

  it('refuses a decompression bomb by its header: a small PNG of 100 megapixels', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(await processImage(bomb)).toEqual({ ok: false, refusal: 'too_many_pixels' });
  });

  it('lists the widths of a photo without upscaling', () => {
    expect(renditionWidths(4000)).toEqual([480, 960, 1600]);
    expect(renditionWidths(1000)).toEqual([480, 960, 1000]);
    expect(renditionWidths(960)).toEqual([480, 960]);
    expect(renditionWidths(200)).toEqual([200]);
  });
});

describe('mp4 check', () => {
  it('takes a whole MP4 file', () => {
    expect(isMp4(buildMp4())).toBe(true);
  });

  it('refuses a text file called .mp4, a cut-off MP4, a QuickTime movie and a HEIC photo', () => {
    expect(isMp4(Buffer.from('not a video at all, just words in a file'))).toBe(false);
    const whole = buildMp4();
    expect(isMp4(whole.subarray(0, whole.length - 10))).toBe(false);
    const mov = Buffer.concat([
      fileTypeBox('qt  ', 'qt  '),
      isoBox('moov', isoBox('mvhd', Buffer.alloc(100))),
      isoBox('mdat'),
    ]);
    expect(isMp4(mov)).toBe(false);
    expect(isMp4(heic)).toBe(false);
    // An MP4 signature with no movie index.
    expect(isMp4(Buffer.concat([fileTypeBox('isom', 'isom'), isoBox('mdat', Buffer.alloc(64))]))).toBe(false);
  });
});
