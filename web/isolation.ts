// Registers the service worker (web/public/sw.js) that keeps the page working offline and, on a host that sends no
// COOP/COEP headers, makes it cross-origin isolated: once the worker controls the page, one reload lets every
// response carry the headers. A browser that still refuses isolation keeps the page on one thread; it never loops.

export type Isolation = 'isolated' | 'reloading' | 'single-thread';

const RELOADED = 'tessera-coi-reload';

export async function startServiceWorker(scriptUrl = './sw.js'): Promise<Isolation> {
  const nav = navigator as Navigator & { serviceWorker?: ServiceWorkerContainer };
  if (!nav.serviceWorker || !window.isSecureContext) return crossOriginIsolated ? 'isolated' : 'single-thread';
  try {
    await nav.serviceWorker.register(scriptUrl);
  } catch (err) {
    console.warn('service worker not registered:', err);
    return crossOriginIsolated ? 'isolated' : 'single-thread';
  }
  if (crossOriginIsolated) {
    sessionStorage.removeItem(RELOADED);
    return 'isolated';
  }
  // Not isolated: reload once under the worker's control.
  if (sessionStorage.getItem(RELOADED)) return 'single-thread';
  if (!nav.serviceWorker.controller) {
    // The first visit: the worker caches the build, then takes control. A worker that never does (its install
    // failed) leaves the page as it is.
    const took = await new Promise<boolean>((resolve) => {
      nav.serviceWorker?.addEventListener('controllerchange', () => resolve(true), { once: true });
      setTimeout(() => resolve(false), 20000);
    });
    if (!took) return 'single-thread';
  }
  sessionStorage.setItem(RELOADED, '1');
  location.reload();
  return 'reloading';
}
