import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  siteCommentRemaining,
  type placeOnTestMachine,
  type PlaceOnTestEvent,
  type PlaceOnTestInput,
} from '../../../../machines/placeOnTest/placeOnTestMachine';
import { zonesListed, type TestTarget } from '../../../../machines/placeOnTest/siteTestForm';
import {
  formatFormDate,
  fromDateTimeLocal,
  parseFormDate,
  toDateTimeLocal,
} from '../../../../shared/onTest/siteDates';
import { CommentField } from '../../components/form/CommentField';
import { FormError, FormSuccess } from '../../components/form/FormMessage';
import { PickerValueField } from '../../components/form/PickerField';
import { SelectField } from '../../components/form/SelectField';
import { ChoiceList } from './ChoiceList';
import { SystemsChooser } from './SystemsChooser';
import { ZonesChooser } from './ZonesChooser';

const TARGETS: ReadonlyArray<{ target: TestTarget; label: string }> = [
  { target: 'systems', label: 'Whole systems' },
  { target: 'zones', label: 'Chosen zones' },
];

/**
 * The general Place On Test form for one site (docs/product/live-alarms-and-testing.md#screens,
 * #entities, #states, #validation). It renders the machine's state and sends it the user's edits;
 * the machine holds every rule. Dates are the site's local time in the form's pattern MM-dd-yyyy
 * HH:mm (docs/product/live-alarms-and-testing.md#constants), with the browser's calendar beside
 * them.
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

  useEffect(() => {
    if (step === 'left') onLeave();
  }, [step, onLeave]);

  if (step === 'loading') return <p aria-busy="true">Loading…</p>;
  if (step === 'loadFailed')
    return (
      <div className="pot-form">
        <FormError error={c.error} />
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
        <SelectField
          label="Test Category"
          value={c.categoryId ?? ''}
          empty={c.categoryId === null ? 'Select' : undefined}
          options={lookups.categories.map((cat) => ({ value: cat.testcat_id, label: cat.descr }))}
          onChange={(testcatId) => send({ type: 'test.category', testcatId })}
        />
        <SiteDateField
          label="Effective Date (site time)"
          at={c.effective}
          onChange={(at) => send({ type: 'test.effective', at })}
        />
        <SiteDateField
          label="Expire Date (site time)"
          at={c.expire}
          onChange={(at) => send({ type: 'test.expire', at })}
        />
      </div>

      <fieldset className="pot-target">
        <legend className="field__label">Place on test</legend>
        {TARGETS.map((t) => (
          <label key={t.target} className="pot-choices__item">
            <input
              type="radio"
              name="pot-target"
              checked={c.target === t.target}
              onChange={() => send({ type: 'test.target', target: t.target })}
            />
            {t.label}
          </label>
        ))}
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

      <SelectField
        label="Signal Format"
        value={c.signalFormat ?? ''}
        empty="Select"
        options={lookups.signalFormats.map((f) => ({ value: f.sigform_id, label: f.descr }))}
        onChange={(id) => send({ type: 'test.signalFormat', sigformId: id || null })}
      />
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

      <CommentField
        prefix={c.commentPrefix}
        value={c.comment}
        remaining={siteCommentRemaining(c)}
        onChange={(text) => send({ type: 'test.comment', text })}
      />

      <FormError error={step === 'editing' ? c.error : null} />
      <FormSuccess message={c.message} />
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

/** A date and time in the site's local time (site milliseconds shown with UTC getters), MM-dd-yyyy HH:mm. */
function SiteDateField({
  label,
  at,
  onChange,
}: {
  label: string;
  at: number | null;
  onChange(at: number | null): void;
}) {
  return (
    <PickerValueField
      label={label}
      kind="datetime-local"
      placeholder="MM-dd-yyyy HH:mm"
      value={at}
      format={formatFormDate}
      parse={parseFormDate}
      toNative={toDateTimeLocal}
      fromNative={fromDateTimeLocal}
      onChange={onChange}
    />
  );
}
