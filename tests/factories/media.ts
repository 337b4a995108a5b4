import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** ISO media boxes: a 4-byte size, a 4-byte type, the payload. */
export function isoBox(type: string, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** The `ftyp` box that opens an ISO media file, with its major and compatible brands. */
export function fileTypeBox(major: string, ...compatible: string[]): Buffer {
  return isoBox(
    'ftyp',
    Buffer.concat([
      Buffer.from(major, 'latin1'),
      Buffer.alloc(4),
      ...compatible.map((c) => Buffer.from(c, 'latin1')),
    ]),
  );
}

/** The smallest whole MP4: file type, a movie header inside `moov`, and `mediaBytes` of media data. */
export function buildMp4(mediaBytes = 64): Buffer {
  return Buffer.concat([
    fileTypeBox('isom', 'isom', 'iso2', 'avc1', 'mp41'),
    isoBox('moov', isoBox('mvhd', Buffer.alloc(100))),
    isoBox('mdat', Buffer.alloc(mediaBytes, 1)),
  ]);
}

/** A JPEG photo `width`×`height` in one colour, as a camera would send it. */
export function buildJpeg(width = 1200, height = 1600, colour = '#b04030'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A small real HEVC-coded HEIC photo (64×48, red left half, blue right), as phones take them. */
export function heicSample(): Buffer {
  return fs.readFileSync(path.resolve('tests/fixtures/media/phone-photo.heic'));
}

/** A multipart body as a browser's FormData makes it. */
export async function buildMultipart(files: { name: string; type: string; data: Buffer }[], field = 'files') {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}
