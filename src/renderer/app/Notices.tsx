import { useEffect } from 'react';
import { usePlaygroundStore } from '../state/store';
import { Icon } from '../ui/Icon';

/**
 * Errors and confirmations, in words; info notices fade on their own, errors stay until dismissed.
 * While a modal dialog is open they show inside it (`inDialog`), where they can be read and dismissed.
 */
export function Notices({ inDialog = false }: { inDialog?: boolean }) {
  const notices = usePlaygroundStore((s) => s.notices);
  const behindDialog = usePlaygroundStore((s) => !inDialog && s.openDialogs > 0);
  const dismiss = usePlaygroundStore((s) => s.dismiss);
  useEffect(() => {
    const infos = notices.filter((n) => n.kind === 'info');
    if (infos.length === 0) return;
    const timer = setTimeout(() => infos.forEach((n) => dismiss(n.id)), 3000);
    return () => clearTimeout(timer);
  }, [notices, dismiss]);
  if (behindDialog) return null;
  return (
    <div className="notices" aria-live="polite">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`notice ${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{notice.text}</span>
          <button aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
