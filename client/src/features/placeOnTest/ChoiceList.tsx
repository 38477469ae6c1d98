import { Switch } from '../../components/form/Switch';
import { showsOnlyExcept } from '../../../../machines/placeOnTest/siteTestForm';

export interface Choice {
  id: string;
  label: string;
}

/**
 * A multi-select as a list of checkboxes, with the Only/Except toggle when it applies
 * (docs/product/live-alarms-and-testing.md#states: shown only when something is selected and more
 * than one option exists).
 */
export function ChoiceList({
  legend,
  options,
  selected,
  onToggle,
  except,
  onExcept,
}: {
  legend: string;
  options: readonly Choice[];
  selected: readonly string[];
  onToggle(id: string): void;
  except?: boolean;
  onExcept?(on: boolean): void;
}) {
  return (
    <fieldset className="pot-choices">
      <legend className="field__label">{legend}</legend>
      <div className="pot-choices__list">
        {options.map((o) => (
          <label key={o.id} className="pot-choices__item">
            <input type="checkbox" checked={selected.includes(o.id)} onChange={() => onToggle(o.id)} />
            {o.label}
          </label>
        ))}
      </div>
      {onExcept && showsOnlyExcept(selected, options.length) ? (
        <div className="pot-choices__mode">
          <span className={except ? 'muted' : ''}>Only</span>
          <Switch
            label={`${legend}: Except`}
            checked={Boolean(except)}
            onChange={onExcept}
            showLabel={false}
          />
          <span className={except ? '' : 'muted'}>Except</span>
        </div>
      ) : null}
    </fieldset>
  );
}
