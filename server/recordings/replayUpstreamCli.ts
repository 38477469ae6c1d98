import { parseArgs } from 'node:util';
import { readRecording } from './recordingFormat';
import { splitTracks } from './recordingFile';
import { startReplayUpstream } from './replayUpstream';

/**
 * `npm run replay:upstream -- --file recordings/21001_alarms_....jsonl.gz [--file ...] [--speed 2] [--port 8090] [--loop]`
 * then `UPSTREAM_URL=http://127.0.0.1:8090 npm start`: the portal shows the recorded stream again.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string', multiple: true },
      speed: { type: 'string', default: '1' },
      port: { type: 'string', default: '8090' },
      loop: { type: 'boolean', default: false },
    },
  });
  const files = values.file ?? [];
  if (!files.length) {
    console.error(
      'usage: replay:upstream -- --file <recording.jsonl.gz> [--file ...] [--speed 1] [--port 8090] [--loop]',
    );
    process.exit(2);
  }
  const speed = Number(values.speed);
  if (!(speed >= 0.25 && speed <= 50)) throw new Error('--speed must be between 0.25 and 50');
  // A file exported from Replay holds every feed of its agency: one track per feed.
  const tracks = (await Promise.all(files.map((f) => readRecording(f)))).flatMap(splitTracks);
  const running = await startReplayUpstream(tracks, {
    speed,
    port: Number(values.port),
    loop: values.loop,
  });
  console.log(
    `Replaying ${files.length} file(s), ${tracks.length} feed(s) of agencies ${running.agencies.join(', ')} at ${speed}x as an upstream on ${running.url}`,
  );
  console.log(
    `Start a bridge against it: UPSTREAM_URL=${running.url} npm start (any username and password sign in)`,
  );
  process.once('SIGINT', () => void running.close().then(() => process.exit(0)));
  process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
