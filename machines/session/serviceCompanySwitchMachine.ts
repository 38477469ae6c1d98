import { onFirstUse } from '../../shared/onFirstUse';
import { assertEvent, assign, emit, setup } from 'xstate';
import type { PublicProfile, ServiceCompany } from '../../shared/upstream/loginProfile';
import { UNABLE_TO_PROCESS } from '../messages';
import { notProvided } from '../notProvided';

/**
 * The selector stays disabled this long after a switch
 * (docs/product/shell-session-search.md#states, #constants).
 */
export const SELECTOR_LOCK_MS = 1500;

/**
 * The number a company entry carries: one of servco_no, corpacct, contractor or install
 * (docs/product/shell-session-search.md#entities).
 */
export const companyNumber = (company: ServiceCompany): string | null =>
  company.servco_no ??
  company.corpacct_servco_no ??
  company.contractor_servco_no ??
  company.install_servco_no ??
  null;

/**
 * The profile after choosing `company` (docs/product/shell-session-search.md#states): servco_no and
 * agencyId become the company's number; type C (any case) makes install_servco_Type C with
 * agencyIdForCorpAccount the company's install_servco_no; any other type makes it D. `null` when
 * the entry carries no number.
 *
 * NOTE: switching to a D company clears agencyIdForCorpAccount, so a previous corporate scope
 * cannot linger (the spec names only the type change).
 */
export function applyServiceCompany(profile: PublicProfile, company: ServiceCompany): PublicProfile | null {
  const number = companyNumber(company);
  if (number === null) return null;
  const corporate = company.servco_Type.trim().toUpperCase() === 'C';
  return {
    ...profile,
    servco_no: number,
    agencyId: number,
    install_servco_Type: corporate ? 'C' : 'D',
    agencyIdForCorpAccount: corporate ? (company.install_servco_no ?? null) : null,
  };
}

/**
 * The selector is shown only when there is more than one company
 * (docs/product/shell-session-search.md#states).
 */
export const showsCompanySelector = (profile: Pick<PublicProfile, 'serviceCompanyList'>): boolean =>
  profile.serviceCompanyList.length > 1;

/** Input of `applyCompany`: store the choice in the login record and the bridge session. */
export interface ApplyCompanyInput {
  profile: PublicProfile;
  company: ServiceCompany;
}
/** Input of `fetchBanner` (POST Contact/GetDealerBannerByServcoNo). */
export interface BannerInput {
  servcoNo: string;
}
export interface BannerOutput {
  bannerImage: string | null;
}

export interface ServiceCompanySwitchInput {
  profile: PublicProfile;
}

export interface ServiceCompanySwitchContext {
  profile: PublicProfile;
  /** The company being applied, for the selector to show. */
  company: ServiceCompany | null;
  /** Requests in flight, as the app's HTTP layer reports them. */
  pending: number;
  error: string | null;
}

export type ServiceCompanySwitchEvent =
  | { type: 'company.select'; company: ServiceCompany }
  | { type: 'requests.changed'; pending: number }
  /** The session's profile changed elsewhere (a new sign-in). */
  | { type: 'company.sync'; profile: PublicProfile };

/** Emitted once a switch is stored and the banner fetched: the app reloads its screens. */
export type ServiceCompanySwitchEmitted = { type: 'company.applied'; profile: PublicProfile };

export type ServiceCompanySwitchTag = 'busy' | 'locked' | 'error';

const createServiceCompanySwitchMachine = () =>
  setup({
    types: {
      input: {} as ServiceCompanySwitchInput,
      context: {} as ServiceCompanySwitchContext,
      events: {} as ServiceCompanySwitchEvent,
      emitted: {} as ServiceCompanySwitchEmitted,
      tags: {} as ServiceCompanySwitchTag,
    },
    actors: {
      applyCompany: notProvided<PublicProfile, ApplyCompanyInput>('applyCompany'),
      fetchBanner: notProvided<BannerOutput, BannerInput>('fetchBanner'),
    },
    actions: {
      announce: emit(({ context }) => ({ type: 'company.applied' as const, profile: context.profile })),
    },
    delays: {
      selectorLock: SELECTOR_LOCK_MS,
    },
  }).createMachine({
    id: 'serviceCompanySwitch',
    context: ({ input }) => ({ profile: input.profile, company: null, pending: 0, error: null }),
    on: {
      'requests.changed': { actions: assign({ pending: ({ event }) => Math.max(0, event.pending) }) },
    },
    initial: 'idle',
    states: {
      idle: {
        initial: 'ready',
        on: {
          'company.select': {
            guard: ({ context, event }) => {
              const next = applyServiceCompany(context.profile, event.company);
              return (
                showsCompanySelector(context.profile) &&
                next !== null &&
                next.servco_no !== context.profile.servco_no
              );
            },
            target: 'switching',
            actions: assign({ company: ({ event }) => event.company, error: null }),
          },
          'company.sync': { actions: assign({ profile: ({ event }) => event.profile }) },
        },
        states: {
          ready: {},
          /** The choice could not be stored; the previous company stays. */
          failed: { tags: ['error'] },
        },
      },
      switching: {
        tags: ['busy', 'locked'],
        invoke: {
          id: 'applyCompany',
          src: 'applyCompany',
          input: ({ context, event }) => {
            assertEvent(event, 'company.select');
            // The guard has checked that the entry carries a number, so the fallback never applies.
            return {
              company: event.company,
              profile: applyServiceCompany(context.profile, event.company) ?? context.profile,
            };
          },
          // The bridge answers the profile as it stored it; that is the one the app uses.
          onDone: { target: 'fetchingBanner', actions: assign({ profile: ({ event }) => event.output }) },
          onError: { target: 'idle.failed', actions: assign({ error: UNABLE_TO_PROCESS, company: null }) },
        },
      },
      fetchingBanner: {
        tags: ['busy', 'locked'],
        invoke: {
          id: 'fetchBanner',
          src: 'fetchBanner',
          input: ({ context }) => ({ servcoNo: context.profile.servco_no }),
          onDone: {
            target: 'locked',
            actions: [
              assign({
                profile: ({ context, event }) => ({
                  ...context.profile,
                  bannerImage: event.output.bannerImage,
                }),
              }),
              'announce',
            ],
          },
          // NOTE: the switch is stored; a missing banner keeps the old one and is not worth an alert.
          onError: { target: 'locked', actions: 'announce' },
        },
      },
      locked: {
        tags: ['locked'],
        exit: assign({ company: null }),
        initial: 'timing',
        states: {
          timing: {
            after: { selectorLock: 'draining' },
          },
          draining: {
            always: { guard: ({ context }) => context.pending === 0, target: '#serviceCompanySwitch.idle' },
          },
        },
      },
    },
  });

export type ServiceCompanySwitchMachine = ReturnType<typeof createServiceCompanySwitchMachine>;

/**
 * The service company selector (docs/product/shell-session-search.md#states "Service company
 * switch"): apply the choice, fetch the dealer banner, have the screens reload, and keep the
 * selector disabled for 1.5 s and while requests are pending.
 *
 * NOTE: made on its first use (`serviceCompanySwitchMachine()`, the same machine every call), not
 * as the module loads: making a machine builds its whole state tree, and a phone evaluates the
 * shell's code in one task of its start (issue 38).
 */
export const serviceCompanySwitchMachine: () => ServiceCompanySwitchMachine = onFirstUse(
  createServiceCompanySwitchMachine,
);
