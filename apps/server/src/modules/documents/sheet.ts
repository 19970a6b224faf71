import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { DocumentFonts } from './fonts';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit takes a parsed fontkit font as well as a file (its types only list files). */
      registerFont(name: string, src: Font): this;
    }
  }
}

/*
 * The page the documents are set on: A4, one column between fixed margins, a cursor that moves
 * down, and the few shapes every document is made of (a heading, labelled facts, a table with
 * numbers right-aligned, a box). Only the shop's brown as accent; everything else ink and greys.
 */

export const colours = {
  accent: '#774324',
  accentTint: '#f7f0ea',
  ink: '#1f2328',
  muted: '#57606a',
  rule: '#d0d7de',
} as const;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, side: 50, bottom: 64 };

type Weight = 'regular' | 'bold';
type TextStyle = { size?: number; weight?: Weight; colour?: string };

/** A column of a table: its share of the width, and whether its cells are numbers (right-aligned). */
export type Column = { header: string; width: number; numeric?: boolean };
/** A row of cells; `strong` sets it in bold. */
export type Row = { cells: string[]; strong?: boolean };

export class Sheet {
  readonly doc: PDFKit.PDFDocument;
  readonly left = MARGIN.side;
  readonly right = A4.width - MARGIN.side;
  readonly width = A4.width - 2 * MARGIN.side;
  /** Where the next thing goes. */
  y = MARGIN.top;

  constructor(fonts: DocumentFonts, info: { title: string; author: string }, lang = 'en') {
    // No standard font (an empty name: pdfkit loads none, where leaving it out would load
    // Helvetica, which the documents never use).
    // The Info dictionary's keys are case-sensitive: readers look for Title and Author.
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      bufferPages: true,
      font: '',
      lang,
      info: { Title: info.title, Author: info.author },
    });
    this.doc.registerFont('regular', fonts.regular);
    this.doc.registerFont('bold', fonts.bold);
    this.style({});
  }

  /** Sets the font, size and colour of what is written next. */
  style({ size = 9.5, weight = 'regular', colour = colours.ink }: TextStyle): this {
    this.doc.font(weight).fontSize(size).fillColor(colour);
    return this;
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  room(height: number): void {
    if (this.y + height <= A4.height - MARGIN.bottom) return;
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /** The height of `text` set in `width` with the current style. */
  heightOf(text: string, width: number): number {
    return this.doc.heightOfString(text, { width, lineGap: 1 });
  }

  /** Writes `text` at (x, y) within `width`, wrapping; returns its height. Does not move the cursor. */
  write(text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): number {
    this.doc.text(text, x, y, { width, align, lineGap: 1 });
    return this.doc.y - y;
  }

  /** A paragraph across the page (or `width` from `x`), moving the cursor past it. */
  paragraph(text: string, style: TextStyle = {}, gap = 4, x = this.left, width = this.width): void {
    this.style(style);
    const height = this.heightOf(text, width);
    this.room(height);
    this.write(text, x, this.y, width);
    this.y += height + gap;
  }

  /** A horizontal rule across the page. */
  rule(colour: string = colours.rule, thickness = 0.6, gap = 8): void {
    this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(thickness).stroke(colour);
    this.y += gap;
  }

  /** A small heading in the accent colour. */
  heading(text: string, gap = 4): void {
    this.room(40);
    this.paragraph(text, { size: 10.5, weight: 'bold', colour: colours.accent }, gap);
  }

  /**
   * Labelled facts in two columns within `width` from `x`: the label in grey, the value
   * right-aligned (or as `align` says). Returns their height (only measured unless `draw`); the
   * cursor does not move.
   */
  facts(
    items: readonly { label: string; value: string; strong?: boolean }[],
    x: number,
    width: number,
    y = this.y,
    labelWidth = width * 0.42,
    draw = true,
    align: 'left' | 'right' = 'right',
  ): number {
    let at = y;
    for (const item of items) {
      this.style({ colour: colours.muted });
      const labelHeight = this.heightOf(item.label, labelWidth - 6);
      if (draw) this.write(item.label, x, at, labelWidth - 6);
      this.style({ weight: item.strong ? 'bold' : 'regular' });
      const valueHeight = this.heightOf(item.value, width - labelWidth);
      if (draw) this.write(item.value, x + labelWidth, at, width - labelWidth, align);
      at += Math.max(labelHeight, valueHeight) + 2;
    }
    return at - y;
  }

  /**
   * A table across the page: a header row in the accent colour, rows ruled apart, numeric
   * columns right-aligned. A row that would not fit starts a new page, whose table repeats its header.
   */
  table(columns: readonly Column[], rows: readonly Row[]): void {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const pad = 4;
    // Where each column's text goes: its left edge (after padding), its width and alignment.
    let x = this.left;
    const slots = columns.map((c) => {
      const width = (c.width / total) * this.width;
      const slot = {
        x: x + pad,
        width: width - 2 * pad,
        align: c.numeric ? ('right' as const) : ('left' as const),
      };
      x += width;
      return slot;
    });
    const line = (cells: readonly string[], style: TextStyle, gap: number) => {
      this.style(style);
      const heights = cells.map((cell, i) => (slots[i] ? this.heightOf(cell, slots[i].width) : 0));
      const height = Math.max(...heights);
      if (this.y + height + 10 > A4.height - MARGIN.bottom) {
        this.room(Number.POSITIVE_INFINITY);
        header();
        this.style(style);
      }
      for (const [i, cell] of cells.entries()) {
        const slot = slots[i];
        if (slot) this.write(cell, slot.x, this.y, slot.width, slot.align);
      }
      this.y += height + gap;
    };
    const header = () => {
      line(
        columns.map((c) => c.header),
        { size: 8.5, weight: 'bold', colour: colours.accent },
        4,
      );
      this.rule(colours.accent, 0.8, 5);
    };
    this.room(60);
    header();
    for (const row of rows) {
      line(row.cells, { weight: row.strong ? 'bold' : 'regular' }, 5);
      this.rule(colours.rule, 0.5, 5);
    }
  }

  /**
   * A tinted box with the accent as a bar on its left, around content of the height `measure`
   * gives for a width, which `draw` then writes at (x, y) in that width.
   */
  box(measure: (width: number) => number, draw: (x: number, y: number, width: number) => void): void {
    const pad = 10;
    const inner = this.width - 2 * pad - 3;
    const height = measure(inner) + 2 * pad;
    this.room(height);
    this.doc.rect(this.left, this.y, this.width, height).fill(colours.accentTint);
    this.doc.rect(this.left, this.y, 3, height).fill(colours.accent);
    draw(this.left + 3 + pad, this.y + pad, inner);
    this.y += height + 12;
  }

  /** Writes the footer on every page: the shop on the left, the order and page on the right. */
  footer(left: string, right: (page: number, pages: number) => string): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const y = A4.height - MARGIN.bottom + 22;
      this.doc
        .moveTo(this.left, y - 6)
        .lineTo(this.right, y - 6)
        .lineWidth(0.5)
        .stroke(colours.rule);
      this.style({ size: 7.5, colour: colours.muted });
      // Two lines at most (a long name and address end in an ellipsis), below the bottom margin.
      this.doc.text(left, this.left, y, { width: this.width * 0.7, height: 20, ellipsis: true });
      this.doc.text(right(i - start + 1, count), this.left + this.width * 0.7, y, {
        width: this.width * 0.3,
        align: 'right',
        lineBreak: false,
      });
    }
  }

  /** The finished PDF. */
  finish(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
      this.doc.end();
    });
  }
}
