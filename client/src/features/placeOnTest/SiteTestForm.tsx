import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import {
  siteCommentRemaining,
  type placeOnTestMachine,
  type PlaceOnTestEvent,
  type PlaceOnTestInput,
} from '../../../../machines/placeOnTest/placeOnTestMachine';
import { zonesListed } from '../../../../machines/placeOnTest/siteTestForm';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../../shared/onTest/siteDates';
import { ChoiceList } from './ChoiceList';
import { SystemsChooser } from './SystemsChooser';
import { ZonesChooser } from './ZonesChooser';

/**
 * The general Place On Test form for one site (doc 2 §2, §3, §4, §5). It renders the machine's
 * state and sends it the user's edits; the machine holds every rule. Dates are the site's local
 * time (the machine's site milliseconds shown in a datetime-local input, read with UTC getters).
 */
export function SiteTestForm({
  machine,
  input,
  onLeave,
}: {
  machine: typeof placeOnTestMachine;
  input: PlaceOnTestInput;
  /** After a save and the 1.5 s success text: the screen goes to /systemontest. */
  onLeave(): void;
}) {
  const actor = useActorRef(machine, { input });
  const send = (e: PlaceOnTestEvent) => actor.send(e);
  const step = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('loadFailed')
        ? 'loadFailed'
        : s.matches('saving')
          ? 'saving'
          : s.matches('succeeded')
            ? 'succeeded'
            : s.matches('left')
              ? 'left'
              : 'editing',
  );
  const c = useSelector(actor, (s) => s.context);
  const typesLoading = useSelector(actor, (s) => s.hasTag('loadingTypes'));
  const [chooser, setChooser] = useState<'systems' | 'zones' | null>(null);
  const ids = {
    category: useId(),
    effective: useId(),
    expire: useId(),
    format: useId(),
    comment: useId(),
  };

  useEffect(() => {
    if (step === 'left') onLeave();
  }, [step, onLeave]);

  if (step === 'loading') return <p aria-busy="true">Loading…</p>;
  if (step === 'loadFailed')
    return (
      <div className="pot-form">
        <p className="form-error" role="alert">
          {c.error}
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'test.retry' })}>
          Retry
        </button>
      </div>
    );
  const lookups = c.lookups!;
  const listedZones = zonesListed(lookups.zones, c.zoneSystem, c.staZones);
  const csOf = (systemNo: string) => lookups.systems.find((s) => s.system_no === systemNo)?.cs_no ?? systemNo;
  const chosen =
    c.target === 'systems'
      ? c.systems.length === 0
        ? 'No system selected'
        : c.systems.length === lookups.systems.length && lookups.systems.length > 1
          ? `All systems (${c.systems.map(csOf).join(', ')})`
          : c.systems.map(csOf).join(', ')
      : c.zones.length === 0
        ? 'No zone selected'
        : `${c.zoneSystem ? csOf(c.zoneSystem) : ''}: ${
            listedZones.length > 0 && listedZones.every((z) => c.zones.includes(z.zone_id))
              ? 'All Zones'
              : `zones ${c.zones.join(', ')}`
          }`;
  const date = (ms: number | null) => (ms === null ? '' : toDateTimeLocal(ms));
  const busy = step === 'saving' || step === 'succeeded';

  return (
    <form
      className="pot-form"
      aria-label="Place On Test"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'test.save' });
      }}
    >
      <div className="pot-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={ids.category}>
            Test Category
          </label>
          <select
            id={ids.category}
            className="select"
            value={c.categoryId ?? ''}
            onChange={(e) => send({ type: 'test.category', testcatId: e.target.value })}
          >
            {c.categoryId === null ? <option value="">Select</option> : null}
            {lookups.categories.map((cat) => (
              <option key={cat.testcat_id} value={cat.testcat_id}>
                {cat.descr}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.effective}>
            Effective Date (site time)
          </label>
          <input
            id={ids.effective}
            type="datetime-local"
            className="input"
            value={date(c.effective)}
            onChange={(e) => send({ type: 'test.effective', at: fromDateTimeLocal(e.target.value) })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.expire}>
            Expire Date (site time)
          </label>
          <input
            id={ids.expire}
            type="datetime-local"
            className="input"
            value={date(c.expire)}
            onChange={(e) => send({ type: 'test.expire', at: fromDateTimeLocal(e.target.value) })}
          />
        </div>
      </div>

      <fieldset className="pot-target">
        <legend className="field__label">Place on test</legend>
        <label className="pot-choices__item">
          <input
            type="radio"
            name="pot-target"
            checked={c.target === 'systems'}
            onChange={() => send({ type: 'test.target', target: 'systems' })}
          />
          Whole systems
        </label>
        <label className="pot-choices__item">
          <input
            type="radio"
            name="pot-target"
            checked={c.target === 'zones'}
            onChange={() => send({ type: 'test.target', target: 'zones' })}
          />
          Chosen zones
        </label>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            send({ type: 'test.target', target: c.target });
            setChooser(c.target);
          }}
        >
          {c.target === 'systems' ? 'Select Systems' : 'Select Zones'}
        </button>
        <span className="pot-target__chosen" data-testid="pot-chosen">
          {chosen}
        </span>
      </fieldset>

      <ChoiceList
        legend="Service Types"
        options={lookups.serviceTypes.map((s) => ({ id: s.servtype_id, label: s.descr ?? s.servtype_id }))}
        selected={c.serviceTypes.selected}
        onToggle={(id) => send({ type: 'test.serviceType.toggle', id })}
        except={c.serviceTypes.except}
        onExcept={(on) => send({ type: 'test.serviceType.except', on })}
      />

      <div className="field">
        <label className="field__label" htmlFor={ids.format}>
          Signal Format
        </label>
        <select
          id={ids.format}
          className="select"
          value={c.signalFormat ?? ''}
          onChange={(e) => send({ type: 'test.signalFormat', sigformId: e.target.value || null })}
        >
          <option value="">Select</option>
          {lookups.signalFormats.map((f) => (
            <option key={f.sigform_id} value={f.sigform_id}>
              {f.descr}
            </option>
          ))}
        </select>
      </div>
      {typesLoading ? <p aria-busy="true">Loading signal format types…</p> : null}
      {c.typesError ? (
        <p className="form-error" role="alert">
          {c.typesError}{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'test.signalTypes.retry' })}
          >
            Retry
          </button>
        </p>
      ) : null}
      {c.signalTypeOptions && c.signalTypeOptions.length > 0 ? (
        <ChoiceList
          legend="Signal Format Types"
          options={c.signalTypeOptions.map((t) => ({
            id: t.sigtype_id,
            label: `${t.sigtype_id} ${t.eventDescr}`,
          }))}
          selected={c.signalTypes.selected}
          onToggle={(id) => send({ type: 'test.signalType.toggle', id })}
          except={c.signalTypes.except}
          onExcept={(on) => send({ type: 'test.signalType.except', on })}
        />
      ) : null}

      <ChoiceList
        legend="Zone States"
        options={lookups.zoneStates.map((z) => ({ id: z.zonestate_id, label: z.descr }))}
        selected={c.zoneStates}
        onToggle={(id) => send({ type: 'test.zoneState.toggle', id })}
      />

      <div className="field">
        <label className="field__label" htmlFor={ids.comment}>
          Comment
        </label>
        <span className="pot-prefix">{c.commentPrefix}</span>
        <textarea
          id={ids.comment}
          className="input pot-comment"
          rows={4}
          value={c.comment}
          onChange={(e) => send({ type: 'test.comment', text: e.target.value })}
        />
        <span className="pot-remaining" aria-live="polite">
          Remaining: {siteCommentRemaining(c)}
        </span>
      </div>

      {c.error && step === 'editing' ? (
        <p className="form-error" role="alert">
          {c.error}
        </p>
      ) : null}
      {c.message ? (
        <p className="pot-success" role="status">
          {c.message}
        </p>
      ) : null}
      <div className="pot-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {step === 'saving' ? 'Saving…' : 'Save'}
        </button>
      </div>

      {chooser === 'systems' ? (
        <SystemsChooser
          systems={lookups.systems}
          selected={c.systems}
          onToggle={(systemNo) => send({ type: 'test.system.toggle', systemNo })}
          onAll={(on) => send({ type: 'test.system.all', on })}
          onClose={() => setChooser(null)}
        />
      ) : null}
      {chooser === 'zones' ? (
        <ZonesChooser
          systems={lookups.systems}
          systemNo={c.zoneSystem}
          zones={listedZones}
          selected={c.zones}
          sta={c.staZones}
          onSystem={(systemNo) => send({ type: 'test.zoneSystem', systemNo })}
          onToggle={(zoneId) => send({ type: 'test.zone.toggle', zoneId })}
          onAll={(on) => send({ type: 'test.zone.all', on })}
          onSta={(on) => send({ type: 'test.zone.sta', on })}
          onClose={() => setChooser(null)}
        />
      ) : null}
    </form>
  );
}
