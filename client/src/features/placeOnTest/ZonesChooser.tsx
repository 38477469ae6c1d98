import { useId } from 'react';
import { Switch } from '../../components/form/Switch';
import { Dialog } from '../../components/layout/Dialog';
import type { SiteSystem, TestZone } from '../../../../machines/placeOnTest/siteTestForm';

/**
 * The Zones chooser (doc 2 §2): the system, a switch per zone plus All, and 'List STA zones',
 * which lists the system-type-account zones instead and resets the choice.
 */
export function ZonesChooser({
  systems,
  systemNo,
  zones,
  selected,
  sta,
  onSystem,
  onToggle,
  onAll,
  onSta,
  onClose,
}: {
  systems: readonly SiteSystem[];
  systemNo: string | null;
  zones: readonly TestZone[];
  selected: readonly string[];
  sta: boolean;
  onSystem(systemNo: string): void;
  onToggle(zoneId: string): void;
  onAll(on: boolean): void;
  onSta(on: boolean): void;
  onClose(): void;
}) {
  const systemId = useId();
  const all = zones.length > 0 && zones.every((z) => selected.includes(z.zone_id));
  return (
    <Dialog
      title="Select Zones"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={systemId}>
          System
        </label>
        <select
          id={systemId}
          className="select"
          value={systemNo ?? ''}
          onChange={(e) => onSystem(e.target.value)}
        >
          {systems.map((s) => (
            <option key={s.system_no} value={s.system_no}>
              {s.cs_no}
            </option>
          ))}
        </select>
      </div>
      <label className="pot-choices__item">
        <input type="checkbox" checked={sta} onChange={(e) => onSta(e.target.checked)} />
        List STA zones
      </label>
      {zones.length === 0 ? (
        <p className="muted">No records found</p>
      ) : (
        <ul className="pot-switches">
          <li>
            <Switch label="All" checked={all} onChange={onAll} />
          </li>
          {zones.map((z) => (
            <li key={z.zone_id}>
              <Switch
                label={`Zone ${z.zone_id}${z.comment ? ` ${z.comment}` : ''}`}
                checked={selected.includes(z.zone_id)}
                onChange={() => onToggle(z.zone_id)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
