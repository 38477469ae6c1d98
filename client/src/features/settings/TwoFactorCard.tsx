import { useState } from 'react';
import {
  checkContactSave,
  maskPhone,
  TWO_FACTOR_MESSAGES,
  type ContactEntry,
  type ContactKind,
} from '../../../../shared/twoFactor/contactValidation';
import type { OtpAddress } from '../../../../machines/twoFactor/oneTimePasswordMachine';
import { Dialog } from '../../components/layout/Dialog';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { OneTimePasswordDialog, type OtpEffects } from './OneTimePasswordDialog';
import { SaveAction } from './settingsParts';
import {
  CONTACT_PHONES_PATH,
  loadContactPhones,
  OTP_MODE,
  otpCall,
  saveContactPhones,
  saveTwoFactorFlag,
  type ContactPhone,
} from './settingsApi';

/** Toasts in Settings last 5 s (docs/product/reports-and-settings.md#constants). */
export const SETTINGS_TOAST_MS = 5000;

const kindOf = (p: ContactPhone): ContactKind =>
  (p.phonetype_id ?? '').toUpperCase() === 'EM' || (!p.phone_number && p.email_address) ? 'EM' : 'M';

function entriesOf(phones: readonly ContactPhone[]): ContactEntry[] {
  return phones.map((p) => {
    const kind = kindOf(p);
    const raw = (kind === 'EM' ? p.email_address : p.phone_number) ?? '';
    return {
      key: `s${p.seqno}`,
      kind,
      value: kind === 'M' ? maskPhone(raw) : raw,
      seqno: p.seqno,
      original: raw,
      extension: p.extension ?? null,
    };
  });
}

function addressesOf(phones: readonly ContactPhone[]): OtpAddress[] {
  return phones.map((p) => {
    const kind = kindOf(p);
    const value = (kind === 'EM' ? p.email_address : p.phone_number) ?? '';
    return { type: kind, value, label: kind === 'M' ? maskPhone(value) : value };
  });
}

/**
 * The Two-Factor Authentication card (docs/product/reports-and-settings.md#screens, #states,
 * #validation): phones and e-mails with Add Phone, Add Email and Save; turning two-factor on (the
 * activate link) or off (Disable, after the confirmation) takes a one-time password sent to one of
 * the saved contacts.
 */
export function TwoFactorCard({
  contactNo,
  initiallyOn,
  onFlagChanged,
}: {
  contactNo: number;
  /** The session's mobile_user_flag (docs/product/reports-and-settings.md#screens). */
  initiallyOn: boolean;
  onFlagChanged: (on: boolean) => void;
}) {
  const phones = useApiQuery(['GET', CONTACT_PHONES_PATH], loadContactPhones);
  // NOTE: the dialogs and the flag live here, not in the editor: the editor starts again from
  // every list the server sends, and a list reloaded after a save must not close an open dialog.
  const [confirming, setConfirming] = useState(false);
  const [otpFor, setOtpFor] = useState<'enable' | 'disable' | null>(null);
  const [flag, setFlag] = useState<boolean | null>(null);
  const invalidate = useInvalidate();
  if (phones.status === 'loading' || phones.status === 'idle' || phones.status === 'expired')
    return (
      <section className="card settings-card" aria-labelledby="two-factor-title" aria-busy="true">
        <h2 id="two-factor-title">Two-Factor Authentication</h2>
        <p>Loading...</p>
      </section>
    );
  if (phones.status === 'error')
    return (
      <section className="card settings-card" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Two-Factor Authentication</h2>
        <p role="alert" className="form-error">
          {phones.message}
        </p>
      </section>
    );
  const list = phones.data ?? [];
  // The records carry the contact's flag when the upstream sends it; with none on record it is off.
  const recordFlag = list.find((p) => p.two_factor_flag)?.two_factor_flag;
  const on = flag ?? (list.length > 0 && (recordFlag ? recordFlag.toUpperCase() === 'Y' : initiallyOn));

  const effects: OtpEffects = {
    send: (address) => otpCall(OTP_MODE.send, { contactNo, address }),
    resend: (address, requestId) => otpCall(OTP_MODE.resend, { contactNo, address, requestId }),
    validate: async (address, requestId, code) => {
      await otpCall(OTP_MODE.validate, { contactNo, address, requestId, code });
    },
    apply: async () => {
      await saveTwoFactorFlag(contactNo, otpFor === 'enable', list.length);
      return TWO_FACTOR_MESSAGES.statusSaved;
    },
  };

  return (
    <>
      <ContactEditor
        key={JSON.stringify(list)}
        contactNo={contactNo}
        phones={list}
        on={on}
        onActivate={() => setOtpFor('enable')}
        onDisable={() => setConfirming(true)}
      />
      {confirming ? (
        <Dialog
          title="Disable Two-Factor Authentication"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                No
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setConfirming(false);
                  setOtpFor('disable');
                }}
              >
                Yes
              </button>
            </>
          }
        >
          <p>{TWO_FACTOR_MESSAGES.disableConfirm}</p>
        </Dialog>
      ) : null}
      {otpFor ? (
        <OneTimePasswordDialog
          title={
            otpFor === 'enable' ? 'Activate Two-Factor Authentication' : 'Disable Two-Factor Authentication'
          }
          addresses={addressesOf(list)}
          effects={effects}
          onFinished={({ message, error }) => {
            const turnedOn = otpFor === 'enable';
            setOtpFor(null);
            if (message) {
              setFlag(turnedOn);
              onFlagChanged(turnedOn);
              showToast(message, 'success', SETTINGS_TOAST_MS);
              void invalidate(['GET', CONTACT_PHONES_PATH]);
            } else if (error) showToast(error, 'error', SETTINGS_TOAST_MS);
          }}
        />
      ) : null}
    </>
  );
}

/** The contacts as the dealer edits them, from one list the server sent. */
function ContactEditor({
  contactNo,
  phones,
  on: enabled,
  onActivate,
  onDisable,
}: {
  contactNo: number;
  phones: readonly ContactPhone[];
  on: boolean;
  onActivate: () => void;
  onDisable: () => void;
}) {
  const [entries, setEntries] = useState<ContactEntry[]>(() => entriesOf(phones));
  const [added, setAdded] = useState(0);
  const invalidate = useInvalidate();
  const save = useApiMutation(saveContactPhones);

  const add = (kind: ContactKind) => {
    setAdded((n) => n + 1);
    setEntries((list) => [...list, { key: `a${added}`, kind, value: '', seqno: null, original: null }]);
  };
  const change = (key: string, value: string) =>
    setEntries((list) =>
      list.map((e) => (e.key === key ? { ...e, value: e.kind === 'M' ? maskPhone(value) : value } : e)),
    );

  const onSave = async () => {
    const check = checkContactSave(entries, contactNo);
    if (!check.ok) {
      showToast(check.messages.join('\n'), 'warning', SETTINGS_TOAST_MS);
      return;
    }
    try {
      const text = await save.run(check.records);
      showToast(text || TWO_FACTOR_MESSAGES.saved, 'success', SETTINGS_TOAST_MS);
      await invalidate(['GET', CONTACT_PHONES_PATH]);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
  };

  const activate = () => {
    if (phones.length === 0) {
      showToast(TWO_FACTOR_MESSAGES.needsOne, 'warning', SETTINGS_TOAST_MS);
      return;
    }
    onActivate();
  };

  const phonesList = entries.filter((e) => e.kind === 'M');
  const emailsList = entries.filter((e) => e.kind === 'EM');

  return (
    <section className="card settings-card" aria-labelledby="two-factor-title">
      <div className="settings-card__header">
        <h2 id="two-factor-title">Two-Factor Authentication</h2>
        <span className={enabled ? 'badge badge--on' : 'badge'}>{enabled ? 'Enabled' : 'Disabled'}</span>
      </div>
      {enabled ? (
        <p>A one-time password is asked for at each sign-in.</p>
      ) : (
        <p>
          Two-Factor Authentication is not active.{' '}
          <button type="button" className="link-button" onClick={activate}>
            Activate Two-Factor Authentication
          </button>
        </p>
      )}
      {entries.length === 0 ? <p className="muted">{TWO_FACTOR_MESSAGES.noContacts}</p> : null}
      <div className="contact-lists">
        <fieldset className="contact-list">
          <legend>Phone Numbers</legend>
          {phonesList.map((e, i) => (
            <input
              key={e.key}
              className="input"
              type="tel"
              aria-label={`Phone ${i + 1}`}
              placeholder="(###) ###-####"
              value={e.value}
              onChange={(ev) => change(e.key, ev.target.value)}
            />
          ))}
          <button type="button" className="button button--secondary" onClick={() => add('M')}>
            Add Phone
          </button>
        </fieldset>
        <fieldset className="contact-list">
          <legend>Email Addresses</legend>
          {emailsList.map((e, i) => (
            <input
              key={e.key}
              className="input"
              type="email"
              aria-label={`Email ${i + 1}`}
              value={e.value}
              onChange={(ev) => change(e.key, ev.target.value)}
            />
          ))}
          <button type="button" className="button button--secondary" onClick={() => add('EM')}>
            Add Email
          </button>
        </fieldset>
      </div>
      <SaveAction label="Save" saving={save.status === 'saving'} onSave={onSave}>
        {enabled ? (
          <button type="button" className="button button--secondary" onClick={onDisable}>
            Disable
          </button>
        ) : null}
      </SaveAction>
    </section>
  );
}
