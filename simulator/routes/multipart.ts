import type { NextFunction, Request, Response } from 'express';

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string | null;
  size: number;
  /** The bytes, so the outbox can show what was attached (tests open it). */
  data: Buffer;
}

/**
 * A minimal multipart/form-data reader for the report e-mail: text fields become body fields,
 * files are kept for the outbox. Runs after express.raw has collected the bytes.
 */
export function readMultipart(req: Request, res: Response, next: NextFunction): void {
  const type = req.get('content-type') ?? '';
  const raw: unknown = req.body;
  if (!type.toLowerCase().startsWith('multipart/form-data') || !Buffer.isBuffer(raw)) return next();
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  if (boundary) {
    const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
    let start = raw.indexOf(delimiter);
    while (start >= 0) {
      const partStart = start + delimiter.length;
      const end = raw.indexOf(delimiter, partStart);
      if (end < 0) break;
      // Each part: CRLF, headers, blank line, content, CRLF.
      const part = raw.subarray(partStart + 2, end - 2);
      const split = part.indexOf('\r\n\r\n');
      if (split >= 0) {
        const headers = part.subarray(0, split).toString('utf8');
        const content = part.subarray(split + 4);
        const name = /name="([^"]*)"/i.exec(headers)?.[1];
        const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
        if (name && fileName != null) {
          files.push({
            fieldName: name,
            fileName,
            contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? null,
            size: content.length,
            data: Buffer.from(content),
          });
        } else if (name) {
          fields[name] = content.toString('utf8');
        }
      }
      start = end;
    }
  }
  req.body = fields;
  res.locals.files = files;
  next();
}

export function filesOf(res: Response): UploadedFile[] {
  const files: unknown = res.locals.files;
  return Array.isArray(files) ? (files as UploadedFile[]) : [];
}
