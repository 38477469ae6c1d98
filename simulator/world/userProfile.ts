import { contactSettingsOf } from './contactChannels';
import { DEMO_USERS, OWNER_EXTRA_SUB_ACCOUNTS, type DemoUser } from './demoUsers';
import type { SitePreference } from './portalState';
import type { ServiceCompany } from './types';
import type { World } from './world';

/** The service companies a demo user works for, in the world's numbering. */
export function companiesOf(world: World, user: DemoUser): ServiceCompany[] {
  const n = world.agencies.length;
  return user.agencies(n).map((i) => world.serviceCompanies[Math.min(Math.max(i, 0), n - 1)]);
}

/**
 * A service-company list entry as the login record carries it
 * (docs/product/shell-session-search.md#entities).
 */
export function toServiceCompanyEntry(c: ServiceCompany) {
  return c.type === 'C'
    ? {
        servco_name: c.name,
        servco_Type: 'C',
        servco_no: c.servcoNo,
        install_servco_no: c.installServcoNo,
        corpacct_servco_no: c.servcoNo,
      }
    : { servco_name: c.name, servco_Type: 'D', servco_no: c.servcoNo, install_servco_no: c.installServcoNo };
}

/** Every contact that has site preferences: the demo users and the owner's extra sub-accounts. */
function defaultPreference(contactNo: number): SitePreference | undefined {
  const user = DEMO_USERS.find((u) => u.contactNumber === contactNo);
  if (user) {
    return {
      SelectedNavIds: user.selectedNavIds,
      DefaultLiveAlarmViewTab: user.defaultLiveAlarmViewTab,
      GraphsView: user.graphsView,
      DataManagementTool: user.dataManagementTool,
      SelectedContactNo: contactNo,
      IsDarkTheme: user.isDarkTheme,
      Mode: '',
    };
  }
  const sub = OWNER_EXTRA_SUB_ACCOUNTS.find((s) => s.contactNumber === contactNo);
  if (sub) {
    return {
      SelectedNavIds: sub.selectedNavIds,
      DefaultLiveAlarmViewTab: 8001,
      GraphsView: 9001,
      DataManagementTool: 7001,
      SelectedContactNo: contactNo,
      IsDarkTheme: false,
      Mode: '',
    };
  }
  return undefined;
}

export function preferenceOf(world: World, contactNo: number): SitePreference | undefined {
  return world.portal.preferences.get(contactNo) ?? defaultPreference(contactNo);
}

/**
 * The contact a number stands for, as a sign-in would be: a demo user, or one of the owner's extra
 * sub-accounts (the owner's companies, a sub-account's relation). Undefined when unknown or deleted.
 */
export function contactOf(world: World, contactNo: number): DemoUser | undefined {
  if (world.portal.deletedContacts.has(contactNo)) return undefined;
  const user = DEMO_USERS.find((u) => u.contactNumber === contactNo);
  if (user) return user;
  const sub = OWNER_EXTRA_SUB_ACCOUNTS.find((s) => s.contactNumber === contactNo);
  const owner = DEMO_USERS.find((u) => u.relationId === '1' && u.parentContactNo == null);
  if (!sub || !owner) return undefined;
  return {
    ...owner,
    username: '',
    password: '',
    contactNumber: sub.contactNumber,
    firstName: sub.firstName,
    lastName: sub.lastName,
    relationId: '2',
    selectedNavIds: sub.selectedNavIds,
    parentContactNo: owner.contactNumber,
  };
}

/** The sub-accounts an owner manages (GetChildContactList). */
export function childContactsOf(world: World, ownerContactNo: number) {
  const children = [
    ...DEMO_USERS.filter((u) => u.parentContactNo === ownerContactNo).map((u) => ({
      no: u.contactNumber,
      first: u.firstName,
      last: u.lastName,
    })),
    ...(DEMO_USERS.some(
      (u) => u.contactNumber === ownerContactNo && u.parentContactNo == null && u.relationId === '1',
    )
      ? OWNER_EXTRA_SUB_ACCOUNTS.map((s) => ({ no: s.contactNumber, first: s.firstName, last: s.lastName }))
      : []),
  ];
  return children
    .filter((c) => !world.portal.deletedContacts.has(c.no))
    .map((c) => {
      const p = preferenceOf(world, c.no);
      return {
        ContactName: `${c.first} ${c.last}`,
        contact_no: c.no,
        SelectedNavIds: p?.SelectedNavIds ?? '',
        DataManagementTool: p?.DataManagementTool ?? 7001,
        DefaultLiveAlarmViewTab: p?.DefaultLiveAlarmViewTab ?? 8001,
        GraphsView: p?.GraphsView ?? 9001,
      };
    });
}

/**
 * The login record `Login/AuthLogon` answers (docs/product/shell-session-search.md#entities; parses
 * with loginProfileSchema). The first company is the user's own; a corporate one sets
 * install_servco_Type C.
 */
export function buildLoginProfile(world: World, user: DemoUser, loginGUID: string) {
  const companies = companiesOf(world, user);
  const own = companies[0];
  const pref = preferenceOf(world, user.contactNumber);
  return {
    loginGUID,
    agencyId: own.installServcoNo,
    agencyIdForCorpAccount: own.type === 'C' ? own.installServcoNo : null,
    servco_no: own.servcoNo,
    install_servco_Type: own.type,
    contactNumber: user.contactNumber,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.username,
    pn: user.pn,
    tokenSecUser: `tsu-${user.contactNumber}-${world.seed}`,
    bannerImage: own.bannerImage,
    RelationId: user.relationId,
    serviceCompanyList: companies.map(toServiceCompanyEntry),
    dataManagementTool: pref?.DataManagementTool ?? user.dataManagementTool,
    sitePreferences: JSON.stringify([pref]),
    accountInfo: [
      { prompt: 'dealer_banner', status_descr: own.bannerImage },
      // NOTE: mobile_user_flag is the user's two-factor switch
      // (docs/product/reports-and-settings.md#states: enabled is flag Y), so a bridge that asks for
      // the one-time password at sign-in reads it here.
      {
        prompt: 'mobile_user_flag',
        status_descr: contactSettingsOf(world, user.contactNumber).TwoFactorFlag,
      },
    ],
    testCategoryDetails: user.testCategory,
  };
}
