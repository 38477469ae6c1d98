import { SelectField } from '../../components/form/SelectField';
import { SwitchList } from '../../components/form/SwitchList';
import { ChooserDialog } from './ChooserDialog';
import type { SiteSystem, TestZone } from '../../../../machines/placeOnTest/siteTestForm';

/**
 * The Zones chooser (docs/product/live-alarms-and-testing.md#screens): the system, a switch per
 * zone plus All, and 'List STA zones', which lists the system-type-account zones instead and resets
 * the choice.
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
  return (
    <ChooserDialog title="Select Zones" onClose={onClose}>
      <SelectField
        label="System"
        value={systemNo ?? ''}
        options={systems.map((s) => ({ value: s.system_no, label: s.cs_no }))}
        onChange={onSystem}
      />
      <label className="pot-choices__item">
        <input type="checkbox" checked={sta} onChange={(e) => onSta(e.target.checked)} />
        List STA zones
      </label>
      {zones.length === 0 ? (
        <p className="muted">No records found</p>
      ) : (
        <SwitchList
          items={zones}
          itemId={(z) => z.zone_id}
          itemLabel={(z) => `Zone ${z.zone_id}${z.comment ? ` ${z.comment}` : ''}`}
          selected={selected}
          onToggle={onToggle}
          onAll={onAll}
        />
      )}
    </ChooserDialog>
  );
}
