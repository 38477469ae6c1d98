import { pdfNumber as num, pdfString, writePdf } from '../../../../shared/export/pdfWriter';
import { textWidth } from '../../reporting/export/pdfTable';
import {
  certificateDate,
  MONITORED_CONDITIONS,
  PAPER_SIZES,
  type CertificateFields,
} from './certificateModel';

/**
 * The Monitoring Certificate as a PDF (docs/product/reports-and-settings.md#constants): the
 * certificate is laid out on a 1000 × 1250 design grid (CSS pixels), printed at scale 0.6 (0.45 pt
 * a pixel) inside a one-inch margin on the chosen paper (Legal, A4, Letter, or Auto: a page that
 * fits the certificate). Standard fonts only, so it needs no package and the tests can read it.
 */

const DESIGN = { w: 1000, h: 1250 };
const SCALE = 0.6;
const PX_TO_PT = 0.75;
const K = SCALE * PX_TO_PT;
const MARGIN = 72;

const NAVY = '0.09 0.16 0.33';
const GOLD = '0.72 0.56 0.2';
const GREY = '0.35 0.38 0.42';

/** The page of a paper size, in points. */
export function pageSizeOf(paperId: number): { w: number; h: number } {
  const paper = PAPER_SIZES.find((p) => p.id === paperId)?.size;
  return paper ?? { w: DESIGN.w * K + 2 * MARGIN, h: DESIGN.h * K + 2 * MARGIN };
}

/** Drawing on the design grid: y grows downward, sizes in design pixels. */
function canvas(page: { w: number; h: number }) {
  const ops: string[] = [];
  const ox = Math.max(MARGIN, (page.w - DESIGN.w * K) / 2);
  const oy = page.h - MARGIN;
  const X = (x: number) => ox + x * K;
  const Y = (y: number) => oy - y * K;
  const text = (
    s: string,
    x: number,
    y: number,
    size: number,
    opts: { bold?: boolean; align?: 'left' | 'center' | 'right'; color?: string; font?: string } = {},
  ) => {
    const pt = size * K;
    const w = textWidth(s, pt, opts.bold);
    const left = opts.align === 'center' ? X(x) - w / 2 : opts.align === 'right' ? X(x) - w : X(x);
    const font = opts.font ?? (opts.bold ? 'F2' : 'F1');
    ops.push(
      `${opts.color ?? '0 0 0'} rg BT /${font} ${num(pt)} Tf ${num(left)} ${num(Y(y))} Td ${pdfString(s)} Tj ET`,
    );
  };
  const rect = (x: number, y: number, w: number, h: number, stroke: string, width: number, fill?: string) => {
    const body = `${num(X(x))} ${num(Y(y + h))} ${num(w * K)} ${num(h * K)} re`;
    ops.push(
      fill
        ? `${fill} rg ${stroke} RG ${num(width * K)} w ${body} B`
        : `${stroke} RG ${num(width * K)} w ${body} S`,
    );
  };
  const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number) =>
    ops.push(
      `${stroke} RG ${num(width * K)} w ${num(X(x1))} ${num(Y(y1))} m ${num(X(x2))} ${num(Y(y2))} l S`,
    );
  const circle = (cx: number, cy: number, r: number, stroke: string, width: number) => {
    // Four Bézier arcs (kappa 0.5523).
    const c = 0.5523 * r;
    const p = (x: number, y: number) => `${num(X(cx + x))} ${num(Y(cy + y))}`;
    ops.push(
      `${stroke} RG ${num(width * K)} w ${p(r, 0)} m ${p(r, c)} ${p(c, r)} ${p(0, r)} c ${p(-c, r)} ${p(-r, c)} ${p(-r, 0)} c ${p(-r, -c)} ${p(-c, -r)} ${p(0, -r)} c ${p(c, -r)} ${p(r, -c)} ${p(r, 0)} c S`,
    );
  };
  return { ops, text, rect, line, circle };
}

function addressLines(
  name: string,
  a1: string,
  a2: string,
  city: string,
  state: string,
  zip: string,
): string[] {
  const last = [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, a1, a2, last].map((s) => s.trim()).filter(Boolean);
}

/** The certificate's content stream on a page. */
function drawCertificate(f: CertificateFields, page: { w: number; h: number }, issued: Date): string {
  const c = canvas(page);
  const W = DESIGN.w;
  c.rect(0, 0, W, DESIGN.h, NAVY, 10);
  c.rect(22, 22, W - 44, DESIGN.h - 44, GOLD, 2.5);
  c.text('MONITORING CENTER', W / 2, 110, 22, { bold: true, align: 'center', color: GOLD });
  c.text('CERTIFICATE OF ALARM MONITORING', W / 2, 175, 44, { bold: true, align: 'center', color: NAVY });
  c.line(250, 200, W - 250, 200, GOLD, 2);
  c.text(
    'This certifies that the protected premises named below are connected to and monitored by',
    W / 2,
    245,
    18,
    { align: 'center', color: GREY },
  );
  c.text('a central monitoring station 24 hours a day, 365 days a year.', W / 2, 272, 18, {
    align: 'center',
    color: GREY,
  });

  const section = (label: string, x: number, y: number) => {
    c.text(label, x, y, 15, { bold: true, color: GOLD });
    c.line(x, y + 8, x + 400, y + 8, GOLD, 1);
  };
  section('PROTECTED PREMISES', 80, 340);
  addressLines(f.siteName, f.siteAddr1, f.siteAddr2, f.siteCity, f.siteState, f.siteZip).forEach((l, i) =>
    c.text(l, 80, 380 + i * 30, i === 0 ? 24 : 20, { bold: i === 0 }),
  );
  c.text('Account No. (CS#)', 80, 520, 14, { color: GREY });
  c.text(f.csNo, 80, 548, 22, { bold: true, color: NAVY });

  section('INSTALLING / SERVICING DEALER', 540, 340);
  addressLines(f.dealerName, f.dealerAddr1, f.dealerAddr2, f.dealerCity, f.dealerState, f.dealerZip).forEach(
    (l, i) => c.text(l, 540, 380 + i * 30, i === 0 ? 24 : 20, { bold: i === 0 }),
  );

  section('MONITORED CONDITIONS', 80, 620);
  const ticked = new Set(f.monitored);
  MONITORED_CONDITIONS.forEach((m, i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = 80 + col * 440;
    const y = 655 + row * 48;
    c.rect(x, y, 28, 28, NAVY, 2);
    // ZapfDingbats "4" is a check mark.
    if (ticked.has(m.code)) c.text('4', x + 3, y + 25, 28, { font: 'F3', color: NAVY });
    const label = m.code === 'O' && f.otherText.trim() ? `Other: ${f.otherText.trim()}` : m.label;
    c.text(`${label} (${m.code})`, x + 44, y + 23, 20);
  });

  c.rect(80, 880, 380, 90, GOLD, 1.5, '0.99 0.97 0.91');
  c.text('DATE ISSUED', 100, 912, 14, { bold: true, color: GREY });
  c.text(certificateDate(issued), 100, 950, 24, { bold: true, color: NAVY });
  c.rect(540, 880, 380, 90, GOLD, 1.5, '0.99 0.97 0.91');
  c.text('CERTIFICATE EXPIRES', 560, 912, 14, { bold: true, color: GREY });
  c.text(certificateDate(f.expiry), 560, 950, 24, { bold: true, color: NAVY });

  c.circle(210, 1085, 75, GOLD, 4);
  c.circle(210, 1085, 62, GOLD, 1.5);
  c.text('MONITORED', 210, 1078, 17, { bold: true, align: 'center', color: NAVY });
  c.text('24 / 7 / 365', 210, 1104, 15, { bold: true, align: 'center', color: GOLD });
  c.line(480, 1100, 920, 1100, NAVY, 1.5);
  c.text('Authorized Signature, Central Monitoring Station', 700, 1128, 15, { align: 'center', color: GREY });
  c.text(
    `Certificate for account ${f.csNo}, issued ${issued.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    W / 2,
    1205,
    12,
    { align: 'center', color: GREY },
  );
  return c.ops.join('\n');
}

/** The certificate PDF's bytes on the chosen paper (1001 Legal, 1002 Auto, 1003 A4, 1004 Letter). */
export function buildCertificatePdf(f: CertificateFields, paperId: number, issued: Date): Uint8Array {
  const page = pageSizeOf(paperId);
  return writePdf({
    pages: [drawCertificate(f, page, issued)],
    size: page,
    fonts: ['Helvetica', 'Helvetica-Bold', 'ZapfDingbats'],
    title: `Monitoring Certificate ${f.csNo}`,
  });
}
