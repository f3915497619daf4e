import { useState } from 'react';
import { askForNotifications, notificationState, useNoticeSettings } from '../../state/approvalNotices';

const PERMISSION_WORDS = {
  granted: 'desktop notices on',
  denied: 'desktop notices blocked (allow them in the browser’s site settings)',
  unsupported: 'no desktop notices here',
} as const;

/** How a call waiting for approval gets your attention beyond the badge: a tone, a desktop notice. */
export function ApprovalNoticeSettings() {
  const sound = useNoticeSettings((s) => s.sound);
  const setSound = useNoticeSettings((s) => s.setSound);
  const [permission, setPermission] = useState(notificationState);
  return (
    <div className="approval-notices muted">
      <label>
        <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} /> sound when a
        call waits
      </label>
      {' · '}
      {permission === 'default' ? (
        <button className="link" onClick={() => void askForNotifications().then(setPermission)}>
          allow desktop notices
        </button>
      ) : (
        <span data-testid="notice-permission">{PERMISSION_WORDS[permission]}</span>
      )}
    </div>
  );
}
