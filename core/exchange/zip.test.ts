import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractZip } from './zip.ts';

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'shop-zip-test-'));
const archive = (files: Record<string, Uint8Array>, level: 0 | 9 = 9) => {
  const dir = folder();
  const file = path.join(dir, 'exchange.zip');
  writeFileSync(file, zipSync(files, { level }));
  return file;
};

describe('zip uploads of the 1C exchange', () => {
  it('unpacks the files with their folders', async () => {
    const zip = archive({
      'import.xml': Buffer.from('<a/>'),
      'offers.xml': Buffer.from('<b/>'),
      'import_files/ab/photo.jpg': Buffer.from([1, 2, 3]),
    });
    const dir = folder();
    expect((await extractZip(zip, dir)).sort()).toEqual([
      'import.xml',
      'import_files/ab/photo.jpg',
      'offers.xml',
    ]);
    expect(readFileSync(path.join(dir, 'offers.xml'), 'utf8')).toBe('<b/>');
    expect([...readFileSync(path.join(dir, 'import_files/ab/photo.jpg'))]).toEqual([1, 2, 3]);
  });

  it('refuses a zip bomb by its ratio before writing it out, and leaves nothing behind', async () => {
    const zip = archive({ 'import.xml': new Uint8Array(50 * 1_048_576) });
    const dir = folder();
    await expect(
      extractZip(zip, dir, { maxEntries: 10, maxTotalBytes: 1e12, maxRatio: 200 }),
    ).rejects.toThrow(/больше чем в 200 раз от своего размера: отклонён как зип-бомба/);
    expect(existsSync(path.join(dir, 'import.xml'))).toBe(false);
  });

  it('refuses more than the total size, too many entries and unsafe paths', async () => {
    const big = archive({ 'a.xml': new Uint8Array(300_000).fill(65) }, 0);
    await expect(
      extractZip(big, folder(), { maxEntries: 10, maxTotalBytes: 200_000, maxRatio: 200 }),
    ).rejects.toThrow('архив распаковывается больше чем в 200000 байт');
    const many = archive(
      Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.xml`, Buffer.from('x')])),
    );
    await expect(
      extractZip(many, folder(), { maxEntries: 10, maxTotalBytes: 1e9, maxRatio: 200 }),
    ).rejects.toThrow('в архиве больше 10 файлов');
    const outside = archive({ '../evil.xml': Buffer.from('x') });
    const dir = folder();
    await expect(extractZip(outside, dir)).rejects.toThrow('в архиве недопустимый путь «../evil.xml»');
    expect(existsSync(path.join(dir, '..', 'evil.xml'))).toBe(false);
  });

  it('refuses a small archive of zeros that unpacks past the total size, having written little of it', async () => {
    const zip = archive({ 'import.xml': new Uint8Array(64 * 1_048_576) });
    expect(readFileSync(zip).length).toBeLessThan(200_000);
    const dir = folder();
    // The ratio guard set aside, the total size alone refuses it.
    await expect(
      extractZip(zip, dir, { maxEntries: 10, maxTotalBytes: 4 * 1_048_576, maxRatio: 1e9 }),
    ).rejects.toThrow(`архив распаковывается больше чем в ${4 * 1_048_576} байт`);
    expect(existsSync(path.join(dir, 'import.xml'))).toBe(false);
  });

  it('refuses a damaged archive', async () => {
    const dir = folder();
    const file = path.join(dir, 'broken.zip');
    const good = zipSync({ 'import.xml': new Uint8Array(100_000).fill(66) }, { level: 9 });
    writeFileSync(file, good.subarray(0, 60));
    const target = folder();
    await expect(extractZip(file, target)).rejects.toThrow(/повреждён/);
  });
});
