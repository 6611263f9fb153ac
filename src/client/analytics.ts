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

/** Defines the standard gtag queue and loads gtag.js after the load event (the CSP allows its origins). */
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
    // Page views are sent by hand, one per route: `config` must not send its own for the first page.
    gtag('config', config.trackingId, { anonymize_ip: config.anonymizeIp, send_page_view: false });
    send = (event) => {
      gtag('event', 'page_view', {
        page_location: event.url,
        page_title: event.title,
        page_referrer: event.referrer || undefined,
        send_to: config.trackingId,
      });
    };
  }
  // A route is a path and query: a jump to a heading (#hash) or a link to the page itself is not a new page view.
  let lastRoute: string | undefined;
  const pageView = () => {
    const route = location.pathname + location.search;
    if (route === lastRoute) return;
    lastRoute = route;
    send({ url: location.href, title: document.title, referrer });
    referrer = location.href;
  };
  pageView();
  window.addEventListener(NAVIGATED_EVENT, pageView);
}
