import { crc32 } from 'node:zlib';

/*
 * A ZIP archive written as it goes (the archive's export, docs/orders.md, "The document archive"):
 * each file stored as it is (PDFs are compressed already), its name in UTF-8, then the central
 * directory. No ZIP64: an export is bounded (50,000 documents) well below its limits, and a file
 * that would pass them is refused rather than written wrong.
 */

const LIMIT = 0xffff_ffff;

/** The DOS date and time a ZIP entry carries, in UTC. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/**
 * What a file's local header and its central directory entry both say, from `at` on: names in
 * UTF-8, stored (not compressed), the DOS time and date, the CRC, the size twice (stored, so
 * compressed and not are the same) and the name's length.
 */
function writeEntry(
  buf: Buffer,
  at: number,
  e: { time: number; date: number; crc: number; size: number; nameLength: number },
): void {
  buf.writeUInt16LE(0x0800, at);
  buf.writeUInt16LE(0, at + 2);
  buf.writeUInt16LE(e.time, at + 4);
  buf.writeUInt16LE(e.date, at + 6);
  buf.writeUInt32LE(e.crc, at + 8);
  buf.writeUInt32LE(e.size, at + 12);
  buf.writeUInt32LE(e.size, at + 16);
  buf.writeUInt16LE(e.nameLength, at + 20);
}

export class ZipWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];

  /** The bytes of one file's entry: its local header, then the file. */
  entry(name: string, bytes: Uint8Array, at: Date): Buffer[] {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(bytes);
    const { time, date } = dosTime(at);
    if (this.offset + 30 + nameBytes.length + bytes.length > LIMIT || this.central.length / 2 >= 0xffff)
      throw new Error('the export is beyond what a ZIP without ZIP64 holds');
    const entry = { time, date, crc, size: bytes.length, nameLength: nameBytes.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    writeEntry(local, 6, entry);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by
    header.writeUInt16LE(20, 6); // needed
    writeEntry(header, 8, entry);
    // extra, comment, disk, internal and external attributes: none
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, nameBytes);
    this.offset += local.length + nameBytes.length + bytes.length;
    return [local, nameBytes, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)];
  }

  /** The central directory and its end record: the archive's last bytes. */
  finish(): Buffer {
    const directory = Buffer.concat(this.central);
    const entries = this.central.length / 2;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries, 8);
    end.writeUInt16LE(entries, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([directory, end]);
  }
}
