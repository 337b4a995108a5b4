import { pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { CsvFileError, detectDelimiter } from './csv.rules.ts';

/** How much of a CSV file is read at most: a file past either is refused as it streams in. */
export interface CsvLimits {
  /** Bytes of the file. */
  maxBytes: number;
  /** Lines after the header (blank ones too: they cost as much to read). */
  maxLines: number;
}

/** A file past one of the {@link CsvLimits}, refused before the rest of it was read. */
export class CsvTooLarge extends Error {
  readonly cap: 'bytes' | 'lines';
  readonly limit: number;
  constructor(cap: 'bytes' | 'lines', limit: number) {
    super(
      cap === 'bytes'
        ? `файл больше ${Math.round(limit / 1_000_000)} МБ`
        : `в файле больше ${limit.toLocaleString('ru-RU')} строк`,
    );
    this.cap = cap;
    this.limit = limit;
  }
}

/** Longest header line looked at for the delimiter, and longest record taken. */
const MAX_RECORD_CHARS = 65_536;

/**
 * Decodes a CSV file chunk by chunk, as Russian Excel writes them: UTF-8 (with or without a BOM)
 * when its first non-ASCII characters are UTF-8, else windows-1251.
 */
export class CsvDecoder {
  encoding: 'utf-8' | 'windows-1251' | null = null;
  private carry: Uint8Array = new Uint8Array(0);
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });

  decode(chunk: Uint8Array, final = false): string {
    let bytes = chunk;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
      this.carry = new Uint8Array(0);
    }
    if (this.encoding === 'windows-1251') return iconv.decode(Buffer.from(bytes), 'win1251');
    if (this.encoding === 'utf-8') {
      try {
        return this.utf8.decode(bytes, { stream: !final });
      } catch {
        throw new CsvFileError('файл не в кодировке UTF-8 и не в windows-1251');
      }
    }
    // Undecided: everything so far was ASCII. The last (perhaps cut) sequence waits for more.
    let end = bytes.length;
    if (!final) {
      let at = end - 1;
      while (at >= 0 && end - at <= 3 && ((bytes[at] ?? 0) & 0xc0) === 0x80) at -= 1;
      if (at >= 0 && (bytes[at] ?? 0) >= 0xc0) end = at;
    }
    const head = bytes.subarray(0, end);
    this.carry = bytes.slice(end);
    if (head.every((b) => b < 0x80)) return Buffer.from(head).toString('latin1');
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(head);
      this.encoding = 'utf-8';
      return text;
    } catch {
      this.encoding = 'windows-1251';
      return iconv.decode(Buffer.from(head), 'win1251');
    }
  }
}

export interface CsvRecord {
  record: string[];
  /** The file's line the record starts on, 1 for the header. */
  line: number;
}

/**
 * The records of a CSV file read as it streams in: bytes and lines are counted as they arrive and
 * the file is refused with {@link CsvTooLarge} the moment it passes a limit, having read at most a
 * few chunks more; only the parser's small buffers are held, never the file.
 */
export function readCsvRecords(
  source: AsyncIterable<Uint8Array>,
  limits: CsvLimits,
  decoder: CsvDecoder = new CsvDecoder(),
): AsyncIterable<CsvRecord> {
  async function* texts(): AsyncGenerator<string> {
    let bytes = 0;
    let newlines = 0;
    let header: string | null = '';
    const counted = (text: string) => {
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
        newlines += 1;
        // The header's line and maxLines more, each ended by a newline.
        if (newlines > limits.maxLines + 1) throw new CsvTooLarge('lines', limits.maxLines);
      }
      return text;
    };
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) throw new CsvTooLarge('bytes', limits.maxBytes);
      const text = counted(decoder.decode(chunk));
      if (header === null) {
        if (text) yield text;
        continue;
      }
      // Held until the header line is whole, for its delimiter.
      header += text;
      if (/\n/.test(header) || header.length > MAX_RECORD_CHARS) {
        yield header;
        header = null;
      }
    }
    const rest = counted(decoder.decode(new Uint8Array(0), true));
    if (header !== null) header += rest;
    const last = header ?? rest;
    if (last) yield last;
  }

  return {
    async *[Symbol.asyncIterator]() {
      const source = texts();
      const first = await source.next();
      const start = first.done ? '' : first.value.replace(/^\uFEFF/, '');
      if (start.trim() === '') throw new CsvFileError('файл пуст');
      const parser = parse({
        delimiter: detectDelimiter(start),
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: MAX_RECORD_CHARS,
        info: true,
      });
      async function* all() {
        yield start;
        yield* source;
      }
      const records = pipeline(
        Readable.from(all(), { objectMode: true, highWaterMark: 1 }),
        parser,
        () => {},
      );
      for await (const { record, info } of records as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        yield { record, line: info.lines };
      }
    },
  };
}
