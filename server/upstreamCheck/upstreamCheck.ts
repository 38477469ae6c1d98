import { loginProfileSchema } from '../../shared/upstream/loginProfile';
import { credentialFor } from '../rights/upstreamCredential';
import { SecretText } from '../support/secretText';
import { logOffUpstream, signInUpstream } from '../identity/upstreamSignIn';
import { BRIDGE_READS, type ReadContext } from './bridgeReads';
import { refusalOf } from './judgeRead';
import { differs, verdictLine, type ReadVerdict } from './readVerdict';
import { createRecordingUpstream, isHtml, type RecordingUpstream } from './recordingUpstream';

export interface UpstreamCheckOptions {
  url: string;
  /** The alarm-incident API (UPSTREAM_ALARM_URL), when it is not at `url`. */
  alarmUrl?: string;
  username: string;
  password: string;
  /** The agency to read (default: the account's own). */
  agencyId?: string;
  timeoutMs: number;
  print(line: string): void;
  now?: number;
}

/** Every read answered as the bridge expects (refused reads and skipped ones are told, not failed). */
export const EXIT_OK = 0;
/** Some read differs from what the bridge expects, or failed. */
export const EXIT_DIFFERS = 1;
/** Nothing could be checked: no upstream at the address, a refused password, not the API. */
export const EXIT_CANNOT_CHECK = 2;

/** Why a sign-in that got no profile came to nothing, in one line. */
function signInProblem(rec: RecordingUpstream, url: string): { line: string; verdict?: ReadVerdict } {
  const answer = rec.lastAnswer;
  if (!answer) return { line: `cannot reach the upstream at ${url}: ${rec.noAnswer ?? 'no answer in time'}` };
  if (isHtml(answer))
    return {
      line: `the upstream at ${url} answered an HTML page (HTTP ${answer.status}) instead of JSON: is this the monitoring-center API's address?`,
    };
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return { line: `the upstream at ${url} answered HTTP ${answer.status} with something that is not JSON` };
  }
  if (answer.status < 200 || answer.status >= 300)
    return {
      line: `the upstream at ${url} answered HTTP ${answer.status} to the sign-in${refusalOf(json) ? `: ${refusalOf(json)}` : ''}`,
    };
  // An envelope whose result is no profile the bridge can read: the profile differs.
  const result = json && typeof json === 'object' && 'result' in json ? json.result : undefined;
  const profile = loginProfileSchema().safeParse(result);
  const verdict = profile.success ? undefined : differs(profile.error.issues, result, ['result']);
  return { line: 'the sign-in answer is not a profile the bridge can read', verdict };
}

/**
 * `npm run upstream:check`: signs in once (one password try, so it never locks the account),
 * makes every read the bridge makes with the bridge's own code and schemas, prints one line per
 * read, and logs off. It never calls a write.
 */
export async function runUpstreamCheck(o: UpstreamCheckOptions): Promise<number> {
  const rec = createRecordingUpstream({ baseUrl: o.url, alarmBaseUrl: o.alarmUrl, timeoutMs: o.timeoutMs });
  rec.begin();
  const signIn = await signInUpstream(rec.upstream, {
    label: 'upstream check',
    username: o.username,
    password: new SecretText(o.password),
  });
  const answer = rec.lastAnswer;
  if (signIn.kind === 'refused' && !(answer && isHtml(answer))) {
    o.print(
      `the upstream refused the user name or password of "${o.username}" (tried once; nothing else was called)`,
    );
    return EXIT_CANNOT_CHECK;
  }
  if (signIn.kind !== 'ok') {
    const problem = signInProblem(rec, o.url);
    if (problem.verdict) {
      o.print(verdictLine('profile  Login/AuthLogon', problem.verdict));
      return EXIT_DIFFERS;
    }
    o.print(problem.line);
    return EXIT_CANNOT_CHECK;
  }
  const profile = signIn.profile;
  o.print(verdictLine('profile  Login/AuthLogon', { kind: 'ok', note: `(agency ${profile.agencyId})` }));
  const sessionId = profile.loginGUID;
  const c: ReadContext = {
    rec,
    credential: credentialFor('upstream-check', sessionId, profile),
    agencyId: o.agencyId ?? profile.agencyId,
    siteNo: null,
    sigformId: null,
    csNo: null,
    contactNumber: profile.contactNumber,
    now: o.now ?? Date.now(),
  };
  const counts = { ok: 0, differs: 0, refused: 0, failed: 0, skipped: 0 };
  counts.ok++;
  try {
    for (const read of BRIDGE_READS) {
      const verdict = await read.run(c);
      counts[verdict.kind]++;
      o.print(verdictLine(read.name, verdict));
    }
  } finally {
    // NOTE: LogOff ends the check's session at the upstream; it changes no data (docs/decisions.md).
    await logOffUpstream(rec.upstream, sessionId);
  }
  o.print(
    `${counts.ok} ok, ${counts.differs} differ, ${counts.refused} refused, ${counts.failed} failed` +
      (counts.skipped ? `, ${counts.skipped} skipped` : ''),
  );
  return counts.differs + counts.failed > 0 ? EXIT_DIFFERS : EXIT_OK;
}
