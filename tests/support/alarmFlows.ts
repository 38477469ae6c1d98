import { createActor, fromPromise, waitFor as waitForActor } from 'xstate';
import {
  codewordCheckOf,
  codewordCheckOfFailure,
  gatewayAnswerOfFailure,
  manualSignalOutputOf,
  manualSignalOutputOfFailure,
  notifyOutputOf,
  notifyOutputOfFailure,
} from '../../client/src/features/alarmActions/alarmAnswers';
import { ApiError } from '../../client/src/lib/api/apiError';
import type {
  AlarmActionRequest,
  AlarmNotification,
  AlarmRef,
  DispatchRequest,
  IncidentLookupInput,
  NotifyOutput,
  RefreshAlarmsInput,
} from '../../machines/alarmIncident';
import {
  cancelDispatchMachine,
  type CodewordCheck,
  type CodewordCheckInput,
  type ManualSignalInput,
  type ManualSignalOutput,
} from '../../machines/cancel/cancelDispatchMachine';
import { requestDispatchMachine } from '../../machines/dispatch/requestDispatchMachine';
import { gatewayAnswerSchema, type GatewayAnswer, type GatewayMethod } from '../../shared/upstream/envelope';
import type { ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';

/**
 * The dispatch and cancel machines run in Node against a real bridge, with actors that make the
 * browser's calls (the same paths and bodies as client/src/features/alarmActions/alarmActionsApi.ts)
 * and read the answers with the client's own mapping (alarmAnswers.ts).
 */
export function bridgeCalls(base: string, cookie: string) {
  async function request(
    method: 'GET' | 'POST',
    path: string,
    opts: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<unknown> {
    const qs = new URLSearchParams(opts.query ?? {});
    let res: Response;
    try {
      res = await fetch(`${base}${path}${qs.size ? `?${qs}` : ''}`, {
        method,
        headers: {
          cookie,
          accept: 'application/json',
          origin: new URL(base).origin,
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch {
      throw new ApiError(0, 'network', 'Unable to connect.');
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const err = json as { error?: string; message?: string } | undefined;
      throw new ApiError(
        res.status,
        err?.error ?? 'http_error',
        err?.message ?? 'Unable to process your request.',
      );
    }
    return json;
  }
  const gateway = (methodName: GatewayMethod, args: unknown[]): Promise<GatewayAnswer> =>
    request('POST', '/api/MASAPI/APIRequest', { body: { methodName, arguments: args } }).then(
      (b) => gatewayAnswerSchema().parse(b),
      gatewayAnswerOfFailure,
    );
  return {
    request,
    lookupIncident: (i: IncidentLookupInput) =>
      gateway('GetAlarmIncidentServiceDetails', [i.siteNo, i.systemNo, i.csNo]),
    callDispatch: (r: DispatchRequest) => gateway('CallDispatch', [{ ...r, pin: null }]),
    clearAlarm: (r: AlarmActionRequest) => gateway('ClearAlarm', [{ ...r, pin: null }]),
    notify: (n: AlarmNotification): Promise<NotifyOutput> =>
      request('POST', '/api/Alarm/CancelNotification', { body: n }).then(
        notifyOutputOf,
        notifyOutputOfFailure,
      ),
    setManualSignal: (i: ManualSignalInput): Promise<ManualSignalOutput> =>
      request('GET', '/api/alarm/SetManualSignal', {
        query: { CsNo: i.csNo, Comment: i.comment, EventId: String(i.eventId), SiteNo: i.siteNo },
      }).then(manualSignalOutputOf, manualSignalOutputOfFailure),
    verifyCodeword: (codeword: string): Promise<CodewordCheck> =>
      request('POST', '/api/session/codeword', { body: { codeword } }).then(
        codewordCheckOf,
        codewordCheckOfFailure,
      ),
  };
}
export type BridgeCalls = ReturnType<typeof bridgeCalls>;

/** Test hooks around the real calls: e.g. set a fault after the lookup answered. */
export interface FlowHooks {
  afterLookup?(): Promise<void>;
  refreshAlarms?(input: RefreshAlarmsInput): Promise<void>;
}

export function dispatchFlow(calls: BridgeCalls, hooks: FlowHooks = {}) {
  return requestDispatchMachine.provide({
    actors: {
      lookupIncident: fromPromise<GatewayAnswer, IncidentLookupInput>(async ({ input }) => {
        const a = await calls.lookupIncident(input);
        await hooks.afterLookup?.();
        return a;
      }),
      callDispatch: fromPromise<GatewayAnswer, DispatchRequest>(({ input }) => calls.callDispatch(input)),
      notify: fromPromise<NotifyOutput, AlarmNotification>(({ input }) => calls.notify(input)),
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(async ({ input }) => hooks.refreshAlarms?.(input)),
    },
  });
}

export function cancelFlow(calls: BridgeCalls, hooks: FlowHooks = {}) {
  return cancelDispatchMachine.provide({
    actors: {
      verifyCodeword: fromPromise<CodewordCheck, CodewordCheckInput>(({ input }) =>
        calls.verifyCodeword(input.codeword),
      ),
      lookupIncident: fromPromise<GatewayAnswer, IncidentLookupInput>(async ({ input }) => {
        const a = await calls.lookupIncident(input);
        await hooks.afterLookup?.();
        return a;
      }),
      clearAlarm: fromPromise<GatewayAnswer, AlarmActionRequest>(({ input }) => calls.clearAlarm(input)),
      setManualSignal: fromPromise<ManualSignalOutput, ManualSignalInput>(({ input }) =>
        calls.setManualSignal(input),
      ),
      notify: fromPromise<NotifyOutput, AlarmNotification>(({ input }) => calls.notify(input)),
      refreshAlarms: fromPromise<void, RefreshAlarmsInput>(async ({ input }) => hooks.refreshAlarms?.(input)),
    },
    delays: { verifyDebounce: 10 },
  });
}

export const alarmRef = (row: ActiveAlarmRow | Record<string, unknown>): AlarmRef => {
  const r = row as Record<string, unknown>;
  const s = (k: string) => (r[k] == null ? null : String(r[k]));
  return {
    alarminc_No: String(r.alarminc_No),
    cs_No: String(r.cs_No),
    site_No: String(r.site_No),
    system_No: String(r.system_No),
    event_Descr: s('event_Descr'),
    alarm_event_id: s('alarm_event_id'),
    site_Name: s('site_Name'),
    install_Servco_No: s('install_Servco_No'),
  };
};

/** Runs a request dispatch to its end: confirm, then (with a comment) Yes, the comment and submit. */
export async function runDispatch(
  calls: BridgeCalls,
  alarm: AlarmRef,
  user: { contactNumber: string; userName: string },
  comment: string | null,
  hooks: FlowHooks = {},
) {
  const actor = createActor(dispatchFlow(calls, hooks), { input: { alarm, user } }).start();
  actor.send({ type: 'dispatch.confirm' });
  if (comment === null) actor.send({ type: 'dispatch.respond', willRespond: false });
  else {
    actor.send({ type: 'dispatch.respond', willRespond: true });
    actor.send({ type: 'dispatch.comment', text: comment });
    actor.send({ type: 'dispatch.submit' });
  }
  const end = await waitForActor(actor, (s) => s.status === 'done', { timeout: 15_000 });
  actor.stop();
  return { state: String(end.value), message: end.context.message };
}

/** Types codewords one after the other; answers each entry's outcome, then cancels with the last if accepted. */
export async function runCancel(
  calls: BridgeCalls,
  alarm: AlarmRef,
  user: { contactNumber: string; userName: string },
  entries: string[],
  hooks: FlowHooks = {},
) {
  const actor = createActor(cancelFlow(calls, hooks), { input: { alarm, user } }).start();
  const checks: { entry: string; accepted: boolean; message: string | null }[] = [];
  for (const entry of entries) {
    actor.send({ type: 'cancel.input', text: entry });
    const s = await waitForActor(
      actor,
      (x) => x.matches({ entering: 'accepted' }) || x.matches({ entering: 'rejected' }),
      { timeout: 10_000 },
    );
    checks.push({ entry, accepted: s.context.canSubmit, message: s.context.message });
  }
  if (!checks.at(-1)?.accepted) {
    actor.stop();
    return { checks, state: 'entering', message: checks.at(-1)?.message ?? null, signalNotice: null };
  }
  actor.send({ type: 'cancel.submit' });
  const end = await waitForActor(actor, (s) => !s.matches('entering') && !s.hasTag('busy'), {
    timeout: 15_000,
  });
  const result = {
    checks,
    state: String(end.value),
    message: end.context.message,
    signalNotice: end.context.signalNotice,
  };
  actor.stop();
  return result;
}
