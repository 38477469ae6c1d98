import { SwitchList } from '../../components/form/SwitchList';
import { ChooserDialog } from './ChooserDialog';
import type { SiteSystem } from '../../../../machines/placeOnTest/siteTestForm';

/**
 * The Systems chooser (docs/product/live-alarms-and-testing.md#screens): a switch per system plus
 * All.
 */
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
  return (
    <ChooserDialog title="Select Systems" onClose={onClose}>
      <SwitchList
        items={systems}
        itemId={(s) => s.system_no}
        itemLabel={(s) => `${s.cs_no} (system ${s.system_no})`}
        selected={selected}
        onToggle={onToggle}
        onAll={onAll}
      />
    </ChooserDialog>
  );
}
