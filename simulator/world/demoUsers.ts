/**
 * The demo sign-ins: every credential of the simulator lives here.
 * Agencies are named by position (0 = the first dealer; the last agency is the corporate account).
 */

/**
 * The fixed RelationId that marks the owner of a dealer account
 * (docs/product/shell-session-search.md#roles: value not shown).
 */
export const OWNER_RELATION_ID = '1';
/** RelationId of a sub-account. */
export const SUB_ACCOUNT_RELATION_ID = '2';

/**
 * Menu ids of the Quick Data Tabs (docs/product/shell-session-search.md#quick-data-tabs-menu): 1
 * Live Alarm View, 2 Data Management, 3 Alarm Testing, 4 Alarm Activity (group), 5 Dealer Resources
 * (group), 6 Security Settings (owner only), 7 Settings.
 */
export const ALL_NAV_IDS = '1,2,3,4,5,6,7';

export interface TestCategoryLimits {
  DefaultHours: number;
  DefaultMinutes: number;
  MaxHours: number;
  MaxOnTestDays: number;
}

export interface DemoUser {
  username: string;
  password: string;
  contactNumber: number;
  firstName: string;
  lastName: string;
  /** Codeword / PIN, checked by cancel dispatch. */
  pn: string;
  relationId: string;
  /** Agency positions; the first is the user's own agency. */
  agencies: (agencyCount: number) => number[];
  selectedNavIds: string;
  dataManagementTool: number;
  defaultLiveAlarmViewTab: 8001 | 8002;
  graphsView: 9001 | 9002;
  isDarkTheme: boolean;
  testCategory: TestCategoryLimits;
  /** The owner whose sub-account this is. */
  parentContactNo: number | null;
  /** What signing in with it shows (README / start banner). */
  shows: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'owner',
    password: 'owner123',
    contactNumber: 500001,
    firstName: 'Olivia',
    lastName: 'Owens',
    pn: '1234',
    relationId: OWNER_RELATION_ID,
    agencies: () => [0],
    selectedNavIds: ALL_NAV_IDS,
    dataManagementTool: 7001,
    defaultLiveAlarmViewTab: 8001,
    graphsView: 9001,
    isDarkTheme: false,
    testCategory: { DefaultHours: 4, DefaultMinutes: 0, MaxHours: 0, MaxOnTestDays: 14 },
    parentContactNo: null,
    shows:
      'Owner of the first dealer: every menu item incl. Security Settings (owner only), its sub-accounts',
  },
  {
    username: 'dispatcher',
    password: 'dispatch123',
    contactNumber: 500002,
    firstName: 'Dennis',
    lastName: 'Park',
    pn: '4321',
    relationId: SUB_ACCOUNT_RELATION_ID,
    agencies: () => [0],
    // Live Alarm View, Alarm Testing, Alarm Activity, Settings: no Data Management, Dealer Resources or Security.
    selectedNavIds: '1,3,4,7',
    dataManagementTool: 7002,
    defaultLiveAlarmViewTab: 8002,
    graphsView: 9002,
    isDarkTheme: true,
    testCategory: { DefaultHours: 2, DefaultMinutes: 30, MaxHours: 72, MaxOnTestDays: 3 },
    parentContactNo: 500001,
    shows: "Sub-account of owner's dealer: menus 1,3,4,7 only, opens on Active Alarms, classic tool links",
  },
  {
    username: 'multi',
    password: 'multi123',
    contactNumber: 500003,
    firstName: 'Maya',
    lastName: 'Lindqvist',
    pn: '2468',
    relationId: SUB_ACCOUNT_RELATION_ID,
    agencies: (n) => (n > 3 ? [1, 2, n - 1] : [1, n - 1]),
    selectedNavIds: '1,2,3,4,5,7',
    dataManagementTool: 7001,
    defaultLiveAlarmViewTab: 8001,
    graphsView: 9001,
    isDarkTheme: false,
    testCategory: { DefaultHours: 0, DefaultMinutes: 0, MaxHours: 0, MaxOnTestDays: 30 },
    parentContactNo: null,
    shows: 'Several service companies (two dealers and the corporate account): the service-company switch',
  },
  {
    username: 'bridge',
    password: 'bridge-sim-123',
    contactNumber: 500009,
    firstName: 'Bridge',
    lastName: 'Service',
    pn: '9999',
    relationId: SUB_ACCOUNT_RELATION_ID,
    // Every agency of the world, the corporate account last as always.
    agencies: (n) => Array.from({ length: n }, (_, i) => i),
    // Live Alarm View, Alarm Testing and Alarm Activity: what the feeds and the scheduled
    // report e-mails read (server/schedules), nothing more.
    selectedNavIds: '1,3,4',
    dataManagementTool: 7001,
    defaultLiveAlarmViewTab: 8001,
    graphsView: 9001,
    isDarkTheme: false,
    testCategory: { DefaultHours: 0, DefaultMinutes: 0, MaxHours: 0, MaxOnTestDays: 1 },
    parentContactNo: null,
    shows:
      "The bridge's own identity (npm start reads feeds with it): every agency, menus 1,3,4; not for people",
  },
];

/** The service user the embedded default configures as the bridge's identity (BRIDGE_UPSTREAM_USER). */
export const BRIDGE_SERVICE_USER = { username: 'bridge', password: 'bridge-sim-123' } as const;

/** Sub-accounts that exist for the owner's Security Settings but cannot sign in. */
export const OWNER_EXTRA_SUB_ACCOUNTS: ReadonlyArray<{
  contactNumber: number;
  firstName: string;
  lastName: string;
  selectedNavIds: string;
}> = [
  { contactNumber: 500004, firstName: 'Nora', lastName: 'Nightshift', selectedNavIds: '1,3' },
  { contactNumber: 500005, firstName: 'Ian', lastName: 'Installer', selectedNavIds: '3,5,7' },
];

/** The demo sign-ins for the README and the start banner. */
export function demoUsers(): Array<{ username: string; password: string; shows: string }> {
  return DEMO_USERS.map((u) => ({ username: u.username, password: u.password, shows: u.shows }));
}

export function findDemoUser(username: string, password: string): DemoUser | undefined {
  const name = username.trim().toLowerCase();
  return DEMO_USERS.find((u) => u.username === name && u.password === password);
}
