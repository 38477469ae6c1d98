/**
 * What users change through the portal: site preferences, the agency column configuration,
 * recently accessed accounts, hand-off links, sent report e-mails and notifications, two-factor
 * contact phones and settings, and the one-time passwords sent.
 */

export interface SitePreference {
  SelectedNavIds: string;
  DefaultLiveAlarmViewTab: number;
  GraphsView: number;
  DataManagementTool: number;
  SelectedContactNo: number;
  IsDarkTheme: boolean;
  Mode: string;
}

export interface TransferLink {
  token: string;
  tool: number;
  contactNo: number;
  csNo: string | null;
  siteNo: number | null;
  systemNo: number | null;
  targetContactNo: number | null;
  createdAt: number;
  usedAt: number | null;
}

export interface SentEmail {
  at: number;
  by: number;
  toAddress: string[];
  subject: string;
  body: string;
  fileName: string | null;
  pdfBytes: number;
  /** The attachment as sent (base64) with its declared type, at most 2 MB kept. */
  attachment: { contentType: string | null; base64: string } | null;
}

/**
 * A two-factor channel of a contact (docs/product/reports-and-settings.md#entities contact phone
 * record): a mobile (M) or an e-mail (EM).
 */
export interface ContactPhone {
  seqno: number;
  contactNo: number;
  phonetypeId: 'M' | 'EM';
  /** The phone's 10 digits, or the e-mail address. */
  value: string;
  extension: string | null;
  changedAt: number | null;
}

export interface ContactSettings {
  TwoFactorFlag: 'Y' | 'N';
  TwoFactorCount: number;
}

/** A one-time password sent for two-factor authentication (MASAPI/TwoFactorAuthentication). */
export interface OtpRequest {
  id: number;
  contactNo: number;
  addressType: 'M' | 'EM';
  address: string;
  code: string;
  sentAt: number;
  expiresAt: number;
  attempts: number;
  verifiedAt: number | null;
}

export interface SentNotification {
  at: number;
  by: number;
  payload: Record<string, unknown>;
}

/**
 * The default Live Alarm View columns (docs/product/live-alarms-and-testing.md#screens): Count and
 * the event selection ride on the first.
 */
export function defaultColumnFormat(): string {
  const columns: Array<[string, string]> = [
    ['Event Type', 'eventrpt_id'],
    ['Event Id', 'event_Id'],
    ['CS#', 'cS_'],
    ['Event Date', 'eventDate'],
    ['Description', 'description'],
    ['Site Name', 'siteName'],
    ['Address1', 'address1'],
    ['Address2', 'address2'],
    ['City', 'city'],
    ['State', 'state'],
    ['Zip Code', 'zipcode'],
    ['System Test', 'isTestCleared'],
  ];
  return JSON.stringify(
    columns.map(([Name, Prop], orderIndex) => ({
      Name,
      Prop,
      IsActive: !['address2', 'zipcode'].includes(Prop),
      Events: orderIndex === 0 ? 'SelectAll' : null,
      orderIndex,
      ...(orderIndex === 0 ? { Count: 20 } : {}),
    })),
  );
}

export class PortalState {
  readonly preferences = new Map<number, SitePreference>();
  readonly columnFormats = new Map<string, string>();
  readonly recentSystems = new Map<number, number[]>();
  readonly transfers = new Map<string, TransferLink>();
  readonly emails: SentEmail[] = [];
  readonly notifications: SentNotification[] = [];
  /** Contact phones and settings changed by users (others come from contactChannels' defaults). */
  readonly contactPhones = new Map<number, ContactPhone[]>();
  readonly contactSettings = new Map<number, ContactSettings>();
  readonly otps: OtpRequest[] = [];
  /** Contacts deleted through the control API (DELETE /_sim/contacts/:contactNo): they cannot sign in. */
  readonly deletedContacts = new Set<number>();

  columnFormatOf(agencyId: string): string {
    return this.columnFormats.get(agencyId) ?? defaultColumnFormat();
  }

  /** Remembers an account a user opened; newest first, at most 20. */
  touchRecent(contactNo: number, systemNo: number): void {
    const list = (this.recentSystems.get(contactNo) ?? []).filter((s) => s !== systemNo);
    list.unshift(systemNo);
    this.recentSystems.set(contactNo, list.slice(0, 20));
  }

  clear(): void {
    this.preferences.clear();
    this.columnFormats.clear();
    this.recentSystems.clear();
    this.transfers.clear();
    this.emails.length = 0;
    this.notifications.length = 0;
    this.contactPhones.clear();
    this.contactSettings.clear();
    this.otps.length = 0;
    this.deletedContacts.clear();
  }
}
