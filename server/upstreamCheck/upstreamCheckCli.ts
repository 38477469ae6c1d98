import { parseArgs } from 'node:util';
import { EXIT_CANNOT_CHECK, runUpstreamCheck } from './upstreamCheck';
import { readPassword } from './readPassword';

const USAGE =
  'usage: npm run upstream:check -- --url URL --user NAME [--alarm-url URL] [--agency ID] [--timeout-ms 10000]\n' +
  '       the password comes from UPSTREAM_PASSWORD or a prompt, never from the command line';

/**
 * `npm run upstream:check -- --url URL --user NAME`: tries the bridge's reads against a
 * monitoring center before a bridge connects to it (docs/operations.md).
 */
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // NOTE: a password on the command line stays in the shell's history and in `ps`: refused.
  if (argv.some((a) => /^--?(password|pass|pw)(=|$)/i.test(a))) {
    console.error(
      'refused: a password is never given on the command line; set UPSTREAM_PASSWORD or answer the prompt',
    );
    return EXIT_CANNOT_CHECK;
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        'alarm-url': { type: 'string' },
        user: { type: 'string' },
        agency: { type: 'string' },
        'timeout-ms': { type: 'string', default: '10000' },
      },
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return EXIT_CANNOT_CHECK;
  }
  const timeoutMs = Number(values['timeout-ms']);
  if (!values.url || !values.user || !(timeoutMs >= 100)) {
    console.error(USAGE);
    return EXIT_CANNOT_CHECK;
  }
  for (const u of [values.url, values['alarm-url']].filter((v) => v != null)) {
    if (!URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol)) {
      console.error(`not an http(s) address: ${u}`);
      return EXIT_CANNOT_CHECK;
    }
  }
  const password = process.env.UPSTREAM_PASSWORD || (await readPassword(`Password for ${values.user}: `));
  if (!password) {
    console.error('no password: set UPSTREAM_PASSWORD or type it at the prompt');
    return EXIT_CANNOT_CHECK;
  }
  console.log(`Checking the bridge's reads at ${values.url} as ${values.user}`);
  return runUpstreamCheck({
    url: values.url,
    alarmUrl: values['alarm-url'],
    username: values.user,
    password,
    agencyId: values.agency,
    timeoutMs,
    print: (line) => console.log(line),
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = EXIT_CANNOT_CHECK;
  },
);
