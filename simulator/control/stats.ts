import type { NextFunction, Request, Response } from 'express';

export interface PathStats {
  requests: number;
  bytes: number;
}

/** Requests served per upstream path (the load the bridge puts on the monitoring center). */
export class RequestStats {
  private total = 0;
  private byPath = new Map<string, PathStats>();

  record(path: string, bytes: number): void {
    this.total++;
    const s = this.byPath.get(path) ?? { requests: 0, bytes: 0 };
    s.requests++;
    s.bytes += bytes;
    this.byPath.set(path, s);
  }

  snapshot(): { total: number; byPath: Record<string, PathStats> } {
    return { total: this.total, byPath: Object.fromEntries([...this.byPath].map(([p, s]) => [p, { ...s }])) };
  }

  reset(): void {
    this.total = 0;
    this.byPath.clear();
  }
}

/** Counts each finished upstream request and its response bytes; /_sim calls are not counted. */
export function statsMiddleware(stats: RequestStats) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/_sim')) {
      const path = req.path;
      res.on('finish', () => stats.record(path, Number(res.getHeader('content-length') ?? 0) || 0));
    }
    next();
  };
}
