import { useState } from 'react';
import { Icon } from '../../ui/Icon';
import { useDisplaySettings } from '../../ui/display/displaySettings';

/**
 * A checkbox per message type. Presenting, they wait behind a "Types" button, so the pane's rows
 * keep the height instead of three lines of enlarged checkboxes.
 */
export function TypeChips(props: {
  types: readonly string[];
  hidden: ReadonlySet<string>;
  onToggle(type: string): void;
}) {
  const { presenting } = useDisplaySettings();
  const [open, setOpen] = useState(false);
  const shown = props.types.filter((type) => !props.hidden.has(type)).length;
  return (
    <>
      {presenting && (
        <button className="link" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
          Types ({shown === props.types.length ? 'all' : `${shown} of ${props.types.length}`}){' '}
          <Icon name={open ? 'chevron-up' : 'chevron-down'} />
        </button>
      )}
      {(!presenting || open) && (
        <div className="chips" role="group" aria-label="Show message types">
          {props.types.map((type) => (
            <label key={type} className={`chip ${props.hidden.has(type) ? 'off' : ''}`}>
              <input
                type="checkbox"
                checked={!props.hidden.has(type)}
                onChange={() => props.onToggle(type)}
              />
              {type}
            </label>
          ))}
        </div>
      )}
    </>
  );
}
