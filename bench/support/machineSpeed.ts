import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';

/**
 * How fast this machine is at the moment a benchmark starts, on two fixed pieces of work that
 * make up most of a bridge's CPU: JavaScript (JSON rows, maps, strings and the garbage they
 * leave) and the kernel's loopback writes. The same code has run at twice the CPU on one day as
 * on the day before (docs/performance.md); with this reading printed beside every figure, a run
 * can be told from the machine it ran on.
 */
export interface MachineSpeed {
  /** One pass of the fixed JavaScript work, median of 7, in ms. */
  jsMs: number;
  /** One 2 KB write to a loopback TCP socket, median of 7 batches, in µs. */
  writeUs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const ROWS = Array.from({ length: 2000 }, (_, i) => ({
  id: 100_000 + i,
  accountNumber: `A${(i * 7919) % 100_000}`,
  eventCode: `E${i % 400}`,
  zone: i % 64,
  description: `Zone ${i % 64} alarm at site ${i}`,
  at: 1_700_000_000_000 + i * 1000,
}));

/** Rows through JSON both ways, into a map and out again: what a poll's diff and a delta cost. */
function jsPass(): number {
  const text = JSON.stringify(ROWS);
  const rows = JSON.parse(text) as typeof ROWS;
  const byId = new Map<number, (typeof ROWS)[number]>();
  for (const r of rows) byId.set(r.id, { ...r, zone: r.zone + 1 });
  let out = '';
  for (const r of byId.values()) out += `${r.id}:${r.accountNumber}:${r.zone};`;
  return out.length;
}

/** µs per write of `count` 2 KB buffers, each its own write call; the reader drains between. */
async function writeBatch(writer: Socket, reader: Socket, count: number): Promise<number> {
  const chunk = Buffer.alloc(2048, 120);
  let expected = count * chunk.length;
  const drained = new Promise<void>((resolve) => {
    const onData = (d: Buffer) => {
      expected -= d.length;
      if (expected <= 0) {
        reader.off('data', onData);
        resolve();
      }
    };
    reader.on('data', onData);
  });
  const t0 = performance.now();
  for (let i = 0; i < count; i++) writer.write(chunk);
  const us = ((performance.now() - t0) * 1000) / count;
  await drained;
  return us;
}

async function writeSpeed(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const accepted = once(server, 'connection');
  const writer = connect(port, '127.0.0.1');
  await once(writer, 'connect');
  const [reader] = (await accepted) as [Socket];
  writer.setNoDelay(true);
  try {
    // 200 writes of 2 KB stay well inside the socket's buffers: each is one system call.
    await writeBatch(writer, reader, 200);
    const runs: number[] = [];
    for (let i = 0; i < 7; i++) runs.push(await writeBatch(writer, reader, 200));
    return median(runs);
  } finally {
    writer.destroy();
    reader.destroy();
    server.close();
  }
}

export async function measureMachineSpeed(): Promise<MachineSpeed> {
  for (let i = 0; i < 3; i++) jsPass();
  const js: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    jsPass();
    js.push(performance.now() - t0);
  }
  const writeUs = await writeSpeed();
  return { jsMs: Number(median(js).toFixed(1)), writeUs: Number(writeUs.toFixed(1)) };
}
