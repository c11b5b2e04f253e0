import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import type { TrackingItem } from '@pantau/contracts';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
// antd's Input's rules, without its code.
import 'virtual:antd-css/input';
import type { VehicleSearchBoxProps } from './vehicle-search-box';

// antd's AutoComplete with its Input (its Select, virtual list and input, ~30 kB compressed) is not part
// of the map's first load: it comes when the pointer reaches the box or the box takes the focus, well
// before a plate is typed. Until it is in, the box is a plain input in antd's Input's markup and classes
// (so its look); then the box with its list takes its place, with what was typed and the focus (a lazy
// component's fallback would be a new input each time it suspends, and lose both).
type Box = ComponentType<VehicleSearchBoxProps>;
let loaded: Box | undefined;

/**
 * Search by plate or hull number; choosing one selects it. Without `vehicles` it searches the live
 * fleet. What is typed before the list of matches has loaded is kept, and the focus with it.
 */
export function VehicleSearch({
  vehicles,
  onChoose,
}: {
  vehicles?: readonly TrackingItem[];
  onChoose: (kendaraanId: number) => void;
}) {
  const { t } = useTranslation('map');
  const [text, setText] = useState('');
  const [VehicleSearchBox, setBox] = useState(() => loaded);
  const [focused, setFocused] = useState(false);
  const want = () => {
    if (VehicleSearchBox) return;
    void import('./vehicle-search-box').then((m) => {
      loaded = m.VehicleSearchBox;
      setBox(() => m.VehicleSearchBox);
    });
  };
  const plain = (
    <span className="vehicle-search vehicle-search-plain">
      <span
        className={`ant-input-affix-wrapper ant-input-outlined ant-input-css-var${focused ? ' ant-input-affix-wrapper-focused' : ''}`}
      >
        <span className="ant-input-prefix">
          <SearchOutlined />
        </span>
        <input
          className="ant-input"
          type="text"
          // The same combobox as the full box's input: its list comes once it has loaded.
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          data-testid="vehicle-search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPointerEnter={want}
          onFocus={() => {
            setFocused(true);
            want();
          }}
          onBlur={() => setFocused(false)}
        />
        <span className="ant-input-suffix">
          <button
            type="button"
            tabIndex={-1}
            className={`ant-input-clear-icon${text ? '' : ' ant-input-clear-icon-hidden'}`}
            onClick={() => setText('')}
          >
            <CloseCircleFilled />
          </button>
        </span>
      </span>
    </span>
  );
  if (!VehicleSearchBox) return plain;
  return (
    <VehicleSearchBox vehicles={vehicles} onChoose={onChoose} text={text} setText={setText} focus={focused} />
  );
}
