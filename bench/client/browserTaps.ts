/**
 * Code run inside the page before the app (Playwright init script): taps on the live socket and
 * the main thread that the client benchmarks read back as `window.__bench`.
 * - every socket.io `delta` frame: arrival time and the newest upserted row's id;
 * - when that row's element first enters the DOM (MutationObserver), and the next frame after;
 * - long tasks (PerformanceObserver 'longtask') and frame intervals (requestAnimationFrame);
 * - when the first row of any grid entered the DOM (`firstRowAt`, page clock).
 */
export const PAGE_TAPS = `(() => {
  const bench = { firstRowAt: 0, deltas: 0, upserts: 0, waiting: new Map(), latencies: [], longTasks: [], frames: [], recordFrames: false };
  window.__bench = bench;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !e.data.includes('"delta"')) return;
        const t = performance.now();
        try {
          const payload = JSON.parse(e.data.slice(e.data.indexOf('[')))[1];
          if (!payload || payload.feed !== 'events' || !payload.upserts.length) return;
          bench.deltas++;
          bench.upserts += payload.upserts.length;
          let newest = payload.upserts[0];
          for (const r of payload.upserts) if (Date.parse(r.eventDate) > Date.parse(newest.eventDate) || (r.eventDate === newest.eventDate && Number(r.id) > Number(newest.id))) newest = r;
          bench.waiting.set(String(newest.id), t);
        } catch (err) { /* not a frame we read */ }
      });
    }
  };
  new MutationObserver((records) => {
    if (!bench.firstRowAt && document.querySelector('[role=grid] [data-row-id]')) bench.firstRowAt = performance.now();
    if (bench.waiting.size === 0) return;
    const t = performance.now();
    for (const rec of records) for (const n of rec.addedNodes) {
      const id = n.nodeType === 1 ? n.getAttribute('data-row-id') : null;
      if (id && bench.waiting.has(id)) {
        const at = bench.waiting.get(id);
        bench.waiting.delete(id);
        requestAnimationFrame(() => bench.latencies.push({ dom: t - at, frame: performance.now() - at }));
      }
    }
  }).observe(document, { subtree: true, childList: true });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration }); }).observe({ type: 'longtask', buffered: true });
  } catch (err) { /* no long task timing */ }
  let last = 0;
  const frame = (t) => { if (bench.recordFrames && last) bench.frames.push(t - last); last = t; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;
