import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import './management.css';

/** Search box, filters and actions above a management table; wraps on a phone. */
export function ListToolbar({
  search,
  onSearch,
  searchPlaceholder,
  filters,
  actions,
}: {
  search: string;
  onSearch: (text: string) => void;
  searchPlaceholder: string;
  filters?: ReactNode;
  actions?: ReactNode;
}) {
  const [text, setText] = useState(search);
  // The URL may change under the box (back button, a link): follow it.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
  }
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  // Search as the user types, once they pause.
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearchRef.current(text.trim()), 350);
    return () => clearTimeout(timer);
  }, [text, search]);

  return (
    <div className="management-toolbar">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        data-testid="list-search"
        className="management-search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => onSearch(text.trim())}
        // Leaving the box (to pick a filter, say) sends a pending edit at once, so the filter's URL
        // update cannot be followed by a stale search.
        onBlur={() => {
          if (text.trim() !== search) onSearch(text.trim());
        }}
      />
      {filters}
      {actions && <div className="management-actions">{actions}</div>}
    </div>
  );
}
