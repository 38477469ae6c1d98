import { useState } from 'react';
import {
  anomalyThresholdsSchema,
  DEFAULT_THRESHOLDS,
  type AnomalyThresholds,
} from '../../../../shared/anomalies/anomalyApi';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { SelectField } from '../../components/form/SelectField';
import { showToast } from '../../components/toast/toastStore';
import { ApiError, failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { loadThresholds, saveThresholds } from './anomalyThresholdsApi';
import { SaveAction } from './settingsParts';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import { wallAgencyOptions } from './wallDisplaysApi';

const FIELDS: ReadonlyArray<{ key: keyof AnomalyThresholds; label: string }> = [
  { key: 'runawaySignals', label: 'Runaway: signals' },
  { key: 'runawayMinutes', label: 'Runaway: within minutes' },
  { key: 'repeatAlarms', label: 'Repeat alarms: alarms' },
  { key: 'repeatHours', label: 'Repeat alarms: within hours' },
];

const DEFAULTS_TEXT =
  `Defaults: a runaway is ${DEFAULT_THRESHOLDS.runawaySignals} signals within ` +
  `${DEFAULT_THRESHOLDS.runawayMinutes} minutes from one system; repeat alarms are ` +
  `${DEFAULT_THRESHOLDS.repeatAlarms} alarms within ${DEFAULT_THRESHOLDS.repeatHours} hours on one account.`;

/** The form of one agency's thresholds, started from what the bridge holds. */
function ThresholdsForm({ agencyId, initial }: { agencyId: string; initial: AnomalyThresholds }) {
  const [values, setValues] = useState<Record<keyof AnomalyThresholds, string>>(() => ({
    runawaySignals: String(initial.runawaySignals),
    runawayMinutes: String(initial.runawayMinutes),
    repeatAlarms: String(initial.repeatAlarms),
    repeatHours: String(initial.repeatHours),
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const save = useApiMutation((t: AnomalyThresholds) => saveThresholds(agencyId, t));

  const onSave = async () => {
    const asked = Object.fromEntries(
      FIELDS.map(({ key }) => [key, values[key].trim() === '' ? Number.NaN : Number(values[key])]),
    );
    // NOTE: checked here with the bridge's own schema, so a value out of range is named at once
    // and nothing is sent; the bridge checks again.
    const parsed = anomalyThresholdsSchema().safeParse(asked);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => i.message).join(' '));
      return;
    }
    setProblem(null);
    try {
      await save.run(parsed.data);
      showToast('Anomaly thresholds saved.', 'success', SETTINGS_TOAST_MS);
      await invalidate(['anomalyThresholds', agencyId]);
    } catch (e) {
      setProblem(e instanceof ApiError && e.status === 400 ? e.message : failureMessage(e));
    }
  };

  return (
    <>
      <div className="anomaly-thresholds">
        {FIELDS.map(({ key, label }) => (
          <label key={key} className="field">
            <span className="field__label">{label}</span>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      {problem ? <p role="alert">{problem}</p> : null}
      <SaveAction label="Save thresholds" saving={save.status === 'saving'} onSave={onSave} />
    </>
  );
}

/**
 * Live anomalies (issue 39), the account owner's card: when a system counts as runaway and an
 * account as having repeat alarms, per agency, with the defaults shown. A value out of range gets
 * its message and changes nothing.
 */
export function AnomalyThresholdsCard({ profile }: { profile: PublicProfile }) {
  const agencies = wallAgencyOptions(profile);
  const [agencyId, setAgencyId] = useState(agencies[0]?.id ?? profile.agencyId);
  const current = useApiQuery(['anomalyThresholds', agencyId], (signal) => loadThresholds(agencyId, signal), {
    isEmpty: () => false,
  });
  return (
    <section className="card settings-card" aria-labelledby="anomaly-thresholds-title">
      <h2 id="anomaly-thresholds-title">Live anomalies</h2>
      <p className="muted">{DEFAULTS_TEXT}</p>
      {agencies.length > 1 ? (
        <SelectField
          label="Agency"
          value={agencyId}
          options={agencies.map((a) => ({ value: a.id, label: a.name }))}
          onChange={setAgencyId}
        />
      ) : null}
      {current.status === 'error' ? (
        <p role="alert">{current.message}</p>
      ) : current.data ? (
        <ThresholdsForm
          key={`${agencyId}:${JSON.stringify(current.data.thresholds)}`}
          agencyId={agencyId}
          initial={current.data.thresholds}
        />
      ) : (
        <p aria-busy="true">Loading...</p>
      )}
    </section>
  );
}
