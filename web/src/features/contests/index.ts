/**
 * What other features may use of the contests: the home route shows the open contests to a
 * signed-in member. Visitors land on the same route, so the contests' code is loaded only
 * when shown; anything added here is on the landing page's first load (docs/architecture.md §1.4).
 */
import { lazy } from 'react';

export const ContestsHome = lazy(() => import('./ContestsHome'));
