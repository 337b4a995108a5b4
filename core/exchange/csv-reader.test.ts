import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CsvDecoder, type CsvRecord, CsvTooLarge, readCsvRecords } from './csv-reader.ts';

/** A file given out chunk by chunk, counting how much of it was taken. */
function countingSource(chunks: () => Iterable<Uint8Array>) {
  const taken = { bytes: 0 };
  async function* source() {
    for (const chunk of chunks()) {
      taken.bytes += chunk.length;
      yield chunk;
    }
  }
  return { source: source(), taken };
}

/** The header, then `count` lines of `;;;;`, made 64 KB at a time as they are read. */
function* shortLines(count: number) {
  yield Buffer.from('Штрихкод;Остаток\n');
  const perChunk = 13_107;
  const chunk = Buffer.alloc(perChunk * 5, ';;;;\n');
  for (let left = count; left > 0; left -= perChunk)
    yield left >= perChunk ? chunk : chunk.subarray(0, left * 5);
}

async function readAll(records: AsyncIterable<CsvRecord>) {
  const all: CsvRecord[] = [];
  for await (const r of records) all.push(r);
  return all;
}

describe('CSV files read as they stream in', () => {
  it('refuses 3 million short lines at the line cap, having read a small part of the file', async () => {
    const { source, taken } = countingSource(() => shortLines(3_000_000));
    // The cap lowered from 200,000 so the test parses little; the file is as the finding's.
    const error = await readAll(readCsvRecords(source, { maxBytes: 20_000_000, maxLines: 20_000 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CsvTooLarge);
    expect(error).toMatchObject({ cap: 'lines', limit: 20_000 });
    // The file is 15 MB; the cap's lines are 100 KB, and the reader runs only a few chunks ahead.
    expect(taken.bytes).toBeLessThan(400_000);
  });

  it('refuses past the byte cap before reading on', async () => {
    const { source, taken } = countingSource(() => shortLines(1_000_000));
    const error = await readAll(readCsvRecords(source, { maxBytes: 100_000, maxLines: 10_000_000 })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ cap: 'bytes', limit: 100_000 });
    // Refused on the chunk that passed the cap: not one more was asked for.
    expect(taken.bytes).toBeLessThanOrEqual(100_000 + 65_535);
  });

  it('takes a file at the caps, with its line numbers', async () => {
    const { source } = countingSource(() => [Buffer.from('Штрихкод;Остаток\na;1\n\nb;2\n')]);
    const records = await readAll(readCsvRecords(source, { maxBytes: 100, maxLines: 3 }));
    expect(records).toEqual([
      { record: ['Штрихкод', 'Остаток'], line: 1 },
      { record: ['a', '1'], line: 2 },
      { record: ['b', '2'], line: 4 },
    ]);
  });

  it('decodes windows-1251 and UTF-8 however the chunks cut the characters', () => {
    const text = 'Barcode,Stock\nabc,1\nПесочный ёлка №5,2\n';
    for (const [bytes, encoding] of [
      [iconv.encode(text, 'win1251'), 'windows-1251'],
      [Buffer.from(text, 'utf8'), 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8'],
    ] as const) {
      for (const size of [1, 2, 3, 5, 64]) {
        const decoder = new CsvDecoder();
        let out = '';
        for (let at = 0; at < bytes.length; at += size) out += decoder.decode(bytes.subarray(at, at + size));
        out += decoder.decode(new Uint8Array(0), true);
        expect(out.replace(/^\uFEFF/, '')).toBe(text);
        expect(decoder.encoding).toBe(encoding);
      }
    }
  });
});
