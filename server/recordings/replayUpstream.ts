import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { applyChanges, keyRows } from '../../shared/live/diff';
import { FEEDS, type FeedName, type FeedRow } from '../../shared/live/protocol';
import { FEED_KINDS } from '../feeds/feedKinds';
import type { RecordLine } from './recordingFormat';

/**
 * A fake monitoring-center API that plays recordings back: GetEventLogs and
 * GetEventLogsLiveAlarm_Dev answer the recorded rows as they stood at the current replay time.
 * Point a bridge at it (UPSTREAM_URL) to see a recorded stream again through the whole product.
 */
export function createReplayUpstream(
  recordings: RecordLine[][],
  opts: { speed: number; clock?: () => number; loop?: boolean },
) {
  const clock = opts.clock ?? Date.now;
  const startedAt = clock();
  const tracks = recordings
    .filter((lines) => lines[0]?.kind === 'full')
    .map((lines) => ({
      feed: lines[0].feed,
      agencyId: lines[0].agencyId,
      lines,
      t0: lines[0].t,
      span: lines[lines.length - 1].t - lines[0].t,
    }));
  const agencies = [...new Set(tracks.map((t) => t.agencyId))];

  function rowsAt(feed: string, agencyId: string): FeedRow[] {
    const track = tracks.find((t) => t.feed === feed && t.agencyId === agencyId);
    if (!track) return [];
    let elapsed = (clock() - startedAt) * opts.speed;
    if (opts.loop && track.span > 0) elapsed %= track.span + 1;
    const until = track.t0 + elapsed;
    const rows = new Map<string, FeedRow>();
    for (const l of track.lines) {
      if (l.t > until) break;
      if (l.kind === 'full') {
        rows.clear();
        applyChanges(rows, { upserts: l.rows as unknown as FeedRow[], removes: [] });
      } else applyChanges(rows, { upserts: l.upserts as unknown as FeedRow[], removes: l.removes });
    }
    return [...keyRows([...rows.values()]).values()];
  }

  const envelope = (result: unknown) => ({ isSessionValid: true, apiStatus: 'OK', result, errors: [] });
  const app = express();
  app.use(express.json({ limit: '256kb' }));
  app.post('/Login/AuthLogon', (req, res) => {
    const agencyId = agencies[0] ?? '1';
    res.json(
      envelope({
        loginGUID: `replay-${Math.random().toString(36).slice(2)}`,
        agencyId,
        agencyIdForCorpAccount: null,
        servco_no: agencyId,
        install_servco_Type: 'D',
        contactNumber: '1',
        firstName: 'Replay',
        lastName: 'Tester',
        pn: '0000',
        RelationId: '1',
        serviceCompanyList: agencies.map((a) => ({
          servco_name: `Recorded agency ${a}`,
          servco_Type: 'D',
          servco_no: a,
        })),
        dataManagementTool: 7001,
        sitePreferences: JSON.stringify([
          { SelectedNavIds: '', DefaultLiveAlarmViewTab: 8001, GraphsView: 9001 },
        ]),
        accountInfo: [],
        username: String(req.body?.Username ?? ''),
      }),
    );
  });
  app.post('/LogOff', (_req, res) => res.json(envelope(null)));
  const page = (feed: FeedName, dateKey: string) => (req: express.Request, res: express.Response) => {
    const agencyId = String(req.body?.AgencyId ?? '');
    const pageNo = Math.max(1, Number(req.body?.offset ?? 1));
    const count = Math.min(5000, Math.max(1, Number(req.body?.count ?? 10)));
    const rows = rowsAt(feed, agencyId).sort(
      (a, b) =>
        String((b as never)[dateKey]).localeCompare(String((a as never)[dateKey])) ||
        Number(b.id) - Number(a.id),
    );
    const slice = rows
      .slice((pageNo - 1) * count, pageNo * count)
      .map((r, i) => (i === 0 ? { ...r, totalRows: rows.length } : r));
    res.json(envelope({ eventLogList: slice, series: [], xAxis: [], historyOverViewList: [] }));
  };
  for (const feed of FEEDS) {
    const kind = FEED_KINDS[feed];
    app.post(`/${kind.upstreamPath}`, page(feed, kind.sortColumn));
  }
  app.use((_req, res) =>
    res
      .status(404)
      .json({ isSessionValid: true, apiStatus: 'NotFound', result: null, errors: ['Not part of a replay.'] }),
  );
  return { app, agencies, tracks };
}

export async function startReplayUpstream(
  recordings: RecordLine[][],
  opts: { speed: number; port: number; host?: string; loop?: boolean },
) {
  const { app, agencies } = createReplayUpstream(recordings, opts);
  const server: Server = createServer(app);
  await new Promise<void>((r) => server.listen(opts.port, opts.host ?? '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    agencies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
