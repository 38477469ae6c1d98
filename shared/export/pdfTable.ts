import { pdfNumber as num, pdfString, writePdf } from './pdfWriter';
import { textWidth } from './textWidth';

/**
 * A small PDF writer for the grid exports (docs/product/live-alarms-and-testing.md#screens "Export
 * PDF", letter, scale 0.5): the visible columns at half their on-screen size in Helvetica, the
 * header repeated on each page. It needs no package and runs in the browser or in node (the tests
 * read its output).
 */
export { textWidth };

export interface PdfTable {
  title: string;
  /** Column labels and on-screen widths in CSS pixels. */
  columns: ReadonlyArray<{ label: string; width: number }>;
  cells: readonly (readonly string[])[];
  /** details[i]: rows printed under cells[i], indented, with their own header. */
  details?: ReadonlyArray<
    | { columns: ReadonlyArray<{ label: string; width: number }>; cells: readonly (readonly string[])[] }
    | null
    | undefined
  >;
}

export interface PdfOptions {
  /** 0.5 as the spec asks: on-screen pixels times 0.75 pt times this. */
  scale?: number;
  /** Called with 0..1 while rows are laid out. */
  onProgress?(done: number): void;
  /** Rows laid out between yields to the browser. */
  chunk?: number;
  generatedAt?: Date;
}

const LETTER = { w: 612, h: 792 };
const MARGIN = 36;
const PX_TO_PT = 0.75;

/** Cuts text to fit `width` points, with an ellipsis when cut. */
export function fitText(text: string, width: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (textWidth(`${text.slice(0, mid)}...`, size, bold) <= width) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : `${text.slice(0, lo)}...`;
}

const yieldToBrowser = () => new Promise<void>((r) => setTimeout(r, 0));

/** Builds the PDF; resolves with its bytes. */
export async function buildPdfTable(table: PdfTable, opts: PdfOptions = {}): Promise<Uint8Array> {
  const scale = opts.scale ?? 0.5;
  const chunk = opts.chunk ?? 400;
  const naturalWidth = table.columns.reduce((s, c) => s + c.width, 0) * PX_TO_PT * scale;
  // Letter, turned to landscape when the columns need it; shrunk further only if even that is too narrow.
  const landscape = naturalWidth > LETTER.w - 2 * MARGIN;
  const page = landscape ? { w: LETTER.h, h: LETTER.w } : LETTER;
  const fit = Math.min(1, (page.w - 2 * MARGIN) / Math.max(1, naturalWidth));
  const k = PX_TO_PT * scale * fit;
  const widths = table.columns.map((c) => c.width * k);
  const font = 13 * k;
  const rowH = 28 * k;
  const pad = 6 * k;
  const titleSize = 11;
  const generated = (opts.generatedAt ?? new Date()).toLocaleString();

  const pages: string[] = [];
  let ops: string[] = [];
  let y = 0;
  const startPage = (first: boolean) => {
    ops = [];
    y = page.h - MARGIN;
    if (first) {
      ops.push(
        `BT /F2 ${titleSize} Tf ${num(MARGIN)} ${num(y - titleSize)} Td ${pdfString(table.title)} Tj ET`,
      );
      ops.push(
        `BT /F1 7 Tf ${num(MARGIN)} ${num(y - titleSize - 10)} Td ${pdfString(`${table.cells.length} rows · exported ${generated}`)} Tj ET`,
      );
      y -= titleSize + 18;
    }
    row(
      table.columns.map((c) => c.label),
      true,
    );
  };
  const row = (cells: readonly string[], header = false, cols = widths, left = MARGIN) => {
    const top = y;
    if (header)
      ops.push(
        `0.92 0.93 0.95 rg ${num(left)} ${num(top - rowH)} ${num(cols.reduce((a, b) => a + b, 0))} ${num(rowH)} re f 0 0 0 rg`,
      );
    let x = left;
    cells.forEach((text, i) => {
      const w = Math.min(cols[i] ?? 0, Math.max(0, page.w - MARGIN - x));
      const shown = fitText(text ?? '', w - 2 * pad, font, header);
      if (shown)
        ops.push(
          `BT /${header ? 'F2' : 'F1'} ${num(font)} Tf ${num(x + pad)} ${num(top - rowH / 2 - font / 3)} Td ${pdfString(shown)} Tj ET`,
        );
      x += w;
    });
    ops.push(`0.8 0.82 0.85 RG 0.3 w ${num(left)} ${num(top - rowH)} m ${num(x)} ${num(top - rowH)} l S`);
    y -= rowH;
  };
  const endPage = () => {
    ops.push(
      `BT /F1 7 Tf ${num(page.w - MARGIN - 40)} ${num(MARGIN / 2)} Td ${pdfString(`Page ${pages.length + 1}`)} Tj ET`,
    );
    pages.push(ops.join('\n'));
  };

  const room = () => {
    if (y - rowH < MARGIN) {
      endPage();
      startPage(false);
    }
  };
  // Detail rows sit one indent in, under a header of their own (a report's expandable rows).
  const indent = MARGIN + 24 * k;
  startPage(true);
  for (let i = 0; i < table.cells.length; i++) {
    room();
    row(table.cells[i]);
    const detail = table.details?.[i];
    if (detail && detail.cells.length > 0) {
      const cols = detail.columns.map((c) => c.width * k);
      room();
      row(
        detail.columns.map((c) => c.label),
        true,
        cols,
        indent,
      );
      for (const cells of detail.cells) {
        room();
        row(cells, false, cols, indent);
      }
    }
    if ((i + 1) % chunk === 0) {
      opts.onProgress?.((i + 1) / table.cells.length);
      await yieldToBrowser();
    }
  }
  endPage();
  opts.onProgress?.(1);
  return writePdf({ pages, size: page, fonts: ['Helvetica', 'Helvetica-Bold'] });
}
