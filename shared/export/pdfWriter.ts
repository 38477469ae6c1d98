/**
 * The one PDF writer of the portal: the grid exports (`pdfTable.ts`) and the Monitoring
 * Certificate draw their pages as content streams, and this file wraps them in a PDF 1.4 file
 * with the standard fonts (no font files, no package), a cross-reference table and a trailer.
 * It runs in the browser and in node; the tests read its output as text.
 */

/** A standard Type 1 font; a page names the n-th font of the document `/F{n}`. */
export type StandardFont = 'Helvetica' | 'Helvetica-Bold' | 'ZapfDingbats';

export interface PdfDocument {
  /** Each page's content stream (operators joined by line breaks). */
  pages: readonly string[];
  /** The page size in points, the same for every page. */
  size: { w: number; h: number };
  /** `/F1`, `/F2`, … in this order. */
  fonts: readonly StandardFont[];
  /** The document's `/Title`, when it has one. */
  title?: string;
}

/** A number as the content streams write it: at most two decimals. */
export const pdfNumber = (n: number): string => (Math.round(n * 100) / 100).toString();

/**
 * A PDF string literal: Latin-1 only (the standard fonts' encoding; other characters become
 * '?'), tabs and line breaks as spaces, the string escapes applied.
 */
export function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    const safe = c === 9 || c === 10 || c === 13 ? ' ' : c < 32 || c > 255 ? '?' : ch;
    out += safe === '(' || safe === ')' || safe === '\\' ? `\\${safe}` : safe;
  }
  return `(${out})`;
}

const fontObject = (font: StandardFont): string =>
  // NOTE: ZapfDingbats has its own built-in encoding; the text fonts use WinAnsi (Latin-1).
  font === 'ZapfDingbats'
    ? `<< /Type /Font /Subtype /Type1 /BaseFont /${font} >>`
    : `<< /Type /Font /Subtype /Type1 /BaseFont /${font} /Encoding /WinAnsiEncoding >>`;

/** The PDF file's bytes: catalog, page tree, fonts, each page with its stream, the info. */
export function writePdf(doc: PdfDocument): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pageTree = add('');
  const fonts = doc.fonts.map((f, i) => `/F${i + 1} ${add(fontObject(f))} 0 R`).join(' ');
  const box = `[0 0 ${pdfNumber(doc.size.w)} ${pdfNumber(doc.size.h)}]`;
  const kids = doc.pages.map((content) => {
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox ${box} /Resources << /Font << ${fonts} >> >> /Contents ${stream} 0 R >>`,
    );
  });
  const info =
    doc.title === undefined ? null : add(`<< /Title ${pdfString(doc.title)} /Producer (Dealer Portal) >>`);
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R >>`;
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  const infoRef = info === null ? '' : ` /Info ${info} 0 R`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${infoRef} >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
