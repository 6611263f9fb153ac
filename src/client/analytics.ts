// Page-view analytics (SPEC §7): one event on the first load and one per route change, to the provider configured in
// site.config.ts. Nothing is sent when analytics is not configured. The payload carries no personal data; gtag is
// told to anonymise IP addresses.

import type { AnalyticsData } from '../shared/types.ts';
import { NAVIGATED_EVENT } from './events.ts';

type Gtag = (...args: unknown[]) => void;
type GtagWindow = Window & { gtag?: Gtag; dataLayer?: unknown[] };

const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js?id=';

/** What the beacon provider POSTs (as a JSON string) to its endpoint. */
export interface PageViewEvent {
  url: string;
  title: string;
  referrer: string;
}

/** Defines the standard gtag queue and loads gtag.js after the load event (the CSP allows its origin). */
function ensureGtag(trackingId: string): Gtag {
  const w = window as GtagWindow;
  if (typeof w.gtag === 'function') return w.gtag;
  const layer = (w.dataLayer ??= []);
  const gtag: Gtag = function () {
    // gtag.js expects the `arguments` object itself.
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag = gtag;
  gtag('js', new Date());
  const load = () => {
    const script = document.createElement('script');
    script.async = true;
    script.src = GTAG_SCRIPT + encodeURIComponent(trackingId);
    document.head.append(script);
  };
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
  return gtag;
}

export function startAnalytics(config: AnalyticsData | undefined): void {
  if (!config) return;
  let referrer = document.referrer;
  let send: (event: PageViewEvent) => void;
  if (config.provider === 'beacon') {
    const endpoint = config.endpoint;
    send = (event) => {
      const body = JSON.stringify(event);
      // A plain string goes out as text/plain, which needs no CORS preflight for a cross-origin endpoint.
      if (typeof navigator.sendBeacon !== 'function' || !navigator.sendBeacon(endpoint, body)) {
        void fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
      }
    };
  } else {
    const gtag = ensureGtag(config.trackingId);
    const anonymize = config.anonymizeIp;
    send = (event) => {
      const url = new URL(event.url);
      gtag('config', config.trackingId, {
        anonymize_ip: anonymize,
        page_path: url.pathname + url.search + url.hash,
        page_location: event.url,
        page_title: event.title,
        page_referrer: event.referrer || undefined,
      });
    };
  }
  const pageView = () => {
    send({ url: location.href, title: document.title, referrer });
    referrer = location.href;
  };
  pageView();
  window.addEventListener(NAVIGATED_EVENT, pageView);
}
