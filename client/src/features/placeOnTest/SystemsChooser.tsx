import { Switch } from '../../components/form/Switch';
import { Dialog } from '../../components/layout/Dialog';
import type { SiteSystem } from '../../../../machines/placeOnTest/siteTestForm';

/** The Systems chooser (doc 2 §2): a switch per system plus All. */
export function SystemsChooser({
  systems,
  selected,
  onToggle,
  onAll,
  onClose,
}: {
  systems: readonly SiteSystem[];
  selected: readonly string[];
  onToggle(systemNo: string): void;
  onAll(on: boolean): void;
  onClose(): void;
}) {
  const all = systems.length > 0 && systems.every((s) => selected.includes(s.system_no));
  return (
    <Dialog
      title="Select Systems"
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      }
    >
      <ul className="pot-switches">
        <li>
          <Switch label="All" checked={all} onChange={onAll} />
        </li>
        {systems.map((s) => (
          <li key={s.system_no}>
            <Switch
              label={`${s.cs_no} (system ${s.system_no})`}
              checked={selected.includes(s.system_no)}
              onChange={() => onToggle(s.system_no)}
            />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
