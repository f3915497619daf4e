import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './Icon';
import { useUiHost } from './uiHost';

/** A modal dialog (native <dialog>): Escape or the close button closes it; focus stays inside. */
export function Dialog(props: { title: string; onClose(): void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const host = useUiHost();
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const closed = host.dialogOpened();
    return () => {
      dialog.close();
      closed();
    };
  }, [host]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${props.wide ? 'wide' : ''}`}
      aria-label={props.title}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <header className="dialog-head">
        <h2>{props.title}</h2>
        <button aria-label="Close" onClick={props.onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="dialog-body">{props.children}</div>
      {host.dialogNotices}
    </dialog>
  );
}
