import type { BrowserContext, Request, TestInfo } from '@playwright/test';

/**
 * Refuses every request to an origin other than `origin`, as a locked-down office network might,
 * and lists each as the pages run; with `testInfo`, each host tried is also noted on the test.
 */
export async function blockOtherOrigins(context: BrowserContext, origin: string, testInfo?: TestInfo): Promise<Request[]> {
  const offSite: Request[] = [];
  await context.route((url) => url.origin !== origin, (route) => {
    offSite.push(route.request());
    testInfo?.annotations.push({ type: 'blocked', description: new URL(route.request().url()).host });
    return route.abort('blockedbyclient');
  });
  return offSite;
}
