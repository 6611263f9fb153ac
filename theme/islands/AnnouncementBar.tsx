import { useEffect, useState } from 'react';
import { CloseIcon } from '../components/Icons.tsx';
import { readStorage, storageKeys, writeStorage } from '../head/storage-keys.ts';

export interface AnnouncementBarProps {
  id: string;
  /** Trusted HTML from the site config. */
  content: string;
  closable: boolean;
  storageKeySuffix: string;
}

/**
 * The announcement bar. Dismissal stores the bar id (localStorage `announcement.dismiss` + suffix) and sets
 * `data-announcement-dismissed` on <html>; CSS hides the bar from that attribute, and the head script sets it before
 * first paint on later visits, so there is no layout shift. A new id shows the bar again.
 */
export default function AnnouncementBar({ id, content, closable, storageKeySuffix }: AnnouncementBarProps) {
  const [closed, setClosed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Where the head script was blocked (a host's CSP without its hash), a dismissed bar is hidden now instead.
    if (readStorage(storageKeys(storageKeySuffix).announcementDismiss) === id) {
      document.documentElement.dataset.announcementDismissed = '';
      setClosed(true);
    }
  }, [id, storageKeySuffix]);
  if (closed) return null;
  const close = () => {
    writeStorage(storageKeys(storageKeySuffix).announcementDismiss, id);
    document.documentElement.dataset.announcementDismissed = '';
    setClosed(true);
    // Keep keyboard users in the flow: the bar is the first thing after the skip link.
    const targets = document.querySelectorAll<HTMLElement>('.navbar a[href], .navbar button, .navbar summary');
    Array.from(targets)
      .find((el) => el.getClientRects().length > 0)
      ?.focus();
  };
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" data-announcement-id={id}>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: content }} />
      {closable && (
        <button type="button" className={`announcement-bar__close${hydrated ? ' announcement-bar__close--hydrated' : ''}`} aria-label="Close" title="Close" onClick={close}>
          <CloseIcon size={16} />
        </button>
      )}
    </div>
  );
}
